import { describe, expect, it } from 'vitest';
import {
  atDefaults,
  filterOptions,
  filtersEqual,
  optionsOverflow,
  searchFilterOptions,
  selectedValues,
  toggleOption,
  withDefaults,
  withFilter,
  type FilterSchemaEntry,
} from './filters';

const action: FilterSchemaEntry = {
  key: 'action',
  label: 'Action',
  options: { block: 'Block', allow: 'Allow', safeview: 'Isolate' },
  multiple: true,
  sortable: true,
  defaultValue: ['allow'],
};

describe('filtersEqual', () => {
  it('ignores page and pageSize', () => {
    expect(filtersEqual({ action: 'allow', page: '3', pageSize: '25' }, { action: 'allow', page: '0' })).toBe(true);
  });
  it('ignores list order, duplicates and empty values', () => {
    expect(filtersEqual({ a: ['x', 'y'] }, { a: ['y', 'x', 'x'] })).toBe(true);
    expect(filtersEqual({ a: 'x' }, { a: ['x'] })).toBe(true);
    expect(filtersEqual({ a: '', b: [] }, {})).toBe(true);
  });
  it('sees a different value or key', () => {
    expect(filtersEqual({ a: 'x' }, { a: 'y' })).toBe(false);
    expect(filtersEqual({ a: 'x' }, { a: 'x', b: 'z' })).toBe(false);
    expect(filtersEqual({ a: ['x', 'y'] }, { a: ['x'] })).toBe(false);
  });
});

describe('changing a filter', () => {
  it('resets page to 0 and keeps pageSize', () => {
    expect(withFilter({ page: '4', pageSize: '50' }, 'action', ['block'])).toEqual({ page: '0', pageSize: '50', action: ['block'] });
  });
  it('leaves the page alone when nothing changes', () => {
    const q = { page: '4', action: ['block'] };
    expect(withFilter(q, 'action', ['block'])).toEqual(q);
  });
  it('removes the key for an empty value', () => {
    expect(withFilter({ action: 'x', page: '2' }, 'action', [])).toEqual({ page: '0' });
  });
  it('resets every filter to its default', () => {
    const reset = withDefaults({ action: ['block'], other: 'x', page: '2' }, [action]);
    expect(reset).toEqual({ other: 'x', page: '0' });
    expect(selectedValues(reset, action)).toEqual(['allow']);
    expect(atDefaults(reset, [action])).toBe(true);
    expect(atDefaults({ action: ['allow'] }, [action])).toBe(true);
    expect(atDefaults({ action: ['block'] }, [action])).toBe(false);
  });
  it('reads the default while the query has no value', () => {
    expect(selectedValues({}, action)).toEqual(['allow']);
    expect(selectedValues({ action: 'block' }, action)).toEqual(['block']);
  });
  it('toggles options of multiple and single filters', () => {
    expect(toggleOption(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleOption(['a', 'b'], 'a', true)).toEqual(['b']);
    expect(toggleOption(['a'], 'b', false)).toEqual(['b']);
    expect(toggleOption(['a'], 'a', false)).toEqual([]);
  });
});

describe('options', () => {
  it('are sorted by label when sortable, else in declaration order', () => {
    expect(filterOptions(action).map((o) => o.label)).toEqual(['Allow', 'Block', 'Isolate']);
    expect(filterOptions({ ...action, sortable: false }).map((o) => o.label)).toEqual(['Block', 'Allow', 'Isolate']);
  });
  it('scroll and get a search box over 5 options', () => {
    expect(optionsOverflow(5)).toBe(false);
    expect(optionsOverflow(6)).toBe(true);
  });
  it('are searched by label or value, ignoring case', () => {
    const o = filterOptions(action);
    expect(searchFilterOptions(o, 'iso').map((x) => x.value)).toEqual(['safeview']);
    expect(searchFilterOptions(o, 'SAFE').map((x) => x.value)).toEqual(['safeview']);
    expect(searchFilterOptions(o, '  ')).toHaveLength(3);
  });
});
