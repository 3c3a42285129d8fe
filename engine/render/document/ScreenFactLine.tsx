/**
 * The line of read-only values a document screen shows above its document (`facts` of its definition). They are read
 * with a call of their own, made as the screen opens: the document never waits for it, a failure is one quiet line
 * with a button to read them again, and a user who may not make the call sees nothing.
 */
import { Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Fact, ScreenFacts } from '../../../definitions/define';
import { useCall, useEngine } from '../shell/EngineContext';

/** Starts reading the screen's facts and answers their line (null without facts or when the call is not allowed). */
export function useScreenFactLine(facts: ScreenFacts | undefined): ReactNode {
  const { access } = useEngine();
  const call = useCall();
  const op = facts?.operation;
  const allowed = op !== undefined && access.canUse({ ...op, access: typeof op.access === 'string' ? undefined : op.access });
  const answer = useQuery({
    queryKey: ['screen-facts', op?.id],
    enabled: allowed,
    retry: false,
    queryFn: ({ signal }) => call(op!, {}, { signal, skip403Snackbar: true }),
  });
  if (!facts || !allowed) return null;
  if (answer.isPending) {
    return (
      <Group gap={6} mih={22} role="status" aria-label={`Reading ${facts.label}`}>
        <Loader size={12} />
        <Text size="sm" c="dimmed">
          {facts.label}
        </Text>
      </Group>
    );
  }
  if (answer.isError) {
    return (
      <Group gap="xs" mih={22}>
        <Text size="sm" c="dimmed" role="status">
          {`${facts.label} could not be read.`}
        </Text>
        <Button size="compact-xs" variant="subtle" loading={answer.isFetching} onClick={() => void answer.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  return <FactLine label={facts.label} facts={facts.facts(answer.data as never)} />;
}

/** Labelled values in one line (wrapping when narrow), separated by dots. */
function FactLine({ label, facts }: { label: string; facts: readonly Fact[] }) {
  return (
    <Group component="dl" gap={8} m={0} mih={22} aria-label={label} style={{ rowGap: 2 }}>
      {facts.map((fact, i) => (
        <Group key={fact.label} gap={6} wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed">
            {fact.label}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0}>
            {fact.value}
            {i < facts.length - 1 && (
              <Text span size="sm" c="dimmed" fw={400} ml={8} aria-hidden>
                ·
              </Text>
            )}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
