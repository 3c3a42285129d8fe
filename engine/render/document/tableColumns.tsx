/** The columns of a document table: the definition's ColumnSpec with labels, options and kind from the row schema. */
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { AnyDocumentLayout, ColumnSpec } from '../../../definitions/define';
import { formatBytes } from '../../../schemas/format';
import { fieldsOf, type SelectOption } from '../form/schemaFields';
import { kindOf, type ColumnKind } from '../widgets/table/columns';

export type Row = Readonly<Record<string, unknown>>;
export type TableLayoutDef = Extract<AnyDocumentLayout, { kind: 'table' }>;

export interface TableColumn extends Pick<ColumnSpec, 'sortable' | 'reverseSort' | 'flex' | 'minWidth' | 'maxWidth' | 'truncate'> {
  readonly field: string;
  readonly label: string;
  readonly format: NonNullable<ColumnSpec['format']>;
  readonly kind: ColumnKind;
  readonly center: boolean;
  readonly options: readonly SelectOption[];
}

/** The label a row is known by in buttons and dialogs: its first column's value. */
export const rowLabelOf = (row: Row, columns: readonly TableColumn[], rowKey: string): string =>
  String(row[columns[0]?.field ?? rowKey] ?? row[rowKey] ?? '');

/** The layout's columns with labels, options and kind (a number field sizes as a number) from the row schema. */
export function tableColumns(layout: TableLayoutDef, rowSchema: z.ZodObject): TableColumn[] {
  const fields = new Map(fieldsOf(rowSchema, layout.rowFields).map((f) => [f.name, f]));
  return layout.columns.map((c) => {
    const spec: ColumnSpec = typeof c === 'string' ? { field: c } : c;
    const field = fields.get(spec.field);
    const format = spec.format ?? (field?.widget === 'switch' || field?.widget === 'checkbox' ? 'boolean' : field?.options.length ? 'enumLabel' : 'text');
    return {
      field: spec.field,
      label: spec.label ?? field?.label ?? spec.field,
      format,
      kind: format === 'text' && field?.widget === 'number' ? 'number' : kindOf(format),
      center: spec.center ?? false,
      options: field?.options ?? [],
      sortable: spec.sortable,
      reverseSort: spec.reverseSort,
      flex: spec.flex,
      minWidth: spec.minWidth,
      maxWidth: spec.maxWidth,
      truncate: spec.truncate,
    };
  });
}

/** A cell's display per its column format (text stays a string, so the table can show it whole as a tooltip). */
export function formatCell(value: unknown, column: TableColumn): ReactNode {
  switch (column.format) {
    case 'boolean':
      return (
        <Badge variant="filled" color={value === true ? 'teal.9' : 'dark.4'}>
          {value === true ? 'Yes' : 'No'}
        </Badge>
      );
    case 'count':
      return String(Array.isArray(value) ? value.length : 0);
    case 'bytes':
      return formatBytes(value);
    case 'datetime':
      return typeof value === 'string' && value ? new Date(value).toLocaleString() : '';
    case 'enumLabel':
      return column.options.find((o) => o.value === String(value))?.label ?? String(value ?? '');
    default:
      return Array.isArray(value) ? value.join(', ') : String(value ?? '');
  }
}
