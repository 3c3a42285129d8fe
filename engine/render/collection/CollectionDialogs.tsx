/**
 * The dialogs of a collection view: a row action's form and its question or dry run (`useRowActionFlow`), an item's
 * settings, the create form, the import (loaded when it starts) and the question before deleting the selected rows.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CollectionDef } from '../../../definitions/define';
import { IMPORT_BUTTONS, IMPORT_MESSAGES, IMPORT_TITLES } from '../../core/bulkImport';
import { showSnackbar } from '../../core/snackbar';
import type { RowKey } from '../widgets/table/selection';
import { CreateItemDialog, ItemSettingsDialog } from './CollectionFormDialogs';
import { RowActionDialog } from './RowActions';
import { PendingActionDialog } from './useRowActionFlow';
import { isEditable, reasonOf } from './useCollectionController';
import type { CollectionControl, CollectionViewState } from './useCollectionViewState';

// The import dialog (and the file parsing behind it) loads only when an import starts.
const CollectionImport = lazy(() => import('./CollectionImport').then((m) => ({ default: m.CollectionImport })));

export interface CollectionDialogsProps {
  readonly screen: CollectionDef;
  readonly readOnly: boolean;
  readonly scope: Readonly<Record<string, string>>;
  readonly ctl: CollectionControl;
  readonly view: CollectionViewState;
}

export function CollectionDialogs({ screen, readOnly, scope, ctl, view }: CollectionDialogsProps) {
  const { items, refresh, remove } = ctl;
  const { flow, itemKey, selected, setSelected, setEditing, setCreating, setDeleting, setImporting } = view;
  const deleteSelected = () => {
    const at = items.findIndex((i) => selected.includes(i[itemKey] as RowKey));
    remove!(selected).then(
      () => {
        view.focusAfterDelete(selected, at);
        showSnackbar({ kind: 'success', message: `${selected.length} deleted.` });
        setSelected([]);
      },
      (e: unknown) => showSnackbar({ kind: 'error', message: reasonOf(e), closable: true }),
    );
    setDeleting(false);
  };
  return (
    <>
      <RowActionDialog screen={screen} scope={scope} picked={flow.asking} onClose={flow.cancelAsking} onSubmit={flow.answered} />
      <PendingActionDialog
        pending={flow.pending}
        onCancel={flow.cancelPending}
        onGo={() => {
          if ((flow.pending?.rows.length ?? 0) > 1) setSelected([]);
          flow.go();
        }}
      />
      {isEditable(screen) && (
        <ItemSettingsDialog
          screen={screen}
          items={items}
          itemKey={itemKey}
          editing={view.editing}
          readOnly={readOnly}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {screen.createSchema && (
        <CreateItemDialog screen={screen} schema={screen.createSchema} create={ctl.create} itemKey={itemKey} opened={view.creating} onClose={() => setCreating(false)} />
      )}
      {screen.bulkImport && view.importing && (
        <Suspense fallback={null}>
          <CollectionImport spec={screen.bulkImport} scope={scope} opened onClose={() => setImporting(false)} onDone={refresh} />
        </Suspense>
      )}
      <Modal opened={view.deleting} onClose={() => setDeleting(false)} title={IMPORT_TITLES.deletionWarning} closeButtonProps={{ 'aria-label': 'Close' }}>
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
    </>
  );
}
