/**
 * The jobs screen: every job of the tenant with its status and progress, re-read once per second while one is open;
 * a queued or running job can be cancelled, and ended jobs older than a day removed.
 */
import { Alert, Badge, Button, Group, Loader, Progress, Stack, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { JOB_POLL_MS } from '../../../schemas/constants';
import { showSnackbar } from '../../core/snackbar';
import type { AnswerOf } from '../../generated/client.gen';
import { useApi } from '../shell/EngineContext';

type Job = AnswerOf<'jobsList'>['jobs'][number];

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
export const isOpenJob = (j: Pick<Job, 'status'>) => j.status === 'queued' || j.status === 'running';
const STATUS_COLOR: Record<Job['status'], string> = {
  queued: 'gray.7',
  running: 'blue.7',
  finished: 'teal.7',
  failed: 'red.7',
  cancelled: 'orange.7',
};
const STATUS_LABEL: Record<Job['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  finished: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const when = (iso: string) => new Date(iso).toLocaleString();

/** What a job's Result cell says: a failed job's reason (never its "ok"), a finished job's result. */
export function jobResultText(j: Pick<Job, 'status' | 'reason' | 'result'>): string {
  if (j.status === 'failed') return j.reason || 'Failed without a reason.';
  if (j.status === 'cancelled') return j.reason || '';
  return j.reason ?? j.result ?? '';
}

export function JobsView({ canWrite }: { canWrite: boolean }) {
  const api = useApi();
  const [jobs, setJobs] = useState<readonly Job[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback((background = false) => api.jobsList({}, { background }).then((a) => (setJobs(a.jobs), setError(undefined)), (e: unknown) => setError(message(e))), [api]);
  useEffect(() => void load(), [load]);
  const open = jobs?.some(isOpenJob) ?? false;
  useEffect(() => {
    if (!open) return;
    const t = setInterval(() => void load(true), JOB_POLL_MS);
    return () => clearInterval(t);
  }, [open, load]);

  const act = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      showSnackbar({ kind: 'success', message: done });
      await load();
    } catch (e) {
      showSnackbar({ kind: 'error', message: message(e), closable: true });
    } finally {
      setBusy(false);
    }
  };

  if (error) return <Alert color="red" role="alert" title="The jobs could not be loaded">{error}</Alert>;
  if (!jobs) return <Loader role="status" aria-label="Loading" />;
  return (
    <Stack gap="sm">
      {canWrite && (
        <Group justify="flex-end">
          <Button
            variant="default"
            size="xs"
            loading={busy}
            onClick={() => void act(async () => {
              const { removed } = await api.jobsClean({ body: { older_than_hours: 24 } });
              return removed;
            }, 'Ended jobs older than a day were removed.')}
          >
            Remove ended jobs older than a day
          </Button>
        </Group>
      )}
      {jobs.length === 0 ? (
        <Text c="dimmed">No jobs yet. Jobs appear here when a licence is checked, an update installed or a restart started.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table striped highlightOnHover aria-label="Jobs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={140}>Job</Table.Th>
                <Table.Th miw={130}>Status</Table.Th>
                <Table.Th miw={160}>Progress</Table.Th>
                <Table.Th miw={190}>Started</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Result</Table.Th>
                {canWrite && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((j) => (
                <Table.Tr key={j.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{j.title}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[j.status]} variant="dot" tt="none" style={{ overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
                      {STATUS_LABEL[j.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress value={j.progress} w={100} color={STATUS_COLOR[j.status]} aria-label={`Progress of ${j.title}`} />
                      <Text size="sm">{j.progress}%</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(j.created_at)}</Table.Td>
                  <Table.Td>{j.created_by}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{jobResultText(j)}</Text>
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      {isOpenJob(j) && (
                        <Button size="xs" variant="default" disabled={busy} onClick={() => void act(() => api.jobsCancel({ params: { id: j.id } }), `${j.title} was cancelled.`)}>
                          Cancel
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
