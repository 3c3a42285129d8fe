/**
 * The data table of spec 002 §3–§4, §9: selection (single, all, shift range), one expanded row at a time, reorder by
 * drag and drop or by typing a position, sorting, paging with the page-size options, row states and text colour,
 * polling and keep-selection modes, and a sticky header. Long lists are virtualised, and rows are memoised by their
 * tracking key so that editing one row re-renders only that row.
 */
import { Checkbox, Group, NativeSelect, Pagination, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { usePrevious, useUncontrolled } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { RowState } from '../../../../schemas/enums';
import { ROWS_PER_PAGE_LABEL } from '../../../core/bulkImport';
import { EmptyResult } from '../EmptyResult';
import { normaliseColumns, type DataTableColumn } from './columns';
import { DataRow, type RowHandlers } from './DataRow';
import {
  clampPageIndex,
  pageBounds,
  pageCount,
  PAGE_SIZE_OPTIONS,
  paginatorVisible,
  parsePosition,
  sortRows,
  nextSort,
  type PageChange,
  type RowPositionChange,
  type SortState,
} from './rowOrder';
import {
  carryOver,
  keysChanged,
  masterState,
  selectRange,
  toggleAll,
  toggleExpanded,
  toggleRow,
  type RowKey,
  type SelectionMode,
  type SelectionModel,
} from './selection';

/** Sticky header stacking order (spec 002 §9). */
export const STICKY_HEADER_Z_INDEX = 100;
/** More rows than this on one page are virtualised. */
export const VIRTUALISE_ABOVE = 100;
/** Estimated row height before the browser measures it, in px. */
export const ROW_HEIGHT_ESTIMATE = 44;

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
}

const field = <T,>(row: object, name: string): T | undefined => (row as Record<string, T | undefined>)[name];

