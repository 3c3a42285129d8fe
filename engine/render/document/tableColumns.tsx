/** The columns of a document table: the definition's ColumnSpec with labels, options and kind from the row schema. */
import { Badge } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { AnyDocumentLayout, ColumnSpec, FieldHint, OptionSource } from '../../../definitions/define';
import { formatBytes } from '../../../schemas/format';
import { fieldsOf, type SelectOption } from '../form/schemaFields';
import { kindOf, type ColumnKind } from '../widgets/table/columns';
import type { RowKey } from '../widgets/table/selection';

export type Row = Readonly<Record<string, unknown>>;
export type TableLayoutDef = Extract<AnyDocumentLayout, { kind: 'table' }>;

export interface TableColumn extends Pick<ColumnSpec, 'sortable' | 'reverseSort' | 'flex' | 'minWidth' | 'maxWidth' | 'truncate' | 'secondary'> {
  readonly field: string;
  readonly label: string;
  readonly format: NonNullable<ColumnSpec['format']>;
  readonly kind: ColumnKind;
  readonly center: boolean;
  readonly options: readonly SelectOption[];
  /** Words for special values (0 → "No limit"), keyed by the value as text. */
  readonly valueLabels?: Readonly<Record<string, string>>;
}

/** The label a row is known by in buttons and dialogs: its first column's value. */
export const rowLabelOf = (row: Row, columns: readonly TableColumn[], rowKey: string): string =>
  String(row[columns[0]?.field ?? rowKey] ?? row[rowKey] ?? '');

/** The `optionsFrom` hints of the layout's columns, by field. */
export function optionsFromHints(layout: TableLayoutDef): Readonly<Record<string, OptionSource>> {
  const hints = (layout.rowFields ?? {}) as Readonly<Partial<Record<string, FieldHint>>>;
  const out: Record<string, OptionSource> = {};
  for (const c of layout.columns) {
    const field = typeof c === 'string' ? c : c.field;
    const from = hints[field]?.optionsFrom;
    if (from) out[field] = from;
  }
  return out;
}

/** The layout's columns with labels, options and kind (a number field sizes as a number) from the row schema. */
export function tableColumns(
  layout: TableLayoutDef,
  rowSchema: z.ZodObject,
  /** Choices of fields whose hint names `optionsFrom`: such a column shows the referenced row's label, not its id. */
  lookups: ReadonlyMap<string, readonly SelectOption[]> = new Map(),
): TableColumn[] {
  const fields = new Map(fieldsOf(rowSchema, layout.rowFields).map((f) => [f.name, f]));
  return layout.columns.map((c) => {
    const spec: ColumnSpec = typeof c === 'string' ? { field: c } : c;
    const field = fields.get(spec.field);
    const lookup = lookups.get(spec.field);
    const format =
      spec.format ?? (field?.widget === 'switch' || field?.widget === 'checkbox' ? 'boolean' : field?.options.length || lookup ? 'enumLabel' : 'text');
    return {
      field: spec.field,
      label: spec.label ?? field?.label ?? spec.field,
      format,
      kind: lookup ? 'text' : format === 'text' && field?.widget === 'number' ? 'number' : kindOf(format),
      center: spec.center ?? false,
      options: lookup ?? field?.options ?? [],
      valueLabels: field?.valueLabels,
      sortable: spec.sortable,
      reverseSort: spec.reverseSort,
      flex: spec.flex,
      minWidth: spec.minWidth,
      maxWidth: spec.maxWidth,
      truncate: spec.truncate,
      secondary: spec.secondary,
    };
  });
}

/** A yes/no value as the tables show it: a filled badge, readable in both schemes. */
export function YesNoBadge({ value }: { value: unknown }) {
  return (
    <Badge variant="filled" color={value === true ? 'teal.9' : 'dark.4'}>
      {value === true ? 'Yes' : 'No'}
    </Badge>
  );
}

/** A cell's display per its column format (text stays a string, so the table can show it whole as a tooltip). */
export function formatCell(value: unknown, column: TableColumn): ReactNode {
  switch (column.format) {
    case 'boolean':
      return <YesNoBadge value={value} />;
    case 'count':
      return String(Array.isArray(value) ? value.length : 0);
    case 'bytes':
      return formatBytes(value);
    case 'datetime':
      return typeof value === 'string' && value ? new Date(value).toLocaleString() : '';
    case 'enumLabel':
      return column.options.find((o) => o.value === String(value))?.label ?? String(value ?? '');
    default:
      return Array.isArray(value) ? value.join(', ') : (column.valueLabels?.[String(value)] ?? String(value ?? ''));
  }
}

/** What a row renderer gets: the rows, their cells, and the edit controls (absent for read-only users). */
export interface RowsRendererProps {
  readonly caption: string;
  readonly rows: readonly Row[];
  readonly columns: readonly TableColumn[];
  readonly rowKey: string;
  readonly renderCell: (row: Row, column: TableColumn) => ReactNode;
  /** Edit controls of a row; undefined when the user may not edit. Stable, so rows stay memoised. */
  readonly renderActions?: (row: Row) => ReactNode;
  /** How many icons `renderActions` shows (the actions column is sized for them). */
  readonly actionCount?: number;
  /** The list's toolbar (count and buttons); a renderer shows it above its rows. */
  readonly toolbar?: ReactNode;
  /** Names the table for the column chooser and density kept in local storage. */
  readonly persistKey?: string;
  /** Reorder by drag and drop; undefined when the layout is not orderable or the user may not edit. */
  readonly onMove?: (from: number, to: number) => void;
  /** The rows are in evaluation order (the first match wins): a reader who cannot move them sees their position. */
  readonly ordered?: boolean;
  /** Messages the server reported for a row, by row index. */
  readonly rowErrors: ReadonlyMap<number, readonly string[]>;
  /** Selected row keys, when rows may be selected (for bulk delete). */
  readonly selected?: readonly RowKey[];
  readonly onSelectedChange?: (keys: RowKey[]) => void;
  /** The expanded row's details. */
  readonly renderDetails?: (row: Row) => ReactNode;
  /** Rows per page; 0 shows every row. */
  readonly pageSize: number;
}
export type RowsRenderer = ComponentType<RowsRendererProps>;
