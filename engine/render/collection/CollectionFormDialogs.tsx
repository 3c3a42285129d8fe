/**
 * A collection's form dialogs: an item's settings (the JSON-schema editor, read-only for readers) and the create
 * form over `createSchema`, with its notice once the item is created.
 */
import { Modal } from '@mantine/core';
import { useMemo } from 'react';
import type { z } from 'zod';
import type { CollectionDef } from '../../../definitions/define';
import { showSnackbar } from '../../core/snackbar';
import { FormView } from '../document/LazyFormView';
import type { FormValues } from '../form/FormView';
import { schemaDefaults } from '../form/schemaFields';
import { ItemEditor } from './ItemEditor';
import { itemNameOf } from './itemName';
import type { CollectionItem, EditableCollection } from './useCollectionController';
import type { CollectionControl } from './useCollectionViewState';

export interface ItemSettingsDialogProps {
  readonly screen: EditableCollection;
  readonly items: readonly CollectionItem[];
  readonly itemKey: string;
  /** The key of the item whose settings are open. */
  readonly editing: string | null;
  readonly readOnly: boolean;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

export function ItemSettingsDialog({ screen, items, itemKey, editing, readOnly, onClose, onSaved }: ItemSettingsDialogProps) {
  const editedItem = items.find((i) => String(i[itemKey]) === editing);
  return (
    <Modal opened={editing !== null} onClose={onClose} size="xl" title={`Settings of ${String(editedItem?.name ?? '')}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      {editing !== null && <ItemEditor screen={screen} id={editing} readOnly={readOnly} onSaved={onSaved} />}
    </Modal>
  );
}

export interface CreateItemDialogProps {
  readonly screen: CollectionDef;
  /** The screen's `createSchema`. */
  readonly schema: z.ZodObject;
  readonly create: CollectionControl['create'];
  readonly itemKey: string;
  readonly opened: boolean;
  readonly onClose: () => void;
}

export function CreateItemDialog({ screen, schema, create, itemKey, opened, onClose }: CreateItemDialogProps) {
  // Memoised: the add form starts again whenever its default values change.
  const defaults = useMemo(() => schemaDefaults(schema), [schema]);
  const addTitle = `Add ${itemNameOf(screen)}`;
  const submit = async (values: FormValues) => {
    await create!(values);
    showSnackbar({ kind: 'success', message: `${String(values[itemKey] ?? values.name ?? 'Item')} created.` });
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={addTitle} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && (
        <FormView label={addTitle} schema={schema} hints={screen.createFields} defaultValues={defaults} onSubmit={submit} onCancel={onClose} submitLabel="Add" focusFirstField />
      )}
    </Modal>
  );
}
