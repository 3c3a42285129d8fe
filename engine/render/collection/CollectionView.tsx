/**
 * CollectionView: the body of a collection screen. Items come from the definition's list operation and show in the
 * data table (sortable, selectable for a batch delete with the deletion warning of spec 002 §8); writers create an
 * item with a form over `createSchema` and edit an item's `schemaField` with the JSON-schema form, whose schema
 * the `itemSchemaFrom` operation answers for that item. Readers see the same form, disabled.
 */
import { ActionIcon, Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { CollectionDef } from '../../../definitions/define';
import { IMPORT_BUTTONS, IMPORT_MESSAGES, IMPORT_TITLES } from '../../core/bulkImport';
import { showSnackbar } from '../../core/snackbar';
import { FormView, type FormValues } from '../form/FormView';
import { fieldsOf } from '../form/schemaFields';
import { EntryCount } from '../document/EntryCount';
import { EditIcon } from '../document/rowIcons';
import { YesNoBadge } from '../document/tableColumns';
import { useEngine } from '../shell/EngineContext';
import { useCollectionController, useCollectionItem, type CollectionItem } from './useCollectionController';
import type { DataTableColumn } from '../widgets/table/columns';
import { DataTable } from '../widgets/table/DataTable';
import type { RowKey } from '../widgets/table/selection';

// The JSON-Schema form (rjsf, its validator and Markdown renderer) is the heaviest part of the screens' code, and
// only an opened item needs it: it downloads then.
const JsonSchemaForm = lazy(() => import('../jsonSchemaForm/JsonSchemaForm').then((m) => ({ default: m.JsonSchemaForm })));

type Item = CollectionItem;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The JSON-schema editor of one item: loads the item and its schema, saves the edited field. */
function ItemEditor({ screen, id, readOnly, onSaved }: { screen: CollectionDef; id: string; readOnly: boolean; onSaved: () => void }) {
  const { item, schema, save: saveSettings } = useCollectionItem(screen, id);
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
    saveSettings(next).then(
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
  const { access } = useEngine();
  const readOnly = !access.canWrite(screen);
  const { list, items, refresh, create: createItem, remove } = useCollectionController(screen);
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
        // Yes/no as the document tables show it.
        const render = spec.format === 'boolean' ? (item: Item) => <YesNoBadge value={item[spec.field]} /> : undefined;
        return { ...spec, labels: labels.get(spec.field), render };
      }),
      {
        field: '__actions',
        label: 'Actions',
        kind: 'actions',
        render: (item: Item) =>
          readOnly ? (
            <Button size="compact-sm" variant="subtle" aria-label={`View settings of ${String(item.name ?? item[itemKey])}`} onClick={() => setEditing(String(item[itemKey]))}>
              View
            </Button>
          ) : (
            // The compact edit icon of the document tables.
            <ActionIcon variant="subtle" size={28} aria-label={`Edit settings of ${String(item.name ?? item[itemKey])}`} title="Edit settings" onClick={() => setEditing(String(item[itemKey]))}>
              <EditIcon />
            </ActionIcon>
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
  const editedItem = items.find((i) => String(i[itemKey]) === editing);

  const create = async (values: FormValues) => {
    await createItem!(values);
    showSnackbar({ kind: 'success', message: `${String(values.name ?? 'Item')} created.` });
    setCreating(false);
  };
  const deleteSelected = () => {
    remove!(selected).then(
      () => {
        showSnackbar({ kind: 'success', message: `${selected.length} deleted.` });
        setSelected([]);
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
            {remove && selected.length > 0 && (
              <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                {`Delete selected (${selected.length})`}
              </Button>
            )}
            {createItem && screen.createSchema && <Button onClick={() => setCreating(true)}>Add</Button>}
          </Group>
        )}
      </Group>
      <DataTable<Item>
        label={screen.title}
        rows={items}
        columns={columns}
        rowKey={itemKey}
        selectionMode={readOnly || !remove ? 'none' : 'multiple'}
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
            <FormView label="Add entry" schema={screen.createSchema} hints={screen.createFields} defaultValues={{}} onSubmit={create} onCancel={() => setCreating(false)} submitLabel="Add" focusFirstField />
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
