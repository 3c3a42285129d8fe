/**
 * The summary line of a collection (`summary` of the definition): one short line above the table made from a second
 * call, asked with the list's filters the call accepts and the definition's constant query. It loads on its own, so the
 * table never waits for it: a skeleton meanwhile, and when it fails the reason with a retry.
 */
import { Button, Group, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CollectionDef, CollectionSummary } from '../../../definitions/define';
import { useCall, useEngine } from '../shell/EngineContext';
import { reasonOf, type CollectionContext } from './useCollectionController';

/** The summary call's query: the list's filters its operation accepts, then the definition's constant query. */
export function summaryQuery(summary: CollectionSummary, filters: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const accepted = new Set(Object.keys(summary.operation.query?.shape ?? {}));
  return { ...Object.fromEntries(Object.entries(filters).filter(([k]) => accepted.has(k))), ...summary.query };
}

export function CollectionSummaryLine({ screen, summary, context }: { screen: CollectionDef; summary: CollectionSummary; context: CollectionContext }) {
  const { revision } = useEngine();
  const call = useCall();
  const query = useMemo(() => summaryQuery(summary, context.filters), [summary, context.filters]);
  const { operation } = summary;
  const answer = useQuery({
    // Under the collection's key: whatever refreshes the list (an action, a job) asks for the line again too.
    queryKey: ['collection', screen.id, 'summary', context.scope, query],
    queryFn: async ({ signal }) => {
      const staged = operation.path.includes('{rev}');
      if (staged) await revision.ensure();
      const params = { ...(operation.params && context.scope), ...(staged && revision.bindRevision()) };
      return call(operation, { ...(Object.keys(params).length > 0 && { params }), query }, { signal });
    },
  });
  if (answer.isPending) return <Skeleton height={20} width={200} radius="sm" role="status" aria-label={`Loading the ${summary.label}`} />;
  if (answer.isError) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="red" role="alert">
          {`The ${summary.label} could not be loaded: ${reasonOf(answer.error)}`}
        </Text>
        <Button size="compact-xs" variant="light" onClick={() => void answer.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  return (
    <Text size="sm" fw={500} mih={20}>
      {summary.line(answer.data as never, query)}
    </Text>
  );
}
