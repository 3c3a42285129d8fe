/**
 * Table columns from the definition's ColumnSpec (spec 002 §3 "Table column options"): label, width rules, centring,
 * truncation, sorting, and how a value is shown. Widths are computed here, not left to the browser's table layout,
 * so a column never collapses: each gets at least its minimum and the table scrolls inside its card when they do not
 * fit.
 */
import type { ReactNode } from 'react';
import type { BadgeColor, ColumnSpec } from '../../../../definitions/define';
import { formatBytes } from '../../../../schemas/format';

/** What a column holds; it decides the default width rule. */
export type ColumnKind = 'text' | 'boolean' | 'enum' | 'number' | 'date' | 'actions';

/** A column's width rule in px: at least `min`, at most `max`, and `flex` shares of the spare width. */
export interface WidthRule {
  readonly min: number;
  readonly max?: number;
  readonly flex: number;
  /**
   * Where `min` was raised to fit the values (`fitText`): the column's own minimum (its kind and header), to which
   * it gives back width when the raised minimums do not all fit.
   */
  readonly floor?: number;
  /** Where the header wraps at `min`: the width that fits it on one line, given first out of spare width. */
  readonly oneLine?: number;
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
  /** Value → colour, where the values show as coloured badges (`ColourBadge`): the column is sized for the badge. */
  readonly colors?: Readonly<Record<string, BadgeColor>>;
  /** What the column holds; by default from `format`. */
  readonly kind?: ColumnKind;
  /** The text of an empty value (no value, an empty list or text), e.g. "All tenants" where none means every one. */
  readonly whenEmpty?: string;
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
  column: ColumnSpec & Pick<DataTableColumn<unknown>, 'kind' | 'label' | 'labels' | 'colors'>,
): WidthRule {
  const kind = column.kind ?? kindOf(column.format);
  const base = KIND_WIDTHS[kind];
  const label = column.label ?? humanise(column.field);
  // A wrapping header takes at most two lines: the longer of its longest word and half its text.
  const words = label.split(/\s+/);
  const widest = headerWraps(kind) && words.length > 1 ? Math.max(...words.map((w) => lineWidth(w, 600)), Math.ceil(lineWidth(label, 600) / 2)) : lineWidth(label, 600);
  const extra = CELL_PADDING + (column.sortable ? SORT_MARKER : 0);
  const header = widest + extra;
  const oneLine = lineWidth(label, 600) + extra;
  // An enumeration fits its longest label when it can (up to its kind's maximum), so no label is cut.
  const labels = kind === 'enum' && column.labels ? Object.values(column.labels) : [];
  const longest = textWidth(labels) + (column.colors && labels.length > 0 ? BADGE_EXTRA : 0);
  const values = Math.min(longest, base.max ?? Infinity);
  // With its labels known an enumeration needs no more than its longest label or header: no floor, no growth, so
  // the width goes to the text beside it.
  const min = column.minWidth ?? (labels.length > 0 ? Math.max(ENUM_FLOOR, header, values) : Math.max(base.min, header, values));
  // Given a share of the spare width (`flex`), an enumeration may grow to its longest label, past its kind's maximum.
  const max = column.maxWidth ?? (base.max === undefined ? undefined : Math.max(base.max, longest));
  const flex = column.flex ?? (labels.length > 0 ? 0 : base.flex);
  return { min, max: max === undefined ? undefined : Math.max(max, min), flex, ...(oneLine > min ? { oneLine } : {}) };
}

/** What a coloured badge (`ColourBadge`: dot, padding, border) takes beyond its label's text, in px (measured in Chromium). */
export const BADGE_EXTRA = 34;
/** Narrowest enumeration column whose labels are known, in px. */
const ENUM_FLOOR = 64;
/** A text column's values raise its minimum up to this width (about 35 characters); longer ones are cut with a tooltip. */
export const TEXT_CONTENT_CAP = 280;

let canvas: CanvasRenderingContext2D | null | undefined;

/**
 * The rendered width of a line of table text (14 px, regular or semibold) in the page's font, or undefined where
 * the page cannot measure (jsdom, whose canvas is not implemented, or outside a browser).
 */
function measured(text: string, weight: 400 | 600): number | undefined {
  canvas ??= typeof document !== 'undefined' && !/jsdom/i.test(navigator.userAgent) ? document.createElement('canvas').getContext('2d') : null;
  if (!canvas) return undefined;
  canvas.font = `${weight} 14px ${getComputedStyle(document.body).fontFamily}`;
  return canvas.measureText(text).width;
}

/** The width in px of a header or cell text on one line: measured where possible, else estimated per character. */
const lineWidth = (text: string, weight: 400 | 600): number =>
  Math.ceil(measured(text, weight) ?? text.length * (weight === 600 ? HEADER_CHAR : CELL_CHAR));

/** Width in px of the row position box (table.css `.portal-table-position`) and of the expand button (ActionIcon sm). */
const POSITION_BOX = 52;
const EXPAND_BUTTON = 22;
/** Width in px of a row's drag handle or selection check box (18 px) with its padding. */
const CONTROL_CELL = 40;

/**
 * Widths of the table's own columns, sized by what they hold like the data columns: the drag handle and the check
 * box; the position column fits its header ("Position") and its number box; the expand column its button.
 */
