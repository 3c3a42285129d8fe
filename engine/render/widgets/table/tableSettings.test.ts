import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_SETTINGS, parseSettings, toggleColumn } from './tableSettings';

describe('table settings', () => {
  it('read what was stored, and fall back to the defaults for anything unreadable', () => {
    expect(parseSettings('{"hidden":["a",3,"b"],"density":"compact"}')).toEqual({ hidden: ['a', 'b'], density: 'compact' });
    expect(parseSettings('{"density":"huge"}')).toEqual(DEFAULT_TABLE_SETTINGS);
    expect(parseSettings('not json')).toEqual(DEFAULT_TABLE_SETTINGS);
    expect(parseSettings(null)).toEqual(DEFAULT_TABLE_SETTINGS);
  });

  it('hide and show columns, but never the last shown one', () => {
    const fields = ['a', 'b'];
    const one = toggleColumn(DEFAULT_TABLE_SETTINGS, 'a', fields);
    expect(one.hidden).toEqual(['a']);
    expect(toggleColumn(one, 'b', fields)).toBe(one);
    expect(toggleColumn(one, 'a', fields).hidden).toEqual([]);
  });
});
