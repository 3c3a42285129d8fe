/**
 * The rows of a document table through the widgets' DataTable: virtualised, memoised by row key (editing one row
 * re-renders that row alone), with selection, sorting, paging, one expanded row and reorder by drag and drop or a
 * typed position. Cell and action renderers come stable from TableView, so the columns stay the same object while
 * rows change.
 */
import { Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import type { DataTableColumn } from '../widgets/table/columns';
import { DataTable, VIRTUALISE_ABOVE } from '../widgets/table/DataTable';
import type { RowPositionChange } from '../widgets/table/rowOrder';
import type { RowKey } from '../widgets/table/selection';
import { actionsWidth } from './RowActions';
import type { Row, RowsRendererProps } from './tableColumns';

/** The accessible name of the actions column. */
export const ACTIONS_COLUMN_LABEL = 'Actions';
const ACTIONS_FIELD = '__actions';
const POSITION_FIELD = '__position';
const NO_POSITIONS: ReadonlyMap<RowKey, number> = new Map();
const NO_ERRORS: ReadonlyMap<string, readonly string[]> = new Map();

export function DataTableRows(props: RowsRendererProps) {
  const { rows, rowKey, renderCell, renderActions, rowErrors, onMove, renderDetails, ordered } = props;
  const keyOf = useCallback((row: Row): RowKey => String(row[rowKey] ?? ''), [rowKey]);
  // Server errors are by row index; by key they stay put while rows move. Without errors this is one constant.
  const errorsByKey = useMemo(
    () => (rowErrors.size === 0 ? NO_ERRORS : new Map([...rowErrors].flatMap(([i, m]) => (rows[i] ? [[keyOf(rows[i]), m] as const] : [])))),
    [rowErrors, rows, keyOf],
  );

  // A reader of ordered rows sees each row's position as text (an editor has the position field). Reading only, so
  // rebuilding the columns with the rows costs no edit a re-render.
  const positions = useMemo(
    () => (ordered && !onMove ? new Map(rows.map((row, i) => [keyOf(row), i + 1])) : NO_POSITIONS),
    [ordered, onMove, rows, keyOf],
  );

  const columns = useMemo<DataTableColumn<Row>[]>(() => {
    const cells: DataTableColumn<Row>[] = props.columns.map((c, i) => {
      const { options, format: _format, ...spec } = c;
      return {
        ...spec,
        // The choices' labels size an enumeration's column.
        labels: c.kind === 'enum' ? Object.fromEntries(options.map((o) => [o.value, o.label])) : undefined,
        render: (row: Row) => {
          const errors = i === 0 ? errorsByKey.get(String(keyOf(row))) : undefined;
          // A plain value stays a string, so the table can show the whole text as a tooltip.
          if (!errors) return renderCell(row, c);
          return (
            <>
              {renderCell(row, c)}
              {errors.map((m) => (
                <Text key={m} c="red" size="xs" role="note" style={{ whiteSpace: 'normal' }}>
                  {m}
                </Text>
              ))}
            </>
          );
        },
      };
    });
    const numbered: DataTableColumn<Row>[] =
      positions.size > 0 ? [{ field: POSITION_FIELD, label: '#', kind: 'number', minWidth: 48, maxWidth: 56, render: (row: Row) => String(positions.get(keyOf(row)) ?? '') }, ...cells] : cells;
    if (!renderActions) return numbered;
    const width = actionsWidth(props.actionCount ?? 2);
    return [...numbered, { field: ACTIONS_FIELD, label: ACTIONS_COLUMN_LABEL, kind: 'actions', minWidth: width, maxWidth: width, render: renderActions }];
  }, [props.columns, props.actionCount, renderCell, renderActions, errorsByKey, keyOf, positions]);

  const move = useCallback((change: RowPositionChange<Row>) => onMove?.(change.currPosition, change.newPosition), [onMove]);
  const rowState = useCallback((row: Row) => (errorsByKey.has(String(keyOf(row))) ? ('error' as const) : undefined), [errorsByKey, keyOf]);

  return (
    <DataTable<Row>
      label={props.caption}
      rows={rows}
      columns={columns}
      rowKey={keyOf}
      selectionMode={props.onSelectedChange ? 'multiple' : 'none'}
      selected={props.selected}
      onSelectedChange={props.onSelectedChange}
      renderExpanded={renderDetails}
      onRowPositionChange={onMove ? move : undefined}
      defaultPageSize={props.pageSize}
      rowState={rowState}
      toolbar={props.toolbar}
      persistKey={props.persistKey}
      // Only a virtualised list scrolls inside the table; otherwise the page scrolls and a sticky header would ride
      // over the application header.
      stickyHeader={props.pageSize <= 0 && rows.length > VIRTUALISE_ABOVE}
    />
  );
}