function keyOf<R extends object>(rowKey: DataTableProps<R>['rowKey']): (row: R) => RowKey {
  return typeof rowKey === 'function' ? rowKey : (row: R) => field<RowKey>(row, rowKey) ?? '';
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
  const columns = useMemo(() => normaliseColumns(props.columns), [props.columns]);

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
  const { isRowDisabled } = props;
  const isDisabled = useCallback((row: R) => isRowDisabled?.(row) ?? false, [isRowDisabled]);
  const enabledKeys = useMemo(() => pageRows.filter((r) => !isDisabled(r)).map(getKey), [pageRows, isDisabled, getKey]);
  const orderable = onRowPositionChange !== undefined && sort === null;
  const selectable = selectionMode !== 'none';
  const expandable = renderExpanded !== undefined;

  // ---- what survives a page, page-size or data change ----
  const allKeys = useMemo(() => rows.map(getKey), [rows, getKey]);
  const seen = useRef({ index: page.index, size: page.size, keys: allKeys });
  useEffect(() => {
    const before = seen.current;
    seen.current = { index: page.index, size: page.size, keys: allKeys };
    if (before.index === page.index && before.size === page.size && !keysChanged(before.keys, allKeys)) return;
    const next = carryOver(
      { selection: { selected, anchor: anchor.current }, expanded },
      allKeys,
      { polling: props.polling, keepSelection: props.keepSelection },
    );
    anchor.current = next.selection.anchor;
    if (keysChanged(next.selection.selected, selected)) setSelected([...next.selection.selected]);
    if (next.expanded !== expanded) setExpanded(next.expanded);
  }, [page.index, page.size, allKeys, selected, expanded, props.polling, props.keepSelection, setSelected, setExpanded]);

  // ---- keyboard focus (one tabbable row) and drag state ----
  const [focusKey, setFocusKey] = useState<RowKey | null>(null);
  const focusTarget = focusKey !== null && pageKeys.includes(focusKey) ? focusKey : (pageKeys[0] ?? null);
  const [dropKey, setDropKey] = useState<RowKey | null>(null);
  const dragFrom = useRef<RowKey | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<RowKey | null>(null);

  const virtual = pageRows.length > VIRTUALISE_ABOVE;
  const virtualizer = useVirtualizer({
    count: virtual ? pageRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    getItemKey: (i) => pageKeys[i] ?? i,
    overscan: 8,
  });

  // Handlers read the latest state through a ref, so the object handed to rows is created once.
  const latest = useRef({ pageRows, pageKeys, positions, total, selected, expanded, enabledKeys, selectionMode, getKey, isDisabled, orderable });
  latest.current = { pageRows, pageKeys, positions, total, selected, expanded, enabledKeys, selectionMode, getKey, isDisabled, orderable };
  const setters = useRef({ setSelected, setExpanded, onRowPositionChange });
  setters.current = { setSelected, setExpanded, onRowPositionChange };

  const handlers = useMemo<RowHandlers>(() => {
    const rowByKey = (key: RowKey) => latest.current.pageRows.find((r) => latest.current.getKey(r) === key);
    const move = (key: RowKey, to: number): boolean => {
      const s = latest.current;
      const from = s.positions.get(key);
      const item = rowByKey(key);
      if (from === undefined || item === undefined || !s.orderable || to < 0 || to >= s.total) return false;
      if (to !== from) setters.current.onRowPositionChange?.({ item, currPosition: from, newPosition: to });
      return true;
    };
    const select = (key: RowKey, shift: boolean) => {
      const s = latest.current;
      const row = rowByKey(key);
      if (s.selectionMode === 'none' || row === undefined || s.isDisabled(row)) return;
      const model: SelectionModel = { selected: s.selected, anchor: anchor.current };
      const next = shift
        ? selectRange(model, key, s.pageKeys, (k) => s.enabledKeys.includes(k), s.selectionMode)
        : toggleRow(model, key, s.selectionMode);
      anchor.current = next.anchor;
      setters.current.setSelected([...next.selected]);
    };
    const focusRow = (key: RowKey | undefined) => {
      if (key === undefined) return;
      pendingFocus.current = key;
      setFocusKey(key);
    };
    return {
      toggleSelect: select,
      toggleExpand: (key) => setters.current.setExpanded(toggleExpanded(latest.current.expanded, key)),
      focus: (key) => setFocusKey(key),
      typePosition: (key, text) => {
        const to = parsePosition(text, latest.current.total);
        return to !== null && move(key, to);
      },
      keyDown: (key, e: KeyboardEvent<HTMLTableRowElement>) => {
        const s = latest.current;
        const at = s.pageKeys.indexOf(key);
        const onRow = e.target === e.currentTarget;
        if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && e.altKey) {
          e.preventDefault();
          const from = s.positions.get(key);
          if (from !== undefined && move(key, from + (e.key === 'ArrowDown' ? 1 : -1))) focusRow(key);
        } else if (e.key === 'ArrowDown') {
          e.preventDefault();
          focusRow(s.pageKeys[at + 1]);
        } else if (e.key === 'ArrowUp') {
          e.preventDefault();
          focusRow(s.pageKeys[at - 1]);
        } else if (e.key === 'Home' && onRow) {
          e.preventDefault();
          focusRow(s.pageKeys[0]);
        } else if (e.key === 'End' && onRow) {
          e.preventDefault();
          focusRow(s.pageKeys[s.pageKeys.length - 1]);
        } else if (e.key === ' ' && onRow) {
          e.preventDefault();
          select(key, e.shiftKey);
        } else if (e.key === 'Enter' && onRow) {
          e.preventDefault();
          setters.current.setExpanded(toggleExpanded(s.expanded, key));
        }
      },
      dragStart: (key, e: DragEvent<HTMLTableRowElement>) => {
        dragFrom.current = key;
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(key));
      },
      dragOver: (key, e) => {
        if (dragFrom.current === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setDropKey(key);
      },
      drop: (key, e) => {
        e.preventDefault();
        const from = dragFrom.current;
        dragFrom.current = null;
        setDropKey(null);
        const to = latest.current.positions.get(key);
        if (from !== null && to !== undefined) move(from, to);
      },
      dragEnd: () => {
        dragFrom.current = null;
        setDropKey(null);
      },
    };
  }, []);

  // Moves DOM focus to a row chosen by keyboard once it is rendered (scrolling a virtualised list first).
  useEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    const index = pageKeys.indexOf(key);
    if (virtual && index >= 0) virtualizer.scrollToIndex(index);
    const el = [...(scrollRef.current?.querySelectorAll<HTMLElement>('tr[data-row-key]') ?? [])].find(
      (tr) => tr.dataset.rowKey === String(key),
    );
    if (el) {
      pendingFocus.current = null;
      el.focus();
    }
  });

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

  return (
    <div>
      <div ref={scrollRef} style={virtual ? { maxHeight: height, overflow: 'auto' } : undefined}>
        <Table
          role="grid"
          aria-label={props.label}
          aria-rowcount={total + 1}
          aria-multiselectable={selectionMode === 'multiple' || undefined}
          highlightOnHover
          layout={columns.some((c) => c.width) ? 'fixed' : undefined}
        >
          <Table.Thead
            style={
              stickyHeader
                ? { position: 'sticky', top: 0, zIndex: STICKY_HEADER_Z_INDEX, background: 'var(--mantine-color-body)' }
                : undefined
            }
          >
            <Table.Tr aria-rowindex={1}>
              {orderable && (
                <Table.Th style={{ width: 28 }}>
                  <VisuallyHidden>Drag to reorder</VisuallyHidden>
                </Table.Th>
              )}
              {selectable && (
                <Table.Th style={{ width: 40 }}>
                  {selectionMode === 'multiple' && (
                    <Checkbox
                      aria-label={selected.length > 0 ? 'Clear selection' : 'Select all rows'}
                      checked={master === 'checked'}
                      indeterminate={master === 'indeterminate'}
                      disabled={enabledKeys.length === 0 && selected.length === 0}
                      onChange={() => {
                        const next = toggleAll({ selected, anchor: anchor.current }, enabledKeys);
                        anchor.current = next.anchor;
                        setSelected([...next.selected]);
                      }}
                    />
                  )}
                </Table.Th>
              )}
              {orderable && <Table.Th style={{ width: 76 }}>Position</Table.Th>}
              {columns.map((c) => {
                const direction = sort?.field === c.field ? sort.direction : null;
                return (
                  <Table.Th
                    key={c.field}
                    aria-sort={c.sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}
                    style={{ width: c.width, minWidth: c.minWidth, textAlign: c.center ? 'center' : 'left' }}
                  >
                    {c.sortable ? (
                      <UnstyledButton
                        fw={600}
                        fz="sm"
                        onClick={() => setSort(nextSort(sort, c.field, c.reverseSort))}
                      >
                        {c.label}
                        <span aria-hidden> {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}</span>
                      </UnstyledButton>
                    ) : (
                      c.label
                    )}
                  </Table.Th>
                );
              })}
              {expandable && (
                <Table.Th style={{ width: 44 }}>
                  <VisuallyHidden>Details</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          {pageRows.length === 0 && (
            <Table.Tbody>
              <Table.Tr>
                <Table.Td colSpan={columnCount}>{props.emptyText ?? <EmptyResult />}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          )}
          {virtual && padTop > 0 && (
            <Table.Tbody aria-hidden>
              <Table.Tr style={{ height: padTop }} />
            </Table.Tbody>
          )}
          {virtual ? items.map((v) => renderRow(pageRows[v.index]!, v.index, v.index)) : pageRows.map((r, i) => renderRow(r, i))}
          {virtual && padBottom > 0 && (
            <Table.Tbody aria-hidden>
              <Table.Tr style={{ height: padBottom }} />
            </Table.Tbody>
          )}
        </Table>
      </div>
      {paginatorVisible(page.size, total, pageSizeOptions) && (
        <Group justify="flex-end" gap="lg" mt="sm" wrap="wrap">
          <NativeSelect
            label={ROWS_PER_PAGE_LABEL}
            size="xs"
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
            data={pageSizeOptions.map(String)}
            value={String(page.size)}
            onChange={(e) => setPage({ index: 0, size: Number(e.currentTarget.value) })}
          />
          <Text size="sm" aria-live="polite">
            {`${total === 0 ? 0 : firstShown + 1}–${firstShown + pageRows.length} of ${total}`}
          </Text>
          <Pagination
            size="sm"
            total={pageCount(page.size, total)}
            value={(serverPaged ? page.index : clampPageIndex(page, total)) + 1}
            onChange={(p) => setPage({ index: p - 1, size: page.size })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        </Group>
      )}
    </div>
  );
}
