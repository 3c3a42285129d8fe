/**
 * What the staged revision changes on recent traffic, in the publish review: a background job replays the last days'
 * logged web requests and mail messages under the published and the staged revision (started when the review opens,
 * polled with the job core, cancelled from here or when the review closes). Its result says how many requests and
 * messages of how many users change, per transition, grouped by user, domain, sender domain and category, with
 * example requests and messages that open to their trace.
 */
import { Alert, Badge, Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TracePanel } from '../../../definitions/define';
import { pollJob } from '../../core/jobs';
import type { AnswerOf } from '../../generated/client.gen';
import { reasonOf } from '../collection/useCollectionController';
import { useApi } from '../shell/EngineContext';
import { TraceView } from '../widgets/TraceView';

type Job = AnswerOf<'policyImpactJob'>;
type Summary = NonNullable<Job['result']>;
type Example = Summary['by_user'][number]['examples'][number];

/** Polling gives up after this long; the job keeps its state on the server. */
const IMPACT_TIMEOUT_MS = 5 * 60_000;
const GROUPS_SHOWN = 5;
const EXAMPLES_SHOWN = 6;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * A user name, domain or URL with a line break allowed after each `@`, `.` and `/`, so that a long one wraps between
 * its parts ("ann.example@" / "corp.example") rather than inside a word.
 */
const breakable = (text: string) => text.split(/(?<=[@./])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));

type Kind = Example['kind'];

/** An action's label: a web request's web action, a mail message's email action. */
const actionLabel = (r: Summary, kind: Kind, action: string) => (kind === 'email' ? r.email_actions : r.actions)[action] ?? action;

/** The logged events replayed: "1,200 web requests" or "1,200 web requests and 300 mail messages". */
function replayed(r: Summary): string {
  const requests = plural(r.events - r.email_events, 'web request');
  return r.email_events > 0 ? `${requests} and ${plural(r.email_events, 'mail message')}` : requests;
}

/**
 * How the events were replayed. A kind whose policy is the same in both revisions is counted, not replayed; so are the
 * web requests that no rule the staged revision adds, removes, changes or moves can match.
 */
function footnote(r: Summary): string {
  const counts = { web: r.events - r.email_events, email: r.email_events };
  const names = { web: ['logged web request', 'web policy'], email: ['mail message', 'mail policy'] } as const;
  const keep = (n: number) => (n === 1 ? 'keeps its action' : 'keep their actions');
  const decided = (['web', 'email'] as const).filter((k) => !r.unchanged.includes(k) && (k === 'web' || counts[k] > 0));
  const replayed = { web: counts.web - r.web_unmatched, email: counts.email };
  const parts = decided.length ? [`${decided.map((k) => plural(replayed[k], names[k][0])).join(' and ')} replayed as ${plural(r.shapes, 'distinct request')}.`] : [];
  if (r.web_unmatched > 0) parts.push(`The other ${plural(r.web_unmatched, names.web[0])} ${keep(r.web_unmatched)}: no rule the staged revision adds, removes, changes or moves matches them.`);
  for (const k of r.unchanged) if (counts[k] > 0) parts.push(`The ${plural(counts[k], names[k][0])} ${keep(counts[k])}: the ${names[k][1]} is the same in both revisions.`);
  return parts.join(' ');
}

function sentence(r: Summary): string {
  if (r.changed === 0) return `None of the ${replayed(r)} of the last 7 days would change.`;
  const of = (kind: Kind) => r.transitions.filter((t) => t.kind === kind);
  const count = (ts: Summary['transitions']) => ts.reduce((n, t) => n + t.events, 0);
  const parts = (ts: Summary['transitions']) =>
    ts.map((t) => `${t.events.toLocaleString('en')} ${actionLabel(r, t.kind, t.from).toLowerCase()} → ${actionLabel(r, t.kind, t.to).toLowerCase()}`).join(', ');
  const [web, mail] = [of('web'), of('email')];
  const users = plural(r.users, 'user');
  if (mail.length === 0) return `${plural(r.changed, 'request')} from ${users} would change: ${parts(web)}.`;
  if (web.length === 0) return `${plural(r.changed, 'mail message')} of ${users} would change: ${parts(mail)}.`;
  return `${plural(count(web), 'web request')} and ${plural(count(mail), 'mail message')} of ${users} would change: ${parts(web)}; mail: ${parts(mail)}.`;
}

