/** A row's "More actions" menu (the definition's row actions): downloaded the first time one opens. */
import { ActionIcon, Menu } from '@mantine/core';
import type { RowAction } from '../../../definitions/define';
import { MoreIcon } from './rowIcons';

export function RowActionsMenu({
  label,
  rowActions,
  onRowAction,
  defaultOpened,
}: {
  label: string;
  rowActions: readonly RowAction[];
  onRowAction?: (action: RowAction) => void;
  defaultOpened: boolean;
}) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={28} aria-label={`More actions for ${label}`} title="More actions">
          <MoreIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {rowActions.map((action) => (
          <Menu.Item key={action.id} onClick={() => onRowAction?.(action)}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
