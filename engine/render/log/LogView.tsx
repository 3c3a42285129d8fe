/**
 * A log view (spec 000 §2 logs, §4 log loading, §5 filters, §8, §9): the filter bar and the interval bound to the URL
 * query, a virtualised table of the loaded events that loads the next page as the admin scrolls to its end, an event
 * drawer with the enumerations' labels, CSV and JSON export of what is loaded, and the load error in the view.
 */
import { Alert, Button, Drawer, Group, Loader, NativeSelect, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type RefObject, type UIEvent } from 'react';
import type { LogViewDef } from '../../../definitions/define';
import { LOG_INTERVALS, logIntervalsFor } from '../../../schemas/logEnums';
import { LOG_FILTERS, excludeParam, excludedParam, type FilterSpec } from '../../../schemas/logs';
import { useCall } from '../shell/EngineContext';
import type { FilterQuery, FilterSchemaEntry } from '../widgets/filter/filters';
import { columnWidths, contentRules, defaultHidden, normaliseColumns } from '../widgets/table/columns';
import { DENSITY_PADDING } from '../widgets/table/tableSettings';
import { ColourBadge } from '../widgets/table/ColourBadge';
import { TableSettingsMenu } from '../widgets/table/TableSettingsMenu';
import { useContainerWidth } from '../widgets/table/useContainerWidth';
import { useTableSettings } from '../widgets/table/useTableSettings';
import '../widgets/table/table.css';
import './log.css';
import { LogFilterBar, type LogFilterEntry } from './LogFilterBar';
import { createLogController, effectiveInterval, INTERVAL_KEY, type LogFetchers, type LogPage, type LogUrlQuery } from './logController';
import { LogExportDialog } from './LogExportDialog';
import type { ExportFields } from './logExport';
import { EventChanges, eventChangesText, isEventChanges } from '../changes/EventChanges';
import { cellText, eventRows } from './logFormat';
import { filterChoices, withChoice, type FilterChoice } from './filterByValue';
import { FilterValueMenu } from './FilterValueMenu';
import { useLookupLabels, type FieldLabels } from './useLookupLabels';
import { EventActionPanel } from './EventActionPanel';
import { EventDownloads } from './EventDownloads';
import type { ScreenLookup } from '../publish/revisionDiff';

export interface LogViewProps {
  readonly screen: LogViewDef;
  /** The URL query of the route. */
  readonly query: LogUrlQuery;
  /** Writes the URL query (the caller binds it to the router). */
  readonly setQuery: (query: LogUrlQuery) => void;
  readonly onPrem: boolean;
  readonly managementStation: boolean;
  /** Titles of screens by id, for the definition's `screenFields`. */
  readonly screens?: ScreenLookup;
}

type LogEvent = Readonly<Record<string, unknown>>;

/** Rows closer than this to the end of the loaded events start loading the next page. */
export const LOAD_AHEAD_ROWS = 20;
/** Up to this many loaded events render as plain rows; more are virtualised. */
export const VIRTUALISE_ABOVE = 100;
/** Row height per density, in px (one line of text and the cell padding). */
const ROW_HEIGHTS = { comfortable: 40, compact: 32 } as const;
/** The table's height before the page is measured (tests), and its least. */
const TABLE_HEIGHT = 560;
const MIN_TABLE_HEIGHT = 320;
/** Room kept below the table (the page's padding). */
const BELOW_TABLE = 16;

/** The height that takes the table to the bottom of the window, kept as the window and the bar above it change. */
function useFillHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(TABLE_HEIGHT);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_TABLE_HEIGHT, Math.floor(window.innerHeight - top - BELOW_TABLE)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    // What sits above the table (the filter bar growing to several rows) moves it.
    if (el.parentElement) observer.observe(el.parentElement);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return height;
}
export const MONTH_OPTION = 'month';

// Every kind's events are records; the view reads them by the definition's field names.
const asPage = (answer: Promise<unknown>) => answer as Promise<LogPage<LogEvent>>;

function useLogController(screen: LogViewDef, onPrem: boolean, managementStation: boolean) {
  const call = useCall();
  return useMemo(() => {
    const fetchers: LogFetchers<LogEvent> = {
      first: (query) => asPage(call(screen.operations.query, { query })),
      next: (query, pagingIdentifiers) =>
        asPage(call(screen.operations.next, { query, body: { pagingIdentifiers } })),
    };
    const controller = createLogController<LogEvent>({
      fetchers,
      filterParams: screen.filters.map((f) => f.param),
      managementStation,
      onPrem,
    });
    return { controller, fetchers };
  }, [call, screen, onPrem, managementStation]);
}

