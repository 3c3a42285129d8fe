/**
 * Reads a zod object schema into the list of fields a form shows: dotted name, label, widget kind, options,
 * whether it is required, plus the definition's field hints. Pure functions, no React.
 */
import { z } from 'zod';
import type { FieldHint, WidgetKind } from '../../../definitions/define';
import { labelsOf } from '../../../schemas/enums';

export interface SelectOption {
  readonly value: string;
  readonly label: string;
  /** A line shown under the choice where the widget has room (a dual list, suggestions). */
  readonly description?: string;
}

/** Lists longer than this are read alphabetically; shorter ones keep the order they are declared in. */
export const ORDERED_CHOICES_MAX = 12;
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Choices in the order an administrator looks for them: a long list (countries, categories, users) sorted by its
 * labels, a short one as declared (Allow, Isolate, Block; low to high; Monday to Sunday).
 */
export function inReadingOrder<T extends SelectOption>(options: readonly T[]): T[] {
  return options.length > ORDERED_CHOICES_MAX ? [...options].sort((a, b) => collator.compare(a.label, b.label)) : [...options];
}

export interface FieldSpec {
  /** Dotted path into the form values, e.g. `proxy.port`. */
  readonly name: string;
  readonly label: string;
  readonly description: string | undefined;
  readonly widget: string;
  readonly options: readonly SelectOption[];
  /** Neither optional nor defaulted. */
  readonly required: boolean;
  /** Optional, and no default fills it in (or the default is empty): a select offers clearing. */
  readonly clearable: boolean;
  /** Words for special values of a scalar field (`withValueLabels`, e.g. 0 → "No limit"), keyed by the value as text. */
  readonly valueLabels: Readonly<Record<string, string>> | undefined;
  readonly hint: FieldHint;
  /** The field's schema with its wrappers removed. */
  readonly schema: z.ZodType;
}

export type FieldHintMap = Readonly<Partial<Record<string, FieldHint>>>;

interface Unwrapped {
  readonly inner: z.ZodType;
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly required: boolean;
  /** A default (or prefault) fills a value in when it is absent, and it is not an empty one ('' or null). */
  readonly filledByDefault: boolean;
  /** Marked `.meta({ writeOnly: true })` at some level: the server never sends it back. */
  readonly writeOnly: boolean;
}

/** Removes optional / default / nullable / readonly / pipe wrappers, keeping the outermost title and description. */
export function unwrap(schema: z.ZodType): Unwrapped {
  let current = schema;
  let title: string | undefined;
  let description: string | undefined;
  let required = true;
  let filledByDefault = false;
  let writeOnly = false;
  for (;;) {
    const meta = current.meta();
    if (meta?.writeOnly === true) writeOnly = true;
    title ??= typeof meta?.title === 'string' ? meta.title : undefined;
    description ??= typeof meta?.description === 'string' ? meta.description : current.description;
    const def = current.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; defaultValue?: unknown };
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') required = false;
    if ((def.type === 'default' || def.type === 'prefault') && !['', null, undefined].includes(def.defaultValue as string | null | undefined)) {
      filledByDefault = true;
    }
    if (def.innerType && ['optional', 'default', 'prefault', 'nullable', 'readonly', 'nonoptional', 'catch'].includes(def.type)) {
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      current = def.in;
    } else {
      return { inner: current, title, description, required, filledByDefault, writeOnly };
    }
  }
}

const humanize = (key: string) =>
  key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase());

const kindOf = (schema: z.ZodType) => (schema.def as { type: string }).type;

/** Options of an enum (with its `x-labels`), or of an array of an enum. */
function optionsOf(schema: z.ZodType): SelectOption[] {
  const { inner } = unwrap(schema);
  switch (kindOf(inner)) {
    case 'enum': {
      const labels = labelsOf(schema) ?? labelsOf(inner);
      return inReadingOrder((inner as z.ZodEnum).options.map((v) => ({ value: String(v), label: labels?.[String(v)] ?? String(v) })));
    }
    case 'array':
      return optionsOf((inner as z.ZodArray).element as z.ZodType);
    case 'literal':
      return [...(inner as z.ZodLiteral).values].map((v) => ({ value: String(v), label: String(v) }));
    default:
      return [];
  }
}

