/**
 * What changed between two versions of a document, in an administrator's words: one presenter for the publish review,
 * the revision history, the audit log and the conflict dialog (and, through `changesText`, the command line).
 *
 * The schema gives the labels (`.meta({ title })`), the enumerations' labels (`x-labels`) and the shape to walk; a
 * lookup gives names of referenced ids. Nested objects become field-level changes, lists of values are compared as
 * sets ("Domains: + a.example"), lists of rows are matched by their key (added, removed, changed in place, moved), and
 * a long list of changes is one count with its items below. A value is never shown as JSON and an id the lookup cannot
 * name is never shown at all. Pure: no React, no DOM, no runtime zod.
 */
import type { z } from 'zod';

/** How one item moved in its list, positions counted from 1. */
export interface Move {
  readonly name: string;
  readonly from: number;
  readonly to: number;
}

export type Change =
  /** A single value: "Action: Allow → Block" (an empty side is ''). */
  | { readonly kind: 'value'; readonly label: string; readonly before: string; readonly after: string }
  /** Values or rows added to and removed from a list: "Domains: + a.example". */
  | { readonly kind: 'items'; readonly label: string; readonly added: readonly string[]; readonly removed: readonly string[] }
  /** Items of a list that moved: "Rules: 'Block games' moved from 3 to 1". */
  | { readonly kind: 'moved'; readonly label: string; readonly moves: readonly Move[] }
  /** A row of a list changed in place: its name and its own changes (an object's, with no name). */
  | { readonly kind: 'entry'; readonly label: string; readonly name: string; readonly changes: readonly Change[] };

export interface ChangeOptions {
  /**
   * The name of a referenced id (a profile, a group, a user, ...), by the field's dotted path without list positions
   * (`list.profile_id`) and the value; undefined when it is not known.
   */
  readonly nameOf?: (path: string, value: string) => string | undefined;
  /** A label for a dotted path that replaces the schema's title (a definition's field hint). */
  readonly labelOf?: (path: string) => string | undefined;
  /** The key of a list's rows by its dotted path (a table's row key); other lists of objects use id, uuid or key. */
  readonly rowKeys?: Readonly<Record<string, string>>;
  /** The field that names a list's rows by its dotted path (a table's first column); otherwise name, title or label. */
  readonly rowNames?: Readonly<Record<string, string>>;
  /** Paths left out: fields the screens never show (bookkeeping such as the last edit's reordering events). */
  readonly skip?: (path: string) => boolean;
}

/**
 * What a screen tells the presenter, as plain data (the command line receives it generated): its tables' row keys
 * and row names, labels by path, hidden paths, and for a table screen the lists it shows (its other top-level fields
 * are bookkeeping, left out).
 */
export interface ChangeData {
  readonly rowKeys: Readonly<Record<string, string>>;
  readonly rowNames: Readonly<Record<string, string>>;
  readonly labels: Readonly<Record<string, string>>;
  readonly hidden: readonly string[];
  readonly tables: readonly string[];
}

/** The presenter's options from a screen's data, with names of referenced ids from `nameOf`. */
export function changeOptionsFrom(data: ChangeData, nameOf?: ChangeOptions['nameOf']): ChangeOptions {
  const hidden = new Set(data.hidden);
  const shown = new Set(data.tables);
  return {
    rowKeys: data.rowKeys,
    rowNames: data.rowNames,
    labelOf: (path) => data.labels[path],
    ...(nameOf ? { nameOf } : {}),
    skip: (path) => hidden.has(path) || (shown.size > 0 && !path.includes('.') && !shown.has(path)),
  };
}

/** More items than this in one change are shown as a count, with the items behind an expand. */
export const LONG_LIST = 8;

/** Text values longer than this show their start and their length. */
export const LONG_TEXT = 200;

/** Words for an empty side, and for an id nothing names. */
export const NONE = '(none)';
export const UNNAMED = 'an unnamed entry';

type Any = z.ZodType;
type Def = { type: string; [k: string]: unknown };
const defOf = (s: Any | undefined): Def | undefined => (s ? (s as unknown as { def: Def }).def : undefined);
const metaOf = (s: Any | undefined): Record<string, unknown> | undefined => (s && typeof s.meta === 'function' ? (s.meta() as Record<string, unknown> | undefined) : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const UUID_ONLY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sorted-key JSON, for comparing values only (never shown). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .filter((k) => v[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}
const same = (a: unknown, b: unknown) => (isEmpty(a) && isEmpty(b)) || canonical(a) === canonical(b);

interface Node {
  /** The schema with optional / default / nullable / pipe / lazy wrappers removed. */
  readonly schema: Any | undefined;
  readonly title: string | undefined;
  readonly labels: Readonly<Record<string, string>> | undefined;
}

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'nonoptional', 'catch']);

