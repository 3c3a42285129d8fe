/** The readable changes of a revision, area by area: rows added, removed, changed (field before → after) and reordered. */
import { Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { describeFieldChange, type DiffEntry } from '../document/diffDocuments';
import type { AreaDiff, RevisionDiffState } from './revisionDiff';

const KIND: Record<DiffEntry['kind'], { label: string; color: string }> = {
  rowAdded: { label: 'Added', color: 'green.9' },
  rowRemoved: { label: 'Removed', color: 'red.9' },
  rowChanged: { label: 'Changed', color: 'blue.9' },
  rowsReordered: { label: 'Order', color: 'gray.7' },
  fieldChanged: { label: 'Changed', color: 'blue.9' },
};

function Entry({ entry }: { entry: DiffEntry }) {
  const kind = KIND[entry.kind];
  const text =
    entry.kind === 'rowAdded' || entry.kind === 'rowRemoved'
      ? entry.row
      : entry.kind === 'rowsReordered'
        ? 'The order of the entries changed'
        : entry.kind === 'fieldChanged'
          ? describeFieldChange(entry)
          : entry.row;
  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-start">
      <Badge color={kind.color} variant="filled" w={84} style={{ flexShrink: 0 }}>
        {kind.label}
      </Badge>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {text}
        </Text>
        {entry.kind === 'rowChanged' &&
          entry.fields.map((f) => (
            <Text key={f.field} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {describeFieldChange(f)}
            </Text>
          ))}
      </Stack>
    </Group>
  );
}

function Area({ area }: { area: AreaDiff }) {
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label={area.title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5">
          {area.title}
        </Title>
        <Text size="xs" c="dimmed">
          {area.entries.length === 1 ? '1 change' : `${area.entries.length} changes`}
        </Text>
      </Group>
      {area.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Saved again without a visible difference.
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {area.entries.map((e, i) => (
            <Entry key={i} entry={e} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

export function ChangeList({ state, none }: { state: RevisionDiffState; none: string }) {
  if (state.status === 'pending') {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label="Loading the changes" />
      </Group>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert color="red" title="The changes could not be loaded" role="alert">
        {state.message}
      </Alert>
    );
  }
  if (state.areas.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {none}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {state.areas.map((a) => (
        <Area key={a.screenId} area={a} />
      ))}
    </Stack>
  );
}
