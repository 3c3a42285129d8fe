/**
 * Running jobs in the header, from any screen: shown while the jobs screen is in the user's navigation. It reads the
 * jobs list when it appears and when a screen announces a job it started, then once per second while a job is open
 * (not while the tab is hidden); it stops polling when none is. Its polls are background calls (BACKGROUND_HEADER),
 * so a long job does not keep an idle session alive. It
 * links to the jobs screen and says in a snackbar when a job it saw running has ended, unless a screen of this tab
 * started that job and says so itself (one announcement per job).
 */
import { Badge, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { JOBS_ROUTE } from '../../definitions/appliance/common';
import { JOB_POLL_MS } from '../../schemas/constants';
import { onJobStarted } from '../../engine/core/jobs';
import type { NavSection } from '../../engine/core/navigation';
import { showSnackbar } from '../../engine/core/snackbar';
import type { OperationOutput } from '../../engine/generated/client.gen';
import { useApi } from '../../engine/render/shell/EngineContext';
import { navigate } from './hashLocation';

type Job = OperationOutput<'jobs.list'>['jobs'][number];
const isOpen = (j: Job) => j.status === 'queued' || j.status === 'running';

const hasRoute = (navigation: readonly NavSection[], route: string) =>
  navigation.some((s) => s.groups.some((g) => g.screens.some((screen) => screen.route === route)));

/** One sentence for a job that ended while the administrator was elsewhere. */
export function jobEndText(job: Pick<Job, 'title' | 'status' | 'reason'>): string {
  const because = (reason: string | undefined) => (reason ? `: ${reason.replace(/[.!]?$/, '.')}` : '.');
  if (job.status === 'finished') return `${job.title} finished${because(job.reason)}`;
  if (job.status === 'failed') return `${job.title} failed${because(job.reason || 'no reason given')}`;
  return `${job.title} was cancelled${because(job.reason)}`;
}

export function JobsIndicator({ navigation }: { navigation: readonly NavSection[] }) {
  const shown = hasRoute(navigation, JOBS_ROUTE);
  const api = useApi();
  const [running, setRunning] = useState<readonly Job[]>([]);
  const seenOpen = useRef<Map<string, Job> | undefined>(undefined);
  /** Jobs a screen of this tab started and follows: it announces their end, so the indicator does not. */
  const followedByScreen = useRef(new Set<string>());

  useEffect(() => {
    if (!shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // Only the newest poll schedules the next one, so an announcement during a poll does not start a second chain.
    let generation = 0;
    const poll = async () => {
      clearTimeout(timer);
      const mine = ++generation;
      let open = false;
      if (document.hidden) open = true;
      else {
        try {
          const { jobs } = await api.jobsList({}, { background: true });
          const nowOpen = jobs.filter(isOpen);
          open = nowOpen.length > 0;
          const before = seenOpen.current;
          if (before) {
            for (const job of jobs) {
              if (!isOpen(job) && before.has(job.id) && !followedByScreen.current.delete(job.id)) {
                const failed = job.status === 'failed';
                showSnackbar({
                  kind: job.status === 'finished' ? 'success' : failed ? 'error' : 'info',
                  message: jobEndText(job),
                  closable: failed,
                });
              }
            }
          }
          seenOpen.current = new Map(nowOpen.map((j) => [j.id, j]));
          if (!stopped) setRunning(nowOpen);
        } catch {
          // The indicator stays as it was; the jobs screen reports errors.
        }
      }
      if (!stopped && open && mine === generation) timer = setTimeout(() => void poll(), JOB_POLL_MS);
    };
    void poll();
    const unsubscribe = onJobStarted((jobId) => {
      followedByScreen.current.add(jobId);
      void poll();
    });
    return () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
    };
  }, [shown, api]);

  if (!shown || running.length === 0) return null;
  const label = running.length === 1 ? `1 job running: ${running[0]!.title}` : `${running.length} jobs running`;
  return (
    <UnstyledButton onClick={() => navigate(JOBS_ROUTE)} aria-label={`${label}. Open the jobs`}>
      <Badge variant="dot" color="blue.7" size="lg" tt="none" style={{ overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
        {running.length === 1 ? '1 job running' : `${running.length} jobs running`}
      </Badge>
    </UnstyledButton>
  );
}
