/**
 * A list of changes (core/changes.ts) as the publish review, the revision history, the audit log and the conflict
 * dialog show them: one item per change with what it did (Added, Removed, Changed, Moved), a row's own changes nested
 * under its name, and a long list as its count with a button that shows every item.
 */
import { Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { LONG_LIST, NONE, itemsLine, moveLine, movesLine, type Change } from '../../core/changes';

const KIND = {
  added: { label: 'Added', color: 'green.9' },
  removed: { label: 'Removed', color: 'red.9' },
  changed: { label: 'Changed', color: 'blue.9' },
  moved: { label: 'Moved', color: 'gray.7' },
} as const;

/** What a change did, for its badge. */
export function changeKind(c: Change): keyof typeof KIND {
  if (c.kind === 'moved') return 'moved';
  if (c.kind === 'items' && c.removed.length === 0) return 'added';
  if (c.kind === 'items' && c.added.length === 0) return 'removed';
  return 'changed';
}

/** Up to this many changes show at first (a list only a few longer shows whole). */
export const FIRST_CHANGES = 20;

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;
const WRAP = { overflowWrap: 'anywhere' } as const;

function Label({ label }: { label: string }) {
  return label ? (
    <Text span size="sm" fw={600}>
      {label}:{' '}
    </Text>
  ) : null;
}

function Side({ value }: { value: string }) {
  return value === '' ? (
    <Text span size="sm" c="dimmed" fs="italic">
      {NONE}
    </Text>
  ) : (
    <Text span size="sm">
      {value}
    </Text>
  );
}

/** A long list's headline and, behind a button, its items. */
function Expandable({ headline, count, items }: { headline: ReactNode; count: number; items: readonly ReactNode[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" component="div" style={WRAP}>
          {headline}
        </Text>
        <Button size="compact-xs" variant="subtle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'Hide them' : `Show all ${count}`}
        </Button>
      </Group>
      <Stack id={id} component="ul" gap={2} mt={4} ml="md" style={LIST_STYLE} hidden={!open}>
        {open && items.map((item, i) => <li key={i}>{item}</li>)}
      </Stack>
    </>
  );
}

const sign = (s: '+' | '−', text: string) => (
  <Text span size="sm" style={WRAP}>
    <Text span size="sm" fw={700} c={s === '+' ? 'var(--mantine-color-green-text)' : 'var(--mantine-color-red-text)'} aria-label={s === '+' ? 'added' : 'removed'}>
      {s}
    </Text>{' '}
    {text}
  </Text>
);

/** One change's words, nested changes included. */
function ChangeBody({ change }: { change: Change }) {
  switch (change.kind) {
    case 'value':
      return (
        <Text size="sm" component="div" style={WRAP}>
          <Label label={change.label} />
          <Side value={change.before} />{' '}
          <Text span size="sm" c="dimmed">
            →
          </Text>{' '}
          <Side value={change.after} />
        </Text>
      );
    case 'items': {
      const items = [...change.added.map((x) => sign('+', x)), ...change.removed.map((x) => sign('−', x))];
      if (items.length > LONG_LIST) {
        return <Expandable headline={<><Label label={change.label} />{itemsLine(change)}</>} count={items.length} items={items} />;
      }
      return (
        <Text size="sm" component="div" style={WRAP}>
          <Label label={change.label} />
          {items.map((item, i) => (
            <span key={i}>
              {i > 0 && ', '}
              {item}
            </span>
          ))}
        </Text>
      );
    }
    case 'moved':
      if (change.moves.length > LONG_LIST) {
        return <Expandable headline={<><Label label={change.label} />{movesLine(change)}</>} count={change.moves.length} items={change.moves.map((m) => <Text span size="sm">{moveLine(m)}</Text>)} />;
      }
      return (
        <Text size="sm" component="div" style={WRAP}>
          <Label label={change.label} />
          {movesLine(change)}
        </Text>
      );
    case 'entry':
      return (
        <>
          <Text size="sm" component="div" style={WRAP} fw={change.name ? undefined : 600}>
            {change.name ? (
              <>
                <Label label={change.label} />“{change.name}”
              </>
            ) : (
              change.label
            )}
          </Text>
          <Stack component="ul" gap={2} mt={2} ml="md" pl="xs" style={{ ...LIST_STYLE, borderInlineStart: '2px solid var(--mantine-color-default-border)' }}>
            {change.changes.map((c, i) => (
              <li key={i}>
                <ChangeBody change={c} />
              </li>
            ))}
          </Stack>
        </>
      );
  }
}

export interface ChangeItemsProps {
  readonly changes: readonly Change[];
  /** The list's accessible name (e.g. the area's title). */
  readonly label?: string;
  /** Without badges: for tight places such as an event's details. */
  readonly plain?: boolean;
}

/** The changes as a list, each with a badge saying what it did; past FIRST_CHANGES, the rest behind a button. */
export function ChangeItems({ changes, label, plain = false }: ChangeItemsProps) {
  const [all, setAll] = useState(false);
  const id = useId();
  const shown = all || changes.length <= FIRST_CHANGES + 5 ? changes : changes.slice(0, FIRST_CHANGES);
  return (
    <>
      <Stack component="ul" gap={6} style={LIST_STYLE} aria-label={label} id={id}>
        {shown.map((c, i) => {
          const kind = KIND[changeKind(c)];
          return (
            <Group component="li" key={i} gap="xs" wrap="nowrap" align="flex-start">
              {!plain && (
                <Badge color={kind.color} variant="filled" w={84} style={{ flexShrink: 0 }}>
                  {kind.label}
                </Badge>
              )}
              <Box style={{ minWidth: 0, flex: 1 }}>
                <ChangeBody change={c} />
              </Box>
            </Group>
          );
        })}
      </Stack>
      {changes.length > FIRST_CHANGES + 5 && (
        <Button size="compact-sm" variant="subtle" mt={4} aria-expanded={all} aria-controls={id} onClick={() => setAll(!all)}>
          {all ? `Show the first ${FIRST_CHANGES}` : `Show all ${changes.length} changes`}
        </Button>
      )}
    </>
  );
}
