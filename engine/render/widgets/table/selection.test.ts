import { describe, expect, it } from 'vitest';
import {
  carryOver,
  EMPTY_SELECTION,
  keysChanged,
  rowKeysChanged,
  masterState,
  selectRange,
  toggleAll,
  toggleExpanded,
  toggleRow,
  type SelectionModel,
} from './selection';

const keys = ['a', 'b', 'c', 'd', 'e'];
const all = () => true;

describe('single selection', () => {
  it('toggles one row in multiple mode and sets the anchor', () => {
    const one = toggleRow(EMPTY_SELECTION, 'b', 'multiple');
    expect(one).toEqual({ selected: ['b'], anchor: 'b' });
    const two = toggleRow(one, 'd', 'multiple');
    expect(two.selected).toEqual(['b', 'd']);
    expect(toggleRow(two, 'b', 'multiple').selected).toEqual(['d']);
  });
  it('replaces the selection in single mode', () => {
    const one = toggleRow(EMPTY_SELECTION, 'b', 'single');
    expect(toggleRow(one, 'c', 'single').selected).toEqual(['c']);
    expect(toggleRow(one, 'b', 'single').selected).toEqual([]);
  });
  it('does nothing when selection is off', () => {
    expect(toggleRow(EMPTY_SELECTION, 'a', 'none')).toBe(EMPTY_SELECTION);
  });
});

describe('shift ranges', () => {
  it('select from the anchor to the row, both directions, adding to the selection', () => {
    const anchored = toggleRow(EMPTY_SELECTION, 'b', 'multiple');
    expect(selectRange(anchored, 'd', keys, all, 'multiple').selected).toEqual(['b', 'c', 'd']);
    const fromD = toggleRow(EMPTY_SELECTION, 'd', 'multiple');
    expect(selectRange(fromD, 'a', keys, all, 'multiple').selected).toEqual(['d', 'a', 'b', 'c']);
  });
  it('skip disabled rows', () => {
    const anchored = toggleRow(EMPTY_SELECTION, 'a', 'multiple');
    expect(selectRange(anchored, 'e', keys, (k) => k !== 'c', 'multiple').selected).toEqual(['a', 'b', 'd', 'e']);
  });
  it('keep the anchor so a second shift-click spans from the same row', () => {
    const anchored = toggleRow(EMPTY_SELECTION, 'b', 'multiple');
    const first = selectRange(anchored, 'c', keys, all, 'multiple');
    expect(first.anchor).toBe('b');
    expect(selectRange(first, 'e', keys, all, 'multiple').selected).toEqual(['b', 'c', 'd', 'e']);
  });
  it('fall back to a toggle without an anchor on the page or in single mode', () => {
    expect(selectRange(EMPTY_SELECTION, 'c', keys, all, 'multiple')).toEqual({ selected: ['c'], anchor: 'c' });
    const offPage: SelectionModel = { selected: ['z'], anchor: 'z' };
    expect(selectRange(offPage, 'c', keys, all, 'multiple').selected).toEqual(['z', 'c']);
    expect(selectRange({ selected: ['a'], anchor: 'a' }, 'c', keys, all, 'single').selected).toEqual(['c']);
  });
});

describe('master checkbox', () => {
  it('selects every enabled row when none is selected', () => {
    expect(toggleAll(EMPTY_SELECTION, ['a', 'c']).selected).toEqual(['a', 'c']);
  });
  it('clears the selection when any row is selected', () => {
    expect(toggleAll({ selected: ['b'], anchor: 'b' }, keys)).toEqual(EMPTY_SELECTION);
    expect(toggleAll({ selected: keys, anchor: null }, keys)).toEqual(EMPTY_SELECTION);
  });
  it('shows checked, indeterminate or unchecked', () => {
    expect(masterState([], keys)).toBe('unchecked');
    expect(masterState(['a'], keys)).toBe('indeterminate');
    expect(masterState(['a', 'c'], ['a', 'c'])).toBe('checked');
    expect(masterState(['a'], [])).toBe('indeterminate');
  });
});

describe('expanded row', () => {
  it('is one row at a time', () => {
    expect(toggleExpanded(null, 'a')).toBe('a');
    expect(toggleExpanded('a', 'b')).toBe('b');
    expect(toggleExpanded('b', 'b')).toBeNull();
  });
});

describe('carry-over on page, page-size or data change', () => {
  const state = { selection: { selected: ['a', 'b'], anchor: 'b' as const }, expanded: 'a' };
  it('clears everything by default', () => {
    expect(carryOver(state, ['a', 'b'], {})).toEqual({ selection: EMPTY_SELECTION, expanded: null });
  });
  it('keeps selection and the expanded row by tracking key in polling mode', () => {
    expect(carryOver(state, ['b', 'a', 'x'], { polling: true })).toEqual(state);
    expect(carryOver(state, ['b', 'x'], { polling: true })).toEqual({
      selection: { selected: ['b'], anchor: 'b' },
      expanded: null,
    });
  });
  it('keeps the whole selection in keep-selection mode, even rows on other pages', () => {
    expect(carryOver(state, ['x', 'y'], { keepSelection: true })).toEqual({ selection: state.selection, expanded: null });
  });
  it('sees reordered or replaced rows as a data change', () => {
    expect(keysChanged(['a', 'b'], ['a', 'b'])).toBe(false);
    expect(keysChanged(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(keysChanged(['a'], ['a', 'b'])).toBe(true);
  });
  it('compares rows by key, so an edited row (a new object with the same key) is no data change', () => {
    const byId = (r: { id: string }) => r.id;
    const rows = [{ id: 'a' }, { id: 'b' }];
    expect(rowKeysChanged(rows, [rows[0]!, { id: 'b', name: 'edited' }], byId, byId)).toBe(false);
    expect(rowKeysChanged(rows, [rows[1]!, rows[0]!], byId, byId)).toBe(true);
    expect(rowKeysChanged(rows, [rows[0]!, { id: 'c' }], byId, byId)).toBe(true);
    expect(rowKeysChanged(rows, rows.slice(0, 1), byId, byId)).toBe(true);
    expect(rowKeysChanged(rows, rows, byId, (r) => `${r.id}!`)).toBe(true);
  });
});
