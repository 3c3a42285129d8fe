/**
 * The callbacks a DataTable hands its rows: selection, expansion, keyboard moves and focus, typed positions, drag
 * and drop. They read the table's latest state through refs, so the object is created once and never breaks the
 * rows' memoisation.
 */
import type { DragEvent, KeyboardEvent, RefObject } from 'react';
import type { RowHandlers } from './DataRow';
import type { PageIndex } from './pageIndex';
import { parsePosition, type RowPositionChange } from './rowOrder';
import { selectRange, toggleExpanded, toggleRow, type RowKey, type SelectionMode, type SelectionModel } from './selection';

/** What the handlers read at the time of the event. */
export interface TableSnapshot<R> {
  readonly pageRows: readonly R[];
  /** Keys, positions in the whole list and enabled rows of the page. */
  readonly index: PageIndex;
  readonly total: number;
  readonly selected: readonly RowKey[];
  readonly expanded: RowKey | null;
  readonly selectionMode: SelectionMode;
  readonly getKey: (row: R) => RowKey;
  readonly isDisabled: (row: R) => boolean;
  readonly orderable: boolean;
  readonly setSelected: (keys: RowKey[]) => void;
  readonly setExpanded: (key: RowKey | null) => void;
  readonly onRowPositionChange: ((change: RowPositionChange<R>) => void) | undefined;
}

export interface RowHandlerRefs<R> {
  readonly latest: RefObject<TableSnapshot<R>>;
  /** The shift-click range anchor. */
  readonly anchor: RefObject<RowKey | null>;
  /** The row being dragged. */
  readonly dragFrom: RefObject<RowKey | null>;
  /** A row to focus once it is rendered. */
  readonly pendingFocus: RefObject<RowKey | null>;
  readonly setFocusKey: (key: RowKey) => void;
  readonly setDropKey: (key: RowKey | null) => void;
}

export function createRowHandlers<R>(refs: RowHandlerRefs<R>): RowHandlers {
  const { latest, anchor, dragFrom, pendingFocus, setFocusKey, setDropKey } = refs;
  const rowByKey = (key: RowKey) => latest.current.pageRows[latest.current.index.indexOf(key)];
  const move = (key: RowKey, to: number): boolean => {
    const s = latest.current;
    const from = s.index.positionOf(key);
    const item = rowByKey(key);
    if (from === undefined || item === undefined || !s.orderable || to < 0 || to >= s.total) return false;
    if (to !== from) s.onRowPositionChange?.({ item, currPosition: from, newPosition: to });
    return true;
  };
  const select = (key: RowKey, shift: boolean) => {
    const s = latest.current;
    const row = rowByKey(key);
    if (s.selectionMode === 'none' || row === undefined || s.isDisabled(row)) return;
    const model: SelectionModel = { selected: s.selected, anchor: anchor.current };
    const next = shift
      ? selectRange(model, key, s.index.keys(), s.index.isEnabled, s.selectionMode)
      : toggleRow(model, key, s.selectionMode);
    anchor.current = next.anchor;
    s.setSelected([...next.selected]);
  };
  const focusRow = (key: RowKey | undefined) => {
    if (key === undefined) return;
    pendingFocus.current = key;
    setFocusKey(key);
  };
  return {
    toggleSelect: select,
    toggleExpand: (key) => latest.current.setExpanded(toggleExpanded(latest.current.expanded, key)),
    focus: (key) => setFocusKey(key),
    typePosition: (key, text) => {
      const to = parsePosition(text, latest.current.total);
      return to !== null && move(key, to);
    },
    keyDown: (key, e: KeyboardEvent<HTMLTableRowElement>) => {
      const s = latest.current;
      const at = s.index.indexOf(key);
      const keyAt = (i: number) => (i >= 0 && i < s.pageRows.length ? s.index.keyAt(i) : undefined);
      const onRow = e.target === e.currentTarget;
      if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && e.altKey) {
        e.preventDefault();
        const from = s.index.positionOf(key);
        if (from !== undefined && move(key, from + (e.key === 'ArrowDown' ? 1 : -1))) focusRow(key);
      } else if (e.key === 'ArrowDown') {
        e.preventDefault();
        focusRow(keyAt(at + 1));
      } else if (e.key === 'ArrowUp') {
        e.preventDefault();
        focusRow(keyAt(at - 1));
      } else if (e.key === 'Home' && onRow) {
        e.preventDefault();
        focusRow(keyAt(0));
      } else if (e.key === 'End' && onRow) {
        e.preventDefault();
        focusRow(keyAt(s.pageRows.length - 1));
      } else if (e.key === ' ' && onRow) {
        e.preventDefault();
        select(key, e.shiftKey);
      } else if (e.key === 'Enter' && onRow) {
        e.preventDefault();
        s.setExpanded(toggleExpanded(s.expanded, key));
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
      const to = latest.current.index.positionOf(key);
      if (from !== null && to !== undefined) move(from, to);
    },
    dragEnd: () => {
      dragFrom.current = null;
      setDropKey(null);
    },
  };
}
