/**
 * Widgets for structured values inside a document: a list of objects as a nested table (`table`: add, edit in a
 * row form, delete, reorder), a record as key-value rows (`keyValue`), and a read-only JSON view (`jsonView`) for
 * values no editor covers. The nested table edits a row with the form that shows it, which `FormView` gives through
 * `RowFormContext`, so the form and this module do not import each other (outside a form the table is shown as JSON).
 */
import { ActionIcon, Badge, Button, Code, Group, Input, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { createContext, useContext, useMemo, useState, type ComponentType } from 'react';
import { z } from 'zod';
import type { NestedTableHint, OptionSource } from '../../../definitions/define';
import { RowActions, actionsWidth } from '../document/RowActions';
import { DeleteIcon } from '../document/rowIcons';
import { useOptionsFromFields } from './optionSources';
import { elementObjectOf, fieldsOf, getPath, unwrap, type FieldSpec } from './schemaFields';
import type { WidgetComponent, WidgetProps } from './widgetProps';

type Row = Record<string, unknown>;

/** What the nested table needs of the form that edits one row (FormView's props, in part). */
export interface RowFormProps {
  readonly schema: z.ZodObject;
  readonly hints?: NestedTableHint['rowFields'];
  readonly panels?: readonly { readonly id: string; readonly title: string; readonly fields: readonly string[]; readonly summary?: string }[];
  readonly panelMode?: 'create' | 'edit';
  readonly defaultValues: Row;
  readonly onSubmit: (values: Row) => void;
  readonly onCancel: () => void;
  readonly submitLabel: string;
  readonly label: string;
  readonly focusFirstField?: boolean;
}

/** Kinds shown as a column by default: plain values that fit a cell. */
const COLUMN_WIDGETS = new Set(['text', 'number', 'switch', 'checkbox', 'select', 'segmented', 'multiselect', 'tags', 'date', 'datetime']);
const DEFAULT_COLUMNS = 4;

/** The columns of a nested table: the hint's, or the first few plain, visible fields. */
export function nestedColumns(row: z.ZodObject, hint: NestedTableHint): FieldSpec[] {
  const fields = fieldsOf(row, hint.rowFields);
  if (hint.columns) return hint.columns.map((c) => fields.find((f) => f.name === c)).filter((f): f is FieldSpec => !!f);
  return fields.filter((f) => COLUMN_WIDGETS.has(f.widget) && f.hint.widget !== 'hidden' && f.name !== 'id').slice(0, DEFAULT_COLUMNS);
}

function cellText(value: unknown, field: FieldSpec): string {
  const label = (v: unknown) => field.options.find((o) => o.value === String(v))?.label ?? String(v);
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (value === undefined || value === null || value === '') return '—';
  if (field.widget === 'datetime' && typeof value === 'string') return value.replace('T', ' ').replace(/Z$/, ' UTC');
  return field.options.length > 0 ? label(value) : (field.valueLabels?.[String(value)] ?? String(value));
}

function Cell({ value, field }: { value: unknown; field: FieldSpec }) {
  if (field.widget === 'switch' || field.widget === 'checkbox') {
    return (
      // Filled dark shades: white text at AA contrast in the light and the dark scheme (as in the document tables).
      <Badge variant="filled" color={value === true ? 'teal.9' : 'dark.4'}>
        {value === true ? 'Yes' : 'No'}
      </Badge>
    );
  }
  const text = cellText(value, field);
  return (
    <Text size="sm" truncate="end" maw={320} title={text}>
      {text}
    </Text>
  );
}

/** The `optionsFrom` hints of the columns: their cells show the choices' labels, not the values the rows hold. */
function columnSources(columns: readonly FieldSpec[]): Readonly<Record<string, OptionSource>> {
  return Object.fromEntries(columns.flatMap((c) => (c.hint.optionsFrom ? [[c.name, c.hint.optionsFrom] as const] : [])));
}

/** A fresh row: the hint's defaults, empty texts (so a missing one reads "required"), and a new text `id`. */
function newRow(row: z.ZodObject, hint: NestedTableHint): Row {
  const fresh: Row = { ...(hint.newRow as Row | undefined) };
  for (const [key, child] of Object.entries(row.shape as Record<string, z.ZodType>)) {
    const { inner, required } = unwrap(child);
    if (!(inner instanceof z.ZodString) || fresh[key] !== undefined) continue;
    if (key === 'id') fresh.id = globalThis.crypto.randomUUID();
    else if (required) fresh[key] = '';
  }
  return fresh;
}

/** The hint of a table field that gives none (one object, so memoised columns stay put). */
const NO_HINT: NestedTableHint = {};

type Editing = { readonly index: number; readonly values: Row } | null;

/** The form a nested table edits its rows with: FormView, which provides itself to the widgets of its fields. */
export const RowFormContext = createContext<ComponentType<RowFormProps> | null>(null);

/** The nested table widget, editing a row with the form of `RowFormContext`. */
export function NestedTableWidget(p: WidgetProps) {
  const RowForm = useContext(RowFormContext);
  return RowForm ? <NestedTable {...p} RowForm={RowForm} /> : <JsonViewWidget {...p} />;
}

function NestedTable(p: WidgetProps & { readonly RowForm: ComponentType<RowFormProps> }) {
  const { RowForm } = p;
  const [editing, setEditing] = useState<Editing>(null);
  const row = elementObjectOf(p.field.schema);
  const hint: NestedTableHint = p.field.hint.table ?? NO_HINT;
  const specs = useMemo(() => (row ? nestedColumns(row, hint) : []), [row, hint]);
  // A column over another screen's or operation's rows shows their labels (a SKU's name) once they have loaded.
  const lookups = useOptionsFromFields(useMemo(() => columnSources(specs), [specs]));
  const columns = useMemo(() => specs.map((c) => (lookups.has(c.name) ? { ...c, options: [...lookups.get(c.name)!] } : c)), [specs, lookups]);
  if (!row) return <JsonViewWidget {...p} />;
  const item = hint.itemLabel ?? 'entry';
  const rows = (Array.isArray(p.value) ? p.value : []) as Row[];
  const change = (next: Row[]) => {
    p.onChange(next);
    p.onBlur();
  };
  const nameOf = (r: Row, i: number) => {
    const first = columns[0] ? getPath(r, columns[0].name) : undefined;
    return typeof first === 'string' && first !== '' ? first : `${item} ${i + 1}`;
  };
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    change(next);
  };
  const apply = (values: Row) => {
    if (!editing) return;
    change(editing.index === rows.length ? [...rows, values] : rows.map((r, i) => (i === editing.index ? { ...r, ...values } : r)));
    setEditing(null);
  };
  const title = editing?.index === rows.length ? `Add ${item}` : `Edit ${item}`;
  return (
    <Input.Wrapper label={p.field.label} description={p.field.description} error={p.error} withAsterisk={false}>
      <Stack gap={6} mt={6}>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {`No ${item} yet.`}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480} type="native">
            <Table withTableBorder verticalSpacing={4} highlightOnHover aria-label={p.field.label}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>#</Table.Th>
                  {columns.map((c) => (
                    <Table.Th key={c.name}>{c.label}</Table.Th>
                  ))}
                  {!p.disabled && <Table.Th w={actionsWidth(4)}>Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => {
                  const name = nameOf(r, i);
                  return (
                    <Table.Tr key={typeof r.id === 'string' ? r.id : i}>
                      <Table.Td>{i + 1}</Table.Td>
                      {columns.map((c) => (
                        <Table.Td key={c.name}>
                          <Cell value={getPath(r, c.name)} field={c} />
                        </Table.Td>
                      ))}
                      {!p.disabled && (
                        <Table.Td>
                          <RowActions
                            label={name}
                            onEdit={() => setEditing({ index: i, values: r })}
                            onDelete={() => change(rows.filter((_, j) => j !== i))}
                            move={{ up: i > 0 ? () => move(i, i - 1) : undefined, down: i < rows.length - 1 ? () => move(i, i + 1) : undefined }}
                          />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!p.disabled && (
          <Group>
            <Button size="xs" variant="default" onClick={() => setEditing({ index: rows.length, values: newRow(row, hint) })}>
              {`Add ${item}`}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {/* The row form sits in a portal, but React still bubbles its submit to the document's form: stop it here. */}
        <div onSubmit={(e) => e.stopPropagation()}>
          {editing && (
            <RowForm
              label={title}
              schema={row}
              hints={hint.rowFields}
              panels={hint.rowPanels}
              panelMode={editing.index === rows.length ? 'create' : 'edit'}
              defaultValues={editing.values}
              onSubmit={apply}
              onCancel={() => setEditing(null)}
              submitLabel={editing.index === rows.length ? 'Add' : 'Apply'}
              focusFirstField
            />
          )}
        </div>
      </Modal>
    </Input.Wrapper>
  );
}

type Pair = { readonly key: string; readonly value: string };
const pairsOf = (v: unknown): Pair[] =>
  v && typeof v === 'object' ? Object.entries(v as Row).map(([key, value]) => ({ key, value: value === undefined ? '' : String(value) })) : [];

/** A record as rows of key and value; a row without a key is left out of the value. */
export const KeyValueWidget: WidgetComponent = (p) => {
  const [pairs, setPairs] = useState(() => pairsOf(p.value));
  const { schema } = p.field;
  const numeric = schema instanceof z.ZodRecord && unwrap(schema.valueType as z.ZodType).inner instanceof z.ZodNumber;
  const update = (next: Pair[]) => {
    setPairs(next);
    p.onChange(Object.fromEntries(next.filter((e) => e.key !== '').map((e) => [e.key, numeric && e.value !== '' ? Number(e.value) : e.value])));
  };
  const set = (i: number, part: Partial<Pair>) => update(pairs.map((e, j) => (j === i ? { ...e, ...part } : e)));
  return (
    <Input.Wrapper label={p.field.label} description={p.field.description} error={p.error}>
      <Stack gap={6} mt={6}>
        {pairs.map((e, i) => (
          <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput aria-label={`Key ${i + 1}`} placeholder="Key" value={e.key} disabled={p.disabled} onBlur={p.onBlur} onChange={(ev) => set(i, { key: ev.currentTarget.value })} />
            <TextInput
              aria-label={`Value ${i + 1}`}
              placeholder="Value"
              inputMode={numeric ? 'decimal' : undefined}
              value={e.value}
              disabled={p.disabled}
              onBlur={p.onBlur}
              onChange={(ev) => set(i, { value: ev.currentTarget.value })}
              style={{ flex: 1 }}
            />
            {!p.disabled && (
              <ActionIcon
                variant="subtle"
                color="red"
                size={36}
                aria-label={`Remove ${e.key || `entry ${i + 1}`}`}
                title="Remove"
                onClick={() => update(pairs.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </ActionIcon>
            )}
          </Group>
        ))}
        {!p.disabled && (
          <Group>
            <Button size="xs" variant="default" onClick={() => setPairs([...pairs, { key: '', value: '' }])}>
              Add entry
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
};

/** A value shown as formatted JSON, read only. */
export const JsonViewWidget: WidgetComponent = (p) => (
  <Input.Wrapper label={p.field.label} description={p.field.description} error={p.error}>
    <Code block mt={6}>
      {p.value === undefined ? '—' : JSON.stringify(p.value, null, 2)}
    </Code>
  </Input.Wrapper>
);