function Groups({ title, groups }: { title: string; groups: Summary['by_user'] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {groups.slice(0, GROUPS_SHOWN).map((g) => (
        <Group key={g.key} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" lineClamp={2} title={g.label ?? g.key} style={{ overflowWrap: 'anywhere' }}>
            {breakable(g.label ?? (g.key || '(none)'))}
          </Text>
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {g.events.toLocaleString('en')}
          </Text>
        </Group>
      ))}
      {groups.length > GROUPS_SHOWN && (
        <Text size="xs" c="dimmed">
          and {(groups.length - GROUPS_SHOWN).toLocaleString('en')} more
        </Text>
      )}
    </Stack>
  );
}

const exampleKey = (e: Example) => `${e.timestamp}|${e.user}|${JSON.stringify(e.request)}`;

/** What an example was: a web request's URL, or the sender and subject of a mail message. */
const exampleText = (e: Example) => (e.kind === 'email' ? `Mail from ${e.request.sender ?? ''}${e.subject ? `: ${e.subject}` : ''}` : (e.url ?? ''));

/** The examples of the largest domains (sites and mail senders), each once. */
function examplesOf(r: Summary): Example[] {
  const seen = new Set<string>();
  const out: Example[] = [];
  for (const g of [...r.by_domain, ...r.by_sender_domain].sort((a, b) => b.events - a.events)) {
    for (const e of g.examples) {
      const key = exampleKey(e);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(e);
      if (out.length === EXAMPLES_SHOWN) return out;
    }
  }
  return out;
}

