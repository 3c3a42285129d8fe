/**
 * CollectionView: the body of a collection screen. Items come from the definition's list operation and show in the
 * data table (sortable, selectable for a batch delete with the deletion warning of spec 002 §8; enumerations by their
 * labels, as a coloured badge when the column gives colours); writers create an item with a form over
 * `createSchema`, run the row actions (a call, a small form in a dialog, a job followed until it ends) and submit the
 * screen's form, and edit an item's `schemaField` with the JSON-schema form, whose schema the `itemSchemaFrom`
 * operation answers for that item. Readers see the same forms, disabled. A collection without a list is its form.
 * A `summary` line from a second call heads the table and loads on its own.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { CollectionDef, CollectionRowAction } from '../../../definitions/define';
import { IMPORT_BUTTONS, IMPORT_MESSAGES, IMPORT_TITLES } from '../../core/bulkImport';
import { showSnackbar } from '../../core/snackbar';
import type { FormValues } from '../form/FormView';
import { FormView } from '../document/LazyFormView';
import { schemaDefaults } from '../form/schemaFields';
import { EntryCount } from '../document/EntryCount';
import { useEngine, useStore } from '../shell/EngineContext';
import type { LogUrlQuery } from '../log/logController';
import { ActionForm } from './ActionForm';
import { CollectionCharts } from './CollectionCharts';
import { BrowserCheckButton } from './BrowserCheckButton';
import { CollectionFilters, scopeChoiceCount, useCollectionContext, useScopeChoices } from './CollectionFilters';
import { CollectionSummaryLine } from './CollectionSummaryLine';
import { rowNameOf, useCollectionColumns } from './collectionColumns';
import { ItemEditor } from './ItemEditor';
import { itemNameOf } from './itemName';
import { RowActionDialog } from './RowActions';
import { SelectionActionButtons } from './SelectionActions';
import { PendingActionDialog, useRowActionFlow } from './useRowActionFlow';
import { isEditable, meets, reasonOf, useCollectionController, type CollectionItem } from './useCollectionController';
import { EmptyResult } from '../widgets/EmptyResult';
import { DataTable } from '../widgets/table/DataTable';
import type { RowKey } from '../widgets/table/selection';

type Item = CollectionItem;

export interface CollectionViewProps {
  readonly screen: CollectionDef;
  /** The route's query (scope and filters) and how to change it; without them the view keeps its own. */
  readonly query?: LogUrlQuery;
  readonly setQuery?: (query: LogUrlQuery) => void;
}


// The import dialog (and the file parsing behind it) loads only when an import starts.
const CollectionImport = lazy(() => import('./CollectionImport').then((m) => ({ default: m.CollectionImport })));
/** What a scoped screen shows before its scope is chosen: why it is empty, and what to do (or that nothing can be chosen yet). */
function ScopeMissing({ screen }: { screen: CollectionDef }) {
  const label = screen.scope!.label.toLowerCase();
  const count = scopeChoiceCount(screen, useScopeChoices(screen).data);
  if (count === undefined) return null;
  return count === 0 ? (
    <EmptyResult title={`No ${label} yet`} message={`This page shows what belongs to a ${label}; there is none yet.`} />
  ) : (
    <EmptyResult title={`No ${label} chosen`} message={`This page shows one ${label} at a time: pick it in the list above.`} />
  );
}

/**
 * Keeps the keyboard focus in the list after a confirmed delete (the button that had it goes with the selection):
 * once the list is read again without the deleted items, it goes to the row now where the first deleted one was
 * (the last row when it was at the end), or to Add when no row is left.
 */
