/**
 * Write-only fields (a zod schema node with `.meta({ writeOnly: true })`): the server never sends their stored value
 * back, and a save that does not retype one keeps the stored value. Pure functions over a schema and plain JSON
 * values, so every document screen gets the behaviour from its schema alone.
 */
import { z } from 'zod';

/** What a read shows in place of a stored secret; sending it back unchanged keeps the stored secret. */
export const SECRET_PLACEHOLDER = '********';

/**
 * Object meta naming the fields its secrets belong to (e.g. platform and account): when a save changes one of them,
 * the stored secrets of that object are not kept, and a placeholder for them is unresolved.
 */
export const SECRET_SCOPE_META_KEY = 'x-secret-scope';

interface Def {
  readonly type: string;
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly getter?: () => z.ZodType;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly element?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly discriminator?: string;
  readonly left?: z.ZodType;
  readonly right?: z.ZodType;
  readonly valueType?: z.ZodType;
  readonly values?: readonly unknown[];
}
const defOf = (s: z.ZodType): Def => s.def as unknown as Def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The node below optional/default/pipe/lazy wrappers, whether a level on the way is write-only, and its scope. */
function unwrap(schema: z.ZodType): { node: z.ZodType; writeOnly: boolean; scope: readonly string[] | undefined } {
  let node = schema;
  let writeOnly = false;
  let scope: readonly string[] | undefined;
  for (;;) {
    const meta = z.globalRegistry.get(node);
    if (meta?.writeOnly === true) writeOnly = true;
    const s = meta?.[SECRET_SCOPE_META_KEY];
    if (scope === undefined && Array.isArray(s)) scope = s.map(String);
    const d = defOf(node);
    if (WRAPPERS.has(d.type) && d.innerType) node = d.innerType;
    else if (d.type === 'pipe' && d.in) node = d.in;
    else if (d.type === 'lazy' && d.getter) node = d.getter();
    else return { node, writeOnly, scope };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const secretFree = new WeakMap<z.ZodType, boolean>();
/** Whether no write-only field sits anywhere below this node (memoised: most documents have none). */
function hasSecrets(schema: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  const cached = secretFree.get(schema);
  if (cached !== undefined) return !cached;
  if (seen.has(schema)) return false;
  seen.add(schema);
  const { node, writeOnly } = unwrap(schema);
  const d = defOf(node);
  const children: z.ZodType[] = [
    ...Object.values(d.shape ?? {}),
    ...(d.options ?? []),
    ...[d.element, d.left, d.right, d.valueType].filter((c): c is z.ZodType => c !== undefined),
  ];
  const result = writeOnly || children.some((c) => hasSecrets(c, seen));
  secretFree.set(schema, !result);
  return result;
}

/** The options of a union that can describe this value: the one its discriminator names, else all of them. */
function candidates(d: Def, value: unknown): readonly z.ZodType[] {
  const options = d.options ?? [];
  if (!d.discriminator || !isRecord(value)) return options;
  const tag = value[d.discriminator];
  const matching = options.filter((o) => {
    const shape = defOf(unwrap(o).node).shape;
    const field = shape?.[d.discriminator!];
    return field !== undefined && (defOf(unwrap(field).node).values ?? []).includes(tag);
  });
  return matching.length > 0 ? matching : options;
}

/** The field rows of a list are matched by: `uuid`, else `id`. */
function rowKeyOf(element: z.ZodType): string | undefined {
  const { node } = unwrap(element);
  const d = defOf(node);
  const first = d.options?.[0];
  const shape = first ? defOf(unwrap(first).node).shape : d.shape;
  if (!shape) return undefined;
  return 'uuid' in shape ? 'uuid' : 'id' in shape ? 'id' : undefined;
}

/** Whether the fields an object's secrets belong to have the same values in both. */
const sameScope = (scope: readonly string[] | undefined, a: Record<string, unknown>, b: Record<string, unknown>) =>
  scope === undefined || scope.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

function mask(schema: z.ZodType, value: unknown): unknown {
  if (!hasSecrets(schema)) return value;
  const d = defOf(unwrap(schema).node);
  switch (d.type) {
    case 'object': {
      if (!isRecord(value)) return value;
      const out: Record<string, unknown> = { ...value };
      for (const [key, child] of Object.entries(d.shape ?? {})) {
        if (!(key in out)) continue;
        if (unwrap(child).writeOnly) {
          if (isSet(out[key])) out[key] = SECRET_PLACEHOLDER;
        } else out[key] = mask(child, out[key]);
      }
      return out;
    }
    case 'array':
      return Array.isArray(value) ? value.map((v) => mask(d.element!, v)) : value;
    case 'union':
      return candidates(d, value).reduce((v, option) => mask(option, v), value);
    case 'intersection':
      return mask(d.right!, mask(d.left!, value));
    case 'record':
      return isRecord(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(d.valueType!, v)])) : value;
    default:
      return value;
  }
}

