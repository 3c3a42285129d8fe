/** How a document screen's versions are compared for people: rows by the table's key, fields under their labels. */
import type { DocumentScreen } from '../../../definitions/define';
import { fieldsOf, rowSchemaOf } from '../form/schemaFields';
import type { DiffOptions } from './diffDocuments';
import { rowLabelOf, tableColumns } from './tableColumns';

/** Diff options of a screen: a table layout's rows matched by their key and named by their columns; labels from the schema and hints. */
export function diffOptionsOf(screen: DocumentScreen): DiffOptions {
  const layout = screen.layout;
  const rowSchema = layout.kind === 'table' ? rowSchemaOf(screen.schema, layout.rows) : undefined;
  const labels = new Map([
    ...fieldsOf(screen.schema, layout.kind === 'table' ? undefined : layout.fields).map((f): [string, string] => [f.name, f.label]),
    ...(rowSchema && layout.kind === 'table' ? fieldsOf(rowSchema, layout.rowFields).map((f): [string, string] => [f.name, f.label]) : []),
  ]);
  const fieldLabel = (p: string) => labels.get(p) ?? p;
  if (layout.kind !== 'table' || !rowSchema) return { fieldLabel };
  const columns = tableColumns(layout, rowSchema);
  return { fieldLabel, rows: { field: layout.rows, key: layout.rowKey, rowLabel: (r) => rowLabelOf(r, columns, layout.rowKey) } };
}
