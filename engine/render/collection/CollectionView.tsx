/**
 * CollectionView: the body of a collection screen. Items come from the definition's list operation and show in the
 * data table (sortable, selectable for a batch delete with the deletion warning of spec 002 §8); writers create an
 * item with a form over `createSchema` and edit an item's `schemaField` with the JSON-schema form, whose schema
 * the `itemSchemaFrom` operation answers for that item. Readers see the same form, disabled.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { CollectionDef } from '../../../definitions/define';
import { IMPORT_BUTTONS, IMPORT_MESSAGES, IMPORT_TITLES } from '../../core/bulkImport';
import { showSnackbar } from '../../core/snackbar';
import { FormView, type FormValues } from '../form/FormView';
import { fieldsOf } from '../form/schemaFields';
import { EntryCount } from '../document/EntryCount';
import { useEngine } from '../shell/EngineContext';
import type { DataTableColumn } from '../widgets/table/columns';
import { DataTable } from '../widgets/table/DataTable';
import type { RowKey } from '../widgets/table/selection';

// The JSON-Schema form (rjsf, its validator and Markdown renderer) is the heaviest part of the screens' code, and
// only an opened item needs it: it downloads then.
const JsonSchemaForm = lazy(() => import('../jsonSchemaForm/JsonSchemaForm').then((m) => ({ default: m.JsonSchemaForm })));

type Item = Readonly<Record<string, unknown>>;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The JSON-schema editor of one item: loads the item and its schema, saves the edited field. */
function ItemEditor({ screen, id, readOnly, onSaved }: { screen: CollectionDef; id: string; readOnly: boolean; onSaved: () => void }) {
  const { call } = useEngine();
  const item = useQuery({
    queryKey: ['collection-item', screen.id, id],
    queryFn: ({ signal }) => call<Item>(screen.operations.get.id, { params: { id } }, { signal }),
  });
  const query = useMemo(
    () => (item.data ? Object.fromEntries(Object.entries(screen.itemSchemaFrom.query).map(([param, field]) => [param, String(item.data[field] ?? '')])) : undefined),
    [item.data, screen.itemSchemaFrom.query],
  );
  const schema = useQuery({
    queryKey: ['collection-schema', screen.itemSchemaFrom.operation.id, query],
    enabled: query !== undefined,
    queryFn: ({ signal }) => call<RJSFSchema>(screen.itemSchemaFrom.operation.id, { query }, { signal }),
  });
  const [saveError, setSaveError] = useState<string | undefined>();
  if (item.isError || schema.isError) {
    return (
      <Alert color="red" role="alert" title="Could not be loaded">
        {message(item.error ?? schema.error)}
      </Alert>
    );
  }
  if (!item.data || !schema.data) return <Loader aria-label="Loading the settings" />;
  const value = (item.data[screen.schemaField] ?? {}) as Record<string, unknown>;
  const save = (next: Record<string, unknown>) => {
    setSaveError(undefined);
    const stamp = screen.stampField ? { [screen.stampField]: item.data[screen.stampField] } : {};
    call(screen.operations.update.id, { params: { id }, body: { [screen.schemaField]: next, ...stamp } }).then(
      () => {
        showSnackbar({ kind: 'success', message: `${String(item.data.name ?? id)} saved.` });
        onSaved();
      },
      (e: unknown) => setSaveError(message(e)),
    );
  };
  return (
    <Stack>
      {saveError && (
        <Alert color="red" role="alert" title="Not saved">
          {saveError}
        </Alert>
      )}
      <Suspense fallback={<Loader role="status" aria-label="Loading" />}>
        <JsonSchemaForm label={`Settings of ${String(item.data.name ?? id)}`} schema={schema.data} value={value} readOnly={readOnly} onSubmit={save} />
      </Suspense>
    </Stack>
  );
}

