/**
 * The generated form of the form benchmark: N fields of mixed kinds (text with the shared validators, numbers with
 * bounds, labelled enums, booleans), the first 50 at the top level and the rest in nested sections of 50 (a group
 * in FormView, a fieldset in rjsf), with a showIf on one field of every 50. The same zod schema gives FormView its
 * fields and rjsf its JSON Schema (`z.toJSONSchema`).
 */
import { z } from 'zod';
import type { FieldHintMap } from '../../../engine/render/form/schemaFields';
import { labelledEnum } from '../../../schemas/enums';
import { Email, Hostname, IPv4, ShortText } from '../../../schemas/validators';

export const SECTION_SIZE = 50;

export interface GeneratedForm {
  readonly schema: z.ZodObject;
  readonly hints: FieldHintMap;
  readonly groups: readonly string[];
  readonly defaults: Record<string, unknown>;
  /** The defaults with one field in ten out of range (the port fields, 0). */
  readonly invalidDefaults: Record<string, unknown>;
  /** Dotted names of those fields (also where the benchmark's server reports its 400). */
  readonly invalidNames: readonly string[];
  readonly jsonSchema: Record<string, unknown>;
  readonly fieldCount: number;
  /** CSS selectors of the same text field near the start and near the end of the form, in each implementation. */
  readonly first: { readonly ours: string; readonly rjsf: string };
  readonly last: { readonly ours: string; readonly rjsf: string };
}

const ACTIONS = ['allow', 'block', 'isolate'] as const;

function fieldOf(i: number): { schema: z.ZodType; value: unknown } {
  const title = { title: `Field ${i}` };
  switch (i % 10) {
    case 0:
      return { schema: Hostname.meta(title), value: 'www.example.com' };
    case 1:
    case 7:
      return { schema: ShortText.meta(title), value: `Value ${i}` };
    case 2:
      return { schema: Email.meta(title), value: 'user@example.com' };
    case 3:
      return { schema: z.number().int().min(1).max(65535).meta(title), value: 8080 };
    case 4:
      return { schema: labelledEnum(ACTIONS, { allow: 'Allow', block: 'Block', isolate: 'Isolate' }, title), value: 'isolate' };
    case 5:
      return { schema: z.boolean().meta(title), value: true };
    case 6:
      return { schema: ShortText.optional().meta(title), value: 'Note' };
    case 8:
      return { schema: z.number().min(0).max(100).meta(title), value: 50 };
    default:
      return { schema: IPv4.meta(title), value: '192.0.2.10' };
  }
}

/** Builds the form of `n` fields (deterministic). */
export function generatedForm(n: number): GeneratedForm {
  const shape: Record<string, z.ZodType> = {};
  const defaults: Record<string, unknown> = {};
  const hints: Record<string, FieldHintMap[string]> = {};
  const groups: string[] = [];
  const pathOf = (i: number) => {
    const section = Math.floor(i / SECTION_SIZE);
    return section === 0 ? { section, key: `f${i}`, name: `f${i}` } : { section, key: `f${i}`, name: `s${section}.f${i}` };
  };
  const sections = new Map<number, { shape: Record<string, z.ZodType>; values: Record<string, unknown> }>();
  for (let i = 0; i < n; i++) {
    const { section, key, name } = pathOf(i);
    const { schema, value } = fieldOf(i);
    let hint: FieldHintMap[string] = undefined;
    if (section > 0) hint = { group: `Section ${section}` };
    // One field in 50 shows only while the enum five fields before it is "isolate" or "block" (true by default).
    if (i % SECTION_SIZE === 9) hint = { ...hint, showIf: { field: pathOf(i - 5).name, equals: ['isolate', 'block'] } };
    if (hint) hints[name] = hint;
    if (section === 0) {
      shape[key] = schema;
      defaults[key] = value;
      continue;
    }
    let s = sections.get(section);
    if (!s) {
      s = { shape: {}, values: {} };
      sections.set(section, s);
      groups.push(`Section ${section}`);
    }
    s.shape[key] = schema;
    s.values[key] = value;
  }
  for (const [section, s] of sections) {
    shape[`s${section}`] = z.object(s.shape).meta({ title: `Section ${section}` });
    defaults[`s${section}`] = s.values;
  }
  const schema = z.object(shape);
  let last = n - 1;
  while (last % 10 !== 7) last--;
  const selectors = (i: number) => {
    const { name } = pathOf(i);
    return { ours: `input[name="${name}"]`, rjsf: `#root_${name.replace('.', '_')}` };
  };
  const invalidNames = Array.from({ length: n }, (_, i) => i).filter((i) => i % 10 === 3).map((i) => pathOf(i).name);
  const invalidDefaults = structuredClone(defaults);
  for (const name of invalidNames) {
    const [head, tail] = name.split('.');
    if (tail) (invalidDefaults[head!] as Record<string, unknown>)[tail] = 0;
    else invalidDefaults[head!] = 0;
  }
  return {
    schema,
    hints,
    groups,
    defaults,
    invalidDefaults,
    invalidNames,
    fieldCount: n,
    jsonSchema: z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>,
    first: selectors(1),
    last: selectors(last),
  };
}
