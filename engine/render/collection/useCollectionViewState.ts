/**
 * What a collection view keeps between renders, whatever state its list is in (a list read again after a failure
 * finds the selection and the open dialog as they were): the selected rows, the dialog open (an item's settings, the
 * create form, the import, the delete question), the row actions offered and their flow, and the table's columns.
 */
import { useMemo, useState, type RefObject } from 'react';
import type { CollectionDef } from '../../../definitions/define';
import type { RowKey } from '../widgets/table/selection';
import { useCollectionColumns } from './collectionColumns';
import { useFocusAfterDelete } from './useFocusAfterDelete';
import { useRowActionFlow } from './useRowActionFlow';
import type { CollectionContext, useCollectionController } from './useCollectionController';

/** The list of a collection and its calls (`useCollectionController`). */
export type CollectionControl = ReturnType<typeof useCollectionController>;
export type CollectionViewState = ReturnType<typeof useCollectionViewState>;

/** See the module comment. */
export function useCollectionViewState(
  screen: CollectionDef,
  readOnly: boolean,
  context: CollectionContext,
  { items, run }: Pick<CollectionControl, 'items' | 'run'>,
  /** The view's box: the focus goes back into it after a delete. */
  box: RefObject<HTMLDivElement | null>,
) {
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [importing, setImporting] = useState(false);

  const itemKey = screen.itemKey ?? 'id';
  const focusAfterDelete = useFocusAfterDelete(box, items, itemKey);
  // Readers get the actions that only save a file.
  const rowActions = useMemo(() => (screen.rowActions ?? []).filter((a) => !readOnly || a.download), [readOnly, screen.rowActions]);
  const flow = useRowActionFlow(screen, context.scope, run);
  const columns = useCollectionColumns({ screen, readOnly, rowActions, onEdit: setEditing, onPick: flow.pick });
  return {
    itemKey,
    focusAfterDelete,
    selected,
    setSelected,
    editing,
    setEditing,
    creating,
    setCreating,
    deleting,
    setDeleting,
    importing,
    setImporting,
    rowActions,
    /** The row actions run for the selected rows at once. */
    bulkActions: rowActions.filter((a) => a.bulk),
    flow,
    columns,
  };
}
