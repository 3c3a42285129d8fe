/**
 * Which rows and fields differ between two versions of a document, for the save bar's count of unsaved changes. Rows
 * of a table layout are matched by their key; other fields are compared leaf by leaf. The words for people come from
 * the change presenter (core/changes.ts).
 */

export type Doc = Readonly<Record<string, unknown>>;

/** One field's value before and after, under its label. */
export interface FieldChange {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

export type DiffEntry =
  | { readonly kind: 'rowAdded' | 'rowRemoved'; readonly row: string }
  | { readonly kind: 'rowChanged'; readonly row: string; readonly fields: readonly FieldChange[] }
  | { readonly kind: 'rowsReordered' }
  | { readonly kind: 'fieldChanged'; readonly field: string; readonly before: unknown; readonly after: unknown };

export interface DiffOptions {
  /** The table layout's array field and row key; the label of a row comes from `rowLabel`. */
  readonly rows?: { readonly field: string; readonly key: string; readonly rowLabel: (row: Doc) => string };
  /** Display name of a dotted field path (schema title); the path itself when absent. */
  readonly fieldLabel?: (path: string) => string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isPlainObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

function leaves(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
  return out;
}

function diffRows(before: readonly Doc[], after: readonly Doc[], opts: NonNullable<DiffOptions['rows']>, label: (p: string) => string): DiffEntry[] {
  const keyOf = (r: Doc) => String(r[opts.key]);
  const old = new Map(before.map((r) => [keyOf(r), r]));
  const next = new Map(after.map((r) => [keyOf(r), r]));
  const out: DiffEntry[] = [];
  for (const r of after) if (!old.has(keyOf(r))) out.push({ kind: 'rowAdded', row: opts.rowLabel(r) });
  for (const r of before) if (!next.has(keyOf(r))) out.push({ kind: 'rowRemoved', row: opts.rowLabel(r) });
  for (const r of after) {
    const o = old.get(keyOf(r));
    if (!o) continue;
    const fields = [...new Set([...Object.keys(o), ...Object.keys(r)])].filter((f) => !same(o[f], r[f]));
    if (fields.length) out.push({ kind: 'rowChanged', row: opts.rowLabel(r), fields: fields.map((f) => ({ field: label(f), before: o[f], after: r[f] })) });
  }
  const common = (rows: readonly Doc[], other: Map<string, Doc>) => rows.map(keyOf).filter((k) => other.has(k));
  if (!same(common(before, next), common(after, old))) out.push({ kind: 'rowsReordered' });
  return out;
}

/** The differences from `before` to `after`. */
export function diffDocuments(before: Doc, after: Doc, opts: DiffOptions = {}): DiffEntry[] {
  const label = opts.fieldLabel ?? ((p: string) => p);
  const out: DiffEntry[] = [];
  const rest = (d: Doc) => (opts.rows ? Object.fromEntries(Object.entries(d).filter(([k]) => k !== opts.rows!.field)) : d);
  if (opts.rows) {
    const asRows = (v: unknown) => (Array.isArray(v) ? (v as Doc[]) : []);
    out.push(...diffRows(asRows(before[opts.rows.field]), asRows(after[opts.rows.field]), opts.rows, label));
  }
  const a = leaves(rest(before), '', new Map());
  const b = leaves(rest(after), '', new Map());
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    if (!same(a.get(path), b.get(path))) out.push({ kind: 'fieldChanged', field: label(path), before: a.get(path), after: b.get(path) });
  }
  return out;
}
