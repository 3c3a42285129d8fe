/**
 * TableView: the rows of a document's array field with the definition's columns, in the widgets' DataTable
 * (`DataTableRows`). Writers add and edit rows in a modal with the row form, delete one row or the selected rows
 * (with the deletion warning of spec 002 §8), import rows from a file and reorder by drag and drop or a typed
 * position; everyone may expand a row for its other fields and export the list. Readers get no edit controls at all.
 * Changes go to `onChange` (the document view keeps them until Save). Row rendering sits behind `RowsRenderer`.
 */
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { z } from 'zod';
import type { FieldHint, RowAction } from '../../../definitions/define';
import type { FieldError } from '../../../schemas/http';
import { dropHidden } from '../form/dropHidden';
// Loaded with the table, not lazily: a row dialog's focus goes to its first field when it opens, which a form still
// loading would miss (keyboard.test.ts).
import type { FormValues } from '../form/FormView';
import { FormView, loadFormView } from './LazyFormView';
import { DeferredModal as Modal } from '../widgets/dialog/DeferredModal';
import { useOptionsFromFields } from '../form/optionSources';
import { fieldsOf } from '../form/schemaFields';
import { IMPORT_BUTTONS, IMPORT_MESSAGES, IMPORT_TITLES } from '../../core/bulkImport';
import { lazyComponent } from '../lazyComponent';
import { moveRow } from '../widgets/table/rowOrder';
import type { RowKey } from '../widgets/table/selection';
import { DataTableRows } from './DataTableRows';
import { EntryCount } from './EntryCount';
import { RowActions, actionIconCount, readerActions } from './RowActions';
import { meets } from '../collection/useCollectionController';
import { formatCell, optionsFromHints, rowLabelOf, tableColumns, type Row, type RowsRenderer, type TableColumn, type TableLayoutDef } from './tableColumns';

// The import dialog (file reading, row checks, preview) downloads when an import starts.
const RowImport = lazy(() => import('./RowImport').then((m) => ({ default: m.RowImport })));

export { rowLabelOf, tableColumns, type Row, type RowsRenderer, type RowsRendererProps, type TableColumn, type TableLayoutDef } from './tableColumns';


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
  /** Names the table for the column chooser and density kept in local storage (e.g. the screen id). */
  readonly persistKey?: string;
  /** Label of the Add button, when a screen holds several tables (default "Add"). */
  readonly addLabel?: string;
  /** Checks a whole list of rows with the document's rules across rows (bulk import reports duplicates with it). */
  readonly validateRows?: (rows: readonly Row[]) => readonly FieldError[];
}

const renderCell = (row: Row, column: TableColumn) => formatCell(row[column.field], column);

function newRowKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The open row editor; its defaults are fixed when it opens, so later row changes never reset typed input. */
type Editing =
  | { readonly mode: 'add'; readonly defaults: FormValues }
  | { readonly mode: 'edit'; readonly key: string; readonly defaults: FormValues };

/** A row's other fields in words, in the expanded row: loaded with the first row expanded (the presenter is large). */
const RowDetails = lazyComponent(() => import('./RowDetails').then((m) => m.RowDetails));

