/**
 * The dual list selection box (spec 002 §3, §5, §9): items grouped by category on the left, the selection on the
 * right, moved one by one or all at once. Selection is required unless empty is allowed, capped by an optional
 * maximum, refuses duplicates unless allowed; disabled items never move. Each box scrolls at 330 px. The error text
 * shows once the field is dirty and invalid.
 */
import { ActionIcon, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  addAll,
  addItems,
  availableItems,
  DUAL_LIST_MESSAGES,
  dualListError,
  dualListItems,
  removeAll,
  removeAt,
  type DualListGroup,
  type DualListItem,
  type DualListRules,
} from './dualListState';

/** Height of each scroll box, in px (spec 002 §9). */
export const DUAL_LIST_BOX_HEIGHT = 330;

export interface DualListProps extends DualListRules {
  readonly label: string;
  readonly groups: readonly DualListGroup[];
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  /** The form is dirty (shows the error text when invalid); the list also counts as dirty once changed. */
  readonly dirty?: boolean;
  readonly disabled?: boolean;
  readonly availableLabel?: string;
  readonly selectedLabel?: string;
}

interface Entry {
  readonly id: string;
  readonly item: DualListItem;
}

interface ListBoxProps {
  readonly label: string;
  readonly entries: readonly Entry[];
  readonly highlighted: ReadonlySet<string>;
  readonly onToggle: (id: string) => void;
  readonly onCommit: (id?: string) => void;
  readonly grouped: boolean;
  readonly disabled: boolean;
}