export function controlWidths(): { readonly drag: number; readonly select: number; readonly position: number; readonly expand: number } {
  return {
    drag: CONTROL_CELL,
    select: CONTROL_CELL,
    position: Math.max(lineWidth(POSITION_HEADER, 600), POSITION_BOX) + CELL_PADDING,
    expand: EXPAND_BUTTON + CELL_PADDING,
  };
}
/** The position column's header text. */
export const POSITION_HEADER = 'Position';

/** The width in px that the longest of `texts` needs on one line (plus the cell padding). */
export function textWidth(texts: Iterable<string>): number {
  let longest = '';
  for (const t of texts) if (t.length > longest.length) longest = t;
  return longest === '' ? 0 : lineWidth(longest, 400) + CELL_PADDING;
}

/**
 * Whether a column is sized by the values it shows: free text, and an enumeration whose labels are not known before
 * the rows arrive (country names, names from a lookup list); one with known labels already fits the longest.
 */
const sizedByValues = (column: Pick<NormalisedColumn<unknown>, 'kind' | 'labels'>) =>
  column.kind === 'text' || (column.kind === 'enum' && column.labels === undefined);

/**
 * A column's rule raised to fit its values (`needed`, from `textWidth`) up to TEXT_CONTENT_CAP (and its maximum):
 * a column of e-mail addresses, rule names or country names shows them whole, and when the columns then do not fit
 * the table scrolls inside its box rather than cutting every such column to its minimum. A definition's `minWidth`
 * wins; columns not sized by their values (see `sizedByValues`) keep their rule.
 */
export function fitText(column: Pick<NormalisedColumn<unknown>, 'kind' | 'width' | 'minWidth' | 'labels'>, needed: number): WidthRule {
  const { width } = column;
  if (!sizedByValues(column) || column.minWidth !== undefined) return width;
  const min = Math.max(width.min, Math.min(needed, TEXT_CONTENT_CAP, width.max ?? Infinity));
  return { ...width, min, floor: width.min };
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
 * not fit, the columns raised to fit their values give back the same share of what they were raised by, down to
 * their floor at most (their texts are cut with a tooltip); only when the floors do not fit either is the sum
 * wider than `available` (the table scrolls inside its card).
 */
export function columnWidths(rules: readonly WidthRule[], available: number): number[] {
  const widths = rules.map((r) => r.min);
  const over = widths.reduce((a, b) => a + b, 0) - available;
  const raised = rules.reduce((sum, r) => sum + (r.min - (r.floor ?? r.min)), 0);
  if (over > 0 && raised > 0) {
    const giveBack = Math.min(1, over / raised);
    rules.forEach((r, i) => (widths[i]! -= (r.min - (r.floor ?? r.min)) * giveBack));
  }
  let spare = available - widths.reduce((a, b) => a + b, 0);
  // A header that wraps at its column's minimum is given its one line first, out of what is spare.
  rules.forEach((r, i) => {
    const add = Math.min(Math.max(0, spare), (r.oneLine ?? 0) - widths[i]!);
    if (add > 0) {
      widths[i]! += add;
      spare -= add;
    }
  });
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
export function formatCell(value: unknown, column: Pick<DataTableColumn<unknown>, 'format' | 'labels' | 'whenEmpty'>): string {
  const empty = value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0 && column.format !== 'count');
  if (empty) return column.whenEmpty ?? '';
  switch (column.format) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'count':
      return (Array.isArray(value) ? value.length : typeof value === 'number' ? value : String(value)).toLocaleString('en-US');
    case 'bytes':
      return formatBytes(value);
    case 'datetime': {
      const d = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleString();
    }
    case 'enumLabel': {
      const label = (v: unknown) => column.labels?.[String(v)] ?? String(v);
      return Array.isArray(value) ? value.map(label).join(', ') : label(value);
    }
    default:
      if (Array.isArray(value)) return value.join(', ');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** How many rows of a page are read to size text columns by their values. */
const CONTENT_SAMPLE = 100;

/**
 * Each column's width rule, raised to fit the values of (the first rows of) `rows` as they are shown (`text`, by
 * default the column's format) where it is sized by its values (see `fitText`).
 */
export function contentRules<R>(
  columns: readonly NormalisedColumn<R>[],
  rows: readonly R[],
  text: (row: R, column: NormalisedColumn<R>) => string = (row, c) => formatCell((row as Record<string, unknown>)[c.field], c),
): WidthRule[] {
  const sample = rows.slice(0, CONTENT_SAMPLE);
  return columns.map((c) => (sizedByValues(c) ? fitText(c, textWidth(sample.map((r) => text(r, c)))) : c.width));
}

/**
 * The fields hidden by default (no choice made in the column chooser): `secondary` columns, the last first, while
 * the columns' minimums (`rules`, in the order of `columns`) need more than `available` px (none before the table's
 * width is known, 0).
 */
export function defaultHidden(columns: readonly Pick<NormalisedColumn<unknown>, 'field' | 'secondary'>[], rules: readonly WidthRule[], available: number): string[] {
  const hidden: string[] = [];
  if (available <= 0) return hidden;
  let needed = rules.reduce((sum, r) => sum + r.min, 0);
  for (let i = columns.length - 1; i >= 0 && needed > available; i--) {
    if (!columns[i]!.secondary) continue;
    hidden.push(columns[i]!.field);
    needed -= rules[i]!.min;
  }
  return hidden;
}
