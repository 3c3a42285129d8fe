/**
 * The fields of a document for the auditor docs, read from its JSON Schema: path, type, required, default, limits
 * with the error key the API answers when they are broken, and the shared validators (`x-validators`).
 */
import type { JsonSchema, ValidatorNote } from './jsonSchema';

/** One documented field. `path` uses `[]` for "every element": `list[].destination`. */
export interface FieldRow {
  readonly path: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly type: string;
  readonly required: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
  /** Limits in words, each with its error key: "at most 200 characters (`too_big`)". */
  readonly limits: readonly string[];
  readonly validators: readonly ValidatorNote[];
}

const code = (s: unknown): string => `\`${typeof s === 'string' ? s : JSON.stringify(s)}\``;
/** zod's safe-integer bounds say nothing to a reader. */
const meaningful = (n: unknown): n is number => typeof n === 'number' && Math.abs(n) < Number.MAX_SAFE_INTEGER;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const FORMATS: Record<string, string> = {
  'date-time': 'date-time (ISO 8601, UTC)',
  date: 'date (YYYY-MM-DD)',
  time: 'time',
  email: 'email address',
  uri: 'URL',
  uuid: 'UUID',
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  cidrv4: 'IPv4 CIDR block',
};

function range(min: unknown, max: unknown, unit: string): string | undefined {
  const lo = meaningful(min) ? min : undefined;
  const hi = meaningful(max) ? max : undefined;
  if (lo !== undefined && hi !== undefined) {
    return lo === hi ? `exactly ${plural(hi, unit)} (\`too_small\`, \`too_big\`)` : `${lo} to ${plural(hi, unit)} (\`too_small\`, \`too_big\`)`;
  }
  if (hi !== undefined) return `at most ${plural(hi, unit)} (\`too_big\`)`;
  if (lo !== undefined && lo > 0) return `at least ${plural(lo, unit)} (\`too_small\`)`;
  return undefined;
}

function limitsOf(s: JsonSchema): string[] {
  const out: string[] = [];
  const push = (v: string | undefined) => v && out.push(v);
  push(range(s.minLength, s.maxLength, 'character'));
  push(range(s.minItems, s.maxItems, 'item'));
  const lo = meaningful(s.minimum) ? `from ${s.minimum}` : meaningful(s.exclusiveMinimum) ? `above ${s.exclusiveMinimum}` : '';
  const hi = meaningful(s.maximum) ? `to ${s.maximum}` : meaningful(s.exclusiveMaximum) ? `below ${s.exclusiveMaximum}` : '';
  if (lo && hi) out.push(`${lo} ${hi} (\`too_small\`, \`too_big\`)`);
  else if (lo) out.push(`${lo} (\`too_small\`)`);
  else if (hi) out.push(`${hi.replace(/^to /, 'at most ')} (\`too_big\`)`);
  if (typeof s.multipleOf === 'number') out.push(`a multiple of ${s.multipleOf} (\`not_multiple_of\`)`);
  if (typeof s.format === 'string') out.push(`${FORMATS[s.format] ?? s.format} (\`invalid_format\`)`);
  else if (typeof s.pattern === 'string') out.push(`matches ${code(s.pattern)} (\`invalid_format\`)`);
  if (Array.isArray(s.enum)) out.push(`one of ${s.enum.map(code).join(', ')} (\`invalid_value\`)`);
  if (s.uniqueItems === true) out.push('no duplicates');
  if (s.additionalProperties === false && s.properties) out.push('no other keys (`unrecognized_keys`)');
  return out;
}

function typeText(s: JsonSchema, resolve: (s: JsonSchema) => JsonSchema): string {
  if ('const' in s) return `always ${code(s.const)}`;
  if (Array.isArray(s.enum)) return 'choice';
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return alternatives.map((a) => typeText(resolve(a), resolve)).join(' or ');
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (types.length === 0) return s.properties ? 'object' : 'any';
  return types
    .map((t) => {
      if (t === 'string') return typeof s.format === 'string' ? (FORMATS[s.format] ?? s.format) : 'text';
      if (t === 'array') return s.items ? `list of ${typeText(resolve(s.items as JsonSchema), resolve)}` : 'list';
      if (t === 'object') {
        if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
          return `map of ${typeText(resolve(s.additionalProperties as JsonSchema), resolve)}`;
        }
        return 'object';
      }
      return t;
    })
    .join(' or ');
}

/**
 * Walks a schema depth-first and returns one row per field (objects, lists and their elements' fields included).
 * `resolve` follows `$ref`s.
 */
export function fieldRows(root: JsonSchema, resolve: (s: JsonSchema) => JsonSchema): FieldRow[] {
  const rows: FieldRow[] = [];
  const visit = (node: JsonSchema, path: string, required: boolean, extraLimits: readonly string[]) => {
    const s = resolve(node);
    const alternatives = ((s.anyOf ?? s.oneOf) as JsonSchema[] | undefined)?.map(resolve);
    if (path) {
      rows.push({
        path,
        title: s.title as string | undefined,
        description: s.description as string | undefined,
        type: typeText(s, resolve),
        required,
        hasDefault: 'default' in s,
        defaultValue: s.default,
        limits: [...extraLimits, ...limitsOf(s)],
        validators: (s['x-validators'] as ValidatorNote[] | undefined) ?? [],
      });
    }
    if (alternatives) {
      for (const alt of alternatives) visitChildren(alt, path, variantNote(alt, alternatives));
    } else visitChildren(s, path, []);
  };
  const visitChildren = (s: JsonSchema, path: string, limits: readonly string[]) => {
    const props = s.properties as Record<string, JsonSchema> | undefined;
    if (props) {
      const required = new Set((s.required as string[] | undefined) ?? []);
      for (const [key, child] of Object.entries(props)) visit(child, path ? `${path}.${key}` : key, required.has(key), limits);
    }
    if (s.items && typeof s.items === 'object') visit(s.items as JsonSchema, `${path}[]`, true, limits);
  };
  visit(root, '', true, []);
  return rows;
}

/** For a branch of a union of objects told apart by a constant property: "only when `kind` is `aws`". */
function variantNote(branch: JsonSchema, all: readonly JsonSchema[]): string[] {
  const props = (branch.properties ?? {}) as Record<string, JsonSchema>;
  for (const [key, p] of Object.entries(props)) {
    if ('const' in p && all.every((b) => 'const' in (((b.properties ?? {}) as Record<string, JsonSchema>)[key] ?? {}))) {
      return [`only when ${code(key)} is ${code(p.const)}`];
    }
  }
  return [];
}
