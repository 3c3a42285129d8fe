/** JSON Schema → TypeScript type text, for the generated client. Covers what zod's JSON Schema output uses. */
import { COMPONENT_PREFIX, type JsonSchema } from './jsonSchema';
import { isIdentifier } from './names';

const INDENT = '  ';

const literal = (v: unknown): string => JSON.stringify(v);

/** Whether a type text is a union or intersection at its top level (outside brackets and string literals). */
function isCompound(t: string): boolean {
  let depth = 0;
  let quote = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === '"') quote = false;
    } else if (c === '"') quote = true;
    else if ('{([<'.includes(c)) depth++;
    else if ('})]>'.includes(c)) depth--;
    else if (depth === 0 && (c === '|' || c === '&')) return true;
  }
  return false;
}

/** Wraps a union or intersection so it can take `[]` or join an intersection. */
const atom = (t: string): string => (isCompound(t) ? `(${t})` : t);

const union = (types: string[]): string => {
  const unique = [...new Set(types)];
  return unique.includes('unknown') ? 'unknown' : unique.join(' | ') || 'never';
};

/** A one-line TSDoc comment from `title` and `description`, or nothing. */
export function docComment(schema: JsonSchema, indent: string): string {
  const parts = [schema.title, schema.description].filter((p): p is string => typeof p === 'string' && p.length > 0);
  if (parts.length === 0) return '';
  const text = [...new Set(parts)].join(': ').replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ');
  return `${indent}/** ${text} */\n`;
}

export const propertyKey = (name: string): string => (isIdentifier(name) ? name : literal(name));

function objectType(schema: JsonSchema, indent: string): string {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const inner = indent + INDENT;
  const lines = Object.entries(props).map(
    ([name, s]) => `${docComment(s, inner)}${inner}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${tsType(s, inner)};\n`,
  );
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) {
    const value = extra === true ? 'unknown' : tsType(extra as JsonSchema, inner);
    // An index signature must admit every declared property's type too.
    const all = lines.length ? 'unknown' : value;
    lines.push(`${inner}[key: string]: ${all};\n`);
  }
  return lines.length ? `{\n${lines.join('')}${indent}}` : 'Record<string, never>';
}

function singleType(type: string, schema: JsonSchema, indent: string): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      if (Array.isArray(schema.prefixItems)) {
        const items = (schema.prefixItems as JsonSchema[]).map((s) => tsType(s, indent));
        return `[${items.join(', ')}]`;
      }
      return `${atom(schema.items ? tsType(schema.items as JsonSchema, indent) : 'unknown')}[]`;
    }
    case 'object':
      return objectType(schema, indent);
    default:
      return 'unknown';
  }
}

/**
 * The TypeScript type of a schema. `$ref`s to components become the component's type name; anything the converter
 * cannot express precisely becomes `unknown` (never a wrong type).
 */
export function tsType(schema: JsonSchema | boolean, indent = ''): string {
  if (schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (typeof schema.$ref === 'string') {
    return schema.$ref.startsWith(COMPONENT_PREFIX) ? schema.$ref.slice(COMPONENT_PREFIX.length) : 'unknown';
  }
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return union((schema.enum as unknown[]).map(literal));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return union(alternatives.map((s) => tsType(s, indent)));
  if (Array.isArray(schema.allOf)) {
    return (schema.allOf as JsonSchema[]).map((s) => atom(tsType(s, indent))).join(' & ');
  }
  const type = schema.type;
  if (Array.isArray(type)) return union((type as string[]).map((t) => singleType(t, schema, indent)));
  if (typeof type === 'string') return singleType(type, schema, indent);
  if (schema.properties) return objectType(schema, indent);
  return 'unknown';
}

/** A named declaration: an interface for a plain object, a type alias otherwise. */
export function declaration(name: string, schema: JsonSchema): string {
  const doc = docComment(schema, '');
  const isPlainObject = schema.type === 'object' && !schema.anyOf && !schema.oneOf && !schema.allOf && !schema.$ref;
  const body = tsType(schema);
  return isPlainObject && body.startsWith('{')
    ? `${doc}export interface ${name} ${body}\n`
    : `${doc}export type ${name} = ${body};\n`;
}