/** Whether every value a schema accepts is a string (a string, a string enum or literal, or a union of those). */
function isStringLike(schema: z.ZodType): boolean {
  const { inner } = unwrap(schema);
  switch (kindOf(inner)) {
    case 'string':
    case 'enum':
      return true;
    case 'literal':
      return [...(inner as z.ZodLiteral).values].every((v) => typeof v === 'string');
    case 'union':
      return ((inner as z.ZodUnion).options as z.ZodType[]).every(isStringLike);
    default:
      return false;
  }
}

/** The widget a schema asks for when the definition gives none. */
export function inferWidget(schema: z.ZodType): WidgetKind {
  const { inner } = unwrap(schema);
  switch (kindOf(inner)) {
    case 'string':
      // A date (`z.iso.date()`), or a moment in UTC whose schema says so in its metadata (`format: 'date-time'`).
      if ((inner as { format?: string | null }).format === 'date') return 'date';
      return z.globalRegistry.get(inner)?.format === 'date-time' ? 'datetime' : 'text';
    case 'number':
    case 'int':
      return 'number';
    case 'boolean':
      return 'switch';
    case 'enum':
      return 'select';
    case 'array': {
      const element = kindOf(unwrap((inner as z.ZodArray).element as z.ZodType).inner);
      if (element === 'enum') return 'multiselect';
      if (element === 'object') return 'table';
      if (isStringLike((inner as z.ZodArray).element as z.ZodType) || element === 'number') return 'tags';
      return 'jsonView';
    }
    case 'record':
      return 'keyValue';
    case 'union':
      return isStringLike(inner) ? 'text' : 'jsonView';
    default:
      return 'jsonView';
  }
}

/**
 * The fields of an object schema in declaration order; nested objects are flattened into dotted names unless a hint
 * names the object itself. Hints are keyed by dotted name.
 */
export function fieldsOf(schema: z.ZodObject, hints: FieldHintMap = {}, prefix = ''): FieldSpec[] {
  const out: FieldSpec[] = [];
  for (const [key, child] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    const hint = hints[name] ?? {};
    const u = unwrap(child);
    if (kindOf(u.inner) === 'object' && hint.widget === undefined) {
      out.push(...fieldsOf(u.inner as z.ZodObject, hints, name));
      continue;
    }
    out.push({
      name,
      label: hint.label ?? u.title ?? humanize(key),
      description: hint.help ?? u.description,
      widget: (hint.writeOnly || u.writeOnly) && hint.widget === undefined ? 'secret' : (hint.widget ?? inferWidget(child)),
      options: optionsOf(child),
      required: u.required,
      clearable: !u.required && !u.filledByDefault,
      valueLabels: kindOf(u.inner) === 'enum' ? undefined : (labelsOf(child) ?? labelsOf(u.inner)),
      hint,
      schema: u.inner,
    });
  }
  return out.sort((a, b) => (a.hint.order ?? 0) - (b.hint.order ?? 0));
}

/** The values an object schema gives its fields when they are left out (a switch's default, an empty list). */
export function schemaDefaults(schema: z.ZodObject): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const initial = fieldSchema.safeParse(undefined);
    if (initial.success && initial.data !== undefined) defaults[field] = initial.data;
  }
  return defaults;
}

/** Whether an array field holds numbers (its tags are typed as text and sent as numbers). */
export const holdsNumbers = (field: FieldSpec): boolean =>
  kindOf(field.schema) === 'array' && ['number', 'int'].includes(kindOf(unwrap((field.schema as z.ZodArray).element as z.ZodType).inner));

/** The element schema of an array-of-objects schema (the row of a nested table), or undefined. */
export function elementObjectOf(schema: z.ZodType): z.ZodObject | undefined {
  const inner = unwrap(schema).inner;
  const element = kindOf(inner) === 'array' ? unwrap((inner as z.ZodArray).element as z.ZodType).inner : undefined;
  return element && kindOf(element) === 'object' ? (element as z.ZodObject) : undefined;
}

/** The element schema of an array field of an object schema (the row of a table layout). */
export function rowSchemaOf(schema: z.ZodObject, rowsKey: string): z.ZodObject {
  const field = (schema.shape as Record<string, z.ZodType>)[rowsKey];
  const element = field && elementObjectOf(field);
  if (!element) throw new Error(`"${rowsKey}" is not an array of objects`);
  return element;
}

/** Reads a dotted path from a value. */
export function getPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Whether a field is shown: no showIf, or the controlling field has one of the listed values. */
export function isShown(hint: FieldHint, values: unknown): boolean {
  if (!hint.showIf) return true;
  const v = getPath(values, hint.showIf.field);
  return hint.showIf.equals.some((e) => e === v);
}
