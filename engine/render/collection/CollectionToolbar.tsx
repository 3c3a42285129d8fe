/**
 * The head of a collection's table, beside its column chooser: how many items it holds, and for writers the
 * selection's buttons, the browser check, the import and Add.
 */
import { Button, Group } from '@mantine/core';
import type { CollectionDef } from '../../../definitions/define';
import { EntryCount } from '../document/EntryCount';
import { BrowserCheckButton } from './BrowserCheckButton';
import { CollectionSelectionActions, type CollectionSelectionActionsProps } from './CollectionSelectionActions';
import type { CollectionControl, CollectionViewState } from './useCollectionViewState';

export interface CollectionToolbarProps {
  readonly screen: CollectionDef;
  readonly readOnly: boolean;
  readonly scope: Readonly<Record<string, string>>;
  readonly ctl: CollectionSelectionActionsProps['ctl'] & Pick<CollectionControl, 'refresh' | 'create'>;
  readonly view: CollectionSelectionActionsProps['view'] & Pick<CollectionViewState, 'setImporting' | 'setCreating'>;
}

export function CollectionToolbar({ screen, readOnly, scope, ctl, view }: CollectionToolbarProps) {
  return (
    <Group justify="space-between" gap="xs" style={{ flex: 1 }}>
      {/* An empty list says so in its own words below; "0 entries" would only repeat it. */}
      {ctl.items.length === 0 && screen.emptyText ? <span /> : <EntryCount count={ctl.items.length} readOnly={readOnly} />}
      {!readOnly && (
        <Group gap="xs">
          <CollectionSelectionActions screen={screen} scope={scope} ctl={ctl} view={view} />
          {screen.browserCheck && <BrowserCheckButton check={screen.browserCheck} onDone={ctl.refresh} />}
          {screen.bulkImport && (
            <Button variant="default" onClick={() => view.setImporting(true)}>
              {screen.bulkImport.label}
            </Button>
          )}
          {ctl.create && screen.createSchema && (
            <Button onClick={() => view.setCreating(true)} data-list-add>
              Add
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}
