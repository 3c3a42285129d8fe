/**
 * Makes a server's JSON Schema renderable by rjsf without changing what it accepts. rjsf picks a field by `type`, so
 * a schema without one (an `enum`, a `const`, an `anyOf` / `oneOf` of constants, an object known only by its
 * `properties`) gets the type its values imply; a nullable `anyOf [X, null]` is shown as X; and lists of free strings
 * are edited as chips (`uiSchema`).
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

type Schema = RJSFSchema;

const typeOfValues = (values: readonly unknown[]): Schema['type'] | undefined => {
  if (values.length === 0) return undefined;
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  if (values.every((v) => Number.isInteger(v))) return 'integer';
  if (values.every((v) => typeof v === 'number')) return 'number';
  return undefined;
};

const isSchema = (s: unknown): s is Schema => !!s && typeof s === 'object' && !Array.isArray(s);
const constOf = (s: unknown): { value: unknown } | undefined =>
  isSchema(s) && 'const' in s ? { value: s.const } : isSchema(s) && Array.isArray(s.enum) && s.enum.length === 1 ? { value: s.enum[0] } : undefined;

/** The type a schema without one implies, or undefined. */
function impliedType(s: Schema): Schema['type'] | undefined {
  if ('const' in s) return typeOfValues([s.const]);
  if (Array.isArray(s.enum)) return typeOfValues(s.enum);
  const options = s.anyOf ?? s.oneOf;
  if (Array.isArray(options)) {
    const consts = options.map(constOf);
    if (consts.every((c) => c !== undefined)) return typeOfValues(consts.map((c) => c!.value));
  }
  if (isSchema(s.properties) || isSchema(s.additionalProperties)) return 'object';
  if (s.items !== undefined) return 'array';
  return undefined;
}

/** The schema with types filled in and nullable unions collapsed, recursively. */
export function normalizeSchema(schema: Schema): Schema {
  const walk = (s: Schema): Schema => {
    let out: Schema = { ...s };
    const options = out.anyOf ?? out.oneOf;
    if (Array.isArray(options) && options.length === 2 && out.type === undefined) {
      const other = options.find((o) => !(isSchema(o) && o.type === 'null'));
      if (other !== undefined && options.some((o) => isSchema(o) && o.type === 'null') && isSchema(other)) {
        const { anyOf: _a, oneOf: _o, ...rest } = out;
        out = { ...other, ...rest };
      }
    }
    if (out.type === undefined) {
      const type = impliedType(out);
      if (type !== undefined) out.type = type;
    }
    if (isSchema(out.properties)) {
      out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, isSchema(v) ? walk(v) : v]));
    }
    if (isSchema(out.items)) out.items = walk(out.items);
    if (isSchema(out.additionalProperties)) out.additionalProperties = walk(out.additionalProperties);
    if (Array.isArray(out.anyOf)) out.anyOf = out.anyOf.map((o) => (isSchema(o) ? walk(o) : o));
    if (Array.isArray(out.oneOf)) out.oneOf = out.oneOf.map((o) => (isSchema(o) ? walk(o) : o));
    for (const key of ['definitions', '$defs'] as const) {
      const defs = out[key];
      if (isSchema(defs)) out[key] = Object.fromEntries(Object.entries(defs).map(([k, v]) => [k, isSchema(v) ? walk(v) : v]));
    }
    return out;
  };
  return walk(schema);
}

/** Whether a schema is a free string: no choices to pick from. */
const isFreeString = (s: unknown) => isSchema(s) && s.type === 'string' && !Array.isArray(s.enum) && !s.anyOf && !s.oneOf && !('const' in s);

/** ui:widget `tags` for every list of free strings (top level and nested objects). */
export function uiSchemaFor(schema: Schema): UiSchema {
  if (schema.type === 'array' && isFreeString(schema.items)) return { 'ui:widget': 'tags' };
  if (!isSchema(schema.properties)) return {};
  const entries = Object.entries(schema.properties)
    .map(([k, v]) => [k, isSchema(v) ? uiSchemaFor(v) : {}] as const)
    .filter(([, v]) => Object.keys(v).length > 0);
  return Object.fromEntries(entries);
}