function useFocusAfterDelete(box: RefObject<HTMLDivElement | null>, items: readonly CollectionItem[], itemKey: string) {
  const pending = useRef<{ deleted: ReadonlySet<string>; at: number } | null>(null);
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted || !box.current || items.some((i) => wanted.deleted.has(String(i[itemKey])))) return;
    pending.current = null;
    const key = items.length > 0 ? String(items[Math.min(wanted.at, items.length - 1)]![itemKey]) : undefined;
    const row = [...box.current.querySelectorAll<HTMLElement>('tr[data-row-key]')].find((tr) => tr.dataset.rowKey === key);
    (row ?? box.current.querySelector<HTMLElement>('[data-list-add]'))?.focus();
  }, [box, items, itemKey]);
  return (deleted: readonly RowKey[], at: number) => {
    pending.current = { deleted: new Set(deleted.map(String)), at: Math.max(0, at) };
  };
}

export function CollectionView({ screen, query: routeQuery, setQuery: setRouteQuery }: CollectionViewProps) {
  const { access } = useEngine();
  // Subscribed: access narrowed while the screen is open takes its controls away.
  useStore(access);
  const readOnly = !access.canWrite(screen);
  const [ownQuery, setOwnQuery] = useState<LogUrlQuery>({});
  const query = routeQuery ?? ownQuery;
  const setQuery = setRouteQuery ?? setOwnQuery;
  const context = useCollectionContext(screen, query);
  const { list, items, refresh, run, create: createItem, remove } = useCollectionController(screen, context);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [importing, setImporting] = useState(false);

  const itemKey = screen.itemKey ?? 'id';
  const box = useRef<HTMLDivElement>(null);
  const focusAfterDelete = useFocusAfterDelete(box, items, itemKey);
  // Readers get the actions that only save a file.
  const rowActions = useMemo(() => (screen.rowActions ?? []).filter((a) => !readOnly || a.download), [readOnly, screen.rowActions]);
  const editable = isEditable(screen);
  const flow = useRowActionFlow(screen, context.scope, run);
  // Memoised: the add form starts again whenever its default values change.
  const createDefaults = useMemo(() => (screen.createSchema ? schemaDefaults(screen.createSchema) : {}), [screen.createSchema]);
  const columns = useCollectionColumns({ screen, readOnly, rowActions, onEdit: setEditing, onPick: flow.pick });

  const scopeMissing = screen.scope !== undefined && context.scope[screen.scope.param] === undefined;
  const filterBar = <CollectionFilters screen={screen} context={context} query={query} setQuery={setQuery} />;
  // Shown whatever state the list is in: it is asked for on its own.
  // Keyed: it stays mounted (and its answer on screen) while the list below it loads, fails or shows.
  const summary = screen.summary && !scopeMissing && <CollectionSummaryLine key="summary" screen={screen} summary={screen.summary} context={context} />;
  const form = screen.form && !scopeMissing && (
    <ActionForm key={JSON.stringify(context.scope)} form={screen.form} readOnly={readOnly} run={run} scope={context.scope} />
  );
  if (scopeMissing) {
    return (
      <Stack gap="sm">
        {filterBar}
        <ScopeMissing screen={screen} />
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
      <Stack gap="sm">
        {summary}
        <Alert color="red" role="alert" title={`${screen.title} could not be loaded`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{reasonOf(list.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  if (!list.data) {
    return (
      <Stack gap="sm">
        {summary}
        <Group justify="center" py="xl">
          <Loader aria-label={`Loading ${screen.title}`} />
        </Group>
      </Stack>
    );
  }
  const editedItem = items.find((i) => String(i[itemKey]) === editing);
  const nameOfRow = rowNameOf(screen);
  const addTitle = `Add ${itemNameOf(screen)}`;
  const bulkActions = rowActions.filter((a) => a.bulk);
  const selectedRows = items.filter((i) => selected.includes(i[itemKey] as RowKey));
  const offeredFor = (action: CollectionRowAction) => selectedRows.filter((row) => !action.when || meets(row, action.when));

  const create = async (values: FormValues) => {
    await createItem!(values);
    showSnackbar({ kind: 'success', message: `${String(values[itemKey] ?? values.name ?? 'Item')} created.` });
    setCreating(false);
  };
  const deleteSelected = () => {
    const at = items.findIndex((i) => selected.includes(i[itemKey] as RowKey));
    remove!(selected).then(
      () => {
        focusAfterDelete(selected, at);
        showSnackbar({ kind: 'success', message: `${selected.length} deleted.` });
        setSelected([]);
      },
      (e: unknown) => showSnackbar({ kind: 'error', message: reasonOf(e), closable: true }),
    );
    setDeleting(false);
  };

  // The count and the buttons head the table, beside its column chooser.
  const toolbar = (
    <Group justify="space-between" gap="xs" style={{ flex: 1 }}>
      {/* An empty list says so in its own words below; "0 entries" would only repeat it. */}
      {items.length === 0 && screen.emptyText ? <span /> : <EntryCount count={items.length} readOnly={readOnly} />}
      {!readOnly && (
        <Group gap="xs">
          {bulkActions.map((action) => {
            const rows = offeredFor(action).map((row) => ({ action, row, name: nameOfRow(row) }));
            return (
              rows.length > 0 && (
                <Button key={action.id} variant="light" onClick={() => flow.askBulk(action, rows)}>
                  {`${action.label.replace(/…$/, '')} (${rows.length})`}
                </Button>
              )
            );
          })}
          {screen.selectionActions && (
            <SelectionActionButtons
              actions={screen.selectionActions}
              selected={selectedRows}
              nameOf={nameOfRow}
              scope={context.scope}
              call={(action, input) => run(action.operation, input, undefined)}
              onDone={() => setSelected([])}
            />
          )}
          {remove && selected.length > 0 && (
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              {`Delete selected (${selected.length})`}
            </Button>
          )}
          {screen.browserCheck && <BrowserCheckButton check={screen.browserCheck} onDone={refresh} />}
          {screen.bulkImport && (
            <Button variant="default" onClick={() => setImporting(true)}>
              {screen.bulkImport.label}
            </Button>
          )}
          {createItem && screen.createSchema && (
            <Button onClick={() => setCreating(true)} data-list-add>
              Add
            </Button>
          )}
        </Group>
      )}
    </Group>
  );

  return (
    <Stack gap="sm" ref={box}>
      {filterBar}
      {summary}
      {items.length === 0 && screen.emptyText ? (
        <>
          {toolbar}
          <Text c="dimmed">{screen.emptyText}</Text>
        </>
      ) : screen.charts ? (
        <CollectionCharts items={items} spec={screen.charts} />
      ) : (
        <DataTable<Item>
          label={screen.title}
          rows={items}
          columns={columns}
          rowKey={itemKey}
          selectionMode={readOnly || (!remove && bulkActions.length === 0 && !screen.selectionActions?.length) ? 'none' : 'multiple'}
          selected={selected}
          onSelectedChange={setSelected}
          defaultPageSize={25}
          toolbar={toolbar}
          persistKey={screen.id}
        />
      )}
      {form && <Stack mt="lg">{form}</Stack>}
      <RowActionDialog screen={screen} scope={context.scope} picked={flow.asking} onClose={flow.cancelAsking} onSubmit={flow.answered} />
      <PendingActionDialog
        pending={flow.pending}
        onCancel={flow.cancelPending}
        onGo={() => {
          if ((flow.pending?.rows.length ?? 0) > 1) setSelected([]);
          flow.go();
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
        <Modal opened={creating} onClose={() => setCreating(false)} title={addTitle} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
          {creating && (
            <FormView label={addTitle} schema={screen.createSchema} hints={screen.createFields} defaultValues={createDefaults} onSubmit={create} onCancel={() => setCreating(false)} submitLabel="Add" focusFirstField />
          )}
        </Modal>
      )}
      {screen.bulkImport && importing && (
        <Suspense fallback={null}>
          <CollectionImport spec={screen.bulkImport} scope={context.scope} opened onClose={() => setImporting(false)} onDone={refresh} />
        </Suspense>
      )}
      <Modal opened={deleting} onClose={() => setDeleting(false)} title={IMPORT_TITLES.deletionWarning} closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text>{IMPORT_MESSAGES.deletionWarning(selected.length)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)} data-autofocus>
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
