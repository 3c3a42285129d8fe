/**
 * The log view's events: how many are loaded and the column chooser, then the table of the loaded events (columns
 * sized by `format` and by the values they show, `secondary` ones hidden until the admin chooses while the table is
 * too narrow for every column; rows virtualised beyond `VIRTUALISE_ABOVE`), filling the window's height, with the
 * loader, the empty text or "Load more events" under it.
 */
import { Button, Group, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { useId, useRef } from 'react';
import type { LogViewDef } from '../../../definitions/define';
import { columnWidths, contentRules, defaultHidden } from '../widgets/table/columns';
import { DENSITY_PADDING } from '../widgets/table/tableSettings';
import { TableSettingsMenu } from '../widgets/table/TableSettingsMenu';
import { useContainerWidth } from '../widgets/table/useContainerWidth';
import { useTableSettings } from '../widgets/table/useTableSettings';
import type { LogController, LogState } from './logController';
import { LogEventRow, type CellMenu } from './LogEventRow';
import { cellText } from './logFormat';
import { useEventRows } from './useEventRows';
import { useFillHeight } from './useFillHeight';
import type { FilterByValue, LogColumn, LogEvent } from './useLogViewState';
import type { FieldLabels } from './useLookupLabels';

/** Row height per density, in px (one line of text and the cell padding). */
const ROW_HEIGHTS = { comfortable: 40, compact: 32 } as const;

export interface LogEventsTableProps {
  readonly screen: LogViewDef;
  readonly state: LogState<LogEvent>;
  readonly controller: LogController<LogEvent>;
  readonly allColumns: readonly LogColumn[];
  /** Names of lookup ids and screens, by field. */
  readonly labels: FieldLabels;
  readonly cellMenu: CellMenu | null;
  readonly setCellMenu: (menu: CellMenu | null) => void;
  /** Opens an event in the drawer. */
  readonly onOpen: (event: LogEvent) => void;
  readonly filterBy: FilterByValue;
}

export function LogEventsTable({ screen, state, controller, allColumns, labels, cellMenu, setCellMenu, onOpen, filterBy }: LogEventsTableProps) {
  const { events } = state;
  const scrollRef = useRef<HTMLDivElement>(null);
  const keysHintId = useId();
  const tableHeight = useFillHeight(scrollRef);
  const containerWidth = useContainerWidth(scrollRef);
  // A cell as it reads: names of lookup ids and screens, else the column's labels, else the event field's.
  const textOf = (event: LogEvent, c: LogColumn) => cellText(c.field, event[c.field], labels[c.field] ?? c.labels ?? screen.fieldLabels?.[c.field]);
  // Columns sized by their values measure them as the cells show them (country names, names of lookup ids).
  const allRules = contentRules(allColumns, events, textOf);
  // Until the admin chooses, secondary columns give their room to the others where the table is narrow.
  const [settings, setSettings] = useTableSettings(screen.id, defaultHidden(allColumns, allRules, containerWidth));
  const shown = allColumns.map((c) => !settings.hidden.includes(c.field));
  const columns = allColumns.filter((_, i) => shown[i]);
  const widths = columnWidths(allRules.filter((_, i) => shown[i]), containerWidth);
  const tableWidth = Math.max(widths.reduce((a, b) => a + b, 0), containerWidth);
  const rowHeight = ROW_HEIGHTS[settings.density];
  const { items, before, after, onScroll } = useEventRows({ count: events.length, rowHeight, tableHeight, scrollRef, controller });

  return (
    <>
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
            {items.map((item) => (
              <LogEventRow
                key={item.key}
                screen={screen}
                event={events[item.index]!}
                index={item.index}
                columns={columns}
                textOf={textOf}
                height={rowHeight}
                describedBy={keysHintId}
                menuField={cellMenu?.index === item.index ? cellMenu.field : undefined}
                setCellMenu={setCellMenu}
                onOpen={onOpen}
                filterBy={filterBy}
              />
            ))}
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
    </>
  );
}