function ExampleRow({ example, result }: { example: Example; result: Summary }) {
  const api = useApi();
  const [trace, setTrace] = useState<{ panels?: readonly TracePanel[]; error?: string; pending?: boolean }>();
  const open = async () => {
    if (trace) return setTrace(undefined);
    setTrace({ pending: true });
    try {
      const [answer, { verdictPanels }] = await Promise.all([
        api.policyEvaluate({ body: { ...example.request, revisions: ['published', 'staged'] } }),
        import('../../../definitions/policy/testRequest'),
      ]);
      setTrace({ panels: verdictPanels(answer) });
    } catch (e) {
      setTrace({ error: reasonOf(e) });
    }
  };
  return (
    <>
      <Table.Tr>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>{breakable(exampleText(example))}</Table.Td>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>{breakable(example.user)}</Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Badge size="sm" variant="light" color="gray" tt="none">
              {actionLabel(result, example.kind, example.from)}
            </Badge>
            <Text size="sm" aria-hidden>
              →
            </Text>
            <Badge size="sm" variant="light" color="orange" tt="none">
              {actionLabel(result, example.kind, example.to)}
            </Badge>
          </Group>
        </Table.Td>
        <Table.Td>
          <Button size="compact-xs" variant="subtle" onClick={() => void open()} loading={trace?.pending} aria-expanded={!!trace?.panels}>
            {trace?.panels ? 'Hide trace' : 'Trace'}
          </Button>
        </Table.Td>
      </Table.Tr>
      {trace && !trace.pending && (
        <Table.Tr>
          <Table.Td colSpan={4}>
            {trace.error ? (
              <Alert color="red" role="alert">
                {trace.error}
              </Alert>
            ) : (
              <TraceView panels={trace.panels!} label={`Trace of ${exampleText(example)}`} />
            )}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function Result({ result }: { result: Summary }) {
  // Users always; domains and categories of web requests, sender domains of mail, where any changed.
  const groupings = (
    [
      ['Users', result.by_user],
      ['Domains', result.by_domain],
      ['Sender domains', result.by_sender_domain],
      ['Categories', result.by_category],
    ] as const
  ).filter(([title, groups]) => title === 'Users' || groups.length > 0);
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500} data-testid="impact-summary">
        {sentence(result)}
      </Text>
      <Text size="xs" c="dimmed">
        {footnote(result)}
      </Text>
      {result.changed > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: groupings.length }} spacing="md">
            {groupings.map(([title, groups]) => (
              <Groups key={title} title={title} groups={groups} />
            ))}
          </SimpleGrid>
          <Table fz="sm" verticalSpacing={4} layout="fixed" aria-label="Example requests that would change">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Example</Table.Th>
                <Table.Th w="26%">User</Table.Th>
                <Table.Th w={150}>Published → staged</Table.Th>
                <Table.Th w={96} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {examplesOf(result).map((e) => (
                <ExampleRow key={exampleKey(e)} example={e} result={result} />
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

type State =
  | { readonly kind: 'running'; readonly job?: Job }
  | { readonly kind: 'done'; readonly result: Summary }
  | { readonly kind: 'stopped'; readonly text: string; readonly failed: boolean };

/** The impact of publishing the staged revision `stagedVersion` names (re-run when it changes). */
export function PublishImpact({ stagedVersion }: { stagedVersion: string }) {
  const api = useApi();
  // The state of the run for one staged version; another version shows as running until its own run answers.
  const [kept, setKept] = useState<{ readonly version: string; readonly state: State }>();
  const state: State = kept?.version === stagedVersion ? kept.state : { kind: 'running' };
  const current = useRef<{ id?: string; abort: AbortController }>(undefined);

  const stop = useCallback(() => {
    const run = current.current;
    current.current = undefined;
    if (!run) return;
    run.abort.abort();
    if (run.id) api.policyImpactCancel({ params: { id: run.id } }).catch(() => undefined);
  }, [api]);

  const start = useCallback(
    async (version: string) => {
      stop();
      const run: { id?: string; abort: AbortController } = { abort: new AbortController() };
      current.current = run;
      const show = (next: State) => current.current === run && setKept({ version, state: next });
      try {
        const started = await api.policyImpact({});
        run.id = started.id;
        if (run.abort.signal.aborted) return void api.policyImpactCancel({ params: { id: started.id } }).catch(() => undefined);
        const { job } = await pollJob(
          async () => {
            const j = await api.policyImpactJob({ params: { id: started.id } });
            show({ kind: 'running', job: j });
            if (j.status === 'cancelled') throw new Error(j.reason ?? 'Cancelled');
            return { status: j.status, ...(j.reason ? { reason: j.reason } : {}), job: j };
          },
          { timeoutMs: IMPACT_TIMEOUT_MS, signal: run.abort.signal },
        );
        show({ kind: 'done', result: job.result! });
      } catch (e) {
        show({ kind: 'stopped', text: reasonOf(e), failed: true });
      }
      if (current.current === run) current.current = undefined;
    },
    [api, stop],
  );

  useEffect(() => {
    void start(stagedVersion);
    return stop;
  }, [start, stop, stagedVersion]);

  const cancel = () => {
    stop();
    setKept({ version: stagedVersion, state: { kind: 'stopped', text: 'Cancelled.', failed: false } });
  };
  const again = () => {
    setKept({ version: stagedVersion, state: { kind: 'running' } });
    void start(stagedVersion);
  };

  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label="Effect on recent traffic">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5">
          Effect on recent traffic
        </Title>
        {state.kind === 'running' ? (
          <Button size="compact-sm" variant="default" onClick={cancel}>
            Cancel
          </Button>
        ) : (
          <Button size="compact-sm" variant="default" onClick={again}>
            Run again
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" mb="sm">
        The web requests and the mail of your users in the last 7 days, decided under the published and the staged
        policy: each request whose web action and each message whose email action would change.
      </Text>
      {state.kind === 'running' && (
        <Stack gap={4}>
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{state.job && state.job.progress > 0 ? `Replaying requests: ${state.job.progress}%` : 'Reading the logged requests…'}</Text>
          </Group>
          <Progress value={state.job?.progress ?? 0} size="sm" aria-label="Replay progress" />
        </Stack>
      )}
      {state.kind === 'stopped' &&
        (state.failed ? (
          <Alert color="red" role="alert" title="The effect could not be worked out">
            {state.text}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {state.text}
          </Text>
        ))}
      {state.kind === 'done' && <Result result={state.result} />}
    </Paper>
  );
}
