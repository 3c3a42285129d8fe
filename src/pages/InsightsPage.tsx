/**
 * Insights: users, domains and categories whose name contains the text typed, ranked by web events or by bandwidth
 * over an interval (GET /api/insights/v1/q). Each match opens the web logs filtered on it. The query lives in the
 * route (`#/insights?q=…&src=…&interval=…`), so a search can be bookmarked and shared.
 */
import { Alert, Anchor, Group, Loader, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { ReportIntervalName } from '../../schemas/reports';
import { apiClient, type OperationOutput } from '../../engine/generated/client.gen';
import { parseQuery, routeWithQuery } from '../../engine/render/log/urlQuery';
import { useApp } from '../appContext';
import { navigate, useHashSearch } from '../shell/hashLocation';
import { usePageTitle } from '../shell/usePageTitle';

type Result = OperationOutput<'reports.insights'>;
type Source = Result['src'];

const SOURCES: { value: Source; label: string }[] = [
  { value: 'web', label: 'Web activity' },
  { value: 'bandwidth', label: 'Bandwidth' },
];
const INTERVALS = {
  '15m': 'Last 15 minutes',
  '1h': 'Last hour',
  '12h': 'Last 12 hours',
  '24h': 'Last 24 hours',
  '2d': 'Last 2 days',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
} as const satisfies Record<ReportIntervalName, string>;
const FIELD_LABELS: Record<Result['matches'][number]['field'], string> = { userid: 'User', domain: 'Domain', cats: 'Category' };

const isSource = (v: unknown): v is Source => SOURCES.some((s) => s.value === v);
const isInterval = (v: unknown): v is ReportIntervalName => typeof v === 'string' && v in INTERVALS;

/** Bytes in the largest unit that keeps the number at least 1. */
function bytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toLocaleString(undefined, { maximumFractionDigits: i ? 1 : 0 })} ${units[i]}`;
}

/** The answer to one query (`key`): a result or an error message. */
type Answer = { key: string } & ({ status: 'error'; message: string } | { status: 'done'; result: Result });
type State = { status: 'idle' } | { status: 'loading' } | Answer;

export function InsightsPage() {
  usePageTitle('Insights');
  const { catalog } = useApp();
  const query = parseQuery(useHashSearch());
  const q = typeof query.q === 'string' ? query.q : '';
  const src: Source = isSource(query.src) ? query.src : 'web';
  const interval: ReportIntervalName = isInterval(query.interval) ? query.interval : '30d';
  const [text, setText] = useState(q);
  const [typed] = useDebouncedValue(text.trim(), 300);
  const [answer, setAnswer] = useState<Answer>();
  const key = JSON.stringify([q, src, interval]);
  const state: State = !q ? { status: 'idle' } : answer?.key === key ? answer : { status: 'loading' };
  const setQuery = (next: Partial<{ q: string; src: Source; interval: ReportIntervalName }>) =>
    navigate(routeWithQuery('/insights', { q, src, interval, ...next }), { replace: true });

  useEffect(() => {
    if (typed !== q) setQuery({ q: typed });
    // Only the debounced text drives the route; the route's own changes come back through `q`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  useEffect(() => {
    if (!q) return;
    const asked = JSON.stringify([q, src, interval]);
    apiClient.reportsInsights({ query: { q, src, interval } }).then(
      (result) => setAnswer({ key: asked, status: 'done', result }),
      (e: unknown) => setAnswer({ key: asked, status: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
  }, [q, src, interval]);

  const webLogs = catalog.screens.find((s) => s.kind === 'logView' && s.logType === 'web');
  const measure = src === 'web' ? 'Events' : 'Transferred';
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Insights</Title>
        <Text c="dimmed" size="sm" maw={900}>
          Find the users, domains and categories whose name contains a text, ranked by web activity or by bandwidth over
          an interval. Open a match to see its events in the web logs.
        </Text>
      </div>
      <Group align="flex-end" gap="md">
        <TextInput
          label="Name contains"
          placeholder="a user, domain or category"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={200}
          w={320}
        />
        <SegmentedControl aria-label="Ranked by" data={SOURCES} value={src} onChange={(v) => setQuery({ src: v as Source })} />
        <Select
          label="Interval"
          data={Object.entries(INTERVALS).map(([value, label]) => ({ value, label }))}
          value={interval}
          onChange={(v) => v && setQuery({ interval: v as ReportIntervalName })}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {state.status === 'idle' && <Text c="dimmed">Type part of a name to search.</Text>}
      {state.status === 'loading' && <Loader role="status" aria-label="Loading" />}
      {state.status === 'error' && (
        <Alert color="red" role="alert" title="The search failed">
          {state.message}
        </Alert>
      )}
      {state.status === 'done' &&
        (state.result.matches.length === 0 ? (
          <Text c="dimmed">Nothing matches “{state.result.q}” in this interval.</Text>
        ) : (
          <Table striped highlightOnHover maw={900} aria-label="Matches">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={120}>Kind</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th w={160} ta="right">
                  {measure}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.result.matches.map((m) => (
                <Table.Tr key={`${m.field}:${m.key}`}>
                  <Table.Td>{FIELD_LABELS[m.field]}</Table.Td>
                  <Table.Td>
                    {webLogs ? (
                      <Anchor href={`#${routeWithQuery(webLogs.route, { [m.drillDown.param]: m.drillDown.value })}`}>{m.label}</Anchor>
                    ) : (
                      m.label
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{src === 'web' ? m.value.toLocaleString() : bytes(m.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
    </Stack>
  );
}