/** A confirmation dialog: the question, Cancel and a red confirm button. */
function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  cancel: string;
  confirm: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {props.children}
        <Group justify="flex-end">
          {/* The safe choice has the focus when the dialog opens (not the close icon). */}
          <Button variant="default" onClick={props.onCancel} data-autofocus>
            {props.cancel}
          </Button>
          <Button color="red" onClick={props.onConfirm}>
            {props.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The list's head: the entry count, then export, import, bulk delete and Add as the user may. */
function ListToolbar(props: {
  count: number;
  readOnly: boolean;
  extra: ReactNode;
  exportable: boolean;
  onExportCsv: () => void;
  onExportJson: () => void;
  onImport: (() => void) | undefined;
  selectedCount: number;
  onDeleteSelected: () => void;
  onAdd: () => void;
  addLabel: string;
}) {
  const { readOnly } = props;
  return (
    <Group justify="space-between" gap="xs" style={{ flex: 1 }}>
      <EntryCount count={props.count} readOnly={readOnly} />
      <Group gap="xs">
        {props.extra}
        {props.exportable && (
          <>
            <Button variant="default" disabled={props.count === 0} onClick={props.onExportCsv}>
              Export CSV
            </Button>
            <Button variant="default" disabled={props.count === 0} onClick={props.onExportJson}>
              Export JSON
            </Button>
          </>
        )}
        {!readOnly && props.onImport && (
          <Button variant="default" onClick={props.onImport}>
            Import
          </Button>
        )}
        {!readOnly && props.selectedCount > 0 && (
          <Button color="red" variant="light" onClick={props.onDeleteSelected}>
            {`Delete selected (${props.selectedCount})`}
          </Button>
        )}
        {!readOnly && (
          <Button onClick={props.onAdd} data-list-add>
            {props.addLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** A save's field errors (paths `3.destination`) as messages per row index, each named by its column. */
function rowMessages(errors: readonly FieldError[], columns: readonly TableColumn[]): Map<number, string[]> {
  const byRow = new Map<number, string[]>();
  for (const e of errors) {
    const [index, ...rest] = e.path.split('.');
    const n = Number(index);
    if (!Number.isInteger(n)) continue;
    const label = columns.find((c) => c.field === rest[0])?.label ?? rest.join('.');
    byRow.set(n, [...(byRow.get(n) ?? []), label ? `${label}: ${e.message}` : e.message]);
  }
  return byRow;
}

/** The field errors of one row, with paths relative to the row (for its editor). */
const errorsOfRow = (errors: readonly FieldError[], index: number): FieldError[] => {
  const prefix = `${index}.`;
  return errors.filter((e) => e.path.startsWith(prefix)).map((e) => ({ ...e, path: e.path.slice(prefix.length) }));
};

/** The dialog that adds or edits one row with the row form. */
function RowEditor(props: {
  editing: Editing | null;
  rowSchema: z.ZodObject;
  hints: Readonly<Partial<Record<string, FieldHint>>> | undefined;
  panels: TableLayoutDef['rowPanels'];
  serverErrors: readonly FieldError[] | undefined;
  onSave: (values: FormValues) => void;
  onClose: () => void;
}) {
  const { editing } = props;
  const title = editing?.mode === 'add' ? 'Add entry' : 'Edit entry';
  // The form downloads with the dialog on the first opening, not after it.
  const open = editing !== null;
  useEffect(() => {
    if (open) void loadFormView();
  }, [open]);
  return (
    <Modal opened={editing !== null} onClose={props.onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {editing && (
        <FormView
          label={title}
          schema={props.rowSchema}
          hints={props.hints}
          defaultValues={editing.defaults}
          onSubmit={props.onSave}
          onCancel={props.onClose}
          submitLabel={editing.mode === 'add' ? 'Add' : 'Apply'}
          serverErrors={props.serverErrors}
          panels={props.panels}
          panelMode={editing.mode === 'add' ? 'create' : 'edit'}
          focusFirstField
        />
      )}
    </Modal>
  );
}

/** The row editor's state: the row open in it (or a new one), the server's errors for it, and saving it into the rows. */
function useRowEditor(p: {
  layout: TableLayoutDef;
  rows: readonly Row[];
  onChange: (rows: Row[]) => void;
  rowSchema: z.ZodObject;
  hints: Readonly<Partial<Record<string, FieldHint>>> | undefined;
  keyOf: (row: Row) => string;
  errors: readonly FieldError[] | undefined;
  /** Called with the key of a row just added (focus goes to it). */
  onAdded: (key: string) => void;
}) {
  const { layout, rows, onChange, rowSchema, hints, keyOf, errors, onAdded } = p;
  const [editing, setEditing] = useState<Editing | null>(null);
  const editorErrors = useMemo(
    () => (editing?.mode === 'edit' ? errorsOfRow(errors ?? [], rows.findIndex((r) => keyOf(r) === editing.key)) : undefined),
    [editing, errors, rows, keyOf],
  );
  const openAdd = () => {
    const fresh: Record<string, unknown> = { ...(layout.newRow ?? {}) };
    if (fresh[layout.rowKey] === undefined || fresh[layout.rowKey] === '') fresh[layout.rowKey] = newRowKey();
    setEditing({ mode: 'add', defaults: fresh });
  };
  // Stable, so the row actions that call it keep their rows memoised.
  const openEdit = useCallback((row: Row) => setEditing({ mode: 'edit', key: keyOf(row), defaults: { ...row } }), [keyOf]);
  const save = (values: FormValues) => {
    if (!editing) return;
    const finish = (row: Row) => dropHidden({ ...row }, rowSchema, hints);
    if (editing.mode === 'add') {
      const added = finish(values);
      onChange([...rows, added]);
      onAdded(keyOf(added));
    } else onChange(rows.map((r) => (keyOf(r) === editing.key ? finish({ ...r, ...values }) : r)));
    setEditing(null);
  };
  return { editing, editorErrors, openAdd, openEdit, save, close: () => setEditing(null) };
}

/**
 * Deleting one row (asked for by its key) or the selected rows, each confirmed in its dialog (the bulk one with the
 * deletion warning of spec 002 §8): the selection, the actions that ask, and the dialogs.
 */
function useRowDeletion(p: {
  rows: readonly Row[];
  rowKey: string;
  onChange: (rows: Row[]) => void;
  keyOf: (row: Row) => string;
  label: (row: Row) => string;
  /** Called with the row that takes the first deleted row's place (the one before it at the end; none when no row is left). */
  onDeleted: (nextKey: string | null) => void;
}) {
  const { rows, rowKey, onChange, keyOf, label, onDeleted } = p;
  const [deletingKey, setDeletingKey] = useState<string | null>(null);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [bulkDeleting, setBulkDeleting] = useState(false);
  const deleting = deletingKey === null ? -1 : rows.findIndex((r) => keyOf(r) === deletingKey);
  const selectedIndexes = rows.flatMap((r, i) => (selected.includes(String(r[rowKey])) ? [i] : []));
  const dialogs = (
    <>
      <ConfirmDialog
        opened={deleting >= 0}
        title="Delete entry"
        cancel="Cancel"
        confirm="Delete"
        onCancel={() => setDeletingKey(null)}
        onConfirm={() => {
          onChange(rows.filter((_, i) => i !== deleting));
          onDeleted(keyAfterDeletion(rows, [deleting], keyOf));
          setDeletingKey(null);
        }}
      >
        {deleting >= 0 && rows[deleting] && (
          <Text>
            Delete <strong>{label(rows[deleting])}</strong>? It is removed when you save the changes.
          </Text>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        opened={bulkDeleting}
        title={IMPORT_TITLES.deletionWarning}
        cancel={IMPORT_BUTTONS.cancel}
        confirm={IMPORT_BUTTONS.confirmDelete}
        onCancel={() => setBulkDeleting(false)}
        onConfirm={() => {
          onChange(rows.filter((_, i) => !selectedIndexes.includes(i)));
          onDeleted(keyAfterDeletion(rows, selectedIndexes, keyOf));
          setSelected([]);
          setBulkDeleting(false);
        }}
      >
        <Text>{IMPORT_MESSAGES.deletionWarning(selectedIndexes.length)}</Text>
      </ConfirmDialog>
    </>
  );
  return {
    selected,
    setSelected,
    selectedCount: selectedIndexes.length,
    // Stable, so the row actions that call it keep their rows memoised.
    askDelete: useCallback((row: Row) => setDeletingKey(keyOf(row)), [keyOf]),
    askDeleteSelected: () => setBulkDeleting(true),
    dialogs,
  };
}

/** The row that takes the place of the first deleted one: the next one left, else the last one left before it. */
function keyAfterDeletion(rows: readonly Row[], deleted: readonly number[], keyOf: (row: Row) => string): string | null {
  const first = Math.min(...deleted);
  const after = rows.findIndex((_, i) => i > first && !deleted.includes(i));
  if (after >= 0) return keyOf(rows[after]!);
  const before = rows.findLastIndex((_, i) => i < first && !deleted.includes(i));
  return before >= 0 ? keyOf(rows[before]!) : null;
}

/**
 * Keeps the keyboard focus in the list after a row is added or deleted (the control that had it is gone): once the
 * rows have changed, it goes to the named row, or to the list's Add button when no row is left. It runs after the
 * dialog's own focus return, which finds its opener gone.
 */
function useFocusAfterChange(box: RefObject<HTMLDivElement | null>, rows: readonly Row[]) {
  const target = useRef<{ key: string | null } | null>(null);
  useEffect(() => {
    const wanted = target.current;
    if (!wanted || !box.current) return;
    const row = [...box.current.querySelectorAll<HTMLElement>('tr[data-row-key]')].find((tr) => tr.dataset.rowKey === wanted.key);
    const element = row ?? box.current.querySelector<HTMLElement>('[data-list-add]');
    if (!element) return;
    target.current = null;
    element.focus();
  }, [box, rows]);
  return useCallback((key: string | null) => {
    target.current = { key };
  }, []);
}

/** The exporters (CSV, JSON, files) download with the first export, not with every list. */
const exporters = () => import('../widgets/export/exporters');

/** The toolbar's exports: CSV without hidden and write-only fields, JSON of the rows as they are. */
function useListExport(rows: readonly Row[], hints: Readonly<Partial<Record<string, FieldHint>>> | undefined, title: string) {
  const exportRows = useMemo(
    () => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => hints?.[k]?.widget !== 'hidden' && hints?.[k]?.writeOnly !== true))),
    [rows, hints],
  );
  return {
    onExportCsv: () => void exporters().then((m) => m.exportCsv(exportRows, title, { header: true })),
    onExportJson: () => void exporters().then((m) => m.exportJson(rows, title)),
  };
}

export function TableView(props: TableViewProps) {
  const { title, layout, rowSchema, rows, onChange, readOnly } = props;
  const Rows = props.rowsRenderer ?? DataTableRows;
  const lookups = useOptionsFromFields(useMemo(() => optionsFromHints(layout), [layout]));
  const columns = useMemo(() => tableColumns(layout, rowSchema, lookups), [layout, rowSchema, lookups]);
  const [importing, setImporting] = useState(false);
  const keyOf = useCallback((row: Row) => String(row[layout.rowKey] ?? ''), [layout.rowKey]);
  const rowErrors = useMemo(() => rowMessages(props.errors ?? [], columns), [props.errors, columns]);
  const { rowKey } = layout;
  const label = useCallback((row: Row) => rowLabelOf(row, columns, rowKey), [columns, rowKey]);
  const hints = layout.rowFields as Readonly<Partial<Record<string, FieldHint>>> | undefined;
  const box = useRef<HTMLDivElement>(null);
  const focusAfterChange = useFocusAfterChange(box, rows);
  const editor = useRowEditor({ layout, rows, onChange, rowSchema, hints, keyOf, errors: props.errors, onAdded: focusAfterChange });
  const deletion = useRowDeletion({ rows, rowKey, onChange, keyOf, label, onDeleted: focusAfterChange });
  const exports = useListExport(rows, hints, title);

  const move = (from: number, to: number) => onChange(moveRow(rows, from, to));
  const canMove = !readOnly && layout.orderable === true;
  const shownFields = useMemo(() => fieldsOf(rowSchema, hints).filter((f) => f.widget !== 'hidden' && f.widget !== 'secret'), [rowSchema, hints]);
  const nameSources = useMemo(() => Object.fromEntries(shownFields.flatMap((f) => (f.hint.optionsFrom ? [[f.name, f.hint.optionsFrom] as const] : []))), [shownFields]);
  const details = useCallback((row: Row) => (
      <Suspense fallback={<Loader size="xs" m="xs" aria-label="Loading the row's fields" />}>
        <RowDetails.Component row={row} fields={shownFields} sources={nameSources} />
      </Suspense>
    ), [shownFields, nameSources]);

  const { rowActions } = layout;
  const { onRowAction } = props;
  const { openEdit } = editor;
  const { askDelete } = deletion;
  // Stable across row edits: the buttons name the row by its key, so memoised rows need not re-render.
  const actions = useCallback(
    (row: Row) => (
      <RowActions
        label={label(row)}
        onEdit={() => openEdit(row)}
        onDelete={() => askDelete(row)}
        rowActions={rowActions?.filter((a) => !a.when || meets(row, a.when))}
        onRowAction={(action) => onRowAction?.(action, row)}
        readOnly={readOnly}
      />
    ),
    [label, openEdit, askDelete, rowActions, onRowAction, readOnly],
  );
  // A reader gets the row actions that only save a file.
  const readerRowActions = readerActions(rowActions).length > 0;

  const toolbar = (
    <ListToolbar
      count={rows.length}
      readOnly={readOnly}
      extra={props.toolbar}
      exportable={layout.exportable === true}
      onExportCsv={exports.onExportCsv}
      onExportJson={exports.onExportJson}
      onImport={layout.bulkImport ? () => setImporting(true) : undefined}
      selectedCount={deletion.selectedCount}
      onDeleteSelected={deletion.askDeleteSelected}
      onAdd={editor.openAdd}
      addLabel={props.addLabel ?? 'Add'}
    />
  );

  return (
    <Stack gap="sm" ref={box}>
      {rows.length === 0 ? (
        <>
          {toolbar}
          <Text c="dimmed" ta="center" py="xl">
            No entries yet.
          </Text>
        </>
      ) : (
        <Rows
          caption={title}
          rows={rows}
          columns={columns}
          rowKey={layout.rowKey}
          renderCell={renderCell}
          renderActions={readOnly && !readerRowActions ? undefined : actions}
          actionCount={actionIconCount(rowActions, readOnly)}
          toolbar={toolbar}
          persistKey={props.persistKey}
          onMove={canMove ? move : undefined}
          ordered={layout.orderable === true}
          rowErrors={rowErrors}
          selected={readOnly ? undefined : deletion.selected}
          onSelectedChange={readOnly ? undefined : deletion.setSelected}
          renderDetails={details}
          pageSize={layout.pageSize ?? 0}
        />
      )}
      <RowEditor
        editing={editor.editing}
        rowSchema={rowSchema}
        hints={hints}
        panels={layout.rowPanels}
        serverErrors={editor.editorErrors}
        onSave={editor.save}
        onClose={editor.close}
      />
      {deletion.dialogs}
      {layout.bulkImport && !readOnly && importing && (
        <Suspense fallback={null}>
          <RowImport
            opened
            onClose={() => setImporting(false)}
            title={title}
            layout={layout}
            bulkImport={layout.bulkImport}
            rowSchema={rowSchema}
            columns={columns}
            onImport={(added) => onChange([...rows, ...added])}
            newRowKey={newRowKey}
            rows={rows}
            validateRows={props.validateRows}
          />
        </Suspense>
      )}
    </Stack>
  );
}
