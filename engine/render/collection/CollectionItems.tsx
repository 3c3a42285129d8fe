/**
 * A collection's items: in the data table (sortable, selectable when the writer has something to do with a
 * selection, paged by 25) headed by the toolbar, as charts when the definition draws them, or the definition's empty
 * text under the toolbar when there are none.
 */
import { Text } from '@mantine/core';
import { DataTable } from '../widgets/table/DataTable';
import { CollectionCharts } from './CollectionCharts';
import { CollectionToolbar, type CollectionToolbarProps } from './CollectionToolbar';
import type { CollectionItem } from './useCollectionController';
import type { CollectionViewState } from './useCollectionViewState';

export interface CollectionItemsProps extends CollectionToolbarProps {
  readonly view: CollectionToolbarProps['view'] & Pick<CollectionViewState, 'columns'>;
}

export function CollectionItems({ screen, readOnly, scope, ctl, view }: CollectionItemsProps) {
  const { items, remove } = ctl;
  // The count and the buttons head the table, beside its column chooser.
  const toolbar = <CollectionToolbar screen={screen} readOnly={readOnly} scope={scope} ctl={ctl} view={view} />;
  if (items.length === 0 && screen.emptyText) {
    return (
      <>
        {toolbar}
        <Text c="dimmed">{screen.emptyText}</Text>
      </>
    );
  }
  if (screen.charts) return <CollectionCharts items={items} spec={screen.charts} />;
  return (
    <DataTable<CollectionItem>
      label={screen.title}
      rows={items}
      columns={view.columns}
      rowKey={view.itemKey}
      // Selectable when the writer can do something with a selection: delete it, or run an action for it.
      selectionMode={readOnly || (!remove && view.bulkActions.length === 0 && !screen.selectionActions?.length) ? 'none' : 'multiple'}
      selected={view.selected}
      onSelectedChange={view.setSelected}
      defaultPageSize={25}
      toolbar={toolbar}
      persistKey={screen.id}
    />
  );
}

