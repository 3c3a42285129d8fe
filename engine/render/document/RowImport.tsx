/**
 * Bulk import of table rows from a definition's `bulkImport` (spec 002 §2, §5): the widgets' BulkImportDialog,
 * checking each file row against the row schema (the row's error is its first zod issue, with the field's label)
 * and then the correct rows together with the table's rows (duplicates of an entry or of an earlier file row), then
 * the note that the rows are staged, and the correct rows appended to the table (stored by the document's Save).
 */
import { useMemo } from 'react';
import type { z } from 'zod';
import type { FieldError } from '../../../schemas/http';
import type { ImportRow, ImportRowError } from '../../core/bulkImport';
import { BulkImportDialog } from '../widgets/bulkImport/BulkImportDialog';
import type { Row, TableColumn, TableLayoutDef } from './TableView';

export interface RowImportProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly title: string;
  readonly layout: TableLayoutDef;
  readonly bulkImport: NonNullable<TableLayoutDef['bulkImport']>;
  readonly rowSchema: z.ZodObject;
  readonly columns: readonly TableColumn[];
  /** Receives the imported rows (each with a fresh row key). */
  readonly onImport: (rows: Row[]) => void;
  readonly newRowKey: () => string;
  /** The table's rows now. */
  readonly rows: readonly Row[];
  /** Checks a whole list of rows (rules across rows); paths start with the row's index (`3.sender`). */
  readonly validateRows?: (rows: readonly Row[]) => readonly FieldError[];
}

/** A file row as a table row: the new-row defaults, the file's non-empty cells, a fresh key. */
export function importedRow(row: ImportRow, layout: TableLayoutDef, key: string): Row {
  const cells = Object.fromEntries(Object.entries(row.values).filter(([, v]) => v !== ''));
  return { ...(layout.newRow ?? {}), ...cells, [layout.rowKey]: key };
}

/** The message of a row's first issue, prefixed with the field's label. */
export function rowIssue(schema: z.ZodObject, row: Row, labels: ReadonlyMap<string, string>): string | null {
  const result = schema.safeParse(row);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  const label = labels.get(field) ?? field;
  return label ? `${label}: ${issue.message}` : issue.message;
}

/**
 * The file rows that clash with the table's rows or with an earlier file row: the list's own rules run over the
 * table's rows followed by the file's, and an issue on an appended row is that file row's error.
 */
export function clashingRows(
  fileRows: readonly ImportRow[],
  tableRows: readonly Row[],
  toRow: (row: ImportRow) => Row,
  validateRows: (rows: readonly Row[]) => readonly FieldError[],
  labels: ReadonlyMap<string, string>,
): ImportRowError[] {
  const issues = validateRows([...tableRows, ...fileRows.map(toRow)]);
  const errors = new Map<number, string>();
  for (const issue of issues) {
    const [index, ...field] = issue.path.split('.');
    const fileRow = fileRows[Number(index) - tableRows.length];
    if (!fileRow || errors.has(fileRow.line)) continue;
    const label = labels.get(field.join('.'));
    errors.set(fileRow.line, label ? `${label}: ${issue.message}` : issue.message);
  }
  return [...errors].map(([line, message]) => ({ line, message }));
}

export function RowImport(props: RowImportProps) {
  const { layout, rowSchema, bulkImport } = props;
  const labels = useMemo(() => new Map(props.columns.map((c) => [c.field, c.label])), [props.columns]);
  const columnLabels = useMemo(() => Object.fromEntries(bulkImport.columns.map((c) => [c, labels.get(c) ?? c])), [bulkImport.columns, labels]);
  return (
    <BulkImportDialog
      opened={props.opened}
      onClose={props.onClose}
      title={`Import into ${props.title}`}
      columns={bulkImport.columns}
      columnLabels={columnLabels}
      maxRows={bulkImport.maxRows}
      prompt={{ kind: 'stage' }}
      processRow={(row) => rowIssue(rowSchema, importedRow(row, layout, props.newRowKey()), labels)}
      checkRows={
        props.validateRows &&
        ((fileRows) => clashingRows(fileRows, props.rows, (r) => importedRow(r, layout, props.newRowKey()), props.validateRows!, labels))
      }
      save={async (rows, progress) => {
        const added = rows.map((r) => importedRow(r, layout, props.newRowKey()));
        props.onImport(added);
        progress({ created: added.length, errors: 0 });
        return { created: added.length, errors: [] };
      }}
      errorFileName={`${props.title} import errors`}
    />
  );
}
