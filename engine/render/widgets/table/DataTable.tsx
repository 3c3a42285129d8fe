/**
 * The data table of spec 002 §3–§4, §9: selection (single, all, shift range), one expanded row at a time, reorder by
 * drag and drop or by typing a position, sorting, paging with the page-size options, row states and text colour,
 * polling and keep-selection modes, and a sticky header. Long lists are virtualised, and rows are memoised by their
 * tracking key so that editing one row re-renders only that row. The body is one tab stop with the arrow keys inside
 * (`rowFocus.ts`): moving the focus re-renders the two rows whose tab stop changes.
 */
import { Group, Table, VisuallyHidden } from '@mantine/core';
import { usePrevious, useUncontrolled } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Suspense, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { RowState } from '../../../../schemas/enums';
import { EmptyResult } from '../EmptyResult';
import { columnWidths, contentRules, controlWidths, defaultHidden, normaliseColumns, type DataTableColumn, type NormalisedColumn, type WidthRule } from './columns';
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
import { pageIndex, type PageIndex } from './pageIndex';
import { useRowTabStops } from './rowFocus';
import { carryOver, keysChanged, masterState, rowKeysChanged, toggleAll, type RowKey, type SelectionMode } from './selection';
import { DENSITY_PADDING } from './tableSettings';
import { TableSettingsMenu } from './TableSettingsMenu';
import { lazyComponent } from '../../lazyComponent';
import { useContainerWidth } from './useContainerWidth';
import { useTableSettings } from './useTableSettings';
import './table.css';

export { STICKY_HEADER_Z_INDEX } from './DataTableHeader';
/**
 * The paginator (Mantine's Pagination and the rows-per-page select, 8 KB gzipped) downloads with the first table that
 * has more rows than its smallest page, not with every table: the rows show at once, the paginator below them once
 * it has arrived (at once for later tables).
 */
const Paginator = lazyComponent(() => import('./TablePaginator').then((m) => m.TablePaginator));

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
const rowStateField = (row: object) => field<RowState>(row, 'row_state');
const textColorField = (row: object) => field<string>(row, 'text_color');

function keyOf<R extends object>(rowKey: DataTableProps<R>['rowKey']): (row: R) => RowKey {
  return typeof rowKey === 'function' ? rowKey : (row: R) => field<RowKey>(row, rowKey) ?? '';
}

const NONE: readonly string[] = [];

/**
 * The columns normalised with their width rules (text sized by the page's values), minus those hidden in the table's
 * settings (kept under `persistKey`). Until the admin chooses, `secondary` columns give their room to the others
 * while the table is too narrow for every column (`available` px), where the column chooser can bring them back.
 */
function useShownColumns<R extends object>(specs: DataTableProps<R>['columns'], persistKey: string | undefined, pageRows: readonly R[], available: number) {
  const allColumns = useMemo(() => normaliseColumns(specs), [specs]);
  const allRules = useMemo(() => contentRules(allColumns, pageRows), [allColumns, pageRows]);
  const hiddenByDefault = persistKey === undefined ? NONE : defaultHidden(allColumns, allRules, available);
  const [settings, setSettings] = useTableSettings(persistKey, hiddenByDefault);
  const choosable = useMemo(() => allColumns.filter((c) => c.kind !== 'actions'), [allColumns]);
  const { columns, rules } = useMemo(() => {
    if (settings.hidden.length === 0) return { columns: allColumns, rules: allRules };
    const shown = allColumns.map((c) => !settings.hidden.includes(c.field));
    return { columns: allColumns.filter((_, i) => shown[i]), rules: allRules.filter((_, i) => shown[i]) };
  }, [allColumns, allRules, settings.hidden]);
  return { columns, rules, choosable, settings, setSettings };
}

/** The selection, expanded row, sort and page: each controlled by the caller or kept here. */
function useTableState<R extends object>(props: DataTableProps<R>, pageSizeOptions: readonly number[]) {
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
  return { selected, setSelected, expanded, setExpanded, sort, setSort, page, setPage };
}

