/**
 * The "Filter by this value" menu of an event's value, in the event drawer (a button) and on a table cell (opened by
 * a right click, or Enter on the focused cell): for each value the view can filter by, named by its label, "Filter
 * by" and "Exclude" (the filter's exclusion, `not_<param>`).
 */
import { Button, Menu } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { FilterChoice } from './filterByValue';

interface Props {
  readonly choices: readonly FilterChoice[];
  /** A value as the screen shows it. */
  readonly labelOf: (choice: FilterChoice) => string;
  readonly onPick: (choice: FilterChoice) => void;
  /** "Exclude this value". */
  readonly onExclude: (choice: FilterChoice) => void;
  /** Opened by its owner (a table cell); without it the menu has its own button. */
  readonly opened?: boolean;
  readonly onClose?: () => void;
  /** What the menu opens from, when its owner opens it. */
  readonly children?: ReactNode;
  /** The field's title, naming the button. */
  readonly title: string;
}

/** See the module comment. */
export function FilterValueMenu({ choices, labelOf, onPick, onExclude, opened, onClose, children, title }: Props) {
  const controlled = opened !== undefined;
  return (
    <Menu
      {...(controlled ? { opened, onChange: (o: boolean) => !o && onClose?.() } : {})}
      position="bottom-start"
      withinPortal
      returnFocus
    >
      <Menu.Target>
        {controlled ? (
          <span>{children}</span>
        ) : (
          <Button size="compact-xs" variant="subtle" aria-label={`Filter by ${title}`}>
            Filter
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{choices[0]?.filter}</Menu.Label>
        {choices.map((c) => (
          <Fragment key={c.value}>
            <Menu.Item onClick={() => onPick(c)}>Filter by “{labelOf(c)}”</Menu.Item>
            <Menu.Item onClick={() => onExclude(c)}>Exclude “{labelOf(c)}”</Menu.Item>
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
