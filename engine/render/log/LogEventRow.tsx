/**
 * One event of the log table: a click or Enter opens it in the drawer; the arrow keys move from the row into its
 * cells and between them, Escape back to the row; Enter on a cell, or a right click, opens the cell's "Filter by this
 * value" menu when the view can filter by its value. Coloured columns show the value as a badge.
 */
import { Table } from '@mantine/core';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { LogViewDef } from '../../../definitions/define';
import { ColourBadge } from '../widgets/table/ColourBadge';
import { filterChoices } from './filterByValue';
import { FilterValueMenu } from './FilterValueMenu';
import type { FilterByValue, LogColumn, LogEvent } from './useLogViewState';

/** The table cell whose "Filter by this value" menu is open. */
export interface CellMenu {
  readonly index: number;
  readonly field: string;
}

export interface LogEventRowProps {
  readonly screen: LogViewDef;
  readonly event: LogEvent;
  /** The event's place among the loaded ones. */
  readonly index: number;
  readonly columns: readonly LogColumn[];
  /** A cell's text as it reads. */
  readonly textOf: (event: LogEvent, column: LogColumn) => string;
  readonly height: number;
  /** The id of the table's caption that says the keys. */
  readonly describedBy: string;
  /** The field of this row whose cell's menu is open. */
  readonly menuField: string | undefined;
  readonly setCellMenu: (menu: CellMenu | null) => void;
  readonly onOpen: (event: LogEvent) => void;
  readonly filterBy: FilterByValue;
}

export function LogEventRow({ screen, event, index, columns, textOf, height, describedBy, menuField, setCellMenu, onOpen, filterBy }: LogEventRowProps) {
  const onClick = (e: MouseEvent<HTMLTableRowElement>) => {
    // Clicks in a cell's menu (drawn elsewhere in the page) are not clicks on the row.
    const target = e.target as HTMLElement;
    if (e.currentTarget.contains(target) && !target.closest('[role="menu"]')) onOpen(event);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>) => {
    const row = e.currentTarget;
    const target = e.target as HTMLElement;
    const cell = target.tagName === 'TD' && row.contains(target) ? target : null;
    if (target !== row && !cell) return;
    const cells = [...row.querySelectorAll<HTMLElement>(':scope > td')];
    const at = cell ? cells.indexOf(cell) : -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      const next = e.key === 'ArrowRight' ? cells[at + 1] : at > 0 ? cells[at - 1] : row;
      next?.focus();
    } else if (e.key === 'Escape' && cell) {
      row.focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const field = cell?.dataset.field;
      if (field && filterChoices(screen, field, event[field]).length > 0) setCellMenu({ index, field });
      else onOpen(event);
    }
  };
  return (
    <Table.Tr aria-rowindex={index + 2} tabIndex={0} aria-describedby={describedBy} style={{ cursor: 'pointer', height }} onClick={onClick} onKeyDown={onKeyDown}>
      {columns.map((c) => {
        const text = textOf(event, c);
        const colour = c.colors?.[String(event[c.field])];
        const content = colour ? <ColourBadge color={colour}>{text}</ColourBadge> : text;
        const choices = filterChoices(screen, c.field, event[c.field]);
        return (
          <Table.Td
            key={c.field}
            className="portal-table-truncate"
            title={text}
            tabIndex={-1}
            data-field={c.field}
            onContextMenu={(e) => {
              if (choices.length === 0) return;
              e.preventDefault();
              setCellMenu({ index, field: c.field });
            }}
          >
            {menuField === c.field ? (
              <FilterValueMenu title={c.label} choices={choices} opened onClose={() => setCellMenu(null)} {...filterBy}>
                {content}
              </FilterValueMenu>
            ) : (
              content
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
