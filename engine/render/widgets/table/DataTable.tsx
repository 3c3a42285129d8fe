/**
 * The data table of spec 002 §3–§4, §9: selection (single, all, shift range), one expanded row at a time, reorder by
 * drag and drop or by typing a position, sorting, paging with the page-size options, row states and text colour,
 * polling and keep-selection modes, and a sticky header. Long lists are virtualised, and rows are memoised by their
 * tracking key so that editing one row re-renders only that row.
 */
import { Group, Table } from '@mantine/core';
import { usePrevious, useUncontrolled } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { RowState } from '../../../../schemas/enums';
import { EmptyResult } from '../EmptyResult';
import { columnWidths, contentRules, controlWidths, normaliseColumns, type DataTableColumn, type WidthRule } from './columns';
import { DataRow, type RowHandlers } from './DataRow';
import { DataTableHeader } from './DataTableHeader';
import { createRowHandlers, type TableSnapshot } from './rowHandlers';
import {
  clampPageIndex,
  pageBounds,
  PAGE_SIZE_OPTIONS,
  paginatorVisible,
  sortRows,
  type PageChange,
  type RowPositionChange,
  type SortState,
} from './rowOrder';
import { carryOver, keysChanged, masterState, toggleAll, type RowKey, type SelectionMode } from './selection';
import { DENSITY_PADDING } from './tableSettings';
import { TableSettingsMenu } from './TableSettingsMenu';
import { TablePaginator } from './TablePaginator';
import { useContainerWidth } from './useContainerWidth';
import { useTableSettings } from './useTableSettings';
import './table.css';

export { STICKY_HEADER_Z_INDEX } from './DataTableHeader';
/** More rows than this on one page are virtualised. */
export const VIRTUALISE_ABOVE = 100;
/** Estimated row height before the browser measures it, in px. */
export const ROW_HEIGHT_ESTIMATE = 42;

export interface DataTableProps<R extends object> {
  /** Accessible name of the table. */
  readonly label: string;
  /** All rows (client-side paging), or the current page when `total` is given (server-side paging). */
  readonly rows: readonly R[];
  readonly columns: readonly (DataTableColumn<R> | string)[];
  /** The tracking key: a field name or a function; it keys memoised rows, selection and the expanded row. */
  readonly rowKey: (keyof R & string) | ((row: R) => RowKey);
  readonly selectionMode?: SelectionMode;
  readonly selected?: readonly RowKey[];
  readonly defaultSelected?: readonly RowKey[];
  readonly onSelectedChange?: (keys: RowKey[]) => void;
  readonly isRowDisabled?: (row: R) => boolean;
  readonly expanded?: RowKey | null;
  readonly onExpandedChange?: (key: RowKey | null) => void;
  /** The expanded row's panel; rows are expandable when it is given. */
  readonly renderExpanded?: (row: R) => ReactNode;
  readonly sort?: SortState | null;
  readonly onSortChange?: (sort: SortState | null) => void;
  /** Rows arrive sorted (by the server); the table only reports sort changes. */
  readonly manualSort?: boolean;
  readonly page?: PageChange;
  readonly defaultPageSize?: number;
  readonly onPageChange?: (page: PageChange) => void;
  /** Total row count for server-side paging. */
  readonly total?: number;
  readonly pageSizeOptions?: readonly number[];
  /** Makes rows reorderable (drag and drop, typed position, Alt+Arrow keys); the caller applies the move. */
  readonly onRowPositionChange?: (change: RowPositionChange<R>) => void;
  /** Polling mode: selection and the expanded row carry over data changes by tracking key. */
  readonly polling?: boolean;
  /** Keep-selection mode: the selection survives page, page-size and data changes. */
  readonly keepSelection?: boolean;
  /** Row state; defaults to the row's `row_state` field. */
  readonly rowState?: (row: R) => RowState | undefined;
  /** Text colour; defaults to the row's `text_color` field. */
  readonly textColor?: (row: R) => string | undefined;
  /** Height of the scroll area of a virtualised table, in px. */
  readonly height?: number;
  readonly stickyHeader?: boolean;
  readonly emptyText?: ReactNode;
  /**
   * Names the table for its settings: when given, a "Columns" button lets the admin hide columns and pick the row
   * density, kept in local storage under this name.
   */
  readonly persistKey?: string;
  /** Controls shown at the left of the table's toolbar (beside the "Columns" button). */
  readonly toolbar?: ReactNode;
}

