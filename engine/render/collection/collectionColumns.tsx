/**
 * The columns of a collection's table: enumerations by their labels (a coloured badge when the column gives colours),
 * a dimmed detail, a link to another screen, yes/no badges, and the actions column (edit, or view for a reader, and
 * the row actions).
 */
import { ActionIcon, Anchor, Button, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { z } from 'zod';
import type { CollectionColumn, CollectionDef, CollectionRowAction, OptionSource } from '../../../definitions/define';
import { useOptionsFromFields } from '../form/optionSources';
import { fieldsOf, rowSchemaOf } from '../form/schemaFields';
import { EditIcon } from '../document/rowIcons';
import { YesNoBadge } from '../document/tableColumns';
import { ColourBadge } from '../widgets/table/ColourBadge';
import { formatCell, type DataTableColumn } from '../widgets/table/columns';
import { RowActionButtons, type PickedAction } from './RowActions';
import { isEditable, type CollectionItem } from './useCollectionController';

type Item = CollectionItem;

/** Value → label of the row schema's enumerations (and of the create form's, for fields the rows lack). */
function labelsOf(screen: CollectionDef): Map<string, Readonly<Record<string, string>>> {
  const response = screen.operations.list?.response;
  const rows = response && screen.items ? fieldsOf(rowSchemaOf(response as z.ZodObject, screen.items)) : [];
  const created = screen.createSchema ? fieldsOf(screen.createSchema) : [];
  return new Map(
    [...created, ...rows].filter((f) => f.options.length > 0).map((f) => [f.name, Object.fromEntries(f.options.map((o) => [o.value, o.label]))]),
  );
}

/** A detail's text: a time of day for `time` (a restart within the hour), else as a cell of that format. */
const detailText = (value: unknown, format: NonNullable<CollectionColumn['detail']>['format']) =>
  format === 'time' && typeof value === 'string' ? new Date(value).toLocaleTimeString() : formatCell(value, { format: format === 'time' ? 'datetime' : format });

/**
 * The `optionsFrom` hints of the create form's fields that are columns too: such a column shows the choices' names
 * (a category's, a tenant's), not the ids the rows hold.
 */
function lookupHints(screen: CollectionDef): Readonly<Record<string, OptionSource>> {
  const out: Record<string, OptionSource> = {};
  for (const c of screen.columns ?? []) {
    const field = typeof c === 'string' ? c : c.field;
    const from = screen.createFields?.[field]?.optionsFrom;
    if (from) out[field] = from;
  }
  return out;
}

/** A column as the table shows it: labels of an enumeration, a badge in the column's colours, a dimmed detail, a link. */
function tableColumn(
  spec: CollectionColumn & Pick<DataTableColumn<Item>, 'kind'>,
  labels: Readonly<Record<string, string>> | undefined,
  itemKey: string,
): DataTableColumn<Item> {
  const { colors, detail, link } = spec;
  if (link) {
    return {
      ...spec,
      labels,
      render: (row: Item) => (
        <Anchor href={`#${link.route}?${new URLSearchParams({ [link.param]: String(row[itemKey]) }).toString()}`} size="sm">
          {formatCell(row[spec.field], { format: spec.format, labels })}
        </Anchor>
      ),
    };
  }
  // Yes/no as the document tables show it.
  if (spec.format === 'boolean' && !colors && !detail) return { ...spec, labels, render: (row: Item) => <YesNoBadge value={row[spec.field]} /> };
  if (!colors && !detail) return { ...spec, labels };
  const value = (row: Item) => {
    const text = formatCell(row[spec.field], { format: spec.format, labels });
    return colors ? <ColourBadge color={colors[String(row[spec.field])] ?? 'gray'}>{text}</ColourBadge> : text;
  };
  return {
    ...spec,
    labels,
    kind: detail ? 'text' : 'enum',
    colors,
    render: (row: Item) => {
      const more = detail ? detailText(row[detail.field], detail.format) : '';
      return (
        <>
          {value(row)}
          {more && (
            <Text span size="xs" c="dimmed" ml={6}>
              {detail?.label ? `${detail.label} ${more}` : more}
            </Text>
          )}
        </>
      );
    },
  };
}

/** Width of the actions column: its buttons (their texts at the small button size, and padding) and the cell's padding. */
// A compact button's bold label is about 7.6 px a character (6.8 cut "Download" short), plus its padding.
const actionsWidth = (texts: readonly string[]) => texts.reduce((sum, t) => sum + t.length * 7.6 + 30, 0) + (texts.length - 1) * 8 + 20;


export interface CollectionColumnsInput {
  readonly screen: CollectionDef;
  readonly readOnly: boolean;
  /** The row actions offered (none to a reader). */
  readonly rowActions: readonly CollectionRowAction[];
  readonly onEdit: (key: string) => void;
  readonly onPick: (picked: PickedAction) => void;
}

/** The row's name in texts: its first column's value. */
export const rowNameOf = (screen: CollectionDef) => {
  const first = screen.columns?.[0];
  const field = (typeof first === 'string' ? first : first?.field) ?? screen.itemKey ?? 'id';
  return (row: Item) => String(row[field] ?? row[screen.itemKey ?? 'id']);
};

/** The table's columns: the definition's, then an actions column with the edit button and the row actions. */
export function useCollectionColumns({ screen, readOnly, rowActions, onEdit, onPick }: CollectionColumnsInput): DataTableColumn<Item>[] {
  const lookups = useOptionsFromFields(useMemo(() => lookupHints(screen), [screen]));
  return useMemo(() => {
    const itemKey = screen.itemKey ?? 'id';
    const editable = isEditable(screen);
    const labels = labelsOf(screen);
    const specs = (screen.columns ?? []).map((c) => (typeof c === 'string' ? { field: c } : c));
    const nameOf = rowNameOf(screen);
    const withActions = editable || rowActions.length > 0;
    return [
      ...specs.map((spec) => {
        const lookup = lookups.get(spec.field);
        // Names of looked-up ids, one or several: sized as text by what they read.
        if (lookup) return tableColumn({ format: 'enumLabel', kind: 'text', ...spec }, Object.fromEntries(lookup.map((o) => [o.value, o.label])), itemKey);
        return tableColumn(spec, labels.get(spec.field) ?? spec.labels, itemKey);
      }),
      ...(withActions
        ? [
            {
              field: '__actions',
              label: 'Actions',
              kind: 'actions' as const,
              // Its buttons, and at least its heading.
              minWidth: Math.max(
                actionsWidth(['Actions']),
                actionsWidth([
                  ...(editable ? [readOnly ? 'View' : ''] : []),
                  ...(rowActions.length === 1 ? [rowActions[0]!.label] : rowActions.length > 1 ? ['Actions'] : []),
                ]),
              ),
              render: (item: Item) => (
                <Group gap="xs" wrap="nowrap">
                  {editable &&
                    (readOnly ? (
                      <Button size="compact-sm" variant="subtle" aria-label={`View settings of ${nameOf(item)}`} onClick={() => onEdit(String(item[itemKey]))}>
                        View
                      </Button>
                    ) : (
                      // The compact edit icon of the document tables.
                      <ActionIcon variant="subtle" size={28} aria-label={`Edit settings of ${nameOf(item)}`} title="Edit settings" onClick={() => onEdit(String(item[itemKey]))}>
                        <EditIcon />
                      </ActionIcon>
                    ))}
                  <RowActionButtons actions={rowActions} row={item} name={nameOf(item)} onPick={onPick} />
                </Group>
              ),
            },
          ]
        : []),
    ];
  }, [screen, readOnly, rowActions, onEdit, onPick, lookups]);
}
