/**
 * Rule analysis of the staged revision in the publish review, for the areas being published: shadowed, redundant and
 * conflicting rules, expired and expiring exceptions, each with the rules that explain it.
 */
import { Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FINDING_KIND_LABELS, type Finding } from '../../../schemas/evaluate/finding';
import { reasonOf } from '../collection/useCollectionController';
import { useApi } from '../shell/EngineContext';

const KIND_COLOURS: Readonly<Record<Finding['kind'], string>> = {
  shadowed: 'red',
  redundant: 'orange',
  overlap: 'orange',
  expired: 'red',
  expiring: 'yellow',
  unused: 'gray',
};

type State = { readonly kind: 'pending' } | { readonly kind: 'error'; readonly text: string } | { readonly kind: 'ready'; readonly findings: readonly Finding[] };

/** Findings of the staged revision in `areas` (area id → title); unused rules are left to the rule screens. */
export function PublishAnalysis({ areas, stagedVersion }: { areas: ReadonlyMap<string, string>; stagedVersion: string }) {
  const api = useApi();
  const ids = [...areas.keys()].join(',');
  const key = `${ids}|${stagedVersion}`;
  const [kept, setKept] = useState<{ readonly key: string; readonly state: State }>();
  const state: State = kept?.key === key ? kept.state : { kind: 'pending' };
  useEffect(() => {
    let live = true;
    const wanted = new Set(ids.split(','));
    api.policyAnalysis({ query: { revision: 'staged' } }).then(
      (answer) => live && setKept({ key, state: { kind: 'ready', findings: answer.findings.filter((f) => f.kind !== 'unused' && wanted.has(f.area)) } }),
      (e: unknown) => live && setKept({ key, state: { kind: 'error', text: reasonOf(e) } }),
    );
    return () => {
      live = false;
    };
  }, [api, ids, key]);

  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label="Rule analysis">
      <Title order={3} size="h5" mb="xs">
        Rule analysis
      </Title>
      {state.kind === 'pending' && <Loader size="xs" aria-label="Analysing the rules" />}
      {state.kind === 'error' && (
        <Alert color="red" role="alert">
          {state.text}
        </Alert>
      )}
      {state.kind === 'ready' &&
        (state.findings.length === 0 ? (
          <Text size="sm" c="dimmed">
            No shadowed, redundant, conflicting, expired or expiring rules in the areas being published.
          </Text>
        ) : (
          <Stack gap="xs">
            {state.findings.map((f) => (
              <Group key={`${f.kind}|${f.area}|${f.list}|${f.rule.key}`} gap="xs" wrap="nowrap" align="flex-start">
                <Badge size="sm" variant="light" color={KIND_COLOURS[f.kind]} tt="none" style={{ flexShrink: 0 }}>
                  {FINDING_KIND_LABELS[f.kind]}
                </Badge>
                <Text size="sm">
                  <Text span fw={500}>
                    {areas.get(f.area) ?? f.area}, {f.listTitle}:
                  </Text>{' '}
                  {f.message}
                </Text>
              </Group>
            ))}
          </Stack>
        ))}
    </Paper>
  );
}
