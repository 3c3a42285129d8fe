/**
 * Row selection and expansion rules of the data table (spec 002 §4), headless: single toggles, shift ranges from an
 * anchor, the master checkbox, one expanded row at a time, and what survives a page, page-size or data change.
 */

/** The tracking key of a row (its rowKey field's value). */
export type RowKey = string | number;

export type SelectionMode = 'none' | 'single' | 'multiple';

export interface SelectionModel {
  readonly selected: readonly RowKey[];
  /** The row a shift range starts from: the last row toggled without shift. */
  readonly anchor: RowKey | null;
}

export const EMPTY_SELECTION: SelectionModel = { selected: [], anchor: null };

/** A click on a row's checkbox (or Space on the row): in single mode it replaces the selection, else it toggles. */
export function toggleRow(model: SelectionModel, key: RowKey, mode: SelectionMode): SelectionModel {
  if (mode === 'none') return model;
  const isSelected = model.selected.includes(key);
  if (mode === 'single') return { selected: isSelected ? [] : [key], anchor: key };
  return {
    selected: isSelected ? model.selected.filter((k) => k !== key) : [...model.selected, key],
    anchor: key,
  };
}

/**
 * Shift held: selects every enabled row from the anchor to `key` in display order, adding to the selection. Without
 * an anchor on the page (or in single mode) it is a plain toggle. The anchor stays, so a second shift-click re-spans.
 */
export function selectRange(
  model: SelectionModel,
  key: RowKey,
  orderedKeys: readonly RowKey[],
  isEnabled: (key: RowKey) => boolean,
  mode: SelectionMode,
): SelectionModel {
  const from = model.anchor === null ? -1 : orderedKeys.indexOf(model.anchor);
  const to = orderedKeys.indexOf(key);
  if (mode !== 'multiple' || from < 0 || to < 0) return toggleRow(model, key, mode);
  const range = orderedKeys.slice(Math.min(from, to), Math.max(from, to) + 1).filter(isEnabled);
  const selected = [...model.selected, ...range.filter((k) => !model.selected.includes(k))];
  return { selected, anchor: model.anchor };
}

export type MasterState = 'checked' | 'indeterminate' | 'unchecked';

/** The master checkbox: clears the selection if any row is selected, else selects every enabled row. */
export function toggleAll(model: SelectionModel, enabledKeys: readonly RowKey[]): SelectionModel {
  return model.selected.length > 0 ? EMPTY_SELECTION : { selected: [...enabledKeys], anchor: null };
}

/** Checked when every enabled row is selected, indeterminate when only some rows are. */
export function masterState(selected: readonly RowKey[], enabledKeys: readonly RowKey[]): MasterState {
  if (selected.length === 0) return 'unchecked';
  const chosen = new Set(selected);
  return enabledKeys.length > 0 && enabledKeys.every((k) => chosen.has(k)) ? 'checked' : 'indeterminate';
}

/** One expanded row at a time: expanding a row collapses the other; the expanded row's toggle collapses it. */
export const toggleExpanded = (expanded: RowKey | null, key: RowKey): RowKey | null => (expanded === key ? null : key);

export interface CarryOverOptions {
  /** Polling mode: selection and the expanded row carry over by tracking key. */
  readonly polling?: boolean;
  /** Keep-selection mode: the selection survives page and data changes as it is. */
  readonly keepSelection?: boolean;
}

export interface TableUiState {
  readonly selection: SelectionModel;
  readonly expanded: RowKey | null;
}

/**
 * What survives a page, page-size or data change whose rows now have `nextKeys`: nothing by default; in polling mode
 * the selected rows and the expanded row that are still present; in keep-selection mode the whole selection.
 */
export function carryOver(state: TableUiState, nextKeys: readonly RowKey[], options: CarryOverOptions): TableUiState {
  const present = new Set(nextKeys);
  const expanded = options.polling && state.expanded !== null && present.has(state.expanded) ? state.expanded : null;
  if (options.keepSelection) return { selection: state.selection, expanded };
  if (options.polling) {
    const selected = state.selection.selected.filter((k) => present.has(k));
    const anchor = state.selection.anchor !== null && present.has(state.selection.anchor) ? state.selection.anchor : null;
    return { selection: { selected, anchor }, expanded };
  }
  return { selection: EMPTY_SELECTION, expanded: null };
}

/** Whether two key lists differ as the table sees a "data change": other rows, or the same rows in another order. */
export function keysChanged(a: readonly RowKey[], b: readonly RowKey[]): boolean {
  return a.length !== b.length || a.some((k, i) => k !== b[i]);
}

/**
 * `keysChanged` over two lists of rows without listing their keys: a row object that is still in its place keeps its
 * key, so an edit of one row (a new object) costs one key comparison, not two whole lists of keys.
 */
export function rowKeysChanged<R>(a: readonly R[], b: readonly R[], keyOfA: (row: R) => RowKey, keyOfB: (row: R) => RowKey): boolean {
  if (a === b && keyOfA === keyOfB) return false;
  if (a.length !== b.length) return true;
  for (let i = 0; i < a.length; i++) if ((a[i] !== b[i] || keyOfA !== keyOfB) && keyOfA(a[i]!) !== keyOfB(b[i]!)) return true;
  return false;
}
