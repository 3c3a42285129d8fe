/**
 * TableView: the rows of a document's array field with the definition's columns, in the widgets' DataTable
 * (`DataTableRows`). Writers add and edit rows in a modal with the row form, delete one row or the selected rows
 * (with the deletion warning of spec 002 §8), import rows from a file and reorder by drag and drop or a typed
 * position; everyone may expand a row for its other fields and export the list. Readers get no edit controls at all.
 * Changes go to `onChange` (the document view keeps them until Save). Row rendering sits behind `RowsRenderer`.
 */
import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { z } from 'zod';
import type { AnyDocumentLayout, ColumnSpec, FieldHint, RowAction } from '../../../definitions/define';
import { formatBytes } from '../../../schemas/format';
import type { FieldError } from '../../../schemas/http';
import { dropHidden } from '../form/dropHidden';
import { FormView, type FormValues } from '../form/FormView';
import { fieldsOf, type SelectOption } from '../form/schemaFields';
import { IMPORT_BUTTONS, IMPORT_MESSAGES, IMPORT_TITLES } from '../../core/bulkImport';
import { exportCsv, exportJson } from '../widgets/export/exporters';
import { moveRow } from '../widgets/table/rowOrder';
import type { RowKey } from '../widgets/table/selection';
import { DataTableRows } from './DataTableRows';
import { EntryCount } from './EntryCount';
import { RowImport } from './RowImport';

export type Row = Readonly<Record<string, unknown>>;
export type TableLayoutDef = Extract<AnyDocumentLayout, { kind: 'table' }>;

export interface TableColumn {
  readonly field: string;
  readonly label: string;
  readonly format: NonNullable<ColumnSpec['format']>;
  readonly center: boolean;
  readonly options: readonly SelectOption[];
  readonly sortable?: boolean;
  readonly reverseSort?: boolean;
  readonly flex?: number;
  readonly minWidth?: number;
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
  /** Reorder by drag and drop; undefined when the layout is not orderable or the user may not edit. */
  readonly onMove?: (from: number, to: number) => void;
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

export interface TableViewProps {
  readonly title: string;
  readonly layout: TableLayoutDef;
  readonly rowSchema: z.ZodObject;
  readonly rows: readonly Row[];
  readonly onChange: (rows: Row[]) => void;
  readonly readOnly: boolean;
  /** Field errors of the last save, with paths relative to the rows field (`3.destination`). */
  readonly errors?: readonly FieldError[];
  readonly rowsRenderer?: RowsRenderer;
  /** Extra controls in the toolbar. */
  readonly toolbar?: ReactNode;
  /** Runs a row action of the definition (the document view calls its operation). */
  readonly onRowAction?: (action: RowAction, row: Row) => void;
}

/** The label a row is known by in buttons and dialogs: its first column's value. */
export const rowLabelOf = (row: Row, columns: readonly TableColumn[], rowKey: string): string =>
  String(row[columns[0]?.field ?? rowKey] ?? row[rowKey] ?? '');

/** The layout's columns with labels and options from the row schema. */
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
      center: spec.center ?? false,
      options: field?.options ?? [],
      sortable: spec.sortable,
      reverseSort: spec.reverseSort,
      flex: spec.flex,
      minWidth: spec.minWidth,
    };
  });
}

