/**
 * Table columns from the definition's ColumnSpec (spec 002 §3 "Table column options"): label, width rules, centring,
 * truncation, sorting, and how a value is shown. Widths are computed here, not left to the browser's table layout,
 * so a column never collapses: each gets at least its minimum and the table scrolls inside its card when they do not
 * fit.
 */
import type { ReactNode } from 'react';
import type { ColumnSpec } from '../../../../definitions/define';
import { formatBytes } from '../../../../schemas/format';

/** What a column holds; it decides the default width rule. */
export type ColumnKind = 'text' | 'boolean' | 'enum' | 'number' | 'date' | 'actions';

/** A column's width rule in px: at least `min`, at most `max`, and `flex` shares of the spare width. */
export interface WidthRule {
  readonly min: number;
  readonly max?: number;
  readonly flex: number;
}

/**
 * Defaults per kind: a yes/no badge or switch and a number stay narrow, an enumeration label or a date takes what
 * its longest usual value needs, free text takes the rest.
 */
export const KIND_WIDTHS: Readonly<Record<ColumnKind, WidthRule>> = {
  text: { min: 120, flex: 1 },
  boolean: { min: 84, max: 112, flex: 0 },
  enum: { min: 100, max: 220, flex: 0.3 },
  number: { min: 80, max: 130, flex: 0 },
  date: { min: 196, max: 220, flex: 0 },
  actions: { min: 72, flex: 0 },
};

/** Horizontal padding of a cell plus the sort marker, in px, for the header estimate below. */
const CELL_PADDING = 24;
const SORT_MARKER = 18;
/** Average advance of a header character (14 px, semibold), in px. */
const HEADER_CHAR = 7.8;
/** Average advance of a cell character (14 px, regular), in px. */
const CELL_CHAR = 7.2;

/** Kinds whose values are short (a badge, a number): a long header wraps onto two lines instead of widening them. */
const SHORT_VALUES: ReadonlySet<ColumnKind> = new Set(['boolean', 'number']);

/** Whether a column of this kind wraps its header text (see SHORT_VALUES). */
export const headerWraps = (kind: ColumnKind): boolean => SHORT_VALUES.has(kind);

/** A ColumnSpec, optionally with a cell renderer or value labels. Keep renderers stable so rows stay memoised. */
export interface DataTableColumn<R> extends ColumnSpec {
  readonly render?: (row: R) => ReactNode;
  /** Value → label, for `enumLabel` columns. */
  readonly labels?: Readonly<Record<string, string>>;
  /** What the column holds; by default from `format`. */
  readonly kind?: ColumnKind;
}

export interface NormalisedColumn<R> extends DataTableColumn<R> {
  readonly label: string;
  readonly kind: ColumnKind;
  readonly width: WidthRule;
  readonly truncate: boolean;
}

/** `fileName` → `File name`, `text_color` → `Text color`. */
export function humanise(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The kind a column's format implies. */
export function kindOf(format: ColumnSpec['format']): ColumnKind {
  switch (format) {
    case 'boolean':
      return 'boolean';
    case 'enumLabel':
      return 'enum';
    case 'count':
    case 'bytes':
      return 'number';
    case 'datetime':
      return 'date';
    default:
      return 'text';
  }
}

/**
 * A column's width rule: the definition's hints over the kind's default; the minimum also fits the header text, or
 * its longest word where the header wraps (unless the definition sets one), so headers never overlap.
 */
export function widthRule(
  column: ColumnSpec & { readonly kind?: ColumnKind; readonly label?: string; readonly labels?: Readonly<Record<string, string>> },
): WidthRule {
  const kind = column.kind ?? kindOf(column.format);
  const base = KIND_WIDTHS[kind];
  const label = column.label ?? humanise(column.field);
  // A wrapping header takes at most two lines: the longer of its longest word and half its text.
  const widest = headerWraps(kind) ? Math.max(...label.split(/\s+/).map((w) => w.length), Math.ceil(label.length / 2)) : label.length;
  const header = Math.ceil(widest * HEADER_CHAR) + CELL_PADDING + (column.sortable ? SORT_MARKER : 0);
  // An enumeration fits its longest label when it can (up to its kind's maximum), so no label is cut.
  const longestLabel = kind === 'enum' && column.labels ? Math.max(0, ...Object.values(column.labels).map((l) => l.length)) : 0;
  const values = Math.min(Math.ceil(longestLabel * CELL_CHAR) + CELL_PADDING, base.max ?? Infinity);
  const min = column.minWidth ?? Math.max(base.min, header, values);
  const max = column.maxWidth ?? base.max;
  return { min, max: max === undefined ? undefined : Math.max(max, min), flex: column.flex ?? base.flex };
}

export function normaliseColumns<R>(columns: readonly (DataTableColumn<R> | string)[]): NormalisedColumn<R>[] {
  return columns.map((c) => {
    const spec: DataTableColumn<R> = typeof c === 'string' ? { field: c } : c;
    const label = spec.label ?? humanise(spec.field);
    const kind = spec.kind ?? kindOf(spec.format);
    return { ...spec, label, kind, width: widthRule({ ...spec, kind, label }), truncate: spec.truncate ?? kind !== 'actions' };
  });
}

/**
 * Widths in px for columns sharing `available` px: every column gets its minimum, the spare width goes by `flex`
 * shares to columns below their maximum (what a capped column cannot take goes to the others). When the minimums do
 * not fit, the columns keep them and the sum is wider than `available` (the table scrolls inside its card).
 */
export function columnWidths(rules: readonly WidthRule[], available: number): number[] {
  const widths = rules.map((r) => r.min);
  let spare = available - widths.reduce((a, b) => a + b, 0);
  while (spare >= 1) {
    const open = rules.flatMap((r, i) => (r.flex > 0 && (r.max === undefined || widths[i]! < r.max) ? [i] : []));
    const shares = open.reduce((sum, i) => sum + rules[i]!.flex, 0);
    if (shares === 0) break;
    let given = 0;
    for (const i of open) {
      const room = (rules[i]!.max ?? Infinity) - widths[i]!;
      const add = Math.min(room, (spare * rules[i]!.flex) / shares);
      widths[i]! += add;
      given += add;
    }
    spare -= given;
  }
  return widths.map(Math.floor);
}

/** A cell value as text, by the column's format. */
export function formatCell(value: unknown, column: Pick<DataTableColumn<unknown>, 'format' | 'labels'>): string {
  if (value === null || value === undefined) return '';
  switch (column.format) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'count':
      return String(Array.isArray(value) ? value.length : value);
    case 'bytes':
      return formatBytes(value);
    case 'datetime': {
      const d = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleString();
    }
    case 'enumLabel':
      return column.labels?.[String(value)] ?? String(value);
    default:
      if (Array.isArray(value)) return value.join(', ');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