export function CollectionView({ screen }: { screen: CollectionDef }) {
  const { call, access } = useEngine();
  const queryClient = useQueryClient();
  const readOnly = !access.canWrite(screen);
  const listKey = useMemo(() => ['collection', screen.id], [screen.id]);
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => call<Record<string, unknown>>(screen.operations.list.id, {}, { signal }),
  });
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: listKey }), [queryClient, listKey]);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const labels = useMemo(
    () => new Map((screen.createSchema ? fieldsOf(screen.createSchema) : []).map((f) => [f.name, Object.fromEntries(f.options.map((o) => [o.value, o.label]))])),
    [screen.createSchema],
  );
  const { itemKey } = screen;
  const columns = useMemo<DataTableColumn<Item>[]>(
    () => [
      ...screen.columns.map((c) => {
        const spec = typeof c === 'string' ? { field: c } : c;
        return { ...spec, labels: labels.get(spec.field) };
      }),
      {
        field: '__actions',
        label: 'Actions',
        render: (item: Item) => (
          <Button size="xs" variant="light" aria-label={`${readOnly ? 'View' : 'Edit'} settings of ${String(item.name ?? item[itemKey])}`} onClick={() => setEditing(String(item[itemKey]))}>
            {readOnly ? 'View settings' : 'Edit settings'}
          </Button>
        ),
      },
    ],
    [screen.columns, labels, itemKey, readOnly],
  );

  if (list.isError) {
    return (
      <Alert color="red" role="alert" title={`${screen.title} could not be loaded`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message(list.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!list.data) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={`Loading ${screen.title}`} />
      </Group>
    );
  }
  const items = (list.data[screen.items] ?? []) as Item[];
  const editedItem = items.find((i) => String(i[itemKey]) === editing);

  const create = async (values: FormValues) => {
    await call(screen.operations.create!.id, { body: { ...values, [screen.schemaField]: {} } });
    showSnackbar({ kind: 'success', message: `${String(values.name ?? 'Item')} created.` });
    setCreating(false);
    refresh();
  };
  const deleteSelected = () => {
    call(screen.operations.batchDelete!.id, { body: { ids: selected } }).then(
      () => {
        showSnackbar({ kind: 'success', message: `${selected.length} deleted.` });
        setSelected([]);
        refresh();
      },
      (e: unknown) => showSnackbar({ kind: 'error', message: message(e), closable: true }),
    );
    setDeleting(false);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <EntryCount count={items.length} readOnly={readOnly} />
        {!readOnly && (
          <Group gap="xs">
            {screen.operations.batchDelete && selected.length > 0 && (
              <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                {`Delete selected (${selected.length})`}
              </Button>
            )}
            {screen.operations.create && screen.createSchema && <Button onClick={() => setCreating(true)}>Add</Button>}
          </Group>
        )}
      </Group>
      <DataTable<Item>
        label={screen.title}
        rows={items}
        columns={columns}
        rowKey={itemKey}
        selectionMode={readOnly || !screen.operations.batchDelete ? 'none' : 'multiple'}
        selected={selected}
        onSelectedChange={setSelected}
        defaultPageSize={25}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="xl" title={`Settings of ${String(editedItem?.name ?? '')}`} closeButtonProps={{ 'aria-label': 'Close' }}>
        {editing !== null && (
          <ItemEditor
            screen={screen}
            id={editing}
            readOnly={readOnly}
            onSaved={() => {
              setEditing(null);
              refresh();
            }}
          />
        )}
      </Modal>
      {screen.createSchema && (
        <Modal opened={creating} onClose={() => setCreating(false)} title="Add entry" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
          {creating && (
            <FormView label="Add entry" schema={screen.createSchema} hints={screen.createFields} defaultValues={{}} onSubmit={create} onCancel={() => setCreating(false)} submitLabel="Add" />
          )}
        </Modal>
      )}
      <Modal opened={deleting} onClose={() => setDeleting(false)} title={IMPORT_TITLES.deletionWarning} closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text>{IMPORT_MESSAGES.deletionWarning(selected.length)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              {IMPORT_BUTTONS.cancel}
            </Button>
            <Button color="red" onClick={deleteSelected}>
              {IMPORT_BUTTONS.confirmDelete}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