/** A cell's display per its column format. */
export function formatCell(value: unknown, column: TableColumn): ReactNode {
  switch (column.format) {
    case 'boolean':
      return (
        <Badge variant="filled" color={value === true ? 'teal.9' : 'dark.4'}>
          {value === true ? 'Yes' : 'No'}
        </Badge>
      );
    case 'count':
      return Array.isArray(value) ? value.length : 0;
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

const renderCell = (row: Row, column: TableColumn) => formatCell(row[column.field], column);

function newRowKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The open row editor; its defaults are fixed when it opens, so later row changes never reset typed input. */
type Editing =
  | { readonly mode: 'add'; readonly defaults: FormValues }
  | { readonly mode: 'edit'; readonly key: string; readonly defaults: FormValues };

export function TableView(props: TableViewProps) {
  const { title, layout, rowSchema, rows, onChange, readOnly } = props;
  const Rows = props.rowsRenderer ?? DataTableRows;
  const columns = useMemo(() => tableColumns(layout, rowSchema), [layout, rowSchema]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deletingKey, setDeleting] = useState<string | null>(null);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [bulkDeleting, setBulkDeleting] = useState(false);
  const [importing, setImporting] = useState(false);

  const keyOf = useCallback((row: Row) => String(row[layout.rowKey] ?? ''), [layout.rowKey]);
  const indexOfKey = useCallback((key: string) => rows.findIndex((r) => keyOf(r) === key), [rows, keyOf]);
  const deleting = deletingKey === null ? -1 : indexOfKey(deletingKey);
  const rowErrors = useMemo(() => {
    const byRow = new Map<number, string[]>();
    for (const e of props.errors ?? []) {
      const [index, ...rest] = e.path.split('.');
      const n = Number(index);
      if (!Number.isInteger(n)) continue;
      const label = columns.find((c) => c.field === rest[0])?.label ?? rest.join('.');
      byRow.set(n, [...(byRow.get(n) ?? []), label ? `${label}: ${e.message}` : e.message]);
    }
    return byRow;
  }, [props.errors, columns]);

  const editorErrors = useMemo(() => {
    if (editing?.mode !== 'edit') return undefined;
    const prefix = `${indexOfKey(editing.key)}.`;
    return (props.errors ?? []).filter((e) => e.path.startsWith(prefix)).map((e) => ({ ...e, path: e.path.slice(prefix.length) }));
  }, [editing, props.errors, indexOfKey]);

  const { rowKey } = layout;
  const label = useCallback((row: Row) => rowLabelOf(row, columns, rowKey), [columns, rowKey]);
  const hints = layout.rowFields as Readonly<Partial<Record<string, FieldHint>>> | undefined;

  const openAdd = () => {
    const fresh: Record<string, unknown> = { ...(layout.newRow ?? {}) };
    if (fresh[layout.rowKey] === undefined || fresh[layout.rowKey] === '') fresh[layout.rowKey] = newRowKey();
    setEditing({ mode: 'add', defaults: fresh });
  };

  const saveRow = (values: FormValues) => {
    if (!editing) return;
    const finish = (row: Row) => dropHidden({ ...row }, rowSchema, hints);
    if (editing.mode === 'add') onChange([...rows, finish(values)]);
    else onChange(rows.map((r) => (keyOf(r) === editing.key ? finish({ ...r, ...values }) : r)));
    setEditing(null);
  };

  const move = (from: number, to: number) => onChange(moveRow(rows, from, to));
  const canMove = !readOnly && layout.orderable === true;
  const selectedIndexes = rows.flatMap((r, i) => (selected.includes(String(r[layout.rowKey])) ? [i] : []));
  const exportName = title;
  const exportRows = useMemo(
    () => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => hints?.[k]?.widget !== 'hidden' && hints?.[k]?.writeOnly !== true))),
    [rows, hints],
  );
  const shownFields = useMemo(() => fieldsOf(rowSchema, hints).filter((f) => f.widget !== 'hidden' && f.widget !== 'secret'), [rowSchema, hints]);
  const details = (row: Row) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" p="xs">
      {shownFields.map((f) => {
        const value = f.name.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), row);
        return (
          <Text key={f.name} size="sm">
            <Text span fw={600} size="sm">{`${f.label}: `}</Text>
            {value === undefined || value === null || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value)}
          </Text>
        );
      })}
    </SimpleGrid>
  );

  const { rowActions } = layout;
  const { onRowAction } = props;
  // Stable across row edits: the buttons name the row by its key, so memoised rows need not re-render.
  const actions = useCallback(
    (row: Row) => (
    <Group gap={4} wrap="wrap">
      <Button size="xs" variant="light" onClick={() => setEditing({ mode: 'edit', key: keyOf(row), defaults: { ...row } })} aria-label={`Edit ${label(row)}`}>
        Edit
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(keyOf(row))} aria-label={`Delete ${label(row)}`}>
        Delete
      </Button>
      {rowActions?.map((action) => (
        <Button key={action.id} size="xs" variant="default" onClick={() => onRowAction?.(action, row)} aria-label={`${action.label} ${label(row)}`}>
          {action.label}
        </Button>
      ))}
    </Group>
    ),
    [label, keyOf, rowActions, onRowAction],
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <EntryCount count={rows.length} readOnly={readOnly} />
        <Group gap="xs">
          {props.toolbar}
          {layout.exportable && (
            <>
              <Button variant="default" disabled={rows.length === 0} onClick={() => exportCsv(exportRows, exportName)}>
                Export CSV
              </Button>
              <Button variant="default" disabled={rows.length === 0} onClick={() => exportJson(rows, exportName)}>
                Export JSON
              </Button>
            </>
          )}
          {!readOnly && layout.bulkImport && (
            <Button variant="default" onClick={() => setImporting(true)}>
              Import
            </Button>
          )}
          {!readOnly && selectedIndexes.length > 0 && (
            <Button color="red" variant="light" onClick={() => setBulkDeleting(true)}>
              {`Delete selected (${selectedIndexes.length})`}
            </Button>
          )}
          {!readOnly && <Button onClick={openAdd}>Add</Button>}
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No entries yet.
        </Text>
      ) : (
        <Rows
          caption={title}
          rows={rows}
          columns={columns}
          rowKey={layout.rowKey}
          renderCell={renderCell}
          renderActions={readOnly ? undefined : actions}
          onMove={canMove ? move : undefined}
          rowErrors={rowErrors}
          selected={readOnly ? undefined : selected}
          onSelectedChange={readOnly ? undefined : setSelected}
          renderDetails={details}
          pageSize={layout.pageSize ?? 0}
        />
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'add' ? 'Add entry' : 'Edit entry'}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing && (
          <FormView
            label={editing.mode === 'add' ? 'Add entry' : 'Edit entry'}
            schema={rowSchema}
            hints={hints}
            defaultValues={editing.defaults}
            onSubmit={saveRow}
            onCancel={() => setEditing(null)}
            submitLabel={editing.mode === 'add' ? 'Add' : 'Apply'}
            serverErrors={editorErrors}
            panels={layout.rowPanels}
            panelMode={editing.mode === 'add' ? 'create' : 'edit'}
          />
        )}
      </Modal>
      <Modal opened={deleting >= 0} onClose={() => setDeleting(null)} title="Delete entry" closeButtonProps={{ 'aria-label': 'Close' }}>
        {deleting >= 0 && rows[deleting] && (
          <Stack>
            <Text>
              Delete <strong>{label(rows[deleting])}</strong>? It is removed when you save the changes.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                onClick={() => {
                  onChange(rows.filter((_, i) => i !== deleting));
                  setDeleting(null);
                }}
              >
                Delete
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <Modal opened={bulkDeleting} onClose={() => setBulkDeleting(false)} title={IMPORT_TITLES.deletionWarning} closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text>{IMPORT_MESSAGES.deletionWarning(selectedIndexes.length)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setBulkDeleting(false)}>
              {IMPORT_BUTTONS.cancel}
            </Button>
            <Button
              color="red"
              onClick={() => {
                onChange(rows.filter((_, i) => !selectedIndexes.includes(i)));
                setSelected([]);
                setBulkDeleting(false);
              }}
            >
              {IMPORT_BUTTONS.confirmDelete}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {layout.bulkImport && !readOnly && (
        <RowImport
          opened={importing}
          onClose={() => setImporting(false)}
          title={title}
          layout={layout}
          bulkImport={layout.bulkImport}
          rowSchema={rowSchema}
          columns={columns}
          onImport={(added) => onChange([...rows, ...added])}
          newRowKey={newRowKey}
        />
      )}
    </Stack>
  );
}
