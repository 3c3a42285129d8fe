/**
 * A log view (spec 000 §2 logs, §4 log loading, §5 filters, §8, §9): the filter bar and the interval bound to the URL
 * query, a virtualised table of the loaded events that loads the next page as the admin scrolls to its end, an event
 * drawer with the enumerations' labels, CSV and JSON export of what is loaded, and the load error in the view.
 */
import { Alert, Button, Drawer, Group, Loader, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type UIEvent } from 'react';
import type { LogViewDef } from '../../../definitions/define';
import { LOG_INTERVALS, logIntervalsFor } from '../../../schemas/logEnums';
import type { OperationInput } from '../../generated/client.gen';
import { useApi } from '../shell/EngineContext';
import { exportCsv, exportJson } from '../widgets/export/exporters';
import { FilterBar } from '../widgets/filter/FilterBar';
import type { FilterQuery, FilterSchemaEntry } from '../widgets/filter/filters';
import { columnWidths, contentRules, defaultHidden, normaliseColumns } from '../widgets/table/columns';
import { DENSITY_PADDING } from '../widgets/table/tableSettings';
import { ColourBadge } from '../widgets/table/ColourBadge';
import { TableSettingsMenu } from '../widgets/table/TableSettingsMenu';
import { useContainerWidth } from '../widgets/table/useContainerWidth';
import { useTableSettings } from '../widgets/table/useTableSettings';
import '../widgets/table/table.css';
import { createLogController, effectiveInterval, INTERVAL_KEY, type LogPage, type LogUrlQuery } from './logController';
import { asFieldChanges, cellText, eventRows, exportCell, type FieldChange } from './logFormat';
import { useLookupLabels, type FieldLabels } from './useLookupLabels';
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
type QueryId = LogViewDef['operations']['query']['id'];
type NextId = LogViewDef['operations']['next']['id'];

/** Rows closer than this to the end of the loaded events start loading the next page. */
export const LOAD_AHEAD_ROWS = 20;
/** Up to this many loaded events render as plain rows; more are virtualised. */
export const VIRTUALISE_ABOVE = 100;
/** Row height per density, in px (one line of text and the cell padding). */
const ROW_HEIGHTS = { comfortable: 40, compact: 32 } as const;
const TABLE_HEIGHT = 560;
export const MONTH_OPTION = 'month';

// Every kind's events are records; the view reads them by the definition's field names.
const asPage = (answer: Promise<unknown>) => answer as Promise<LogPage<LogEvent>>;

function useLogController(screen: LogViewDef, onPrem: boolean, managementStation: boolean) {
  const api = useApi();
  return useMemo(
    () =>
      createLogController<LogEvent>({
        fetchers: {
          first: (query) =>
            asPage(api.callById(screen.operations.query.id, { query } as OperationInput<QueryId>)),
          next: (query, pagingIdentifiers) =>
            asPage(api.callById(screen.operations.next.id, { query, body: { pagingIdentifiers } } as OperationInput<NextId>)),
        },
        filterParams: screen.filters.map((f) => f.param),
        managementStation,
        onPrem,
      }),
    [api, screen, onPrem, managementStation],
  );
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

/** A list of field changes, one per line: the field, then its value before → after (an empty side reads "none"). */
function ChangeList({ title, changes }: { title: string; changes: readonly FieldChange[] }) {
  const side = (v: string) => (v === '' ? <Text span c="dimmed" fs="italic" size="sm">none</Text> : <Text span size="sm">{v}</Text>);
  return (
    <Stack gap={6} component="ul" aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {changes.map((c, i) => (
        <li key={i}>
          <Text size="sm" fw={600}>
            {c.field}
          </Text>
          <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
            {side(c.before)}
            <Text span size="sm" c="dimmed" mx={6} aria-label="changed to">
              →
            </Text>
            {side(c.after)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

function EventDrawer({ screen, event, lookups, onClose }: { screen: LogViewDef; event: LogEvent | null; lookups: FieldLabels; onClose: () => void }) {
  return (
    <Drawer opened={event !== null} onClose={onClose} position="right" size="lg" title="Event details">
      {event && (
        <Table aria-label="Event details" withRowBorders>
          <Table.Tbody>
            {eventRows(screen, event, lookups).map(({ field, title, text }) => {
              const changes = asFieldChanges(event[field]);
              return (
                <Table.Tr key={field}>
                  <Table.Th scope="row" w="35%">
                    {title}
                  </Table.Th>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{changes ? <ChangeList title={title} changes={changes} /> : text}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}

/** The log view; see the module comment. */
export function LogView({ screen, query, setQuery, onPrem, managementStation, screens }: LogViewProps) {
  const controller = useLogController(screen, onPrem, managementStation);
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const [open, setOpen] = useState<LogEvent | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => controller.setQuery(query), [controller, query]);
  const lookups = useLookupLabels(screen.lookups);

  const filters = useMemo<FilterSchemaEntry[]>(
    () =>
      screen.filters.map((f) => {
        // A filter over ids of a lookup list offers the names to choose from.
        const options = f.options ?? lookups[f.param];
        return {
          key: f.param,
          label: f.label,
          options: options ?? {},
          ...(f.multiple || (!f.options && options) ? { multiple: true } : {}),
          ...(!f.options && options ? { sortable: true } : {}),
          ...(options ? {} : { searchPlaceholder: f.label }),
        };
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
    initialRect: { width: 1000, height: TABLE_HEIGHT },
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
  const exportRows = () => events.map((e) => Object.fromEntries(Object.entries(e).map(([k, v]) => [k, exportCell(v)])));
  const before = virtual ? (items[0]?.start ?? 0) : 0;
  const after = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  return (
    <Stack gap="sm">
      <Group align="end" justify="space-between" wrap="wrap">
        <IntervalPicker query={query} setQuery={setQuery} managementStation={managementStation} />
        <Group gap="xs">
          <Button variant="default" disabled={events.length === 0} onClick={() => exportCsv(exportRows(), fileName, { header: true })}>
            Export CSV
          </Button>
          <Button variant="default" disabled={events.length === 0} onClick={() => exportJson(events, fileName)}>
            Export JSON
          </Button>
        </Group>
      </Group>
      <FilterBar filters={filters} query={query as FilterQuery} setQuery={(q) => setQuery(q)} label={`${screen.title} filters`} />
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
      <div ref={scrollRef} onScroll={onScroll} style={{ height: TABLE_HEIGHT, overflow: 'auto' }} data-testid="log-scroll">
        <Table
          stickyHeader
          highlightOnHover
          className="portal-table"
          verticalSpacing={DENSITY_PADDING[settings.density]}
          style={{ width: tableWidth }}
          aria-label={screen.title}
          aria-rowcount={events.length + 1}
        >
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
                  style={{ cursor: 'pointer', height: ROW_HEIGHT }}
                  onClick={() => setOpen(event)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setOpen(event);
                    }
                  }}
                >
                  {columns.map((c) => {
                    const text = textOf(event, c);
                    const colour = c.colors?.[String(event[c.field])];
                    return (
                      <Table.Td key={c.field} className="portal-table-truncate" title={text}>
                        {colour ? <ColourBadge color={colour}>{text}</ColourBadge> : text}
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
      <EventDrawer screen={screen} event={open} lookups={labels} onClose={() => setOpen(null)} />
    </Stack>
  );
}