function node(schema: Any | undefined): Node {
  let current = schema;
  let title: string | undefined;
  let labels: Record<string, string> | undefined;
  for (let i = 0; current && i < 20; i++) {
    const meta = metaOf(current);
    if (typeof meta?.title === 'string') title ??= meta.title;
    const l = meta?.['x-labels'] ?? meta?.['x-enum-labels'];
    if (isObject(l)) labels ??= l as Record<string, string>;
    const def = defOf(current)!;
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType as Any;
    else if (def.type === 'pipe' && def.in) current = (defOf(def.in as Any)?.type === 'transform' ? def.out : def.in) as Any;
    else if (def.type === 'lazy' && typeof def.getter === 'function') current = (def.getter as () => Any)();
    else break;
  }
  return { schema: current, title, labels };
}

const kind = (n: Node) => defOf(n.schema)?.type;

/** The object shape of a node: an object's, an intersection's, or the union option that fits the value. */
function shapeOf(n: Node, value: unknown): Record<string, Any> | undefined {
  const def = defOf(n.schema);
  if (!def) return undefined;
  if (def.type === 'object') return (n.schema as unknown as { shape: Record<string, Any> }).shape;
  if (def.type === 'intersection') return { ...shapeOf(node(def.left as Any), value), ...shapeOf(node(def.right as Any), value) };
  if (def.type === 'union') {
    const options = (def.options as Any[]).map(node);
    const disc = typeof def.discriminator === 'string' ? def.discriminator : undefined;
    const fits = options.find((o) => {
      const shape = kind(o) === 'object' ? shapeOf(o, value) : undefined;
      if (!shape || !isObject(value)) return false;
      if (disc) return shape[disc] !== undefined && (shape[disc] as Any).safeParse(value[disc]).success;
      return (o.schema as Any).safeParse(value).success;
    });
    const objects = options.filter((o) => kind(o) === 'object');
    if (fits) return shapeOf(fits, value);
    return objects.length ? Object.assign({}, ...objects.map((o) => shapeOf(o, value))) : undefined;
  }
  return undefined;
}

/** The element schema of a list, or the value schema of a record. */
function childOf(n: Node, key: string | undefined, value: unknown): Node {
  const def = defOf(n.schema);
  if (def?.type === 'array') return node(def.element as Any);
  if (def?.type === 'record') return node(def.valueType as Any);
  if (def?.type === 'tuple') return node((def.items as Any[])[Number(key)] ?? (def.rest as Any | undefined));
  const shape = shapeOf(n, value);
  return node(key === undefined ? undefined : shape?.[key]);
}

const humanize = (key: string) =>
  key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .replace(/^./, (c) => c.toUpperCase());

/** A path as the options name it: dotted, without list positions. */
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

class Presenter {
  constructor(private readonly opts: ChangeOptions) {}

  private label(n: Node, key: string, path: string): string {
    return this.opts.labelOf?.(path) ?? n.title ?? humanize(key);
  }