function merge(schema: z.ZodType, incoming: unknown, stored: unknown, path: readonly (string | number)[], unresolved: Set<string>): unknown {
  if (!hasSecrets(schema)) return incoming;
  const { node, scope } = unwrap(schema);
  const d = defOf(node);
  switch (d.type) {
    case 'object': {
      if (!isRecord(incoming)) return incoming;
      const before = isRecord(stored) && sameScope(scope, incoming, stored) ? stored : {};
      const out: Record<string, unknown> = { ...incoming };
      for (const [key, child] of Object.entries(d.shape ?? {})) {
        if (unwrap(child).writeOnly) {
          const kept = out[key] === SECRET_PLACEHOLDER || out[key] === undefined;
          if (!kept) continue;
          if (isSet(before[key])) out[key] = before[key];
          else if (out[key] === SECRET_PLACEHOLDER) unresolved.add([...path, key].join('.'));
        } else if (key in out) out[key] = merge(child, out[key], before[key], [...path, key], unresolved);
      }
      return out;
    }
    case 'array': {
      if (!Array.isArray(incoming)) return incoming;
      const key = rowKeyOf(d.element!);
      const byKey = new Map<unknown, unknown>();
      if (key && Array.isArray(stored)) for (const row of stored) if (isRecord(row)) byKey.set(row[key], row);
      return incoming.map((row, i) => merge(d.element!, row, key && isRecord(row) ? byKey.get(row[key]) : undefined, [...path, i], unresolved));
    }
    case 'union': {
      // A row whose discriminator changed (e.g. AWS to Azure) must retype its secrets.
      const sameKind = !d.discriminator || !isRecord(incoming) || !isRecord(stored) || incoming[d.discriminator] === stored[d.discriminator];
      const before = sameKind ? stored : undefined;
      return candidates(d, incoming).reduce((v, option) => merge(option, v, before, path, unresolved), incoming);
    }
    case 'intersection':
      return merge(d.right!, merge(d.left!, incoming, stored, path, unresolved), stored, path, unresolved);
    case 'record': {
      if (!isRecord(incoming)) return incoming;
      const before = isRecord(stored) ? stored : {};
      return Object.fromEntries(Object.entries(incoming).map(([k, v]) => [k, merge(d.valueType!, v, before[k], [...path, k], unresolved)]));
    }
    default:
      return incoming;
  }
}

/** The document as a read may show it: every stored write-only value replaced by {@link SECRET_PLACEHOLDER}. */
export function maskSecrets<T>(schema: z.ZodType, doc: T): T {
  return mask(schema, doc) as T;
}

export interface MergedSecrets<T> {
  readonly document: T;
  /** Dotted paths of placeholders with no stored value to keep (a new row, or a row that changed platform). */
  readonly unresolved: readonly string[];
}

/**
 * The document to store from a save: each write-only field that was sent as the placeholder, or left out, takes the
 * stored value of the same field, matching list rows by their `uuid` (or `id`). Placeholders with nothing to keep are
 * reported in `unresolved`, so the caller can refuse the save instead of storing the placeholder as a secret.
 */
export function mergeSecrets<T>(schema: z.ZodType, incoming: T, stored: unknown): MergedSecrets<T> {
  const unresolved = new Set<string>();
  const document = merge(schema, incoming, stored, [], unresolved) as T;
  return { document, unresolved: [...unresolved] };
}
