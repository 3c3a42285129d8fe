/**
 * Every document screen of the registry (policy areas and settings pages), with generated changes: documents drawn
 * from the screen's schema and the seeded documents, mixed into a changed version (rows kept, edited, moved, added
 * and removed; values changed), then worded. No worded change may hold serialized JSON or an id.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registry } from '../../../definitions';
import { isDocumentScreen, type DocumentScreen } from '../../../definitions/define';
import { loadSeedDocuments } from '../../../server/seed/documents';
import { changesText, describeChanges } from '../../core/changes';
import { changeOptionsOf } from './screenChanges';

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { def: Def }).def;

const word = fc.constantFrom('alpha', 'Finance', 'payroll', 'block games', 'news', '/payroll/', 'C:\\temp', 'x');
const text = fc.oneof(word, fc.uuid(), fc.domain(), fc.ipV4(), fc.stringMatching(/^[a-z][a-z0-9 ._-]{0,12}$/));

/** Values of a schema, loosely: refinements are ignored, since the presenter must word any stored value. */
function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return fc.option(arbitraryOf(def.innerType as z.ZodType, depth), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType as z.ZodType, depth), { nil: null, freq: 3 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return arbitraryOf(def.innerType as z.ZodType, depth);
    case 'pipe':
      return arbitraryOf(def.in as z.ZodType, depth);
    case 'lazy':
      return depth > 3 ? fc.constant(undefined) : arbitraryOf((def.getter as () => z.ZodType)(), depth + 1);
    case 'object': {
      const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, k === 'id' || k === 'uuid' ? fc.uuid() : arbitraryOf(v, depth + 1)])));
    }
    case 'array':
      return depth > 4 ? fc.constant([]) : fc.array(arbitraryOf(def.element as z.ZodType, depth + 1), { maxLength: depth === 1 ? 12 : 4 });
    case 'record':
      return fc.dictionary(fc.constantFrom('X-Trace', 'US', 'de', 'key'), arbitraryOf(def.valueType as z.ZodType, depth + 1), { maxKeys: 3 });
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((s) => arbitraryOf(s, depth + 1)));
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((s) => arbitraryOf(s, depth + 1)));
    case 'intersection':
      return fc.tuple(arbitraryOf(def.left as z.ZodType, depth), arbitraryOf(def.right as z.ZodType, depth)).map(([a, b]) => ({ ...(a as object), ...(b as object) }));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'boolean':
      return fc.boolean();
    case 'number':
    case 'int':
      return fc.integer({ min: 0, max: 65535 });
    case 'string':
      return text;
    default:
      return fc.oneof(text, fc.integer(), fc.boolean());
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A changed version of `a` built with `b` (a second document of the same schema): each field kept, replaced or mixed
 * deeper; a list's items kept (some edited with the other's fields but their own id), dropped, moved, or added.
 */
function mix(a: unknown, b: unknown, pick: () => number): unknown {
  if (Array.isArray(a) && Array.isArray(b)) {
    const kept = a.filter(() => pick() > 0.2).map((item, i) => (pick() < 0.3 && b[i] !== undefined ? keepId(item, mix(item, b[i], pick)) : item));
    if (pick() < 0.4 && kept.length > 1) kept.unshift(kept.pop());
    return [...kept, ...b.filter(() => pick() < 0.3)];
  }
  if (isObject(a) && isObject(b)) {
    return Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => [k, pick() < 0.5 ? a[k] : pick() < 0.5 ? b[k] : mix(a[k], b[k], pick)]));
  }
  return pick() < 0.5 ? a : b;
}
const keepId = (item: unknown, mixed: unknown) => (isObject(item) && isObject(mixed) ? { ...mixed, ...(item.id === undefined ? {} : { id: item.id }) } : mixed);

/** Serialized JSON: an object's key, brackets around quoted or nested values, or a stringified object. */
const JSON_TEXT = /\{\s*"|"\s*:\s*["{[\d]|\[\s*["{[]|["}\]]\s*\]|\[object Object\]/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const seeds = new Map(loadSeedDocuments(registry).map((d) => [d.screen?.id, d.forTenant('Demo Corp')]));
const screens = registry.screens.filter(isDocumentScreen) as readonly DocumentScreen[];

describe('the change presenter on every document screen', () => {
  it('covers every policy area and settings page of the registry', () => {
    expect(screens.length).toBeGreaterThan(40);
    expect(screens.filter((s) => s.kind === 'policyArea').length).toBeGreaterThan(20);
  });

  it.each(screens.map((s) => [s.id, s] as const))('%s: generated changes hold no JSON and no id', (_id, screen) => {
    const doc = arbitraryOf(screen.schema);
    const seed = seeds.get(screen.id);
    const options = changeOptionsOf(screen);
    fc.assert(
      fc.property(seed ? fc.oneof(fc.constant(seed as unknown), doc) : doc, doc, fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })), (before, other, stream) => {
        const it = stream[Symbol.iterator]();
        const after = mix(before, other, () => it.next().value as number);
        const text = changesText(describeChanges(screen.schema, before, after, options));
        expect(text).not.toMatch(JSON_TEXT);
        expect(text).not.toMatch(UUID);
      }),
      { numRuns: 25, seed: 28 },
    );
  });

  it('finds the change a mix made (the test would pass on an empty wording otherwise)', () => {
    const screen = screens.find((s) => s.id === 'web.exceptions')!;
    const before = seeds.get('web.exceptions') as { list: { conditions: { domain?: string[] } }[] };
    const after = structuredClone(before);
    after.list[0]!.conditions.domain = [...(after.list[0]!.conditions.domain ?? []), 'payroll.demo-corp.example'];
    expect(changesText(describeChanges(screen.schema, before, after, changeOptionsOf(screen)))).toContain('Domains: + payroll.demo-corp.example');
  });
});
