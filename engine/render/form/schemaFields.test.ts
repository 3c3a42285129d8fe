import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { labelledEnum } from '../../../schemas/enums';
import { fieldsOf, getPath, holdsNumbers, inferWidget, isShown, ORDERED_CHOICES_MAX, rowSchemaOf } from './schemaFields';

const Action = labelledEnum(['allow', 'block'], { allow: 'Skip Inspection', block: 'Block' }, { title: 'Action' });
const Doc = z.object({
  name: z.string().meta({ title: 'Name', description: 'Shown in reports' }),
  action: Action.default('allow'),
  proxy: z.object({ host: z.string().optional(), port: z.number().int() }),
  rows: z.array(z.strictObject({ id: z.string(), value: z.string() })),
  blob: z.record(z.string(), z.string()),
  raw: z.tuple([z.number(), z.object({})]),
});

describe('schemaFields', () => {
  it('lists fields in order with labels, descriptions, required flags and enum labels; nested objects flattened', () => {
    const fields = fieldsOf(Doc, { 'proxy.port': { label: 'Proxy port', order: 1 } });
    expect(fields.map((f) => f.name)).toEqual(['name', 'action', 'proxy.host', 'rows', 'blob', 'raw', 'proxy.port']);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName.name).toMatchObject({ label: 'Name', description: 'Shown in reports', required: true, widget: 'text' });
    expect(byName.action).toMatchObject({ required: false, widget: 'select', options: [{ value: 'allow', label: 'Skip Inspection' }, { value: 'block', label: 'Block' }] });
    expect(byName['proxy.host']).toMatchObject({ label: 'Host', required: false });
    expect(byName['proxy.port']).toMatchObject({ label: 'Proxy port', widget: 'number' });
    expect(byName.rows!.widget).toBe('table');
    expect(byName.blob!.widget).toBe('keyValue');
    expect(byName.raw!.widget).toBe('jsonView');
  });

  it('offers a long list of choices by label (countries by name, not by code) and keeps a short one as declared', () => {
    const codes = ['US', 'DE', 'AT', 'GB', 'FR', 'CH', 'NL', 'BE', 'IE', 'IT', 'ES', 'PT', 'SE'];
    const names: Record<string, string> = { US: 'United States', DE: 'Germany', AT: 'Austria', GB: 'United Kingdom', FR: 'France', CH: 'Switzerland', NL: 'Netherlands', BE: 'Belgium', IE: 'Ireland', IT: 'Italy', ES: 'Spain', PT: 'Portugal', SE: 'Sweden' };
    expect(codes.length).toBeGreaterThan(ORDERED_CHOICES_MAX);
    const Country = labelledEnum(codes as [string, ...string[]], names, { title: 'Country' });
    const [country, action] = fieldsOf(z.object({ country: Country, action: Action }));
    expect(country!.options.map((o) => o.label)).toEqual(Object.values(names).sort());
    expect(action!.options.map((o) => o.value)).toEqual(['allow', 'block']);
  });

  it('uses the secret widget for write-only hints and infers widgets of arrays', () => {
    expect(fieldsOf(z.object({ key: z.string() }), { key: { writeOnly: true } })[0]!.widget).toBe('secret');
    expect(fieldsOf(z.object({ key: z.string().min(1).meta({ writeOnly: true }).optional() }))[0]!.widget).toBe('secret');
    expect(inferWidget(z.array(Action))).toBe('multiselect');
    expect(inferWidget(z.array(z.string()))).toBe('tags');
    expect(inferWidget(z.boolean().default(true))).toBe('switch');
    expect(inferWidget(z.array(z.object({ a: z.string() })).default([]))).toBe('table');
    // An optional address is a string or '': a text input, not a JSON box.
    expect(inferWidget(z.union([z.literal(''), z.email()]).default(''))).toBe('text');
    expect(inferWidget(z.union([z.string(), z.number()]))).toBe('jsonView');
  });

  it('finds the row schema of a table layout', () => {
    expect(Object.keys(rowSchemaOf(Doc, 'rows').shape)).toEqual(['id', 'value']);
    expect(() => rowSchemaOf(Doc, 'name')).toThrow(/not an array of objects/);
  });

  it('evaluates showIf against the values', () => {
    const hint = { showIf: { field: 'proxy.mode', equals: ['manual'] } };
    expect(isShown(hint, { proxy: { mode: 'manual' } })).toBe(true);
    expect(isShown(hint, { proxy: { mode: 'auto' } })).toBe(false);
    expect(isShown({}, {})).toBe(true);
    expect(getPath({ a: [{ b: 1 }] }, 'a.0.b')).toBe(1);
  });
});

describe('holdsNumbers', () => {
  it('is true for a list of numbers (even with a default), false for a list of texts or a scalar', () => {
    const [ids, names, count] = fieldsOf(z.object({ ids: z.array(z.number().int()).default([]), names: z.array(z.string()), count: z.number() }));
    expect([ids, names, count].map((f) => [f!.widget, holdsNumbers(f!)])).toEqual([
      ['tags', true],
      ['tags', false],
      ['number', false],
    ]);
  });
});
