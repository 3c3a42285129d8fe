import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ShortText } from '../schemas/validators';
import { COMPONENT_PREFIX, Components, convert, validatorNotes } from './jsonSchema';

const Entry = z.strictObject({ name: z.string(), note: z.string().default('') });
const Plain = z.object({ id: z.string() });
const Doc = z.object({ entries: z.array(Entry), owner: Plain });
const names = new Map<z.ZodType, string>([
  [Entry, 'Entry'],
  [Plain, 'Plain'],
  [Doc, 'Doc'],
]);

describe('Components', () => {
  it('refers to named schemas and keeps one component per name', () => {
    const c = new Components(names);
    expect(c.ref(Doc, 'output')).toEqual({ $ref: `${COMPONENT_PREFIX}Doc` });
    expect(c.ref(z.array(Plain), 'output')).toEqual({ type: 'array', items: { $ref: `${COMPONENT_PREFIX}Plain` } });
    expect(Object.keys(c.all())).toEqual(['Doc', 'Entry', 'Plain']);
  });

  it('gives a schema a separate input component when a caller may omit a default, and its containers too', () => {
    const c = new Components(names);
    expect(c.ref(Doc, 'input')).toEqual({ $ref: `${COMPONENT_PREFIX}DocInput` });
    c.ref(Doc, 'output');
    const all = c.all();
    // A non-strict object drops unknown keys from its output, but a caller may send them.
    expect(Object.keys(all)).toEqual(['Doc', 'DocInput', 'Entry', 'EntryInput', 'Plain', 'PlainInput']);
    expect(all.Plain!.additionalProperties).toBe(false);
    expect(all.PlainInput!.additionalProperties).toBeUndefined();
    expect(all.EntryInput!.required).toEqual(['name']);
    expect(all.Entry!.required).toEqual(['name', 'note']);
    expect(all.DocInput!.properties).toMatchObject({ entries: { items: { $ref: `${COMPONENT_PREFIX}EntryInput` } } });
  });

  it('keeps a named root inline when asked, to list its properties', () => {
    const c = new Components(names);
    expect(c.inline(Plain, 'input')).toMatchObject({ type: 'object', properties: { id: { type: 'string' } } });
    expect(c.all()).toEqual({});
  });

  it('refuses two different schemas published under one name', () => {
    const c = new Components(new Map([[Plain, 'Same']]));
    c.ref(Plain, 'output');
    expect(() => c.define('Same', z.object({ other: z.number() }), 'output')).toThrow(/component "Same"/);
  });
});

describe('validator keys', () => {
  it('reads the error key and message of each keyed refinement, on fields and across fields', () => {
    expect(validatorNotes(ShortText).map((n) => n.key)).toEqual(['maxlength', 'minlength', 'lineBreaks']);
    const crossField = z
      .object({ from: z.number(), to: z.number() })
      .refine((v) => v.from <= v.to, { message: 'From comes first.', path: ['to'], params: { key: 'rangeOrder' } });
    expect(validatorNotes(crossField)).toEqual([{ key: 'rangeOrder', message: 'From comes first.', path: 'to' }]);
    expect(validatorNotes(z.string().refine(() => true))).toEqual([]);
  });

  it('writes them into the JSON Schema as x-validators, keeping titles', () => {
    const { schema } = convert(z.object({ note: ShortText.meta({ title: 'Note' }) }), 'input', new Map());
    expect((schema.properties as Record<string, unknown>).note).toMatchObject({
      title: 'Note',
      'x-validators': [{ key: 'maxlength' }, { key: 'minlength' }, { key: 'lineBreaks' }],
    });
  });
});
