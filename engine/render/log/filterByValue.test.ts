import { describe, expect, it } from 'vitest';
import { webLogs } from '../../../definitions/logs/webLogs';
import { filterChoices, withChoice } from './filterByValue';

const cats = { param: 'cats', filter: 'Category', value: '56' };
const isolate = { param: 'pe_action', filter: 'Action', value: 'safeview' };

describe('filter by or exclude a value', () => {
  it('offers the values the view’s filter of a field accepts', () => {
    expect(filterChoices(webLogs, 'cats', ['56', '14'])).toEqual([cats, { ...cats, value: '14' }]);
    expect(filterChoices(webLogs, 'url', 'https://x.example/')).toEqual([]);
  });

  it('excludes a value: it joins the exclusion (not_p), leaves the filter, and earlier exclusions stay', () => {
    expect(withChoice({ interval: '7d' }, cats, true)).toEqual({ interval: '7d', not_cats: '56', page: '0' });
    expect(withChoice({ not_cats: '14' }, cats, true)).toMatchObject({ not_cats: ['14', '56'] });
    expect(withChoice({ not_cats: ['14', '56'] }, cats, true)).toMatchObject({ not_cats: ['14', '56'] });
    expect(withChoice({ cats: ['56', '2'], not_cats: 'all' }, cats, true)).toMatchObject({ cats: '2', not_cats: '56' });
    expect(withChoice({ cats: '56' }, cats, true)).not.toHaveProperty('cats');
    // The action's "isolate" is its "safeview".
    expect(withChoice({ pe_action: ['isolate', 'block'] }, isolate, true)).toMatchObject({ pe_action: 'block', not_pe_action: 'safeview' });
  });

  it('filters by a value: the filter holds it alone, and the exclusion no longer names it', () => {
    expect(withChoice({ cats: '2', not_cats: ['56', '14'] }, cats, false)).toMatchObject({ cats: '56', not_cats: '14' });
    expect(withChoice({ not_cats: '56' }, cats, false)).not.toHaveProperty('not_cats');
    expect(withChoice({ not_cats: 'all' }, cats, false)).toEqual({ cats: '56', not_cats: 'all', page: '0' });
  });
});
