/**
 * CollectionView: the body of a collection screen. Items come from the definition's list operation and show in the
 * data table (sortable, selectable for a batch delete with the deletion warning of spec 002 §8; enumerations by their
 * labels, as a coloured badge when the column gives colours); writers create an item with a form over
 * `createSchema`, run the row actions (a call, a small form in a dialog, a job followed until it ends) and submit the
 * screen's form, and edit an item's `schemaField` with the JSON-schema form, whose schema the `itemSchemaFrom`
 * operation answers for that item. Readers see the same forms, disabled. A collection without a list is its form.
 */
import { ActionIcon, Alert, Anchor, Badge, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';
import type { CollectionColumn, CollectionDef, CollectionRowAction } from '../../../definitions/define';
import { IMPORT_BUTTONS, IMPORT_MESSAGES, IMPORT_TITLES } from '../../core/bulkImport';
import { showSnackbar } from '../../core/snackbar';
import { FormView, type FormValues } from '../form/FormView';
import { fieldsOf, rowSchemaOf } from '../form/schemaFields';
import { EntryCount } from '../document/EntryCount';
import { EditIcon } from '../document/rowIcons';
import { YesNoBadge } from '../document/tableColumns';
import { useEngine } from '../shell/EngineContext';
import type { LogUrlQuery } from '../log/logController';
import { ActionForm } from './ActionForm';
import { CollectionFilters, useCollectionContext } from './CollectionFilters';
import { RowActionButtons, RowActionDialog, type PickedAction } from './RowActions';
import {
  isEditable,
  itemParams,
  meets,
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

/** A column as the table shows it: labels of an enumeration, a badge in the column's colours, a dimmed detail, a link. */
function tableColumn(spec: CollectionColumn, labels: Readonly<Record<string, string>> | undefined, itemKey: string): DataTableColumn<Item> {
  const { colors, detail, link } = spec;
  if (link) {
    return {
      ...spec,
      labels,
      render: (row: Item) => (
        <Anchor href={`#${link.route}?${new URLSearchParams({ [link.param]: String(row[itemKey]) }).toString()}`} size="sm">
          {formatCell(row[spec.field], { format: spec.format, labels })}
        </Anchor>
      ),
    };
  }
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

/** An action waiting for the administrator's go: what it will do (a question, or what its dry run says would change). */
interface PendingAction {
  readonly action: CollectionRowAction;
  readonly rows: readonly PickedAction[];
  readonly body: FormValues | undefined;
  readonly lines: readonly string[];
  readonly preview: boolean;
}

/** The body an action sends for a row: the form's, else its constant one or the one it makes from the row. */
const bodyOf = (action: CollectionRowAction, row: Item, formBody: FormValues | undefined): FormValues | undefined =>
  formBody ?? (typeof action.body === 'function' ? action.body(row) : action.body);

export interface CollectionViewProps {
  readonly screen: CollectionDef;
  /** The route's query (scope and filters) and how to change it; without them the view keeps its own. */
  readonly query?: LogUrlQuery;
  readonly setQuery?: (query: LogUrlQuery) => void;
}

export function CollectionView({ screen, query: routeQuery, setQuery: setRouteQuery }: CollectionViewProps) {
  const { access, call } = useEngine();
  const readOnly = !access.canWrite(screen);
  const [ownQuery, setOwnQuery] = useState<LogUrlQuery>({});
  const query = routeQuery ?? ownQuery;
  const setQuery = setRouteQuery ?? setOwnQuery;
  const context = useCollectionContext(screen, query);
  const { list, items, refresh, run, create: createItem, remove } = useCollectionController(screen, context);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [asking, setAsking] = useState<PickedAction | null>(null);

  const itemKey = screen.itemKey ?? 'id';
  const rowActions = useMemo(() => (readOnly ? [] : (screen.rowActions ?? [])), [readOnly, screen.rowActions]);
  const editable = isEditable(screen);

  const inputOf = useCallback(
    (action: CollectionRowAction, row: Item, formBody: FormValues | undefined) => {
      const body = bodyOf(action, row, formBody);
      return { params: { ...context.scope, ...itemParams(screen, row[itemKey]) }, ...(body && { body }) };
    },
    [context.scope, screen, itemKey],
  );
  /** Runs a row action for these rows, one after the other: a notice says how it (or its job) ended. */
  const runAction = useCallback(
    async (action: CollectionRowAction, rows: readonly PickedAction[], formBody: FormValues | undefined) => {
      const done: string[] = [];
      try {
        for (const { row } of rows) {
          await run(action.operation, inputOf(action, row, formBody), action.job);
          done.push(action.success(row, bodyOf(action, row, formBody) ?? {}));
        }
        showSnackbar({ kind: 'success', message: done.join(' ') });
      } catch (e) {
        showSnackbar({ kind: 'error', message: [...done, reasonOf(e)].join(' '), closable: true });
      }
    },
    [run, inputOf],
  );
  /** Runs an action once its form is filled: after its dry run or question when it has one. */
  const start = useCallback(
    ({ action, row, name }: PickedAction, formBody: FormValues | undefined) => {
      const rows = [{ action, row, name }];
      if (action.preview) {
        const input = inputOf(action, row, formBody);
        call(action.operation.id, { ...input, query: action.preview.query }).then(
          (answer) => setPending({ action, rows, body: formBody, lines: action.preview!.lines(answer as never), preview: true }),
          (e: unknown) => showSnackbar({ kind: 'error', message: reasonOf(e), closable: true }),
        );
      } else if (action.confirm) {
        setPending({ action, rows, body: formBody, lines: [action.confirm(row)], preview: false });
      } else {
        void runAction(action, rows, formBody);
      }
    },
    [call, inputOf, runAction],
  );
  const pick = useCallback((picked: PickedAction) => (picked.action.form ? setAsking(picked) : start(picked, undefined)), [start]);

  const columns = useMemo<DataTableColumn<Item>[]>(() => {
    const labels = labelsOf(screen);
    const specs = (screen.columns ?? []).map((c) => (typeof c === 'string' ? { field: c } : c));
    const nameOf = (item: Item) => String(item[specs[0]?.field ?? itemKey] ?? item[itemKey]);
    const withActions = editable || rowActions.length > 0;
    return [
      ...specs.map((spec) => tableColumn(spec, labels.get(spec.field) ?? spec.labels, itemKey)),
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

  const scopeMissing = screen.scope !== undefined && context.scope[screen.scope.param] === undefined;
  const filterBar = <CollectionFilters screen={screen} context={context} query={query} setQuery={setQuery} />;
  const form = screen.form && !scopeMissing && (
    <ActionForm key={JSON.stringify(context.scope)} form={screen.form} readOnly={readOnly} run={run} scope={context.scope} />
  );
  if (scopeMissing) {
    return (
      <Stack gap="sm">
        {filterBar}
        <Text c="dimmed">{`Choose a ${screen.scope!.label.toLowerCase()}.`}</Text>
      </Stack>
    );
  }
  if (!screen.operations.list) {
    return (
      <Stack gap="md">
        {filterBar}
        {form}
      </Stack>
    );
  }
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
  const nameOfRow = (row: Item) => String(row[(typeof screen.columns?.[0] === 'string' ? screen.columns[0] : screen.columns?.[0]?.field) ?? itemKey] ?? row[itemKey]);
  const bulkActions = rowActions.filter((a) => a.bulk);
  const selectedRows = items.filter((i) => selected.includes(i[itemKey] as RowKey));
  const askBulk = (action: CollectionRowAction) => {
    const rows = selectedRows.filter((row) => !action.when || meets(row, action.when)).map((row) => ({ action, row, name: nameOfRow(row) }));
    setPending({ action, rows, body: undefined, lines: rows.map(({ row, name }) => action.confirm?.(row) ?? name), preview: false });
  };

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
      {filterBar}
      <Group justify="space-between">
        <EntryCount count={items.length} readOnly={readOnly} />
        {!readOnly && (
          <Group gap="xs">
            {bulkActions.map((action) => {
              const count = selectedRows.filter((row) => !action.when || meets(row, action.when)).length;
              return (
                count > 0 && (
                  <Button key={action.id} variant="light" onClick={() => askBulk(action)}>
                    {`${action.label.replace(/…$/, '')} (${count})`}
                  </Button>
                )
              );
            })}
            {remove && selected.length > 0 && (
              <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                {`Delete selected (${selected.length})`}
              </Button>
            )}
            {createItem && screen.createSchema && <Button onClick={() => setCreating(true)}>Add</Button>}
          </Group>
        )}
      </Group>
      {items.length === 0 && screen.emptyText ? (
        <Text c="dimmed">{screen.emptyText}</Text>
      ) : (
        <DataTable<Item>
          label={screen.title}
          rows={items}
          columns={columns}
          rowKey={itemKey}
          selectionMode={readOnly || (!remove && bulkActions.length === 0) ? 'none' : 'multiple'}
          selected={selected}
          onSelectedChange={setSelected}
          defaultPageSize={25}
        />
      )}
      {form && <Stack mt="lg">{form}</Stack>}
      <RowActionDialog
        screen={screen}
        scope={context.scope}
        picked={asking}
        onClose={() => setAsking(null)}
        onSubmit={(picked, body) => {
          setAsking(null);
          start(picked, body);
        }}
      />
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? (pending.rows.length === 1 ? `${pending.action.label.replace(/…$/, '')} ${pending.rows[0]!.name}` : `${pending.action.label.replace(/…$/, '')} ${pending.rows.length} selected`) : ''}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {pending && (
          <Stack>
            {pending.preview && <Text size="sm">{pending.lines.length > 0 ? 'This would change:' : 'Nothing would change.'}</Text>}
            {pending.lines.length === 1 && !pending.preview ? (
              <Text>{pending.lines[0]}</Text>
            ) : (
              <List size="sm" spacing={4}>
                {pending.lines.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)}>
                Cancel
              </Button>
              {(!pending.preview || pending.lines.length > 0) && (
                <Button
                  onClick={() => {
                    setPending(null);
                    if (pending.rows.length > 0) void runAction(pending.action, pending.rows, pending.body);
                    if (pending.rows.length > 1) setSelected([]);
                  }}
                >
                  {pending.preview ? 'Apply' : pending.action.label.replace(/…$/, '')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
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
