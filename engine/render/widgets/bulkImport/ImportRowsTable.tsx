/** The rows of an import file in a paged table, or only the rows with errors, each with its message. */
import { useMemo, useState } from 'react';
import { IMPORT_PAGE_SIZE, IMPORT_PAGE_SIZE_OPTIONS, type ImportRow, type ImportRowError } from '../../../core/bulkImport';
import type { DataTableColumn } from '../table/columns';
import { DataTable } from '../table/DataTable';
import type { PageChange } from '../table/rowOrder';

interface TableRecord {
  readonly line: number;
  readonly error: string;
  readonly row_state: 'error' | undefined;
  readonly [field: string]: unknown;
}

export interface ImportRowsTableProps {
  readonly rows: readonly ImportRow[];
  readonly errors: readonly ImportRowError[];
  readonly columns: readonly string[];
  readonly columnLabels?: Readonly<Record<string, string>>;
  /** Only the rows with errors; otherwise every row, with the errors beside their rows when there are any. */
  readonly errorsOnly: boolean;
}

export function ImportRowsTable({ rows, errors, columns, columnLabels, errorsOnly }: ImportRowsTableProps) {
  const [page, setPage] = useState<PageChange>({ index: 0, size: IMPORT_PAGE_SIZE });
  const tableColumns = useMemo<DataTableColumn<TableRecord>[]>(
    () => [
      { field: 'line', label: 'Row', flex: 1 },
      ...columns.map((c) => ({ field: c, label: columnLabels?.[c], flex: 3 })),
      // The whole message, wrapped: a cut-off error cannot be acted on.
      ...(errorsOnly || errors.length > 0 ? [{ field: 'error', label: 'Error', flex: 4, truncate: false }] : []),
    ],
    [columns, columnLabels, errorsOnly, errors.length],
  );
  const records = useMemo<TableRecord[]>(() => {
    const byLine = new Map(errors.map((e) => [e.line, e.message]));
    const shown = errorsOnly ? rows.filter((r) => byLine.has(r.line)) : rows;
    return shown.map((r) => ({
      ...r.values,
      line: r.line,
      error: byLine.get(r.line) ?? '',
      row_state: byLine.has(r.line) ? 'error' : undefined,
    }));
  }, [rows, errors, errorsOnly]);
  return (
    <DataTable<TableRecord>
      label={errorsOnly ? 'Rows with errors' : 'Imported rows'}
      rows={records}
      columns={tableColumns}
      rowKey="line"
      page={page}
      onPageChange={setPage}
      pageSizeOptions={IMPORT_PAGE_SIZE_OPTIONS}
    />
  );
}
