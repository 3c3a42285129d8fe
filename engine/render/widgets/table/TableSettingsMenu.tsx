import { Button } from '@mantine/core';
import { useDeferredModule } from '../../lazyComponent';
import type { TableSettings } from './tableSettings';

export interface TableSettingsMenuProps {
  /** The table's name, for the button's accessible name. */
  readonly table: string;
  /** Columns that may be hidden, in display order. */
  readonly columns: readonly { readonly field: string; readonly label: string }[];
  readonly settings: TableSettings;
  readonly onChange: (next: TableSettings) => void;
}

/** The button's text: how many columns are hidden. */
export const columnsLabel = (hidden: number): string => (hidden > 0 ? `Columns (${hidden} hidden)` : 'Columns');

const loadPopover = () => import('./TableSettingsPopover');

/**
 * The column chooser and row density of one table, behind a "Columns" button; the popover downloads the first time
 * it opens (a table screen draws without it).
 */
export function TableSettingsMenu(props: TableSettingsMenuProps) {
  const popover = useDeferredModule(loadPopover);
  if (popover.module) return <popover.module.TableSettingsPopover {...props} defaultOpened={popover.opened} />;
  const hidden = props.columns.filter((c) => props.settings.hidden.includes(c.field)).length;
  return (
    <Button variant="default" aria-label={`Columns and density of ${props.table}`} onClick={popover.request}>
      {columnsLabel(hidden)}
    </Button>
  );
}