  /** One value as text: labels of enumerations, names of ids, on / off, objects as their values in words. */
  text(n: Node, v: unknown, path: string): string {
    if (v === undefined || v === null || v === '') return '';
    if (typeof v === 'boolean') return n.labels?.[String(v)] ?? (v ? 'On' : 'Off');
    if (typeof v === 'number' || typeof v === 'bigint') return n.labels?.[String(v)] ?? String(v);
    if (typeof v === 'string') {
      const labelled = n.labels?.[v] ?? this.opts.nameOf?.(path, v);
      if (labelled !== undefined) return labelled;
      if (UUID_ONLY.test(v)) return UNNAMED;
      const text = v.replace(UUID, UNNAMED);
      // A certificate or a script changed is named by its start and length, not printed whole.
      return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 40).trimEnd()}… (${text.length} characters)` : text;
    }
    if (Array.isArray(v)) {
      const element = childOf(n, undefined, v);
      return v.map((x) => this.text(element, x, path)).filter(Boolean).join(', ');
    }
    if (isObject(v)) return this.summary(n, v, path);
    return String(v);
  }

  /** An object as one line: its values in words, in the schema's order ("contains /payroll/", "Group Finance"). */
  summary(n: Node, row: Record<string, unknown>, path: string): string {
    const shape = shapeOf(n, row);
    const keys = [...new Set([...Object.keys(shape ?? {}), ...Object.keys(row)])].filter((k) => !isEmpty(row[k]) && !this.isKey(k, row[k], path));
    const record = kind(n) === 'record' || (!shape && keys.length > 0);
    let labelled = false;
    const parts = keys.map((k) => {
      const child = childOf(n, k, row);
      const text = this.text(child, row[k], join(path, k));
      if (typeof row[k] === 'boolean') return row[k] ? this.label(child, k, join(path, k)) : '';
      if (!(record || isObject(row[k]) || Array.isArray(row[k]))) return text;
      labelled = true;
      return `${this.label(child, k, join(path, k))}: ${text}`;
    });
    // Plain values read as a phrase ("Contains /payroll/"); labelled ones as a list.
    return parts.filter(Boolean).join(labelled ? '; ' : ' ');
  }

  /** Whether a field is a row's technical key (never shown). */
  private isKey(k: string, v: unknown, path: string): boolean {
    return k === this.opts.rowKeys?.[path] || (['id', 'uuid', 'key'].includes(k) && typeof v === 'string');
  }

  /** The key field of a list's rows, when every row of both versions has one of text or number and no two share it. */
  private keyOf(xs: readonly unknown[], ys: readonly unknown[], path: string): string | undefined {
    if (![...xs, ...ys].every(isObject) || xs.length + ys.length === 0) return undefined;
    const unique = (rows: readonly unknown[], k: string) => {
      const values = rows.map((r) => (r as Record<string, unknown>)[k]);
      return values.every((v) => typeof v === 'string' || typeof v === 'number') && new Set(values).size === values.length;
    };
    const candidates = [this.opts.rowKeys?.[path], 'id', 'uuid', 'key'].filter((k): k is string => k !== undefined);
    return candidates.find((k) => unique(xs, k) && unique(ys, k));
  }

  /** A row's name: the table's first column, else its name, title or label, else its values in words. */
  private rowName(n: Node, row: unknown, path: string, position: number): string {
    if (!isObject(row)) return this.text(n, row, path) || `Entry ${position}`;
    const field = [this.opts.rowNames?.[path], 'name', 'title', 'label', 'description'].find((k) => k !== undefined && typeof row[k] === 'string' && row[k] !== '');
    const text = field ? this.text(childOf(n, field, row), row[field], join(path, field)) : this.summary(n, row, path);
    return text || `Entry ${position}`;
  }

  /** The changes from `a` to `b` at `path`, labelled `label`. */
  walk(n: Node, a: unknown, b: unknown, key: string, path: string, out: Change[]): void {
    if (same(a, b) || (path && this.opts.skip?.(path))) return;
    const label = this.label(n, key, path);
    if (Array.isArray(a) || Array.isArray(b)) return this.list(n, Array.isArray(a) ? a : [], Array.isArray(b) ? b : [], label, path, out);
    if ((isObject(a) || isObject(b)) && (isObject(a) || isEmpty(a)) && (isObject(b) || isEmpty(b))) {
      const x = isObject(a) ? a : {};
      const y = isObject(b) ? b : {};
      const shape = { ...shapeOf(n, x), ...shapeOf(n, y) };
      const keys = [...new Set([...Object.keys(shape), ...Object.keys(x), ...Object.keys(y)])];
      const record = kind(n) === 'record';
      for (const k of keys) {
        const child = childOf(n, k, isObject(b) ? b : a);
        // A record's keys are data (a header name, a country): they stand beside the record's own label.
        const childNode = record ? { ...child, title: `${label}: ${k}` } : child;
        this.walk(childNode, x[k], y[k], k, join(path, k), out);
      }
      return;
    }
    out.push({ kind: 'value', label, before: this.text(n, a, path), after: this.text(n, b, path) });
  }

  private list(n: Node, xs: readonly unknown[], ys: readonly unknown[], label: string, path: string, out: Change[]): void {
    const element = childOf(n, undefined, [...xs, ...ys][0]);
    const rowKey = this.keyOf(xs, ys, path);
    const keyed = rowKey !== undefined;
    // Rows with a key are one entry per key; other items are the same item when equal.
    const idOf = keyed ? (r: unknown) => String((r as Record<string, unknown>)[rowKey]) : canonical;
    const occurrence = (items: readonly unknown[]) => {
      const seen = new Map<string, number>();
      return items.map((item) => {
        const id = idOf(item);
        const nth = (seen.get(id) ?? 0) + 1;
        seen.set(id, nth);
        return `${id}#${nth}`;
      });
    };
    const xIds = occurrence(xs);
    const yIds = occurrence(ys);
    const was = new Map(xIds.map((id, i) => [id, i]));
    const now = new Map(yIds.map((id, i) => [id, i]));
    // A row is known by its name; an item without a key by all its values ("Group Payroll", "Contains /pay/").
    const name = (item: unknown, i: number) => (keyed ? this.rowName(element, item, path, i + 1) : this.text(element, item, path) || `Entry ${i + 1}`);
    const added = ys.flatMap((item, i) => (was.has(yIds[i]!) ? [] : [name(item, i)]));
    const removed = xs.flatMap((item, i) => (now.has(xIds[i]!) ? [] : [name(item, i)]));
    if (added.length || removed.length) out.push({ kind: 'items', label, added, removed });

    if (keyed) {
      ys.forEach((row, i) => {
        const j = was.get(yIds[i]!);
        if (j === undefined) return;
        const inner: Change[] = [];
        this.walk(element, xs[j], row, '', path, inner);
        if (inner.length) out.push({ kind: 'entry', label, name: name(row, i), changes: inner });
      });
    }

    const moves = movesOf(xIds, yIds).map(({ from, to }) => ({ name: name(ys[to]!, to), from: from + 1, to: to + 1 }));
    if (moves.length) out.push({ kind: 'moved', label, moves });
  }
}

