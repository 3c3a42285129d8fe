/**
 * One memoised table row (its own `<tbody>`, so an expanded row's panel sits with it and the virtualiser measures
 * both). Every prop is a primitive, the row object, or something the table keeps stable, so editing one row
 * re-renders that row alone.
 */
import { ActionIcon, Collapse, VisuallyHidden } from '@mantine/core';
import { memo, useRef, useState, type CSSProperties, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { labelOf, RowState } from '../../../../schemas/enums';
import { formatCell, type NormalisedColumn } from './columns';
import type { RowKey } from './selection';

/** Row expand and collapse animation, in ms (spec 002 §9). */
export const ROW_EXPAND_MS = 225;

/** Callbacks the table hands every row; the object is created once, so it never breaks memoisation. */
export interface RowHandlers {
  toggleSelect(key: RowKey, shift: boolean): void;
  toggleExpand(key: RowKey): void;
  keyDown(key: RowKey, event: KeyboardEvent<HTMLTableRowElement>): void;
  focus(key: RowKey): void;
  /** A typed 1-based position; false when it is not a valid position. */
  typePosition(key: RowKey, text: string): boolean;
  dragStart(key: RowKey, event: DragEvent<HTMLTableRowElement>): void;
  dragOver(key: RowKey, event: DragEvent<HTMLTableRowElement>): void;
  drop(key: RowKey, event: DragEvent<HTMLTableRowElement>): void;
  dragEnd(): void;
}

export interface DataRowProps<R> {
  readonly row: R;
  readonly rowKey: RowKey;
  /** Zero-based position in the whole list. */
  readonly position: number;
  readonly ariaRowIndex: number;
  readonly columns: readonly NormalisedColumn<R>[];
  readonly selectable: boolean;
  readonly selected: boolean;
  readonly disabled: boolean;
  readonly expandable: boolean;
  readonly expanded: boolean;
  /** Given only to the expanded row (and the one collapsing), so other rows never see it change. */
  readonly renderExpanded: ((row: R) => ReactNode) | undefined;
  readonly orderable: boolean;
  readonly rowState: RowState | undefined;
  readonly textColor: string | undefined;
  /** The body's one tab stop (the roving row); the controls inside rows are never tab stops (`rowFocus.ts`). */
  readonly tabbable: boolean;
  /** The column whose cell names the row (its text is what a screen reader says on the row), if any. */
  readonly nameField: string | undefined;
  /** Unique in the page: the start of the ids of the rows' name cells. */
  readonly idPrefix: string;
  readonly dropTarget: boolean;
  readonly handlers: RowHandlers;
  /** The virtualiser's measuring callback, given only while the list is virtualised. */
  readonly measure: ((el: HTMLTableSectionElement | null) => void) | undefined;
  readonly virtualIndex: number | undefined;
}

const STATE_COLOURS: Record<Exclude<RowState, 'none'>, string> = {
  error: 'red',
  'soft-error': 'orange',
  warning: 'yellow',
  info: 'blue',
};

function rowStyle(state: RowState | undefined, textColor: string | undefined, dropTarget: boolean): CSSProperties {
  const colour = state && state !== 'none' ? STATE_COLOURS[state] : undefined;
  return {
    color: textColor,
    background: colour ? `var(--mantine-color-${colour}-light)` : undefined,
    boxShadow: [
      colour ? `inset 3px 0 0 var(--mantine-color-${colour}-filled)` : '',
      dropTarget ? 'inset 0 2px 0 var(--mantine-primary-color-filled)' : '',
    ]
      .filter(Boolean)
      .join(', ') || undefined,
  };
}

/** The typed position of a row: a native input, light enough for thousands of rows. */
function PositionInput({
  rowKey,
  position,
  disabled,
  handlers,
}: {
  rowKey: RowKey;
  position: number;
  disabled: boolean;
  handlers: RowHandlers;
}) {
  const shown = String(position + 1);
  const [text, setText] = useState(shown);
  const [invalid, setInvalid] = useState(false);
  // Escape gives up the typed text: the blur that follows (the focus goes back to the row) must not commit it.
  const cancelled = useRef(false);
  // The row moved: show its new position.
  const [shownPosition, setShownPosition] = useState(shown);
  if (shown !== shownPosition) {
    setShownPosition(shown);
    setText(shown);
    setInvalid(false);
  }
  const commit = () => {
    if (cancelled.current) {
      cancelled.current = false;
      return;
    }
    if (text.trim() === shown) return;
    const ok = handlers.typePosition(rowKey, text);
    setInvalid(!ok);
    if (!ok) setText(shown);
  };
  return (
    <input
      className="portal-table-position"
      value={text}
      disabled={disabled}
      tabIndex={-1}
      inputMode="numeric"
      aria-label={`Position of row ${position + 1}`}
      aria-invalid={invalid || undefined}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') {
          cancelled.current = true;
          setText(shown);
        }
        // The row takes Escape (back to the row) and Shift+Tab; the other keys are the field's.
        if (e.key !== 'Escape' && e.key !== 'Tab') e.stopPropagation();
      }}
    />
  );
}

