/**
 * Fields of schemas by path, as the registry checks references and the collection views build forms: plain functions
 * over zod's public API, so that a view importing them takes nothing else of the registry.
 */
import { z } from 'zod';
import type { OperationDef } from './define';

/** The field at a dotted path of a schema (array elements as numbers), looking through optional and default wrappers. */
export function fieldAt(schema: z.ZodType, path: string): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const segment of path.split('.')) {
    current = unwrap(current!);
    if (current instanceof z.ZodObject) current = current.shape[segment] as z.ZodType | undefined;
    else if (current instanceof z.ZodArray && /^\d+$/.test(segment)) current = current.element as z.ZodType;
    else return undefined;
    if (!current) return undefined;
  }
  return current;
}

/** The schema inside optional, nullable, default and pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let inner = innerOf(current); inner; inner = innerOf(current)) current = inner;
  return current;
}
const innerOf = (schema: z.ZodType): z.ZodType | undefined => {
  const def = schema.def as { innerType?: z.ZodType; in?: z.ZodType; type: string };
  return def.type === 'pipe' ? def.in : def.innerType;
};

/** The object schema of an operation's body, when it takes an object. */
export const bodyObjectOf = (op: OperationDef): z.ZodObject | undefined => {
  const body = op.body && unwrap(op.body);
  return body instanceof z.ZodObject ? body : undefined;
};

/** The fields of a form that sends to `op`: its path parameters, then its body's fields. */
export function formSchemaOf(op: OperationDef): z.ZodObject {
  return z.strictObject({ ...(op.params?.shape ?? {}), ...(bodyObjectOf(op)?.shape ?? {}) });
}
