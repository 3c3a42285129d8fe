/**
 * Table columns from the definition's ColumnSpec (spec 002 §3 "Table column options"): label, flex share, centring,
 * minimum width, sorting, and how a value is shown.
 */
import type { ReactNode } from 'react';
import type { ColumnSpec } from '../../../../definitions/define';
import { formatBytes } from '../../../../schemas/format';

/** A ColumnSpec, optionally with a cell renderer or value labels. Keep renderers stable so rows stay memoised. */
export interface DataTableColumn<R> extends ColumnSpec {
  readonly render?: (row: R) => ReactNode;
  /** Value → label, for `enumLabel` columns. */
  readonly labels?: Readonly<Record<string, string>>;
}

export interface NormalisedColumn<R> extends DataTableColumn<R> {
  readonly label: string;
  /** CSS width from the flex shares, e.g. `25%`, or undefined for an even share of what is left. */
  readonly width: string | undefined;
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

export function normaliseColumns<R>(columns: readonly (DataTableColumn<R> | string)[]): NormalisedColumn<R>[] {
  const specs = columns.map((c) => (typeof c === 'string' ? { field: c } : c));
  const totalFlex = specs.reduce((sum, c) => sum + (c.flex ?? 0), 0);
  return specs.map((c) => ({
    ...c,
    label: c.label ?? humanise(c.field),
    width: c.flex && totalFlex > 0 ? `${(c.flex / totalFlex) * 100}%` : undefined,
  }));
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