function IntervalPicker({ query, setQuery, managementStation }: Omit<LogViewProps, 'screen' | 'onPrem'>) {
  const interval = effectiveInterval(query, managementStation);
  const monthly = /^\d{4}-\d{2}$/.test(interval);
  const [monthMode, setMonthMode] = useState(monthly);
  const options = [
    ...logIntervalsFor(managementStation).map((n) => ({ value: n, label: LOG_INTERVALS[n].label })),
    { value: MONTH_OPTION, label: 'A month' },
  ];
  const set = (value: string) => setQuery({ ...query, [INTERVAL_KEY]: value });
  return (
    <Group gap="xs" align="end">
      <NativeSelect
        label="Interval"
        data={options}
        value={monthly || monthMode ? MONTH_OPTION : interval}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setMonthMode(v === MONTH_OPTION);
          if (v !== MONTH_OPTION) set(v);
        }}
      />
      {(monthly || monthMode) && (
        <TextInput
          label="Month"
          type="month"
          value={monthly ? interval : ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (/^\d{4}-\d{2}$/.test(v)) set(v);
          }}
        />
      )}
    </Group>
  );
}

interface EventDrawerProps {
  screen: LogViewDef;
  event: LogEvent | null;
  lookups: FieldLabels;
  screens?: ScreenLookup;
  onClose: () => void;
  /** "Filter by this value" and "Exclude this value": the value's text, and what picking either does. */
  filter: { labelOf: (c: FilterChoice) => string; onPick: (c: FilterChoice) => void; onExclude: (c: FilterChoice) => void };
}

