import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { headerWraps, POSITION_HEADER, type NormalisedColumn } from './columns';
import { nextSort, type SortState } from './rowOrder';
import type { MasterState, SelectionMode } from './selection';

/** Sticky header stacking order (spec 002 §9). */
export const STICKY_HEADER_Z_INDEX = 100;

export interface DataTableHeaderProps<R> {
  readonly columns: readonly NormalisedColumn<R>[];
  readonly orderable: boolean;
  readonly selectionMode: SelectionMode;
  readonly expandable: boolean;
  readonly sticky: boolean;
  readonly sort: SortState | null;
  readonly onSort: (sort: SortState | null) => void;
  /** The select-all box: its state, whether anything is selected, whether it can act, and its action. */
  readonly master: MasterState;
  readonly anySelected: boolean;
  readonly masterDisabled: boolean;
  readonly onToggleAll: () => void;
}

const ariaSort = (direction: 'asc' | 'desc' | null) =>
  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';

/** The native select-all box (indeterminate is a DOM property, not an attribute). */
function MasterCheckbox({ state, anySelected, disabled, onToggle }: { state: MasterState; anySelected: boolean; disabled: boolean; onToggle: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'indeterminate';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="portal-table-check"
      aria-label={anySelected ? 'Clear selection' : 'Select all rows'}
      checked={state === 'checked'}
      disabled={disabled}
      onChange={onToggle}
    />
  );
}

/** The header row: control columns, then each column's label (a sort button when sortable), cut with a tooltip. */
export function DataTableHeader<R>(props: DataTableHeaderProps<R>) {
  const { columns, sort } = props;
  return (
    <Table.Thead
      style={
        props.sticky
          ? { position: 'sticky', top: 0, zIndex: STICKY_HEADER_Z_INDEX, background: 'var(--mantine-color-body)' }
          : undefined
      }
    >
      <Table.Tr aria-rowindex={1}>
        {props.orderable && (
          <Table.Th>
            <VisuallyHidden>Drag to reorder</VisuallyHidden>
          </Table.Th>
        )}
        {props.selectionMode !== 'none' && (
          <Table.Th>
            {props.selectionMode === 'multiple' && (
              <MasterCheckbox state={props.master} anySelected={props.anySelected} disabled={props.masterDisabled} onToggle={props.onToggleAll} />
            )}
          </Table.Th>
        )}
        {props.orderable && <Table.Th className="portal-table-truncate">{POSITION_HEADER}</Table.Th>}
        {columns.map((c) => {
          const direction = sort?.field === c.field ? sort.direction : null;
          const fit = headerWraps(c.kind) ? 'portal-table-wrap' : 'portal-table-truncate';
          return (
            <Table.Th
              key={c.field}
              aria-sort={c.sortable ? ariaSort(direction) : undefined}
              className={fit}
              title={c.label}
              style={c.center ? { textAlign: 'center' } : undefined}
            >
              {c.sortable ? (
                <UnstyledButton fw={600} fz="sm" maw="100%" className={fit} onClick={() => props.onSort(nextSort(sort, c.field, c.reverseSort))}>
                  {c.label}
                  <span aria-hidden> {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}</span>
                </UnstyledButton>
              ) : (
                c.label
              )}
            </Table.Th>
          );
        })}
        {props.expandable && (
          <Table.Th>
            <VisuallyHidden>Details</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