/**
 * The rows of the shown page and lookups over them (`pageIndex`). Unsorted rows and a whole-list page are the
 * caller's own array, so a change of one row costs no copy of the list.
 */
function useShownRows<R extends object>(p: {
  rows: readonly R[];
  total: number | undefined;
  manualSort: boolean | undefined;
  sort: SortState | null;
  page: PageChange;
  getKey: (row: R) => RowKey;
  isDisabled: (row: R) => boolean;
}) {
  const { rows, sort, page, getKey, isDisabled } = p;
  const serverPaged = p.total !== undefined;
  const total = p.total ?? rows.length;
  // Zero-based position of the first given row in the whole list (rows are one page when paged by the server).
  const offset = serverPaged ? page.index * Math.max(page.size, 0) : 0;
  const inListOrder = p.manualSort === true || sort === null;
  const sorted = useMemo(() => (inListOrder ? rows : sortRows(rows, sort)), [rows, sort, inListOrder]);
  const { start, end } = serverPaged ? { start: 0, end: rows.length } : pageBounds(page, total);
  const firstShown = offset + start;
  const pageRows = useMemo(() => (start === 0 && end === sorted.length ? sorted : sorted.slice(start, end)), [sorted, start, end]);
  const index = useMemo(
    () => pageIndex({ rows, pageRows, inListOrder, offset, firstShown, getKey, isDisabled }),
    [rows, pageRows, inListOrder, offset, firstShown, getKey, isDisabled],
  );
  return { serverPaged, total, firstShown, pageRows, index };
}

/** Carries the selection and the expanded row over a page, page-size or data change (by the selection rules). */
function useCarryOver<R>(p: {
  page: PageChange;
  rows: readonly R[];
  getKey: (row: R) => RowKey;
  selected: readonly RowKey[];
  setSelected: (keys: readonly RowKey[]) => void;
  expanded: RowKey | null;
  setExpanded: (key: RowKey | null) => void;
  anchorRef: RefObject<RowKey | null>;
  polling: boolean | undefined;
  keepSelection: boolean | undefined;
}): void {
  const { page, rows, getKey, selected, setSelected, expanded, setExpanded, anchorRef, polling, keepSelection } = p;
  const seen = useRef({ index: page.index, size: page.size, rows, getKey });
  useEffect(() => {
    const before = seen.current;
    seen.current = { index: page.index, size: page.size, rows, getKey };
    if (before.index === page.index && before.size === page.size && !rowKeysChanged(before.rows, rows, before.getKey, getKey)) return;
    const next = carryOver({ selection: { selected, anchor: anchorRef.current }, expanded }, rows.map(getKey), { polling, keepSelection });
    anchorRef.current = next.selection.anchor;
    if (keysChanged(next.selection.selected, selected)) setSelected([...next.selection.selected]);
    if (next.expanded !== expanded) setExpanded(next.expanded);
  }, [page.index, page.size, rows, getKey, selected, expanded, polling, keepSelection, setSelected, setExpanded, anchorRef]);
}

/** Moves DOM focus to a row chosen by keyboard once it is rendered (scrolling a virtualised list to it first). */
function usePendingRowFocus(
  pendingFocusRef: RefObject<RowKey | null>,
  index: PageIndex,
  scrollRef: RefObject<HTMLDivElement | null>,
  virtualizer: { scrollToIndex: (index: number) => void } | undefined,
): void {
  useEffect(() => {
    const key = pendingFocusRef.current;
    if (key === null) return;
    const at = index.indexOf(key);
    if (virtualizer && at >= 0) virtualizer.scrollToIndex(at);
    const el = [...(scrollRef.current?.querySelectorAll<HTMLElement>('tr[data-row-key]') ?? [])].find(
      (tr) => tr.dataset.rowKey === String(key),
    );
    if (el) {
      pendingFocusRef.current = null;
      el.focus();
    }
  });
}