/**
 * The items that moved: of those in both lists, the fewest whose moving explains the new order (the rest keep their
 * relative order: a longest increasing run of old positions), each with its position before and after.
 */
function movesOf(before: readonly string[], after: readonly string[]): { id: string; from: number; to: number }[] {
  const was = new Map(before.map((id, i) => [id, i]));
  const common = after.map((id, to) => ({ id, to, from: was.get(id) })).filter((c): c is { id: string; to: number; from: number } => c.from !== undefined);
  // Longest increasing subsequence of `from`, by patience sorting.
  const tails: number[] = [];
  const prev: number[] = new Array<number>(common.length).fill(-1);
  common.forEach((c, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (common[tails[mid]!]!.from < c.from) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  });
  const staying = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = prev[i]!) staying.add(i);
  return common.filter((_, i) => !staying.has(i));
}

/**
 * The changes from `before` to `after`, labelled by `schema` (a zod schema of the document; without one, labels come
 * from the field names). Returns an empty list when nothing differs.
 */
export function describeChanges(schema: z.ZodType | undefined, before: unknown, after: unknown, options: ChangeOptions = {}): Change[] {
  const out: Change[] = [];
  new Presenter(options).walk(node(schema), before, after, '', '', out);
  return out;
}

/** One changed field as words already (an audit event's `changes`): where, and its value before and after. */
export interface FieldLine {
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

/** A field path as audit events wrote it (`list[Block games].action (added)`) in words: “Block games” › Action. */
function pathWords(field: string): string {
  return field
    .replace(/ \((added|removed|order)\)$/, '')
    .split('.')
    .map((part) => {
      const [, key, row] = /^([^[]*)(?:\[(.*)\])?$/.exec(part) ?? [part, part];
      const words = [key ? humanize(key) : '', row === undefined ? '' : UUID_ONLY.test(row) ? UNNAMED : `“${row}”`].filter(Boolean);
      return words.join(' ');
    })
    .join(' › ')
    .replace(UUID, UNNAMED);
}

const parsed = (text: string): unknown => {
  if (!/^[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Changes stored as lines of text (role and user changes; saves logged before saves kept their fields) as changes:
 * a value that was kept as JSON is worded field by field, ids are never shown.
 */
export function fromFieldLines(lines: readonly FieldLine[]): Change[] {
  const presenter = new Presenter({});
  return lines.map((line): Change => {
    const label = pathWords(line.field);
    const what = / \((added|removed|order)\)$/.exec(line.field)?.[1];
    const a = parsed(line.before);
    const b = parsed(line.after);
    if (what === 'order') return { kind: 'value', label: `${label}: order`, before: line.before.replace(UUID, UNNAMED), after: line.after.replace(UUID, UNNAMED) };
    if ((what === 'added' || what === 'removed') && (isObject(a) || isObject(b))) {
      const row = (isObject(b) ? b : a) as Record<string, unknown>;
      const text = presenter.summary(node(undefined), row, '');
      return { kind: 'items', label, added: what === 'added' ? [text] : [], removed: what === 'removed' ? [text] : [] };
    }
    if (a !== undefined || b !== undefined) {
      const inner: Change[] = [];
      presenter.walk(node(undefined), a ?? (line.before || undefined), b ?? (line.after || undefined), '', '', inner);
      return { kind: 'entry', label, name: '', changes: inner };
    }
    return { kind: 'value', label, before: presenter.text(node(undefined), line.before, ''), after: presenter.text(node(undefined), line.after, '') };
  });
}

/**
 * One value in words, as the changes show values: enumeration labels, names of ids, lists joined, objects as their
 * fields (a row's expanded details). `path` names the value for `options.nameOf`.
 */
export function describeValue(schema: z.ZodType | undefined, value: unknown, options: ChangeOptions = {}, path = ''): string {
  return new Presenter(options).text(node(schema), value, path);
}

/** How many things a list of changes changes: a value, an item added, removed or moved, each counts one. */
export function countChanges(changes: readonly Change[]): number {
  return changes.reduce(
    (n, c) => n + (c.kind === 'value' ? 1 : c.kind === 'items' ? c.added.length + c.removed.length : c.kind === 'moved' ? c.moves.length : countChanges(c.changes)),
    0,
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const quoted = (name: string) => `“${name}”`;

/** The headline of an `items` change: its items when few, else their count ("3 added, 12 removed"). */
export function itemsLine(c: Extract<Change, { kind: 'items' }>): string {
  if (c.added.length + c.removed.length > LONG_LIST) {
    return [c.added.length ? `${c.added.length} added` : '', c.removed.length ? `${c.removed.length} removed` : ''].filter(Boolean).join(', ');
  }
  return [...c.added.map((x) => `+ ${x}`), ...c.removed.map((x) => `− ${x}`)].join(', ');
}

/** One move in words: “Block games” moved from 3 to 1. */
export const moveLine = (m: Move): string => `${quoted(m.name)} moved from ${m.from} to ${m.to}`;

/** The headline of a `moved` change: the moves when few, else their count. */
export const movesLine = (c: Extract<Change, { kind: 'moved' }>): string =>
  c.moves.length > LONG_LIST ? `${plural(c.moves.length, 'entry', 'entries')} moved` : c.moves.map(moveLine).join('; ');

/** The headline of a `value` change: before → after, an empty side as "(none)". */
export const valueLine = (c: Extract<Change, { kind: 'value' }>): string => `${c.before || NONE} → ${c.after || NONE}`;

const prefix = (label: string, text: string) => (label ? `${label}: ${text}` : text);

/** The headline of an `entry` change: the list's label and the row's name. */
export const entryLine = (c: Extract<Change, { kind: 'entry' }>): string => (c.name ? prefix(c.label, quoted(c.name)) : c.label);

/**
 * The changes as lines of plain text, the words the screens show: one line per change, a row's own changes and the
 * items of a long list indented by two spaces under it.
 */
export function changeLines(changes: readonly Change[], indent = ''): string[] {
  return changes.flatMap((c) => {
    switch (c.kind) {
      case 'value':
        return [`${indent}${prefix(c.label, valueLine(c))}`];
      case 'items':
        return [
          `${indent}${prefix(c.label, itemsLine(c))}`,
          ...(c.added.length + c.removed.length > LONG_LIST ? [...c.added.map((x) => `${indent}  + ${x}`), ...c.removed.map((x) => `${indent}  − ${x}`)] : []),
        ];
      case 'moved':
        return [`${indent}${prefix(c.label, movesLine(c))}`, ...(c.moves.length > LONG_LIST ? c.moves.map((m) => `${indent}  ${moveLine(m)}`) : [])];
      case 'entry':
        return [`${indent}${entryLine(c)}`, ...changeLines(c.changes, `${indent}  `)];
    }
  });
}

/** The changes as one plain text, lines joined with newlines (empty when nothing changed). */
export const changesText = (changes: readonly Change[]): string => changeLines(changes).join('\n');