const field = <T,>(row: object, name: string): T | undefined => (row as Record<string, T | undefined>)[name];

function keyOf<R extends object>(rowKey: DataTableProps<R>['rowKey']): (row: R) => RowKey {
  return typeof rowKey === 'function' ? rowKey : (row: R) => field<RowKey>(row, rowKey) ?? '';
}

/** The columns normalised, minus those the admin hid in the table's settings (kept under `persistKey`). */
function useShownColumns<R>(specs: DataTableProps<R & object>['columns'], persistKey: string | undefined) {
  const allColumns = useMemo(() => normaliseColumns(specs), [specs]);
  const [settings, setSettings] = useTableSettings(persistKey);
  const choosable = useMemo(() => allColumns.filter((c) => c.kind !== 'actions'), [allColumns]);
  const columns = useMemo(
    () => (settings.hidden.length === 0 ? allColumns : allColumns.filter((c) => !settings.hidden.includes(c.field))),
    [allColumns, settings.hidden],
  );
  return { columns, choosable, settings, setSettings };
}

/** Carries the selection and the expanded row over a page, page-size or data change (by the selection rules). */
function useCarryOver(p: {
  page: PageChange;
  allKeys: readonly RowKey[];
  selected: readonly RowKey[];
  setSelected: (keys: readonly RowKey[]) => void;
  expanded: RowKey | null;
  setExpanded: (key: RowKey | null) => void;
  anchorRef: RefObject<RowKey | null>;
  polling: boolean | undefined;
  keepSelection: boolean | undefined;
}): void {
  const { page, allKeys, selected, setSelected, expanded, setExpanded, anchorRef, polling, keepSelection } = p;
  const seen = useRef({ index: page.index, size: page.size, keys: allKeys });
  useEffect(() => {
    const before = seen.current;
    seen.current = { index: page.index, size: page.size, keys: allKeys };
    if (before.index === page.index && before.size === page.size && !keysChanged(before.keys, allKeys)) return;
    const next = carryOver({ selection: { selected, anchor: anchorRef.current }, expanded }, allKeys, { polling, keepSelection });
    anchorRef.current = next.selection.anchor;
    if (keysChanged(next.selection.selected, selected)) setSelected([...next.selection.selected]);
    if (next.expanded !== expanded) setExpanded(next.expanded);
  }, [page.index, page.size, allKeys, selected, expanded, polling, keepSelection, setSelected, setExpanded, anchorRef]);
}

/** Moves DOM focus to a row chosen by keyboard once it is rendered (scrolling a virtualised list to it first). */
function usePendingRowFocus(
  pendingFocusRef: RefObject<RowKey | null>,
  pageKeys: readonly RowKey[],
  scrollRef: RefObject<HTMLDivElement | null>,
  virtualizer: { scrollToIndex: (index: number) => void } | undefined,
): void {
  useEffect(() => {
    const key = pendingFocusRef.current;
    if (key === null) return;
    const index = pageKeys.indexOf(key);
    if (virtualizer && index >= 0) virtualizer.scrollToIndex(index);
    const el = [...(scrollRef.current?.querySelectorAll<HTMLElement>('tr[data-row-key]') ?? [])].find(
      (tr) => tr.dataset.rowKey === String(key),
    );
    if (el) {
      pendingFocusRef.current = null;
      el.focus();
    }
  });
}

/** Widths of the control columns and the data columns in order, and the table's width (at least its box's). */
function tableLayout(p: { orderable: boolean; selectable: boolean; expandable: boolean; rules: readonly WidthRule[]; containerWidth: number }) {
  const control = controlWidths();
  const controls = [...(p.orderable ? [control.drag] : []), ...(p.selectable ? [control.select] : []), ...(p.orderable ? [control.position] : [])];
  const trailing = p.expandable ? [control.expand] : [];
  const fixed = [...controls, ...trailing].reduce((a, b) => a + b, 0);
  const widths = [...controls, ...columnWidths(p.rules, p.containerWidth - fixed), ...trailing];
  return { widths, tableWidth: Math.max(widths.reduce((a, b) => a + b, 0), p.containerWidth) };
}

/** The caller's controls at the left of the table, the "Columns" settings menu at the right. */
function DataTableToolbar({ toolbar, settingsMenu }: { toolbar: ReactNode; settingsMenu: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap" align="center">
      <Group gap="xs" style={{ flex: 1, minWidth: 0 }}>
        {toolbar}
      </Group>
      {settingsMenu}
    </Group>
  );
}

