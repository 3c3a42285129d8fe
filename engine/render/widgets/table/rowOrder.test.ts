import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampPageIndex,
  compareValues,
  moveRow,
  nextSort,
  pageBounds,
  pageCount,
  paginatorVisible,
  parsePosition,
  sortRows,
} from './rowOrder';

describe('sorting', () => {
  it('cycles ascending, descending, unsorted; reverseSort starts descending', () => {
    const a = nextSort(null, 'name');
    expect(a).toEqual({ field: 'name', direction: 'asc' });
    const d = nextSort(a, 'name');
    expect(d).toEqual({ field: 'name', direction: 'desc' });
    expect(nextSort(d, 'name')).toBeNull();
    expect(nextSort(null, 'size', true)).toEqual({ field: 'size', direction: 'desc' });
    expect(nextSort({ field: 'size', direction: 'desc' }, 'size', true)).toEqual({ field: 'size', direction: 'asc' });
    expect(nextSort(d, 'other')).toEqual({ field: 'other', direction: 'asc' });
  });
  it('orders text naturally, numbers by value, empty last', () => {
    const rows = [{ n: 'item 10' }, { n: 'Item 2' }, { n: '' }, { n: 'item 1' }];
    expect(sortRows(rows, { field: 'n', direction: 'asc' }).map((r) => r.n)).toEqual(['item 1', 'Item 2', 'item 10', '']);
    expect(sortRows(rows, { field: 'n', direction: 'desc' }).map((r) => r.n)).toEqual(['item 10', 'Item 2', 'item 1', '']);
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(compareValues(false, true)).toBeLessThan(0);
  });
  it('is stable and leaves the input alone', () => {
    const rows = [
      { k: 1, id: 'a' },
      { k: 0, id: 'b' },
      { k: 1, id: 'c' },
    ];
    expect(sortRows(rows, { field: 'k', direction: 'desc' }).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, null)).toEqual(rows);
  });
});

describe('paging', () => {
  it('shows the paginator only for page size above 0 and more than 10 rows', () => {
    expect(paginatorVisible(10, 10)).toBe(false);
    expect(paginatorVisible(10, 11)).toBe(true);
    expect(paginatorVisible(0, 500)).toBe(false);
    expect(paginatorVisible(3, 4, [3, 10, 25, 50, 100])).toBe(true);
    expect(paginatorVisible(3, 3, [3, 10, 25, 50, 100])).toBe(false);
  });
  it('counts pages and clamps the index', () => {
    expect(pageCount(10, 0)).toBe(1);
    expect(pageCount(10, 21)).toBe(3);
    expect(pageCount(0, 21)).toBe(1);
    expect(clampPageIndex({ index: 9, size: 10 }, 21)).toBe(2);
    expect(pageBounds({ index: 2, size: 10 }, 21)).toEqual({ start: 20, end: 21 });
    expect(pageBounds({ index: 0, size: 0 }, 21)).toEqual({ start: 0, end: 21 });
  });
});

describe('reordering', () => {
  it('moves one row and keeps the others in order', () => {
    expect(moveRow(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveRow(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveRow(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
  it('is a permutation that puts the item at its new position', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 30 }), fc.nat(), fc.nat(), (xs, f, t) => {
        const from = f % xs.length;
        const to = t % xs.length;
        const moved = moveRow(xs, from, to);
        return moved[to] === xs[from] && [...moved].sort().join() === [...xs].sort().join();
      }),
    );
  });
  it('reads a typed 1-based position', () => {
    expect(parsePosition('1', 5)).toBe(0);
    expect(parsePosition(' 5 ', 5)).toBe(4);
    expect(parsePosition('6', 5)).toBeNull();
    expect(parsePosition('0', 5)).toBeNull();
    expect(parsePosition('2.5', 5)).toBeNull();
    expect(parsePosition('', 5)).toBeNull();
  });
});