function DataRowInner<R>(props: DataRowProps<R>) {
  const { row, rowKey, position, columns, handlers, expanded, renderExpanded, measure, ...flags } = props;
  const controlCount = Number(flags.orderable) * 2 + Number(flags.selectable) + Number(flags.expandable);
  const stateLabel = flags.rowState && flags.rowState !== 'none' ? labelOf(RowState, flags.rowState) : undefined;
  const nameId = flags.nameField === undefined ? undefined : `${flags.idPrefix}-row-${encodeURIComponent(String(rowKey))}`;
  return (
    <tbody ref={measure} data-index={flags.virtualIndex}>
      <tr
        className="portal-table-row"
        aria-rowindex={flags.ariaRowIndex}
        aria-selected={flags.selectable ? flags.selected : undefined}
        aria-disabled={flags.disabled || undefined}
        data-row-key={String(rowKey)}
        data-row-state={flags.rowState && flags.rowState !== 'none' ? flags.rowState : undefined}
        title={stateLabel}
        tabIndex={flags.tabbable ? 0 : -1}
        aria-labelledby={nameId}
        draggable={flags.orderable}
        style={rowStyle(flags.rowState, flags.textColor, flags.dropTarget)}
        onKeyDown={(e) => handlers.keyDown(rowKey, e)}
        // The row of the focused control, too, is where Tab comes back to.
        onFocus={() => handlers.focus(rowKey)}
        onDragStart={flags.orderable ? (e) => handlers.dragStart(rowKey, e) : undefined}
        onDragOver={flags.orderable ? (e) => handlers.dragOver(rowKey, e) : undefined}
        onDrop={flags.orderable ? (e) => handlers.drop(rowKey, e) : undefined}
        onDragEnd={flags.orderable ? () => handlers.dragEnd() : undefined}
      >
        {flags.orderable && (
          <td aria-label="Drag to reorder" style={{ cursor: 'grab', userSelect: 'none' }}>
            <span aria-hidden>⠿</span>
          </td>
        )}
        {flags.selectable && (
          <td>
            <input
              type="checkbox"
              className="portal-table-check"
              aria-label={`Select row ${position + 1}`}
              checked={flags.selected}
              disabled={flags.disabled}
              tabIndex={-1}
              onChange={() => undefined}
              onClick={(e) => handlers.toggleSelect(rowKey, e.shiftKey)}
            />
          </td>
        )}
        {flags.orderable && (
          <td>
            <PositionInput rowKey={rowKey} position={position} disabled={flags.disabled} handlers={handlers} />
          </td>
        )}
        {columns.map((c, i) => {
          const content = c.render ? c.render(row) : formatCell((row as Record<string, unknown>)[c.field], c);
          return (
            <td
              key={c.field}
              id={c.field === flags.nameField ? nameId : undefined}
              className={c.truncate ? 'portal-table-truncate' : 'portal-table-wrap'}
              // The whole text as a tooltip, for text cut by the ellipsis.
              title={c.truncate && (typeof content === 'string' || typeof content === 'number') ? String(content) : undefined}
              style={c.center ? { textAlign: 'center' } : undefined}
            >
              {i === 0 && stateLabel && <VisuallyHidden>{`${stateLabel}: `}</VisuallyHidden>}
              {content}
            </td>
          );
        })}
        {flags.expandable && (
          <td>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={expanded ? `Collapse row ${position + 1}` : `Expand row ${position + 1}`}
              aria-expanded={expanded}
              tabIndex={-1}
              onClick={() => handlers.toggleExpand(rowKey)}
            >
              <span aria-hidden style={{ display: 'inline-block', transition: `transform ${ROW_EXPAND_MS}ms`, transform: expanded ? 'rotate(90deg)' : undefined }}>
                ›
              </span>
            </ActionIcon>
          </td>
        )}
      </tr>
      {renderExpanded && (
        <tr className="portal-table-row" aria-hidden={!expanded || undefined}>
          <td colSpan={columns.length + controlCount} style={{ padding: expanded ? undefined : 0, borderBottomWidth: expanded ? undefined : 0 }}>
            <Collapse expanded={expanded} transitionDuration={ROW_EXPAND_MS} keepMounted={false}>
              {renderExpanded(row)}
            </Collapse>
          </td>
        </tr>
      )}
    </tbody>
  );
}

/** The memoised row; generic through a cast, since `memo` drops type parameters. */
export const DataRow = memo(DataRowInner) as <R>(props: DataRowProps<R>) => ReactNode;
