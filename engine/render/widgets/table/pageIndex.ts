/**
 * Lookups over the rows a data table shows, built on first use: a change of one row re-renders the rows in view,
 * and nothing here walks the whole list unless an event or a selection asks for it (a list of 10,000 rows built
 * four whole-list maps per change before).
 */
import type { RowKey } from './selection';

export interface PageIndex {
  /** The key of the row at a page index. */
  keyAt(index: number): RowKey;
  /** Every key of the page, in display order. */
  keys(): readonly RowKey[];
  /** The page index of a key, or -1. */
  indexOf(key: RowKey): number;
  /** Zero-based position of a row of the page in the whole list, by key. */
  positionOf(key: RowKey): number | undefined;
  /** Zero-based position in the whole list of the row at a page index. */
  positionAt(index: number): number;
  /** Keys of the page's enabled rows, in display order. */
  enabledKeys(): readonly RowKey[];
  /** Whether a key is one of the page's enabled rows. */
  isEnabled(key: RowKey): boolean;
}

/**
 * `pageRows` are the rows shown, `firstShown` the position of the first one in the whole list. When they are shown
 * in the order of `rows` (unsorted, or sorted by the server), a row's position follows from its page index; when the
 * table sorts them, it is its index in `rows` (plus `offset`, the position of `rows[0]`).
 */
export function pageIndex<R>(p: {
  readonly rows: readonly R[];
  readonly pageRows: readonly R[];
  readonly inListOrder: boolean;
  readonly offset: number;
  readonly firstShown: number;
  readonly getKey: (row: R) => RowKey;
  readonly isDisabled: (row: R) => boolean;
}): PageIndex {
  const { rows, pageRows, inListOrder, offset, firstShown, getKey, isDisabled } = p;
  let keys: RowKey[] | undefined;
  let indexes: Map<RowKey, number> | undefined;
  let positions: Map<RowKey, number> | undefined;
  let enabled: RowKey[] | undefined;
  let enabledSet: Set<RowKey> | undefined;
  const index: PageIndex = {
    keyAt: (i) => (keys ? keys[i]! : getKey(pageRows[i]!)),
    keys: () => (keys ??= pageRows.map(getKey)),
    indexOf: (key) => (indexes ??= new Map(index.keys().map((k, i) => [k, i]))).get(key) ?? -1,
    positionOf: (key) => {
      if (!inListOrder) return (positions ??= new Map(rows.map((r, i) => [getKey(r), offset + i]))).get(key);
      const at = index.indexOf(key);
      return at < 0 ? undefined : firstShown + at;
    },
    positionAt: (i) => (inListOrder ? firstShown + i : (index.positionOf(index.keyAt(i)) ?? firstShown + i)),
    enabledKeys: () => (enabled ??= pageRows.filter((r) => !isDisabled(r)).map(getKey)),
    isEnabled: (key) => (enabledSet ??= new Set(index.enabledKeys())).has(key),
  };
  return index;
}
