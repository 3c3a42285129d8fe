/**
 * The expandable checkbox group (spec 002 §3, §4): a header with one checkbox per parent, and a panel of
 * sub-categories with one checkbox per parent. A parent sets its whole column; it is ticked only when every child is
 * and indeterminate when they are mixed. The toggle reads 'show N items' or 'hide N items'.
 */
import { Checkbox, Collapse, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useId } from 'react';
import {
  parentState,
  setChild,
  setParent,
  shownCount,
  toggleText,
  type CheckboxGroupChange,
  type CheckboxGroupValue,
} from './checkboxGroupState';

export interface CheckboxGroupProps {
  /** Reported in every change event. */
  readonly id: string;
  readonly value: CheckboxGroupValue;
  readonly onChange: (next: CheckboxGroupValue, change: CheckboxGroupChange) => void;
  readonly expanded?: boolean;
  readonly defaultExpanded?: boolean;
  readonly onExpandedChange?: (expanded: boolean) => void;
  readonly disabled?: boolean;
}

export function CheckboxGroup({ id, value, onChange, disabled = false, ...props }: CheckboxGroupProps) {
  const [expanded, setExpanded] = useUncontrolled({
    value: props.expanded,
    defaultValue: props.defaultExpanded,
    finalValue: false,
    onChange: props.onExpandedChange,
  });
  const panelId = useId();
  const count = shownCount(value);

  const changeParent = (p: number, checked: boolean) => {
    const next = setParent(value, p, checked);
    const parent = value.parents[p]!;
    onChange(next, { id, value: checked, name: parent.name, parentName: parent.name, subCategories: next.subCategories });
  };
  const changeChild = (s: number, p: number, checked: boolean) => {
    const next = setChild(value, s, p, checked);
    onChange(next, {
      id,
      value: checked,
      name: value.subCategories[s]!.name,
      parentName: value.parents[p]!.name,
      subCategories: next.subCategories,
    });
  };

  return (
    // As wide as a single-value field (720 px) plus its check box columns: on a wide screen a check box stays next to
    // the row it belongs to.
    <div role="group" aria-label={value.headerName} style={{ maxWidth: 720 + 96 * Math.max(0, value.parents.length - 1) }}>
      <Group justify="space-between" wrap="nowrap" py={6}>
        <Text fw={600}>{value.headerName}</Text>
        <Group gap="lg" wrap="nowrap">
          {value.parents.map((parent, p) => {
            const state = parentState(value, p);
            return (
              <Checkbox
                key={parent.name}
                label={parent.name}
                aria-label={`${parent.name}: all ${value.headerName}`}
                checked={state === 'checked'}
                indeterminate={state === 'indeterminate'}
                disabled={disabled}
                onChange={(e) => changeParent(p, e.currentTarget.checked)}
              />
            );
          })}
          {count > 0 && (
            <UnstyledButton
              fz="sm"
              c="var(--mantine-color-anchor)"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={() => setExpanded(!expanded)}
            >
              {toggleText(expanded, count)}
            </UnstyledButton>
          )}
        </Group>
      </Group>
      <Collapse expanded={expanded} id={panelId} keepMounted={false}>
        <Table verticalSpacing={4} withRowBorders={false}>
          <Table.Tbody>
            {value.subCategories.map((sub, s) =>
              sub.isHide ? null : (
                <Table.Tr key={sub.name}>
                  <Table.Th scope="row" fw={400} pl="md">
                    {sub.name}
                  </Table.Th>
                  {value.parents.map((parent, p) => (
                    <Table.Td key={parent.name} w={96}>
                      <Checkbox
                        aria-label={`${sub.name}: ${parent.name}`}
                        checked={sub.values[p] === true}
                        disabled={disabled}
                        onChange={(e) => changeChild(s, p, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Collapse>
    </div>
  );
}
