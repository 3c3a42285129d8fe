/**
 * CollectionView: the body of a collection screen. Items come from the definition's list operation and show in the
 * data table (sortable, selectable for a batch delete with the deletion warning of spec 002 §8; enumerations by their
 * labels, as a coloured badge when the column gives colours); writers create an item with a form over
 * `createSchema`, run the row actions (a call, a small form in a dialog, a job followed until it ends) and submit the
 * screen's form, and edit an item's `schemaField` with the JSON-schema form, whose schema the `itemSchemaFrom`
 * operation answers for that item. Readers see the same forms, disabled. A collection without a list is its form.
 */
import { ActionIcon, Alert, Badge, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { CollectionColumn, CollectionDef } from '../../../definitions/define';
import { IMPORT_BUTTONS, IMPORT_MESSAGES, IMPORT_TITLES } from '../../core/bulkImport';
import { showSnackbar } from '../../core/snackbar';
import { FormView, type FormValues } from '../form/FormView';
import { fieldsOf, rowSchemaOf } from '../form/schemaFields';
import { EntryCount } from '../document/EntryCount';
import { EditIcon } from '../document/rowIcons';
import { YesNoBadge } from '../document/tableColumns';
import { useEngine } from '../shell/EngineContext';
import { ActionForm } from './ActionForm';
import { actionTitle, RowActionButtons, RowActionDialog, type PickedAction } from './RowActions';
import {
  isEditable,
  itemParams,
  reasonOf,
  useCollectionController,
  useCollectionItem,
  type CollectionItem,
  type EditableCollection,
} from './useCollectionController';
import { formatCell, type DataTableColumn } from '../widgets/table/columns';
import { DataTable } from '../widgets/table/DataTable';
import type { RowKey } from '../widgets/table/selection';

// The JSON-Schema form (rjsf, its validator and Markdown renderer) is the heaviest part of the screens' code, and
// only an opened item needs it: it downloads then.
const JsonSchemaForm = lazy(() => import('../jsonSchemaForm/JsonSchemaForm').then((m) => ({ default: m.JsonSchemaForm })));

type Item = CollectionItem;

/** The JSON-schema editor of one item: loads the item and its schema, saves the edited field. */
function ItemEditor({ screen, id, readOnly, onSaved }: { screen: EditableCollection; id: string; readOnly: boolean; onSaved: () => void }) {
  const { item, schema, save: saveSettings } = useCollectionItem(screen, id);
  const [saveError, setSaveError] = useState<string | undefined>();
  if (item.isError || schema.isError) {
    return (
      <Alert color="red" role="alert" title="Could not be loaded">
        {reasonOf(item.error ?? schema.error)}
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
      (e: unknown) => setSaveError(reasonOf(e)),
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

/** Value → label of the row schema's enumerations (and of the create form's, for fields the rows lack). */
function labelsOf(screen: CollectionDef): Map<string, Readonly<Record<string, string>>> {
  const response = screen.operations.list?.response;
  const rows = response && screen.items ? fieldsOf(rowSchemaOf(response as z.ZodObject, screen.items)) : [];
  const created = screen.createSchema ? fieldsOf(screen.createSchema) : [];
  return new Map(
    [...created, ...rows].filter((f) => f.options.length > 0).map((f) => [f.name, Object.fromEntries(f.options.map((o) => [o.value, o.label]))]),
  );
}

/** A detail's text: a time of day for `time` (a restart within the hour), else as a cell of that format. */
const detailText = (value: unknown, format: NonNullable<CollectionColumn['detail']>['format']) =>
  format === 'time' && typeof value === 'string' ? new Date(value).toLocaleTimeString() : formatCell(value, { format: format === 'time' ? 'datetime' : format });

/** A column as the table shows it: labels of an enumeration, a badge in the column's colours, a dimmed detail. */
function tableColumn(spec: CollectionColumn, labels: Readonly<Record<string, string>> | undefined): DataTableColumn<Item> {
  const { colors, detail } = spec;
  // Yes/no as the document tables show it.
  if (spec.format === 'boolean' && !colors && !detail) return { ...spec, labels, render: (row: Item) => <YesNoBadge value={row[spec.field]} /> };
  if (!colors && !detail) return { ...spec, labels };
  const value = (row: Item) => {
    const text = formatCell(row[spec.field], { format: spec.format, labels });
    if (!colors) return text;
    return (
      <Badge color={`${colors[String(row[spec.field])] ?? 'gray'}.7`} variant="dot" tt="none" styles={{ label: { overflow: 'visible' } }}>
        {text}
      </Badge>
    );
  };
  return {
    ...spec,
    kind: detail ? 'text' : 'enum',
    render: (row: Item) => {
      const more = detail ? detailText(row[detail.field], detail.format) : '';
      return (
        <>
          {value(row)}
          {more && (
            <Text span size="xs" c="dimmed" ml={6}>
              {detail?.label ? `${detail.label} ${more}` : more}
            </Text>
          )}
        </>
      );
    },
  };
}

/** Width of the actions column: its buttons (their texts at the small button size, and padding) and the cell's padding. */
const actionsWidth = (texts: readonly string[]) => texts.reduce((sum, t) => sum + t.length * 6.8 + 28, 0) + (texts.length - 1) * 8 + 20;

export function CollectionView({ screen }: { screen: CollectionDef }) {
  const { access } = useEngine();
  const readOnly = !access.canWrite(screen);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const { list, items, refresh, run, create: createItem, remove } = useCollectionController(screen, search);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [asking, setAsking] = useState<PickedAction | null>(null);
  const [confirming, setConfirming] = useState<PickedAction | null>(null);

  const itemKey = screen.itemKey ?? 'id';
  const rowActions = useMemo(() => (readOnly ? [] : (screen.rowActions ?? [])), [readOnly, screen.rowActions]);
  const editable = isEditable(screen);

  /** Runs a row action with this body: a notice says how it (or its job) ended. */
  const runAction = useCallback(
    ({ action, row }: PickedAction, body: FormValues | undefined) => {
      const input = { params: itemParams(screen, row[itemKey]), ...(body && { body }) };
      run(action.operation, input, action.job).then(
        () => showSnackbar({ kind: 'success', message: action.success(row, body ?? {}) }),
        (e: unknown) => showSnackbar({ kind: 'error', message: reasonOf(e), closable: true }),
      );
    },
    [run, screen, itemKey],
  );
  const pick = useCallback(
    (picked: PickedAction) =>
      picked.action.form ? setAsking(picked) : picked.action.confirm ? setConfirming(picked) : runAction(picked, picked.action.body),
    [runAction],
  );

  const columns = useMemo<DataTableColumn<Item>[]>(() => {
    const labels = labelsOf(screen);
    const specs = (screen.columns ?? []).map((c) => (typeof c === 'string' ? { field: c } : c));
    const nameOf = (item: Item) => String(item[specs[0]?.field ?? itemKey] ?? item[itemKey]);
    const withActions = editable || rowActions.length > 0;
    return [
      ...specs.map((spec) => tableColumn(spec, labels.get(spec.field))),
      ...(withActions
        ? [
            {
              field: '__actions',
              label: 'Actions',
              kind: 'actions' as const,
              // Its buttons, and at least its heading.
              minWidth: Math.max(
                actionsWidth(['Actions']),
                actionsWidth([
                  ...(editable ? [readOnly ? 'View' : ''] : []),
                  ...(rowActions.length === 1 ? [rowActions[0]!.label] : rowActions.length > 1 ? ['Actions'] : []),
                ]),
              ),
              render: (item: Item) => (
                <Group gap="xs" wrap="nowrap">
                  {editable &&
                    (readOnly ? (
                      <Button size="compact-sm" variant="subtle" aria-label={`View settings of ${nameOf(item)}`} onClick={() => setEditing(String(item[itemKey]))}>
                        View
                      </Button>
                    ) : (
                      // The compact edit icon of the document tables.
                      <ActionIcon variant="subtle" size={28} aria-label={`Edit settings of ${nameOf(item)}`} title="Edit settings" onClick={() => setEditing(String(item[itemKey]))}>
                        <EditIcon />
                      </ActionIcon>
                    ))}
                  <RowActionButtons actions={rowActions} row={item} name={nameOf(item)} onPick={pick} />
                </Group>
              ),
            },
          ]
        : []),
    ];
  }, [screen, itemKey, editable, readOnly, rowActions, pick]);

  const form = screen.form && <ActionForm form={screen.form} readOnly={readOnly} run={run} />;
  if (!screen.operations.list) return form;
  if (list.isError) {
    return (
      <Alert color="red" role="alert" title={`${screen.title} could not be loaded`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{reasonOf(list.error)}</Text>
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
    showSnackbar({ kind: 'success', message: `${String(values[itemKey] ?? values.name ?? 'Item')} created.` });
    setCreating(false);
  };
  const deleteSelected = () => {
    remove!(selected).then(
      () => {
        showSnackbar({ kind: 'success', message: `${selected.length} deleted.` });
        setSelected([]);
      },
      (e: unknown) => showSnackbar({ kind: 'error', message: reasonOf(e), closable: true }),
    );
    setDeleting(false);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="md">
          <EntryCount count={items.length} readOnly={readOnly} />
          {screen.search && (
            <TextInput
              type="search"
              aria-label={screen.search.label}
              placeholder={screen.search.placeholder ?? screen.search.label}
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
              w={280}
            />
          )}
        </Group>
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
      {items.length === 0 && search ? (
        <Text c="dimmed">{`Nothing matches “${search}”.`}</Text>
      ) : items.length === 0 && screen.emptyText ? (
        <Text c="dimmed">{screen.emptyText}</Text>
      ) : (
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
      )}
      {form && <Stack mt="lg">{form}</Stack>}
      <RowActionDialog
        screen={screen}
        picked={asking}
        onClose={() => setAsking(null)}
        onSubmit={(picked, body) => {
          setAsking(null);
          runAction(picked, body);
        }}
      />
      {editable && (
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
      )}
      {screen.createSchema && (
        <Modal opened={creating} onClose={() => setCreating(false)} title="Add entry" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
          {creating && (
            <FormView label="Add entry" schema={screen.createSchema} hints={screen.createFields} defaultValues={{}} onSubmit={create} onCancel={() => setCreating(false)} submitLabel="Add" focusFirstField />
          )}
        </Modal>
      )}
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={confirming ? actionTitle(confirming) : ''} closeButtonProps={{ 'aria-label': 'Close' }}>
        {confirming && (
          <Stack>
            <Text>{confirming.action.confirm!(confirming.row)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                onClick={() => {
                  setConfirming(null);
                  runAction(confirming, confirming.action.body);
                }}
              >
                {confirming.action.label.replace(/…$/, '')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
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