function EventDrawer({ screen, event, lookups, screens, onClose, filter }: EventDrawerProps) {
  // The area a save changed: its definition words the save's changes.
  const area = event ? screen.screenFields?.map((f) => event[f]).find((v): v is string => typeof v === 'string') : undefined;
  return (
    <Drawer opened={event !== null} onClose={onClose} position="right" size="lg" title="Event details">
      {event && (
        <Table aria-label="Event details" withRowBorders>
          <Table.Tbody>
            {eventRows(screen, event, lookups).map(({ field, title, text }) => {
              const changes = isEventChanges(event[field]);
              return (
                <Table.Tr key={field}>
                  <Table.Th scope="row" w="35%">
                    {title}
                  </Table.Th>
                  <Table.Td style={changes ? { overflowWrap: 'anywhere' } : { wordBreak: 'break-all' }}>{changes ? <EventChanges value={event[field]} area={area} screens={screens} label={title} /> : text}</Table.Td>
                  <Table.Td w={1}>
                    {filterChoices(screen, field, event[field]).length > 0 && (
                      <FilterValueMenu title={title} choices={filterChoices(screen, field, event[field])} {...filter} />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {event && screen.eventDownloads && <EventDownloads downloads={screen.eventDownloads} event={event} />}
      {event && screen.eventAction && <EventActionPanel key={JSON.stringify(event)} action={screen.eventAction} event={event} />}
    </Drawer>
  );
}

/** The log view; see the module comment. */
export function LogView({ screen, query, setQuery, onPrem, managementStation, screens }: LogViewProps) {
  const { controller, fetchers } = useLogController(screen, onPrem, managementStation);
  const [exporting, setExporting] = useState(false);
  // The table cell whose "Filter by this value" menu is open.
  const [cellMenu, setCellMenu] = useState<{ index: number; field: string } | null>(null);
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const [open, setOpen] = useState<LogEvent | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const keysHintId = useId();
  const tableHeight = useFillHeight(scrollRef);

  useEffect(() => controller.setQuery(query), [controller, query]);
  const lookups = useLookupLabels(screen.lookups);

  const filters = useMemo<LogFilterEntry[]>(
    () =>
      screen.filters.flatMap((f) => {
        // A filter over ids of a lookup list offers the names to choose from.
        const options = f.options ?? lookups[f.param];
        const entry: FilterSchemaEntry = {
          key: f.param,
          label: f.label,
          options: options ?? {},
          ...(f.multiple || (!f.options && options) ? { multiple: true } : {}),
          ...(!f.options && options ? { sortable: true } : {}),
          ...(options ? {} : { searchPlaceholder: f.label }),
        };
        // Its exclusion ("Exclude this value"), a chip of its own beside it.
        const label = `${f.label} is not`;
        return [entry, { ...entry, key: excludeParam(f.param), label, exclude: true, ...(options ? {} : { searchPlaceholder: label }) }];
      }),
    [screen.filters, lookups],
  );

  const { events } = state;
  // Screen ids (the area a save changed) as the screens' titles, for the values loaded so far.
  const labels = useMemo(() => {
    if (!screens || !screen.screenFields?.length) return lookups;
    const titles: Record<string, Record<string, string>> = {};
    for (const field of screen.screenFields as readonly string[]) {
      const ids = new Set(events.flatMap((e) => (typeof e[field] === 'string' ? [e[field]] : [])));
      titles[field] = Object.fromEntries([...ids].map((id) => [id, screens(id)?.title ?? id]));
    }
    return { ...lookups, ...titles };
  }, [screens, screen.screenFields, events, lookups]);
  const allColumns = useMemo(() => normaliseColumns<LogEvent>(screen.columns), [screen.columns]);
  const containerWidth = useContainerWidth(scrollRef);
  // A cell as it reads: names of lookup ids and screens, else the column's labels, else the event field's.
  const textOf = (event: LogEvent, c: (typeof allColumns)[number]) => cellText(c.field, event[c.field], labels[c.field] ?? c.labels ?? screen.fieldLabels?.[c.field]);
  // Columns sized by their values measure them as the cells show them (country names, names of lookup ids).
  const allRules = contentRules(allColumns, events, textOf);
  // Until the admin chooses, secondary columns give their room to the others where the table is narrow.
  const [settings, setSettings] = useTableSettings(screen.id, defaultHidden(allColumns, allRules, containerWidth));
  const shown = allColumns.map((c) => !settings.hidden.includes(c.field));
  const columns = allColumns.filter((_, i) => shown[i]);
  const widths = columnWidths(allRules.filter((_, i) => shown[i]), containerWidth);
  const tableWidth = Math.max(widths.reduce((a, b) => a + b, 0), containerWidth);
  const ROW_HEIGHT = ROW_HEIGHTS[settings.density];

  const virtual = events.length > VIRTUALISE_ABOVE;
  const virtualizer = useVirtualizer({
    count: virtual ? events.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 1000, height: tableHeight },
  });
  const items = virtual
    ? virtualizer.getVirtualItems()
    : events.map((_, index) => ({ index, key: index, start: index * ROW_HEIGHT, end: (index + 1) * ROW_HEIGHT }));
  const lastShown = virtual ? (items.at(-1)?.index ?? -1) : -1;

  useEffect(() => {
    // The virtualised rows came within a few rows of the end (scrolling, a resize): fetch the next page.
    if (lastShown >= 0 && lastShown >= events.length - LOAD_AHEAD_ROWS) controller.loadMore();
  }, [controller, events.length, lastShown]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_HEIGHT * LOAD_AHEAD_ROWS) controller.loadMore();
  };

  const fileName = `${screen.logType}-logs`;
  // Any field's value as the screen shows it.
  const valueText = (field: string, value: unknown) => {
    const changes = eventChangesText(value);
    if (changes !== undefined) return changes;
    const column = allColumns.find((c) => c.field === field);
    return cellText(field, value, labels[field] ?? column?.labels ?? screen.fieldLabels?.[field]);
  };
  const exportFields: ExportFields = {
    fields: [...new Set([...allColumns.map((c) => c.field), ...Object.keys(screen.fieldTitles ?? {})])],
    title: (field) => allColumns.find((c) => c.field === field)?.label ?? screen.fieldTitles?.[field] ?? field,
    text: valueText,
  };
  // The event field of a filter parameter, or of the filter an exclusion (not_<param>) excludes by.
  const filterParamField = (param: string) => {
    const own = excludedParam(param) ?? param;
    return (LOG_FILTERS[screen.logType] as Readonly<Record<string, FilterSpec>>)[own]?.field ?? own;
  };
  const pick = (c: FilterChoice, exclude: boolean) => {
    setOpen(null);
    setCellMenu(null);
    setQuery(withChoice(query, c, exclude));
  };
  const filterBy = {
    labelOf: (c: FilterChoice) => valueText(filterParamField(c.param), c.value),
    onPick: (c: FilterChoice) => pick(c, false),
    onExclude: (c: FilterChoice) => pick(c, true),
  };
  const before = virtual ? (items[0]?.start ?? 0) : 0;
  const after = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  return (
    <Stack gap="sm">
      <Group align="end" justify="space-between" wrap="nowrap" gap="sm">
        <IntervalPicker query={query} setQuery={setQuery} managementStation={managementStation} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <LogFilterBar
            filters={filters}
            query={query as FilterQuery}
            setQuery={(q) => setQuery(q)}
            label={`${screen.title} filters`}
            labelOf={(param, value) => valueText(filterParamField(param), value)}
          />
        </div>
        <Button variant="default" disabled={events.length === 0} onClick={() => setExporting(true)}>
          Export…
        </Button>
      </Group>
      {state.error !== null && (
        <Alert color="red" role="alert" title="The events could not be loaded">
          <Stack gap="xs" align="start">
            <Text size="sm">{state.error}</Text>
            <Button size="xs" variant="light" onClick={() => controller.reload()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {state.done ? `${events.length} events` : `${events.length} events loaded`}
        </Text>
        <TableSettingsMenu table={screen.title} columns={allColumns} settings={settings} onChange={setSettings} />
      </Group>
      <div ref={scrollRef} onScroll={onScroll} style={{ height: tableHeight, overflow: 'auto' }} data-testid="log-scroll">
        <Table
          stickyHeader
          highlightOnHover
          className="portal-table portal-log-table"
          verticalSpacing={DENSITY_PADDING[settings.density]}
          style={{ width: tableWidth }}
          aria-label={screen.title}
          aria-rowcount={events.length + 1}
        >
          <VisuallyHidden component="caption" id={keysHintId}>
            Enter opens the event. The arrow keys move between its values; Enter on a value, or a right click, filters by it.
          </VisuallyHidden>
          <colgroup>
            {widths.map((w, i) => (
              <col key={columns[i]!.field} style={{ width: w }} />
            ))}
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.field} className="portal-table-truncate" title={c.label}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {before > 0 && <tr aria-hidden style={{ height: before }} />}
            {items.map((item) => {
              const event = events[item.index]!;
              return (
                <Table.Tr
                  key={item.key}
                  aria-rowindex={item.index + 2}
                  tabIndex={0}
                  aria-describedby={keysHintId}
                  style={{ cursor: 'pointer', height: ROW_HEIGHT }}
                  onClick={(e) => {
                    // Clicks in a cell's menu (drawn elsewhere in the page) are not clicks on the row.
                    const target = e.target as HTMLElement;
                    if (e.currentTarget.contains(target) && !target.closest('[role="menu"]')) setOpen(event);
                  }}
                  onKeyDown={(e) => {
                    const row = e.currentTarget;
                    const target = e.target as HTMLElement;
                    const cell = target.tagName === 'TD' && row.contains(target) ? target : null;
                    if (target !== row && !cell) return;
                    const cells = [...row.querySelectorAll<HTMLElement>(':scope > td')];
                    const at = cell ? cells.indexOf(cell) : -1;
                    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                      e.preventDefault();
                      const next = e.key === 'ArrowRight' ? cells[at + 1] : at > 0 ? cells[at - 1] : row;
                      next?.focus();
                    } else if (e.key === 'Escape' && cell) {
                      row.focus();
                    } else if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      const field = cell?.dataset.field;
                      if (field && filterChoices(screen, field, event[field]).length > 0) setCellMenu({ index: item.index, field });
                      else setOpen(event);
                    }
                  }}
                >
                  {columns.map((c) => {
                    const text = textOf(event, c);
                    const colour = c.colors?.[String(event[c.field])];
                    const content = colour ? <ColourBadge color={colour}>{text}</ColourBadge> : text;
                    const choices = filterChoices(screen, c.field, event[c.field]);
                    const menuOpen = cellMenu?.index === item.index && cellMenu.field === c.field;
                    return (
                      <Table.Td
                        key={c.field}
                        className="portal-table-truncate"
                        title={text}
                        tabIndex={-1}
                        data-field={c.field}
                        onContextMenu={(e) => {
                          if (choices.length === 0) return;
                          e.preventDefault();
                          setCellMenu({ index: item.index, field: c.field });
                        }}
                      >
                        {menuOpen ? (
                          <FilterValueMenu
                            title={c.label}
                            choices={choices}
                            opened
                            onClose={() => setCellMenu(null)}
                            {...filterBy}
                          >
                            {content}
                          </FilterValueMenu>
                        ) : (
                          content
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
            {after > 0 && <tr aria-hidden style={{ height: after }} />}
          </Table.Tbody>
        </Table>
        {state.loading && (
          <Group justify="center" p="sm">
            <Loader size="sm" role="status" aria-label="Loading events" />
          </Group>
        )}
        {!state.loading && state.error === null && events.length === 0 && (
          <Text ta="center" c="dimmed" p="md">
            No events match the filters in this interval.
          </Text>
        )}
        {!state.loading && state.error === null && !state.done && events.length > 0 && (
          <Group justify="center" p="sm">
            <Button variant="subtle" onClick={() => controller.loadMore()}>
              Load more events
            </Button>
          </Group>
        )}
      </div>
      <EventDrawer screen={screen} event={open} lookups={labels} screens={screens} onClose={() => setOpen(null)} filter={filterBy} />
      <LogExportDialog
        opened={exporting}
        onClose={() => setExporting(false)}
        fetchers={fetchers}
        request={controller.request}
        fields={exportFields}
        fileName={fileName}
      />
    </Stack>
  );
}
