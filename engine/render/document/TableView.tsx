/**
 * TableView: the rows of a document's array field with the definition's columns. Writers add and edit rows in a
 * modal with the row form, delete with a confirmation and reorder with move buttons or a drag handle; readers get
 * the rows only, with a "Read only" badge and no edit controls at all. Changes go to `onChange` (the document view
 * keeps them until Save). Row rendering sits behind `RowsRenderer`, so a virtualised table can replace it.
 */
import { ActionIcon, Badge, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMemo, useState, type ComponentType, type DragEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import type { AnyDocumentLayout, ColumnSpec, FieldHint } from '../../../definitions/define';
import { formatBytes } from '../../../schemas/format';
import type { FieldError } from '../../../schemas/http';
import { FormView, type FormValues } from '../form/FormView';
import { fieldsOf, type SelectOption } from '../form/schemaFields';
import { moveRow } from '../widgets/table/rowOrder';

export type Row = Readonly<Record<string, unknown>>;
export type TableLayoutDef = Extract<AnyDocumentLayout, { kind: 'table' }>;

export interface TableColumn {
  readonly field: string;
  readonly label: string;
  readonly format: NonNullable<ColumnSpec['format']>;
  readonly center: boolean;
  readonly options: readonly SelectOption[];
}

/** What a row renderer gets: the rows, their cells, and the edit controls (absent for read-only users). */
export interface RowsRendererProps {
  readonly caption: string;
  readonly rows: readonly Row[];
  readonly columns: readonly TableColumn[];
  readonly rowKey: string;
  readonly renderCell: (row: Row, column: TableColumn) => ReactNode;
  /** Edit controls of a row; undefined when the user may not edit. */
  readonly renderActions?: (row: Row, index: number) => ReactNode;
  /** Reorder by drag and drop; undefined when the layout is not orderable or the user may not edit. */
  readonly onMove?: (from: number, to: number) => void;
  /** Messages the server reported for a row, by row index. */
  readonly rowErrors: ReadonlyMap<number, readonly string[]>;
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
  /** Extra controls in the toolbar (e.g. the widgets' export or bulk import). */
  readonly toolbar?: ReactNode;
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
    return { field: spec.field, label: spec.label ?? field?.label ?? spec.field, format, center: spec.center ?? false, options: field?.options ?? [] };
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

/** The plain Mantine table: fine for hundreds of rows; a virtualised renderer takes over for larger lists. */
export function SimpleRows({ caption, rows, columns, rowKey, renderCell, renderActions, onMove, rowErrors }: RowsRendererProps) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const drop = (to: number) => (e: DragEvent) => {
    e.preventDefault();
    if (dragFrom !== null && dragFrom !== to) onMove?.(dragFrom, to);
    setDragFrom(null);
  };
  return (
    <Table striped highlightOnHover withTableBorder aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          {onMove && (
            <Table.Th w={36}>
              <VisuallyHidden>Drag to reorder</VisuallyHidden>
            </Table.Th>
          )}
          {columns.map((c) => (
            <Table.Th key={c.field} style={{ textAlign: c.center ? 'center' : undefined }}>
              {c.label}
            </Table.Th>
          ))}
          {renderActions && <Table.Th>Actions</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => {
          const errors = rowErrors.get(index);
          return (
            <Table.Tr
              key={String(row[rowKey] ?? index)}
              data-row-index={index}
              aria-invalid={errors ? true : undefined}
              onDragOver={onMove ? (e) => e.preventDefault() : undefined}
              onDrop={onMove ? drop(index) : undefined}
              style={dragFrom === index ? { opacity: 0.5 } : undefined}
            >
              {onMove && (
                <Table.Td>
                  <span
                    draggable
                    role="img"
                    aria-label="Drag handle"
                    title="Drag to reorder"
                    style={{ cursor: 'grab', userSelect: 'none' }}
                    onDragStart={(e) => {
                      e.dataTransfer.effectAllowed = 'move';
                      setDragFrom(index);
                    }}
                    onDragEnd={() => setDragFrom(null)}
                  >
                    ⠿
                  </span>
                </Table.Td>
              )}
              {columns.map((c, ci) => (
                <Table.Td key={c.field} style={{ textAlign: c.center ? 'center' : undefined }}>
                  {renderCell(row, c)}
                  {ci === 0 && errors?.map((m) => (
                    <Text key={m} c="red" size="xs" role="note">
                      {m}
                    </Text>
                  ))}
                </Table.Td>
              ))}
              {renderActions && <Table.Td>{renderActions(row, index)}</Table.Td>}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function newRowKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The open row editor; its defaults are fixed when it opens, so later row changes never reset typed input. */
type Editing =
  | { readonly mode: 'add'; readonly defaults: FormValues }
  | { readonly mode: 'edit'; readonly index: number; readonly defaults: FormValues };

export function TableView(props: TableViewProps) {
  const { title, layout, rowSchema, rows, onChange, readOnly } = props;
  const Rows = props.rowsRenderer ?? SimpleRows;
  const columns = useMemo(() => tableColumns(layout, rowSchema), [layout, rowSchema]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

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
    const prefix = `${editing.index}.`;
    return (props.errors ?? []).filter((e) => e.path.startsWith(prefix)).map((e) => ({ ...e, path: e.path.slice(prefix.length) }));
  }, [editing, props.errors]);

  const label = (row: Row) => rowLabelOf(row, columns, layout.rowKey);
  const hints = layout.rowFields as Readonly<Partial<Record<string, FieldHint>>> | undefined;

  const openAdd = () => {
    const fresh: Record<string, unknown> = { ...(layout.newRow ?? {}) };
    if (fresh[layout.rowKey] === undefined || fresh[layout.rowKey] === '') fresh[layout.rowKey] = newRowKey();
    setEditing({ mode: 'add', defaults: fresh });
  };

  const saveRow = (values: FormValues) => {
    if (!editing) return;
    if (editing.mode === 'add') onChange([...rows, values]);
    else onChange(rows.map((r, i) => (i === editing.index ? { ...r, ...values } : r)));
    setEditing(null);
  };

  const move = (from: number, to: number) => onChange(moveRow(rows, from, to));
  const canMove = !readOnly && layout.orderable === true;

  const actions = (row: Row, index: number) => (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => setEditing({ mode: 'edit', index, defaults: { ...row } })} aria-label={`Edit ${label(row)}`}>
        Edit
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(index)} aria-label={`Delete ${label(row)}`}>
        Delete
      </Button>
      {canMove && (
        <>
          <ActionIcon variant="subtle" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move ${label(row)} up`}>
            ↑
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            disabled={index === rows.length - 1}
            onClick={() => move(index, index + 1)}
            aria-label={`Move ${label(row)} down`}
          >
            ↓
          </ActionIcon>
        </>
      )}
    </Group>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {rows.length === 1 ? '1 entry' : `${rows.length} entries`}
          </Text>
          {readOnly && (
            <Badge color="gray.7" variant="outline">
              Read only
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {props.toolbar}
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
          renderCell={(row, c) => formatCell(row[c.field], c)}
          renderActions={readOnly ? undefined : actions}
          onMove={canMove ? move : undefined}
          rowErrors={rowErrors}
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
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete entry" closeButtonProps={{ 'aria-label': 'Close' }}>
        {deleting !== null && rows[deleting] && (
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
    </Stack>
  );
}
