import { ActionIcon, Group } from '@mantine/core';
import type { RowAction } from '../../../definitions/define';
import { useDeferredModule } from '../lazyComponent';
import { DeleteIcon, EditIcon, MoreIcon, MoveDownIcon, MoveUpIcon } from './rowIcons';

/** Width of one action icon and the gap between icons, in px (the actions column is sized from them). */
const ICON = 28;
const GAP = 4;
const CELL_PADDING = 20;

/** How many icons a row shows: Edit, Delete, and one menu for the definition's row actions (a reader: the menu of its downloads). */
export const actionIconCount = (rowActions: readonly RowAction[] | undefined, readOnly = false): number =>
  readOnly ? (readerActions(rowActions).length > 0 ? 1 : 0) : 2 + (rowActions?.length ? 1 : 0);

/** The row actions a reader may run: those that only save a file. */
export const readerActions = (rowActions: readonly RowAction[] | undefined): readonly RowAction[] => (rowActions ?? []).filter((a) => a.download);

/** The actions column's width for `icons` icons, in px. */
export const actionsWidth = (icons: number): number => icons * ICON + (icons - 1) * GAP + CELL_PADDING;

export interface RowActionsProps {
  /** The row's name in the buttons' accessible names, e.g. "Edit bank.example.com". */
  readonly label: string;
  readonly onEdit: () => void;
  readonly onDelete: () => void;
  readonly rowActions?: readonly RowAction[];
  readonly onRowAction?: (action: RowAction) => void;
  /** Move up and down icons (lists edited inside a form, which have no drag handle); undefined at the ends. */
  readonly move?: { readonly up: (() => void) | undefined; readonly down: (() => void) | undefined };
  /** A reader's row: only the menu of the actions that save a file. */
  readonly readOnly?: boolean;
}

/** A row's compact actions: Edit and Delete icons (with Move up / down where given), and the definition's row actions in a menu. */
export function RowActions({ label, onEdit, onDelete, rowActions: declared, onRowAction, move, readOnly = false }: RowActionsProps) {
  const rowActions = readOnly ? readerActions(declared) : declared;
  return (
    <Group gap={GAP} wrap="nowrap">
      {move && !readOnly && (
        <>
          <ActionIcon variant="subtle" color="gray" size={ICON} disabled={!move.up} onClick={move.up} aria-label={`Move ${label} up`} title="Move up">
            <MoveUpIcon />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" size={ICON} disabled={!move.down} onClick={move.down} aria-label={`Move ${label} down`} title="Move down">
            <MoveDownIcon />
          </ActionIcon>
        </>
      )}
      {!readOnly && (
        <>
          <ActionIcon variant="subtle" size={ICON} onClick={onEdit} aria-label={`Edit ${label}`} title="Edit">
            <EditIcon />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size={ICON} onClick={onDelete} aria-label={`Delete ${label}`} title="Delete">
            <DeleteIcon />
          </ActionIcon>
        </>
      )}
      {rowActions && rowActions.length > 0 && (
        <RowActionsMenu label={label} rowActions={rowActions} onRowAction={onRowAction} />
      )}
    </Group>
  );
}

const loadMenu = () => import('./RowActionsMenu');

/** The "More actions" button; its menu downloads (with Mantine's menu and its positioning) the first time it opens. */
function RowActionsMenu({ label, rowActions, onRowAction }: { label: string; rowActions: readonly RowAction[]; onRowAction?: (action: RowAction) => void }) {
  const menu = useDeferredModule(loadMenu);
  if (menu.module) return <menu.module.RowActionsMenu label={label} rowActions={rowActions} onRowAction={onRowAction} defaultOpened={menu.opened} />;
  return (
    <ActionIcon variant="subtle" color="gray" size={ICON} aria-label={`More actions for ${label}`} title="More actions" onClick={menu.request}>
      <MoreIcon />
    </ActionIcon>
  );
}
