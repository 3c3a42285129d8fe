/**
 * The callbacks a DataTable hands its rows: selection, expansion, the keyboard (rows, the controls in a row: see
 * `rowFocus.ts`) and focus, typed positions, drag and drop. They read the table's latest state through refs, so the object is created once and never breaks the
 * rows' memoisation.
 */
import type { DragEvent, KeyboardEvent, RefObject } from 'react';
import type { RowHandlers } from './DataRow';
import { isTextEntry, nextInRow } from './rowFocus';
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
  /** Enter on a row shows or hides its details. */
  readonly expandable: boolean;
  readonly setSelected: (keys: RowKey[]) => void;
  readonly setExpanded: (key: RowKey | null) => void;
  readonly onRowPositionChange: ((change: RowPositionChange<R>) => void) | undefined;
}

/** Rows PageDown and PageUp move by. */
export const KEYBOARD_PAGE_ROWS = 10;

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
  /** The keyboard model of `rowFocus.ts`, on the row `key` (the event's current target) or a control inside it. */
  const rowKeyDown = (key: RowKey, e: KeyboardEvent<HTMLTableRowElement>) => {
    const row = e.currentTarget;
    const target = e.target as HTMLElement;
    // Keys in the row's menus (drawn elsewhere in the page) are theirs.
    if (!row.contains(target)) return;
    const onRow = target === row;
    if (e.key === 'Tab' && e.shiftKey && !onRow) {
      // Shift+Tab leaves the table from a control as from the row: not through the row (its tab stop) on the way.
      // The browser picks the next element before the control loses the focus, so the row is a tab stop again
      // from then on (or after a moment, should nothing take the focus; a hidden page's timers may wait a second).
      const was = row.tabIndex;
      const restore = () => {
        row.tabIndex = was;
        target.removeEventListener('focusout', restore);
      };
      row.tabIndex = -1;
      target.addEventListener('focusout', restore);
      setTimeout(restore);
      return;
    }
    if (e.key === 'Escape' && !onRow) {
      e.preventDefault();
      e.stopPropagation();
      row.focus();
      return;
    }
    // A text field keeps its keys (caret, typing, Enter); Escape and Tab leave it.
    if (!onRow && isTextEntry(target)) return;
    const s = latest.current;
    const at = s.index.indexOf(key);
    const last = s.pageRows.length - 1;
    const focusAt = (i: number) => focusRow(last >= 0 ? s.index.keyAt(Math.min(Math.max(i, 0), last)) : undefined);
    const down = e.key === 'ArrowDown' || e.key === 'PageDown';
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && e.altKey) {
      e.preventDefault();
      const from = s.index.positionOf(key);
      if (from !== undefined && move(key, from + (down ? 1 : -1))) focusRow(key);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const to = at + (down ? 1 : -1);
      if (to >= 0 && to <= last) focusAt(to);
    } else if (e.key === 'PageDown' || e.key === 'PageUp') {
      e.preventDefault();
      focusAt(at + (down ? KEYBOARD_PAGE_ROWS : -KEYBOARD_PAGE_ROWS));
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      nextInRow(row, target, e.key === 'ArrowRight' ? 1 : -1).focus();
    } else if (onRow) {
      // Space and Enter on a control are the control's own (a check box toggles, a button acts).
      rowKey(key, e, focusAt, last);
    }
  };
  /** Home, End, Space and Enter on the row itself. */
  const rowKey = (key: RowKey, e: KeyboardEvent, focusAt: (i: number) => void, last: number) => {
    const s = latest.current;
    if (e.key === 'Home' || e.key === 'End') focusAt(e.key === 'Home' ? 0 : last);
    else if (e.key === ' ') select(key, e.shiftKey);
    else if (e.key === 'Enter' && s.expandable) s.setExpanded(toggleExpanded(s.expanded, key));
    else return;
    e.preventDefault();
  };
  return {
    toggleSelect: select,
    toggleExpand: (key) => latest.current.setExpanded(toggleExpanded(latest.current.expanded, key)),
    focus: (key) => setFocusKey(key),
    typePosition: (key, text) => {
      const to = parsePosition(text, latest.current.total);
      return to !== null && move(key, to);
    },
    keyDown: (key, e: KeyboardEvent<HTMLTableRowElement>) => rowKeyDown(key, e),
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