function ListBox({ label, entries, highlighted, onToggle, onCommit, grouped, disabled }: ListBoxProps) {
  const baseId = useId();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<string | null>(null);
  const term = search.trim().toLowerCase();
  const shown = entries.filter((e) => term === '' || e.item.label.toLowerCase().includes(term) || e.item.description.toLowerCase().includes(term));
  const activeId = active !== null && shown.some((e) => e.id === active) ? active : (shown[0]?.id ?? null);
  const optionId = (id: string) => `${baseId}-${id}`;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = shown.findIndex((x) => x.id === activeId);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = shown[Math.min(shown.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
      if (next) setActive(next.id);
    } else if (e.key === ' ' && activeId !== null) {
      e.preventDefault();
      onToggle(activeId);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onCommit(highlighted.size > 0 ? undefined : (activeId ?? undefined));
    }
  };

  const categories = grouped ? [...new Set(shown.map((e) => e.item.category))] : [''];
  const option = (e: Entry): ReactNode => (
    <div
      key={e.id}
      id={optionId(e.id)}
      role="option"
      aria-selected={highlighted.has(e.id)}
      aria-disabled={e.item.disabled || undefined}
      title={e.item.description || undefined}
      onClick={() => {
        setActive(e.id);
        onToggle(e.id);
      }}
      onDoubleClick={() => onCommit(e.id)}
      style={{
        padding: '6px 10px',
        cursor: e.item.disabled ? 'not-allowed' : 'pointer',
        opacity: e.item.disabled ? 0.55 : 1,
        background: highlighted.has(e.id) ? 'var(--mantine-primary-color-light)' : undefined,
        outline: e.id === activeId ? '1px dashed var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: -1,
      }}
    >
      <Text size="sm">{e.item.label}</Text>
      {e.item.description && (
        <Text size="xs" c="dimmed">
          {e.item.description}
        </Text>
      )}
    </div>
  );

  return (
    <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
      <Text fw={600} size="sm" id={`${baseId}-label`}>
        {`${label} (${entries.length})`}
      </Text>
      <TextInput size="xs" placeholder="Search" aria-label={`Search ${label.toLowerCase()}`} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      <div
        role="listbox"
        aria-labelledby={`${baseId}-label`}
        aria-multiselectable
        aria-disabled={disabled || undefined}
        aria-activedescendant={activeId !== null ? optionId(activeId) : undefined}
        tabIndex={disabled ? -1 : 0}
        onKeyDown={onKeyDown}
        style={{
          height: DUAL_LIST_BOX_HEIGHT,
          overflowY: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        {categories.map((c) =>
          grouped ? (
            <div key={c} role="group" aria-label={c}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" px={10} pt={8} aria-hidden>
                {c}
              </Text>
              {shown.filter((e) => e.item.category === c).map(option)}
            </div>
          ) : (
            shown.map(option)
          ),
        )}
      </div>
    </Stack>
  );
}

export function DualList(props: DualListProps) {
  const { groups, value, onChange, disabled = false } = props;
  const rules: DualListRules = { allowEmpty: props.allowEmpty, max: props.max, allowDuplicates: props.allowDuplicates };
  const items = useMemo(() => dualListItems(groups), [groups]);
  const [leftMarked, setLeftMarked] = useState<ReadonlySet<string>>(new Set());
  const [rightMarked, setRightMarked] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const errorId = useId();

  const left: Entry[] = availableItems(items, value, rules).map((item) => ({ id: item.name, item }));
  const right: Entry[] = value.flatMap((name, i) => {
    const item = items.find((x) => x.name === name);
    return item ? [{ id: String(i), item }] : [];
  });

  const apply = (next: string[], refusedMax = false) => {
    setTouched(true);
    setNotice(refusedMax && rules.max !== undefined ? DUAL_LIST_MESSAGES.max(rules.max) : null);
    onChange(next);
  };
  const toggle = (set: ReadonlySet<string>, id: string, entries: readonly Entry[]) => {
    if (entries.find((e) => e.id === id)?.item.disabled) return set;
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  const add = (only?: string) => {
    const names = only !== undefined ? [only] : left.filter((e) => leftMarked.has(e.id)).map((e) => e.id);
    if (names.length === 0) return;
    const r = addItems(value, names, items, rules);
    setLeftMarked(new Set());
    apply(r.value, r.refused.some((x) => x.reason === 'max'));
  };
  const remove = (only?: string) => {
    const positions = (only !== undefined ? [only] : [...rightMarked]).map(Number);
    if (positions.length === 0) return;
    setRightMarked(new Set());
    apply(removeAt(value, positions, items));
  };

  const error = dualListError(value, rules) ?? notice;
  const showError = (props.dirty || touched) && error !== null;
  const grouped = new Set(items.map((i) => i.category)).size > 1;
  const control = (label: string, symbol: string, onClick: () => void, enabled: boolean) => (
    <Tooltip label={label}>
      <ActionIcon variant="default" aria-label={label} onClick={onClick} disabled={disabled || !enabled}>
        <span aria-hidden>{symbol}</span>
      </ActionIcon>
    </Tooltip>
  );

  return (
    <fieldset
      aria-describedby={showError ? errorId : undefined}
      disabled={disabled}
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
    >
      <legend>
        <Text fw={600} mb={4}>
          {props.label}
        </Text>
      </legend>
      <Group align="center" wrap="nowrap" gap="sm">
        <ListBox
          label={props.availableLabel ?? 'Available'}
          entries={left}
          highlighted={leftMarked}
          onToggle={(id) => setLeftMarked((s) => toggle(s, id, left))}
          onCommit={add}
          grouped={grouped}
          disabled={disabled}
        />
        <Stack gap="xs">
          {control('Add selected', '›', () => add(), leftMarked.size > 0)}
          {control('Add all', '»', () => {
            const r = addAll(value, items, rules);
            setLeftMarked(new Set());
            apply(r.value, r.refused.some((x) => x.reason === 'max'));
          }, left.some((e) => !e.item.disabled))}
          {control('Remove selected', '‹', () => remove(), rightMarked.size > 0)}
          {control('Remove all', '«', () => {
            setRightMarked(new Set());
            apply(removeAll(value, items));
          }, right.some((e) => !e.item.disabled))}
        </Stack>
        <ListBox
          label={props.selectedLabel ?? 'Selected'}
          entries={right}
          highlighted={rightMarked}
          onToggle={(id) => setRightMarked((s) => toggle(s, id, right))}
          onCommit={remove}
          grouped={false}
          disabled={disabled}
        />
      </Group>
      {showError && (
        <Text id={errorId} role="alert" c="red" size="sm" mt={6}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