/** Widths of the table's own columns: before the data columns (drag handle, check box, position) and after (expand). */
function controlColumns(p: { orderable: boolean; selectable: boolean; expandable: boolean }) {
  const control = controlWidths();
  const leading = [...(p.orderable ? [control.drag] : []), ...(p.selectable ? [control.select] : []), ...(p.orderable ? [control.position] : [])];
  const trailing = p.expandable ? [control.expand] : [];
  return { leading, trailing, fixed: [...leading, ...trailing].reduce((a, b) => a + b, 0) };
}

/** Widths of the control columns and the data columns in order, and the table's width (at least its box's). */
function tableLayout(controls: ReturnType<typeof controlColumns>, rules: readonly WidthRule[], containerWidth: number) {
  const widths = [...controls.leading, ...columnWidths(rules, containerWidth - controls.fixed), ...controls.trailing];
  return { widths, tableWidth: Math.max(widths.reduce((a, b) => a + b, 0), containerWidth) };
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

/** What every row of a table shares, and the per-row state the body reads by key. */
interface BodyProps<R> {
  readonly pageRows: readonly R[];
  readonly index: PageIndex;
  readonly firstShown: number;
  /** The rendered page indexes of a virtualised list (with the virtualiser's measuring callback), else undefined. */
  readonly virtual: { readonly indexes: readonly number[]; readonly measure: (el: HTMLTableSectionElement | null) => void; readonly padTop: number; readonly padBottom: number } | undefined;
  readonly columns: readonly NormalisedColumn<R>[];
  readonly columnCount: number;
  readonly selectable: boolean;
  readonly selected: readonly RowKey[];
  readonly isDisabled: (row: R) => boolean;
  readonly expanded: RowKey | null;
  readonly previousExpanded: RowKey | null | undefined;
  readonly renderExpanded: ((row: R) => ReactNode) | undefined;
  readonly orderable: boolean;
  readonly rowState: (row: R) => RowState | undefined;
  readonly textColor: (row: R) => string | undefined;
  readonly focusTarget: RowKey | null;
  readonly nameField: string | undefined;
  readonly idPrefix: string;
  readonly dropKey: RowKey | null;
  readonly handlers: RowHandlers;
  readonly emptyText: ReactNode;
}

/** The table's rows (those in view when virtualised), each a memoised `DataRow`, or the empty text. */
function DataTableBody<R>(p: BodyProps<R>) {
  if (p.pageRows.length === 0) {
    return (
      <Table.Tbody>
        <Table.Tr>
          <Table.Td colSpan={p.columnCount}>{p.emptyText ?? <EmptyResult />}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    );
  }
  const tabStop = p.virtual ? renderedTabStop(p.focusTarget, p.index, p.virtual.indexes) : p.focusTarget;
  const renderRow = (i: number) => {
    const row = p.pageRows[i]!;
    const key = p.index.keyAt(i);
    return (
      <DataRow<R>
        key={String(key)}
        row={row}
        rowKey={key}
        position={p.index.positionAt(i)}
        ariaRowIndex={p.firstShown + i + 2}
        columns={p.columns}
        selectable={p.selectable}
        selected={p.selected.includes(key)}
        disabled={p.isDisabled(row)}
        expandable={p.renderExpanded !== undefined}
        expanded={p.expanded === key}
        renderExpanded={p.expanded === key || p.previousExpanded === key ? p.renderExpanded : undefined}
        orderable={p.orderable}
        rowState={p.rowState(row)}
        textColor={p.textColor(row)}
        tabbable={tabStop === key}
        nameField={p.nameField}
        idPrefix={p.idPrefix}
        dropTarget={p.dropKey === key}
        handlers={p.handlers}
        measure={p.virtual?.measure}
        virtualIndex={p.virtual ? i : undefined}
      />
    );
  };
  if (!p.virtual) return p.pageRows.map((_, i) => renderRow(i));
  return (
    <>
      <Spacer height={p.virtual.padTop} />
      {p.virtual.indexes.map(renderRow)}
      <Spacer height={p.virtual.padBottom} />
    </>
  );
}

/**
 * The tab stop of a virtualised body: the roving row, or while that one is not rendered (scrolled away) the first
 * row that is, so that Tab still enters the table. The roving row stays where the arrow keys start from.
 */
function renderedTabStop(focusTarget: RowKey | null, index: PageIndex, rendered: readonly number[]): RowKey | null {
  if (focusTarget === null || rendered.length === 0) return focusTarget;
  return rendered.includes(index.indexOf(focusTarget)) ? focusTarget : index.keyAt(rendered[0]!);
}

/** The column whose cell names a row: the first text column, else the first that is not the actions. */
function nameFieldOf<R>(columns: readonly NormalisedColumn<R>[]): string | undefined {
  return (columns.find((c) => c.kind === 'text') ?? columns.find((c) => c.kind !== 'actions'))?.field;
}

/** What the keyboard does in the body, said once when the table is entered. */
function keysHint(p: { selectable: boolean; expandable: boolean; orderable: boolean }): string {
  return [
    'Up and Down arrows move between rows; Right and Left arrows move through the row’s controls, Escape back to the row.',
    p.selectable ? 'Space selects the row.' : '',
    p.expandable ? 'Enter shows its details.' : '',
    p.orderable ? 'Alt with Up or Down moves it.' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A virtualiser over the page's rows once there are more than VIRTUALISE_ABOVE; the rows to render and the room around them. */
function useVirtualRows<R>(pageRows: readonly R[], index: PageIndex, scrollRef: RefObject<HTMLDivElement | null>) {
  const virtual = pageRows.length > VIRTUALISE_ABOVE;
  const virtualizer = useVirtualizer({
    count: virtual ? pageRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    getItemKey: (i) => (i < pageRows.length ? index.keyAt(i) : i),
    overscan: 8,
  });
  if (!virtual) return { virtualizer: undefined, rows: undefined };
  const items = virtualizer.getVirtualItems();
  return {
    virtualizer,
    rows: {
      indexes: items.map((v) => v.index),
      measure: virtualizer.measureElement,
      padTop: items[0]?.start ?? 0,
      padBottom: virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0),
    },
  };
}

/** The select-all box's state, and whether it can act, read from the selection and the page's enabled rows. */
function masterOf<R>(selected: readonly RowKey[], index: PageIndex, pageRows: readonly R[], isDisabled: (row: R) => boolean) {
  if (selected.length === 0) return { master: 'unchecked' as const, masterDisabled: !pageRows.some((r) => !isDisabled(r)) };
  return { master: masterState(selected.filter(index.isEnabled), index.enabledKeys()), masterDisabled: false };
}

/** The data table; see the module comment. Keep `columns`, `rowKey` and the render callbacks stable (memoised). */
export function DataTable<R extends object>(props: DataTableProps<R>) {
  const { selectionMode = 'none', pageSizeOptions = PAGE_SIZE_OPTIONS, stickyHeader = true, height = 600, onRowPositionChange, renderExpanded } = props;
  const getKey = useMemo(() => keyOf(props.rowKey), [props.rowKey]);
  const { selected, setSelected, expanded, setExpanded, sort, setSort, page, setPage } = useTableState(props, pageSizeOptions);
  const anchor = useRef<RowKey | null>(null);
  const { isRowDisabled } = props;
  const isDisabled = useCallback((row: R) => isRowDisabled?.(row) ?? false, [isRowDisabled]);
  const { serverPaged, total, firstShown, pageRows, index } = useShownRows({ rows: props.rows, total: props.total, manualSort: props.manualSort, sort, page, getKey, isDisabled });
  const orderable = onRowPositionChange !== undefined && sort === null;
  const selectable = selectionMode !== 'none';
  const expandable = renderExpanded !== undefined;
  const scrollRef = useRef<HTMLDivElement>(null);
  const containerWidth = useContainerWidth(scrollRef);
  const controls = controlColumns({ orderable, selectable, expandable });
  const { columns, rules, choosable, settings, setSettings } = useShownColumns(props.columns, props.persistKey, pageRows, containerWidth - controls.fixed);

  // What survives a page, page-size or data change.
  useCarryOver({ page, rows: props.rows, getKey, selected, setSelected, expanded, setExpanded, anchorRef: anchor, polling: props.polling, keepSelection: props.keepSelection });

  // Keyboard focus (one tabbable row) and drag state.
  const [focusKey, setFocusKey] = useState<RowKey | null>(null);
  const focusTarget = focusKey !== null && index.indexOf(focusKey) >= 0 ? focusKey : pageRows.length > 0 ? index.keyAt(0) : null;
  const [dropKey, setDropKey] = useState<RowKey | null>(null);
  const dragFrom = useRef<RowKey | null>(null);
  const pendingFocus = useRef<RowKey | null>(null);
  const { virtualizer, rows: virtualRows } = useVirtualRows(pageRows, index, scrollRef);

  const latest = useRef<TableSnapshot<R>>(null!);
  useLayoutEffect(() => {
    latest.current = { pageRows, index, total, selected, expanded, selectionMode, getKey, isDisabled, orderable, expandable, setSelected: (k) => setSelected(k), setExpanded, onRowPositionChange };
  });
  // Created once: the handlers read the latest state through the refs, in events only (never while rendering).
  // eslint-disable-next-line react-hooks/refs
  const [handlers] = useState<RowHandlers>(() => createRowHandlers({ latest, anchor, dragFrom, pendingFocus, setFocusKey, setDropKey }));
  usePendingRowFocus(pendingFocus, index, scrollRef, virtualizer);
  useRowTabStops(scrollRef);
  const idPrefix = useId();
  const nameField = useMemo(() => nameFieldOf(columns), [columns]);
  const previousExpanded = usePrevious(expanded);

  const controlCount = Number(orderable) * 2 + Number(selectable) + Number(expandable);
  const { master, masterDisabled } = masterOf(selected, index, pageRows, isDisabled);
  const { widths, tableWidth } = tableLayout(controls, rules, containerWidth);

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
      <div ref={scrollRef} className="portal-table-scroll" data-table-scroll style={virtualRows ? { maxHeight: height, overflowY: 'auto' } : undefined}>
        <Table
          role="grid"
          aria-label={props.label}
          aria-rowcount={total + 1}
          aria-multiselectable={selectionMode === 'multiple' || undefined}
          aria-describedby={pageRows.length > 0 ? `${idPrefix}-keys` : undefined}
          highlightOnHover
          className="portal-table"
          verticalSpacing={DENSITY_PADDING[settings.density]}
          style={{ width: tableWidth }}
        >
          {pageRows.length > 0 && (
            <VisuallyHidden component="caption" id={`${idPrefix}-keys`}>
              {keysHint({ selectable, expandable, orderable })}
            </VisuallyHidden>
          )}
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
            masterDisabled={masterDisabled}
            onToggleAll={() => {
              const next = toggleAll({ selected, anchor: anchor.current }, index.enabledKeys());
              anchor.current = next.anchor;
              setSelected([...next.selected]);
            }}
          />
          <DataTableBody<R>
            pageRows={pageRows}
            index={index}
            firstShown={firstShown}
            virtual={virtualRows}
            columns={columns}
            columnCount={columns.length + controlCount}
            selectable={selectable}
            selected={selected}
            isDisabled={isDisabled}
            expanded={expanded}
            previousExpanded={previousExpanded}
            renderExpanded={renderExpanded}
            orderable={orderable}
            rowState={props.rowState ?? rowStateField}
            textColor={props.textColor ?? textColorField}
            focusTarget={focusTarget}
            nameField={nameField}
            idPrefix={idPrefix}
            dropKey={dropKey}
            handlers={handlers}
            emptyText={props.emptyText}
          />
        </Table>
      </div>
      {paginatorVisible(page.size, total, pageSizeOptions) && (
        <Suspense fallback={<div className="portal-table-paginator-pending" />}>
          <Paginator.Component
            page={page}
            pageIndex={serverPaged ? page.index : clampPageIndex(page, total)}
            total={total}
            firstShown={firstShown}
            shown={pageRows.length}
            pageSizeOptions={pageSizeOptions}
            onPageChange={setPage}
          />
        </Suspense>
      )}
    </div>
  );
}
