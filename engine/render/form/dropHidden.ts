/**
 * Values of fields that `showIf` hides are not the user's answer: an optional one is dropped before saving, so a
 * value typed before a switch (e.g. an AWS key id before choosing Azure) does not trip a cross-field rule.
 */
import type { FieldHintMap } from './schemaFields';
import { fieldsOf, isShown } from './schemaFields';
import type { z } from 'zod';

export function dropHidden<V extends Record<string, unknown>>(values: V, schema: z.ZodObject, hints: FieldHintMap | undefined): V {
  const hidden = fieldsOf(schema, hints).filter((f) => !f.required && !isShown(f.hint, values));
  if (hidden.length === 0) return values;
  const copy = structuredClone(values);
  for (const f of hidden) {
    const keys = f.name.split('.');
    const last = keys.pop()!;
    let node: unknown = copy;
    for (const k of keys) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined;
    if (node && typeof node === 'object') delete (node as Record<string, unknown>)[last];
  }
  return copy;
}
