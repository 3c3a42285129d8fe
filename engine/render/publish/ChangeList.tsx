/** The changes of a revision, area by area, in the administrators' words (core/changes.ts). */
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { countChanges } from '../../core/changes';
import { ChangeItems } from '../changes/ChangeItems';
import { useScreenChanges } from '../changes/screenChanges';
import type { AreaDiff, RevisionDiffState } from './revisionDiff';

function Area({ area }: { area: AreaDiff }) {
  const changes = useScreenChanges(area.screen, area.before, area.after);
  const n = countChanges(changes);
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label={area.title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5">
          {area.title}
        </Title>
        <Text size="xs" c="dimmed">
          {n === 1 ? '1 change' : `${n} changes`}
        </Text>
      </Group>
      {changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          Saved again without a visible difference.
        </Text>
      ) : (
        <ChangeItems changes={changes} label={`Changes to ${area.title}`} />
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
