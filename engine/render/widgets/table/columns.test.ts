import { describe, expect, it } from 'vitest';
import { BADGE_EXTRA, columnWidths, contentRules, controlWidths, defaultHidden, formatCell, humanise, KIND_WIDTHS, normaliseColumns, TEXT_CONTENT_CAP, widthRule } from './columns';

describe('columns', () => {
  it('take labels from the field name unless given', () => {
    expect(humanise('fileName')).toBe('File name');
    expect(humanise('text_color')).toBe('Text color');
    expect(normaliseColumns(['name', { field: 'size', label: 'Bytes' }]).map((c) => c.label)).toEqual(['Name', 'Bytes']);
  });

  it('take their width rule from what they hold: yes/no and numbers narrow, labels and dates capped, text grows', () => {
    const [name, enabled, action, hits, updated] = normaliseColumns([
      'name',
      { field: 'on', label: 'On', format: 'boolean' },
      { field: 'action', format: 'enumLabel' },
      { field: 'hits', format: 'count' },
      { field: 'updated', format: 'datetime' },
    ]);
    expect(name!.width).toEqual(KIND_WIDTHS.text);
    expect(enabled!.width).toEqual(KIND_WIDTHS.boolean);
    expect(action!.width).toEqual(KIND_WIDTHS.enum);
    expect(hits!.width).toEqual(KIND_WIDTHS.number);
    expect(updated!.width).toEqual(KIND_WIDTHS.date);
    expect([name, enabled, action, hits, updated].map((c) => c!.truncate)).toEqual([true, true, true, true, true]);
  });

  it('let the definition override the width rule and turn truncation off', () => {
    const [c] = normaliseColumns([{ field: 'description', minWidth: 200, maxWidth: 400, flex: 3, truncate: false }]);
    expect(c!.width).toEqual({ min: 200, max: 400, flex: 3 });
    expect(c!.truncate).toBe(false);
    // A maximum below the minimum is raised to it.
    expect(widthRule({ field: 'x', minWidth: 300, maxWidth: 100 })).toEqual({ min: 300, max: 300, flex: 1 });
  });

  it('are never narrower than their header text (plus the sort marker when sortable)', () => {
    const long = widthRule({ field: 'x', label: 'Where the matches before the action apply' });
    expect(long.min).toBeGreaterThan(KIND_WIDTHS.text.min);
    const sortable = widthRule({ field: 'x', label: 'Where the matches before the action apply', sortable: true });
    expect(sortable.min).toBeGreaterThan(long.min);
  });

  it('fit an enumeration\'s longest label, up to the kind\'s maximum', () => {
    const kind = widthRule({ field: 'kind', format: 'enumLabel', labels: { k: 'Keywords and phrases', r: 'Regular expressions' } });
    expect(kind.min).toBeGreaterThan(KIND_WIDTHS.enum.min);
    expect(kind.min).toBeGreaterThanOrEqual(20 * 7);
    const huge = widthRule({ field: 'kind', format: 'enumLabel', labels: { x: 'A label far longer than any column should ever be made for it' } });
    expect(huge.min).toBe(KIND_WIDTHS.enum.max);
  });

  it('keep yes/no and number columns narrow under a long header, which wraps onto two lines', () => {
    const flag = widthRule({ field: 'x', label: 'Second factor', format: 'boolean' });
    expect(flag.min).toBe(KIND_WIDTHS.boolean.min);
    const long = 'Matches before the action';
    const count = widthRule({ field: 'x', label: long, format: 'count' });
    const text = widthRule({ field: 'x', label: long });
    // Half the header on each line: narrower than one line, wider than its longest word.
    expect(count.min).toBeLessThan(text.min);
    expect(count.min).toBeGreaterThanOrEqual(Math.ceil(long.length / 2) * 7);
    const oneLongWord = widthRule({ field: 'x', label: 'Destinations', format: 'count', sortable: true });
    expect(oneLongWord.min).toBeGreaterThan(KIND_WIDTHS.number.min);
  });

  it('share the spare width by flex, up to each maximum, and give what a capped column cannot take to the others', () => {
    const rules = [
      { min: 100, flex: 1 },
      { min: 100, flex: 1 },
      { min: 80, max: 100, flex: 1 },
      { min: 90, flex: 0 },
    ];
    // 370 px of minimums, 630 spare: the capped column takes 20, the two text columns split the rest.
    expect(columnWidths(rules, 1000)).toEqual([405, 405, 100, 90]);
    expect(columnWidths([{ min: 100, flex: 3 }, { min: 100, flex: 1 }], 600)).toEqual([400, 200]);
  });

  it('keep their minimums when they do not fit (the table scrolls in its card), and never collapse', () => {
    const rules = normaliseColumns(['name', 'description', { field: 'on', format: 'boolean' }, { field: 'platform', format: 'enumLabel' }]).map((c) => c.width);
    const widths = columnWidths(rules, 200);
    expect(widths).toEqual(rules.map((r) => r.min));
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(40);
    expect(columnWidths(rules, 0)).toEqual(widths);
  });

  it('give a header that wraps at its minimum its one line first, out of the spare width, and wrap it when none is spare', () => {
    const rules = normaliseColumns([{ field: 'name', flex: 1 }, { field: 'users', label: 'Active users', format: 'count', sortable: true }]).map((c) => c.width);
    const users = rules[1]!;
    expect(users.oneLine).toBeGreaterThan(users.min);
    expect(columnWidths(rules, 1000)[1]).toBe(Math.floor(users.oneLine!));
    expect(columnWidths(rules, rules[0]!.min + users.min)[1]).toBe(Math.floor(users.min));
  });

  it('leave the width unused when every column is at its maximum', () => {
    expect(columnWidths([{ min: 80, max: 100, flex: 1 }, { min: 50, flex: 0 }], 1000)).toEqual([100, 50]);
  });

  it('format values', () => {
    expect(formatCell(true, { format: 'boolean' })).toBe('Yes');
    expect(formatCell([1, 2], { format: 'count' })).toBe('2');
    expect(formatCell(16712, { format: 'count' })).toBe('16,712');
    expect(formatCell(2048, { format: 'bytes' })).toBe('2 KB');
    expect(formatCell('safeview', { format: 'enumLabel', labels: { safeview: 'Isolate' } })).toBe('Isolate');
    expect(formatCell(['a', 'b'], {})).toBe('a, b');
    expect(formatCell(null, {})).toBe('');
  });

  it('an enumeration with known labels is as wide as its longest label or header, and leaves the spare width to text', () => {
    const [name, action] = normaliseColumns(['name', { field: 'action', format: 'enumLabel', labels: { allow: 'Allow', drop: 'Drop' } }]);
    expect(action!.width.min).toBeLessThan(KIND_WIDTHS.enum.min);
    expect(action!.width.flex).toBe(0);
    const [nameWidth, actionWidth] = columnWidths([name!.width, action!.width], 600);
    expect(actionWidth).toBe(action!.width.min);
    expect(nameWidth).toBe(600 - action!.width.min);
  });

  it('an enumeration shown as coloured badges is wide enough for its longest label in a badge', () => {
    const labels = { safeview: 'Isolate', allow: 'Allow' };
    const plain = widthRule({ field: 'action', label: 'A', format: 'enumLabel', labels });
    const badges = widthRule({ field: 'action', label: 'A', format: 'enumLabel', labels, colors: { safeview: 'blue', allow: 'green' } });
    expect(BADGE_EXTRA).toBeGreaterThan(0);
    expect(badges.min).toBe(plain.min + BADGE_EXTRA);
  });

  it('a text column is at least as wide as its values need (up to a cap), so names and addresses are not cut', () => {
    const columns = normaliseColumns<{ user: string; note: string; hits: number }>(['user', 'note', { field: 'hits', format: 'count' }]);
    const rows = [
      { user: 'barbara.smith@democorp.example', note: 'ok', hits: 3 },
      { user: 'al@x.example', note: 'x'.repeat(200), hits: 12 },
    ];
    const [user, note, hits] = contentRules(columns, rows);
    expect(user!.min).toBeGreaterThanOrEqual('barbara.smith@democorp.example'.length * 7);
    expect(user!.min).toBeLessThanOrEqual(TEXT_CONTENT_CAP);
    expect(note!.min).toBe(TEXT_CONTENT_CAP);
    expect(hits).toEqual(columns[2]!.width);
    // Short values keep the kind's minimum; a definition's minWidth wins over the values.
    expect(contentRules(columns, [{ user: 'a', note: 'b', hits: 1 }])[0]!.min).toBe(columns[0]!.width.min);
    const [fixed] = contentRules(normaliseColumns<{ user: string }>([{ field: 'user', minWidth: 90 }]), rows);
    expect(fixed!.min).toBe(90);
  });

  it('an enumeration given a share of the spare width may grow to its longest label, past its kind\'s maximum', () => {
    const labels = { proxy: 'Proxy Avoidance and Anonymizers (with a long name)', p2p: 'Peer to Peer' };
    const growing = widthRule({ field: 'category', format: 'enumLabel', labels, flex: 2 });
    expect(growing.max).toBeGreaterThan(KIND_WIDTHS.enum.max!);
    const [category] = columnWidths([growing, { min: 120, flex: 2 }], 1600);
    expect(category).toBe(growing.max);
    // Without a share it stays at what its kind allows.
    expect(widthRule({ field: 'category', format: 'enumLabel', labels }).min).toBe(KIND_WIDTHS.enum.max);
  });

  it('an enumeration whose labels come with the rows fits the names the cells show, up to its maximum', () => {
    const columns = normaliseColumns<{ country: string; action: string }>([
      { field: 'country', format: 'enumLabel' },
      { field: 'action', format: 'enumLabel', labels: { allow: 'Allow', block: 'Block' } },
    ]);
    const names: Record<string, string> = { AE: 'United Arab Emirates', XX: 'x'.repeat(80) };
    const shown = (row: { country: string; action: string }, c: { field: string }) => (c.field === 'country' ? names[row.country]! : row.action);
    const [country, action] = contentRules(columns, [{ country: 'AE', action: 'allow' }], shown);
    expect(country!.min).toBeGreaterThanOrEqual('United Arab Emirates'.length * 7);
    expect(country!.floor).toBe(columns[0]!.width.min);
    // Known labels already size their column.
    expect(action).toEqual(columns[1]!.width);
    // No wider than the kind's maximum: a longer name is cut, with the whole name as its tooltip.
    expect(contentRules(columns, [{ country: 'XX', action: 'block' }], shown)[0]!.min).toBe(KIND_WIDTHS.enum.max);
  });

  it('give back what their values raised them by when the raised minimums do not fit, down to their own minimum', () => {
    const name = { min: 280, floor: 120, flex: 2 };
    const comment = { min: 280, floor: 120, flex: 2 };
    const badge = { min: 80, flex: 0 };
    // 640 needed, 560 available: each raised column gives back half of its 160 px raise.
    expect(columnWidths([name, comment, badge], 560)).toEqual([240, 240, 80]);
    // Not even the floors fit: they are kept, and the table scrolls.
    expect(columnWidths([name, comment, badge], 200)).toEqual([120, 120, 80]);
    // Room for the raised minimums: nothing is given back.
    expect(columnWidths([name, comment, badge], 640)).toEqual([280, 280, 80]);
  });

  it('hide secondary columns by default, the last first, only while the minimums do not fit', () => {
    const columns = [
      { field: 'time' },
      { field: 'user' },
      { field: 'risk', secondary: true },
      { field: 'url' },
      { field: 'country', secondary: true },
      { field: 'rule', secondary: true },
    ];
    const rules = [200, 250, 80, 280, 120, 200].map((min) => ({ min, flex: 1 }));
    // 1130 px needed.
    expect(defaultHidden(columns, rules, 1200)).toEqual([]);
    expect(defaultHidden(columns, rules, 1000)).toEqual(['rule']);
    expect(defaultHidden(columns, rules, 900)).toEqual(['rule', 'country']);
    // The primary columns alone do not fit: every secondary one goes, the primary ones stay (the table scrolls).
    expect(defaultHidden(columns, rules, 500)).toEqual(['rule', 'country', 'risk']);
    // Before the table's width is measured nothing is hidden.
    expect(defaultHidden(columns, rules, 0)).toEqual([]);
  });

  it('size the control columns by what they hold: the position column fits its header and number box', () => {
    const widths = controlWidths();
    // "Position" in semibold (estimated at 7.8 px a character outside a browser) plus the cell padding.
    expect(widths.position).toBe(Math.ceil('Position'.length * 7.8) + 24);
    expect(widths.expand).toBeLessThan(widths.position);
  });
});