/** The room taken by the rows a virtualised table does not render, above or below those it does. */
function Spacer({ height }: { height: number }) {
  return height > 0 ? (
    <Table.Tbody aria-hidden>
      <Table.Tr style={{ height }} />
    </Table.Tbody>
  ) : null;
}

/** The data table; see the module comment. Keep `columns`, `rowKey` and the render callbacks stable (memoised). */
export function DataTable<R extends object>(props: DataTableProps<R>) {
  const {
    rows,
    selectionMode = 'none',
    pageSizeOptions = PAGE_SIZE_OPTIONS,
    stickyHeader = true,
    height = 600,
    onRowPositionChange,
    renderExpanded,
  } = props;
  const getKey = useMemo(() => keyOf(props.rowKey), [props.rowKey]);
  const { columns, choosable, settings, setSettings } = useShownColumns(props.columns, props.persistKey);

  const [selected, setSelected] = useUncontrolled<readonly RowKey[]>({
    value: props.selected,
    defaultValue: props.defaultSelected,
    finalValue: [],
    onChange: props.onSelectedChange as ((keys: readonly RowKey[]) => void) | undefined,
  });
  const [expanded, setExpanded] = useUncontrolled<RowKey | null>({
    value: props.expanded,
    finalValue: null,
    onChange: props.onExpandedChange,
  });
  const [sort, setSort] = useUncontrolled<SortState | null>({
    value: props.sort,
    finalValue: null,
    onChange: props.onSortChange,
  });
  const [page, setPage] = useUncontrolled<PageChange>({
    value: props.page,
    finalValue: { index: 0, size: props.defaultPageSize ?? pageSizeOptions[0] ?? 0 },
    onChange: props.onPageChange,
  });
  const anchor = useRef<RowKey | null>(null);

  // ---- the rows shown ----
  const serverPaged = props.total !== undefined;
  const total = props.total ?? rows.length;
  // Zero-based position of the first given row in the whole list (rows are one page when paged by the server).
  const offset = serverPaged ? page.index * Math.max(page.size, 0) : 0;
  const positions = useMemo(() => new Map(rows.map((r, i) => [getKey(r), offset + i])), [rows, getKey, offset]);
  const sorted = useMemo(() => (props.manualSort ? [...rows] : sortRows(rows, sort)), [rows, sort, props.manualSort]);
  const { start, end } = serverPaged ? { start: 0, end: rows.length } : pageBounds(page, total);
  const firstShown = offset + start;
  const pageRows = useMemo(() => sorted.slice(start, end), [sorted, start, end]);
  const pageKeys = useMemo(() => pageRows.map(getKey), [pageRows, getKey]);
  const rules = useMemo(() => contentRules(columns, pageRows), [columns, pageRows]);
  const { isRowDisabled } = props;
  const isDisabled = useCallback((row: R) => isRowDisabled?.(row) ?? false, [isRowDisabled]);
  const enabledKeys = useMemo(() => pageRows.filter((r) => !isDisabled(r)).map(getKey), [pageRows, isDisabled, getKey]);
  const orderable = onRowPositionChange !== undefined && sort === null;
  const selectable = selectionMode !== 'none';
  const expandable = renderExpanded !== undefined;

  // ---- what survives a page, page-size or data change ----
  const allKeys = useMemo(() => rows.map(getKey), [rows, getKey]);
  useCarryOver({ page, allKeys, selected, setSelected, expanded, setExpanded, anchorRef: anchor, polling: props.polling, keepSelection: props.keepSelection });

  // ---- keyboard focus (one tabbable row) and drag state ----
  const [focusKey, setFocusKey] = useState<RowKey | null>(null);
  const focusTarget = focusKey !== null && pageKeys.includes(focusKey) ? focusKey : (pageKeys[0] ?? null);
  const [dropKey, setDropKey] = useState<RowKey | null>(null);
  const dragFrom = useRef<RowKey | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const containerWidth = useContainerWidth(scrollRef);
  const pendingFocus = useRef<RowKey | null>(null);

  const virtual = pageRows.length > VIRTUALISE_ABOVE;
  const virtualizer = useVirtualizer({
    count: virtual ? pageRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    getItemKey: (i) => pageKeys[i] ?? i,
    overscan: 8,
  });

  const latest = useRef<TableSnapshot<R>>(null!);
  latest.current = { pageRows, pageKeys, positions, total, selected, expanded, enabledKeys, selectionMode, getKey, isDisabled, orderable, setSelected: (k) => setSelected(k), setExpanded, onRowPositionChange };
  // Created once: the handlers read the latest state through the ref.
  const handlers = useMemo<RowHandlers>(
    () => createRowHandlers({ latest, anchor, dragFrom, pendingFocus, setFocusKey, setDropKey }),
    [],
  );

  usePendingRowFocus(pendingFocus, pageKeys, scrollRef, virtual ? virtualizer : undefined);

  const previousExpanded = usePrevious(expanded);
  const rowStateOf = props.rowState ?? ((r: R) => field<RowState>(r, 'row_state'));
  const textColorOf = props.textColor ?? ((r: R) => field<string>(r, 'text_color'));
  const controlCount = Number(orderable) * 2 + Number(selectable) + Number(expandable);

  const renderRow = (row: R, index: number, virtualIndex?: number) => {
    const key = pageKeys[index]!;
    const position = positions.get(key) ?? firstShown + index;
    return (
      <DataRow<R>
        key={String(key)}
        row={row}
        rowKey={key}
        position={position}
        ariaRowIndex={firstShown + index + 2}
        columns={columns}
        selectable={selectable}
        selected={selected.includes(key)}
        disabled={isDisabled(row)}
        expandable={expandable}
        expanded={expanded === key}
        renderExpanded={expanded === key || previousExpanded === key ? renderExpanded : undefined}
        orderable={orderable}
        rowState={rowStateOf(row)}
        textColor={textColorOf(row)}
        tabbable={focusTarget === key}
        dropTarget={dropKey === key}
        handlers={handlers}
        measure={virtual ? virtualizer.measureElement : undefined}
        virtualIndex={virtualIndex}
      />
    );
  };

  const items = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const columnCount = columns.length + controlCount;
  const master = masterState(selected.filter((k) => enabledKeys.includes(k)), enabledKeys);

  const { widths, tableWidth } = tableLayout({ orderable, selectable, expandable, rules, containerWidth });

  return (
    <div>
      {(props.persistKey !== undefined || props.toolbar !== undefined) && (
        <DataTableToolbar
          toolbar={props.toolbar}
          settingsMenu={
            // The row actions stay choosable out: hiding them would leave rows that cannot be edited.
            props.persistKey !== undefined && <TableSettingsMenu table={props.label} columns={choosable} settings={settings} onChange={setSettings} />
          }
        />
      )}
      <div
        ref={scrollRef}
        className="portal-table-scroll"
        data-table-scroll
        style={virtual ? { maxHeight: height, overflowY: 'auto' } : undefined}
      >
        <Table
          role="grid"
          aria-label={props.label}
          aria-rowcount={total + 1}
          aria-multiselectable={selectionMode === 'multiple' || undefined}
          highlightOnHover
          className="portal-table"
          verticalSpacing={DENSITY_PADDING[settings.density]}
          style={{ width: tableWidth }}
        >
          <colgroup>
            {widths.map((w, i) => (
              <col key={i} style={{ width: w }} />
            ))}
          </colgroup>
          <DataTableHeader
            columns={columns}
            orderable={orderable}
            selectionMode={selectionMode}
            expandable={expandable}
            sticky={stickyHeader}
            sort={sort}
            onSort={setSort}
            master={master}
            anySelected={selected.length > 0}
            masterDisabled={enabledKeys.length === 0 && selected.length === 0}
            onToggleAll={() => {
              const next = toggleAll({ selected, anchor: anchor.current }, enabledKeys);
              anchor.current = next.anchor;
              setSelected([...next.selected]);
            }}
          />
          {pageRows.length === 0 && (
            <Table.Tbody>
              <Table.Tr>
                <Table.Td colSpan={columnCount}>{props.emptyText ?? <EmptyResult />}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          )}
          {virtual && <Spacer height={padTop} />}
          {virtual ? items.map((v) => renderRow(pageRows[v.index]!, v.index, v.index)) : pageRows.map((r, i) => renderRow(r, i))}
          {virtual && <Spacer height={padBottom} />}
        </Table>
      </div>
      {paginatorVisible(page.size, total, pageSizeOptions) && (
        <TablePaginator
          page={page}
          pageIndex={serverPaged ? page.index : clampPageIndex(page, total)}
          total={total}
          firstShown={firstShown}
          shown={pageRows.length}
          pageSizeOptions={pageSizeOptions}
          onPageChange={setPage}
        />
      )}
    </div>
  );
}
