/**
 * The buttons for a collection's selected rows: each bulk row action offered for some of them ("Restart (2)"), the
 * definition's selection actions, and "Delete selected (n)".
 */
import { Button } from '@mantine/core';
import type { CollectionDef, CollectionRowAction } from '../../../definitions/define';
import type { RowKey } from '../widgets/table/selection';
import { rowNameOf } from './collectionColumns';
import { SelectionActionButtons } from './SelectionActions';
import { meets } from './useCollectionController';
import type { CollectionControl, CollectionViewState } from './useCollectionViewState';

export interface CollectionSelectionActionsProps {
  readonly screen: CollectionDef;
  readonly scope: Readonly<Record<string, string>>;
  readonly ctl: Pick<CollectionControl, 'items' | 'run' | 'remove'>;
  readonly view: Pick<CollectionViewState, 'itemKey' | 'selected' | 'setSelected' | 'setDeleting' | 'bulkActions' | 'flow'>;
}

export function CollectionSelectionActions({ screen, scope, ctl: { items, run, remove }, view }: CollectionSelectionActionsProps) {
  const { itemKey, selected, setSelected, flow } = view;
  const nameOfRow = rowNameOf(screen);
  const selectedRows = items.filter((i) => selected.includes(i[itemKey] as RowKey));
  const offeredFor = (action: CollectionRowAction) => selectedRows.filter((row) => !action.when || meets(row, action.when));
  return (
    <>
      {view.bulkActions.map((action) => {
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
          scope={scope}
          call={(action, input) => run(action.operation, input, undefined)}
          onDone={() => setSelected([])}
        />
      )}
      {remove && selected.length > 0 && (
        <Button color="red" variant="light" onClick={() => view.setDeleting(true)}>
          {`Delete selected (${selected.length})`}
        </Button>
      )}
    </>
  );
}
