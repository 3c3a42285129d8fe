import { describe, expect, it } from 'vitest';
import { DLP_ACTION_LABELS, INSPECTION_ACTION_LABELS, RISK_LABELS, intervalRange, labelOf, logIntervalsFor } from './logEnums';
import { LOG_EVENT_SCHEMAS, LOG_FILTERS, LOG_TYPES, excludeParam, excludedParam, filterQueryPairs, filterValues, logQuerySchema, visibleCategories } from './logs';

describe('filter rules (spec 000 §5)', () => {
  it('drops empty values and treats a missing parameter as no filter', () => {
    expect(filterValues(undefined)).toBeNull();
    expect(filterValues('')).toBeNull();
    expect(filterValues(['', ' , '])).toBeNull();
  });

  it('reads "all" as no filter, even beside other values', () => {
    expect(filterValues('all')).toBeNull();
    expect(filterValues(['block', 'all'])).toBeNull();
  });

  it('splits values on + and , and across repeated parameters', () => {
    expect(filterValues('block+safeview')).toEqual(['block', 'safeview']);
    expect(filterValues('block,safeview')).toEqual(['block', 'safeview']);
    expect(filterValues(['allow', 'block+ safeview,'])).toEqual(['allow', 'block', 'safeview']);
    expect(filterValues(['allow', 'allow'])).toEqual(['allow']);
  });

  it('keeps spaces inside a value (a form-encoded + arrives as a space)', () => {
    expect(filterValues('Fake Login Page')).toEqual(['Fake Login Page']);
  });

  it('builds repeated query pairs for a client, sending isolate as safeview', () => {
    expect(filterQueryPairs({ pe_action: 'block+isolate', userid: '', domain: 'all', cats: '12,34' })).toEqual([
      ['pe_action', 'block'],
      ['pe_action', 'safeview'],
      ['cats', '12'],
      ['cats', '34'],
    ]);
    expect(filterQueryPairs({ lure_category: 'isolate' })).toEqual([['lure_category', 'isolate']]);
  });

  it('builds the pairs of an exclusion by the same rules, isolate as safeview on the action', () => {
    expect(filterQueryPairs({ not_pe_action: 'block+isolate', not_cats: ['12', ''], not_userid: 'all' })).toEqual([
      ['not_pe_action', 'block'],
      ['not_pe_action', 'safeview'],
      ['not_cats', '12'],
    ]);
    expect(excludeParam('cats')).toBe('not_cats');
    expect(excludedParam('not_cats')).toBe('cats');
    expect(excludedParam('cats')).toBeUndefined();
    expect(excludedParam('not_')).toBeUndefined();
  });
});

describe('log query schema', () => {
  const web = logQuerySchema('web');

  it('applies the page-size default and coerces unix seconds', () => {
    expect(web.parse({ start: '10', end: '20' })).toMatchObject({ start: 10, end: 20, limit: 100 });
  });

  it('refuses parameters the log kind does not filter on', () => {
    expect(web.safeParse({ alert_sub_type: 'ssn' }).success).toBe(false);
    expect(logQuerySchema('dlp').safeParse({ alert_sub_type: 'ssn' }).success).toBe(true);
  });

  it('checks enumerated values after splitting, and accepts all, empty and isolate', () => {
    expect(web.safeParse({ pe_action: 'block+nonsense' }).success).toBe(false);
    expect(web.safeParse({ pe_action: ['block', 'isolate'] }).success).toBe(true);
    expect(web.safeParse({ pe_action: 'all' }).success).toBe(true);
    expect(web.safeParse({ pe_action: '' }).success).toBe(true);
  });

  it('takes an exclusion not_p of every filter p, with its values and rules; a bad value is refused at its path', () => {
    expect(web.safeParse({ not_cats: '14,50', cats: '2' }).success).toBe(true);
    expect(web.safeParse({ not_pe_action: ['block', 'isolate'], pe_action: 'all' }).success).toBe(true);
    expect(web.safeParse({ not_pe_action: '', not_top_level_risks: 'all' }).success).toBe(true);
    expect(web.safeParse({ 'not_user-agent': 'curl', not_is_casb: 'true' }).success).toBe(true);
    const bad = web.safeParse({ not_pe_action: 'block+nonsense' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['not_pe_action']);
    expect(bad.error!.issues[0]!.message).toMatch(/^Use allow, block, .* or all\.$/);
    expect(web.safeParse({ not_is_casb: 'maybe' }).success).toBe(false);
    // Only filters of the kind have an exclusion.
    expect(web.safeParse({ not_alert_sub_type: 'ssn' }).success).toBe(false);
    expect(logQuerySchema('dlp').safeParse({ not_alert_sub_type: 'ssn' }).success).toBe(true);
    for (const type of LOG_TYPES) {
      const keys = Object.keys(logQuerySchema(type).shape);
      for (const param of Object.keys(LOG_FILTERS[type])) expect(keys, `${type}.${param}`).toContain(excludeParam(param));
    }
  });

  it('accepts named intervals and the month form only', () => {
    expect(web.safeParse({ interval: '30d' }).success).toBe(true);
    expect(web.safeParse({ interval: '2024-02' }).success).toBe(true);
    expect(web.safeParse({ interval: '3w' }).success).toBe(false);
  });

  it('filters every log kind only on fields its events have', () => {
    for (const type of LOG_TYPES) {
      const fields = Object.keys(LOG_EVENT_SCHEMAS[type].shape);
      for (const spec of Object.values(LOG_FILTERS[type])) expect(fields, `${type}.${spec.field}`).toContain(spec.field);
    }
  });
});

describe('log value labels and intervals (spec 000 §3, §9)', () => {
  it('labels the values the spec names', () => {
    expect(labelOf(DLP_ACTION_LABELS, 'allow')).toBe('Skip Inspection');
    expect(labelOf(INSPECTION_ACTION_LABELS, 'allow')).toBe('Mark as Clean');
    expect(labelOf(INSPECTION_ACTION_LABELS, 'block')).toBe('Mark as Infected');
    expect([RISK_LABELS.G, RISK_LABELS.Y, RISK_LABELS.R]).toEqual(['Low', 'Medium', 'High']);
    expect(labelOf(RISK_LABELS, 'X')).toBe('X');
  });

  it('offers "All time" only on a management station', () => {
    expect(logIntervalsFor(true)).toContain('180d');
    expect(logIntervalsFor(false)).not.toContain('180d');
    expect(logIntervalsFor(false)).toHaveLength(7);
  });

  it('turns a month into its first and last millisecond, and a named interval into the range ending now', () => {
    expect(intervalRange('2024-02', 0)).toEqual({
      start: Date.UTC(2024, 1, 1),
      end: Date.UTC(2024, 2, 1) - 1,
    });
    expect(intervalRange('7d', 1_000_000_000_000)).toEqual({ start: 1_000_000_000_000 - 604_800_000, end: 1_000_000_000_000 });
    expect(intervalRange('30d', 3_000_000_000_000).start).toBe(3_000_000_000_000 - 2_629_743_000);
    expect(() => intervalRange('3w', 0)).toThrow();
  });

  it('hides the Private Access category', () => {
    expect(visibleCategories([{ label: 'Private Access', value: '88' }, { label: 'News', value: '63' }])).toEqual([
      { label: 'News', value: '63' },
    ]);
  });
});
