/**
 * Sorting, paging and reordering of table rows (spec 002 §3, §4, §9), headless.
 */

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  readonly field: string;
  readonly direction: SortDirection;
}

/**
 * The sort after a click on a column header: first ascending (descending for a reverseSort column), then the other
 * way, then unsorted. Another column starts over.
 */
export function nextSort(current: SortState | null, field: string, reverseSort = false): SortState | null {
  const first: SortDirection = reverseSort ? 'desc' : 'asc';
  if (current?.field !== field) return { field, direction: first };
  return current.direction === first ? { field, direction: first === 'asc' ? 'desc' : 'asc' } : null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Orders two cell values: empty last, numbers and dates by value, booleans false first, text naturally. */
export function compareValues(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return Number(emptyA) - Number(emptyB);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return collator.compare(String(a), String(b));
}

/** A stably sorted copy; empty values stay last in both directions. */
export function sortRows<R>(
  rows: readonly R[],
  sort: SortState | null,
  valueOf: (row: R, field: string) => unknown = (row, field) => (row as Record<string, unknown>)[field],
): R[] {
  if (sort === null) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row, sort.field) }))
    .sort((x, y) => {
      const emptyX = x.value === null || x.value === undefined || x.value === '';
      const emptyY = y.value === null || y.value === undefined || y.value === '';
      if (emptyX !== emptyY) return emptyX ? 1 : -1;
      return sign * compareValues(x.value, y.value) || x.index - y.index;
    })
    .map((x) => x.row);
}

/** Page-size options of the data table (spec 002 §9). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

/** Page change event: zero-based page index and page size. */
export interface PageChange {
  readonly index: number;
  readonly size: number;
}

/**
 * The paginator shows only when the page size is above 0 and the total exceeds the smallest page-size option:
 * 10 for the data table's options (spec 002 §9), 3 for the import table's.
 */
export function paginatorVisible(size: number, total: number, options: readonly number[] = PAGE_SIZE_OPTIONS): boolean {
  return size > 0 && total > Math.min(...options);
}

/** Number of pages; a page size of 0 means one page with every row. */
export const pageCount = (size: number, total: number): number => (size > 0 ? Math.max(1, Math.ceil(total / size)) : 1);

/** The page index kept within the pages that exist. */
export const clampPageIndex = (page: PageChange, total: number): number =>
  Math.min(Math.max(0, page.index), pageCount(page.size, total) - 1);

/** Zero-based bounds [start, end) of a page's rows. */
export function pageBounds(page: PageChange, total: number): { start: number; end: number } {
  if (page.size <= 0) return { start: 0, end: total };
  const start = clampPageIndex(page, total) * page.size;
  return { start, end: Math.min(total, start + page.size) };
}

/** Row position change event: the row and its zero-based old and new positions. */
export interface RowPositionChange<R> {
  readonly item: R;
  readonly currPosition: number;
  readonly newPosition: number;
}

/** A copy with the row at `from` moved to `to` (zero-based); out-of-range positions leave the order as it is. */
export function moveRow<R>(rows: readonly R[], from: number, to: number): R[] {
  const copy = [...rows];
  if (from < 0 || from >= rows.length || to < 0 || to >= rows.length || from === to) return copy;
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

/** A typed position (1-based, as shown to the user) as a zero-based index, or null when it is not 1 to `count`. */
export function parsePosition(text: string, count: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= count ? n - 1 : null;
}
