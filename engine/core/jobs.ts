/**
 * Background job polling (spec 001 §4): appliance, licence and update jobs are polled once per second. "finished"
 * completes the job, "failed" fails it with its reason, any other status keeps polling until the time-out. A finished
 * job still fails when it carries a reason (an update check that found none), and a finished licence job unless it
 * reports ok (with its result).
 */
import { JOB_POLL_MS, MESSAGES } from '../../schemas/constants';

/** What a job answer must carry; the rest is passed through to the caller. */
export interface JobStatus {
  readonly status: string;
  readonly reason?: string;
  /** Spec 001 §3: whether an ended job went well. */
  readonly ok?: boolean;
  readonly result?: string;
}

export interface PollOptions {
  readonly intervalMs?: number;
  /** Give up after this long (the job may still finish on the server). */
  readonly timeoutMs: number;
  /** Licence jobs fail with "license check failure" when they give no reason. */
  readonly kind?: 'job' | 'license';
  /** Cancels the polling; the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** Why polling stopped without a finished job. */
export class JobError extends Error {
  override readonly name = 'JobError';
  constructor(
    message: string,
    readonly reason: 'failed' | 'timeout',
    readonly job?: JobStatus,
  ) {
    super(message);
  }
}

/** Text of the time-out failure. */
export const jobTimeoutMessage = (timeoutMs: number): string =>
  `The job did not finish within ${Math.round(timeoutMs / 1000)} seconds.`;

/**
 * Polls `fetchJob` until the job finishes (resolves with the last answer), fails, times out or is cancelled. The
 * first poll runs at once; the next one starts `intervalMs` after the previous answer, so polls never overlap.
 * A failed fetch fails the polling with that error.
 */
export function pollJob<J extends JobStatus>(fetchJob: () => Promise<J>, options: PollOptions): Promise<J> {
  const { intervalMs = JOB_POLL_MS, timeoutMs, kind = 'job', signal } = options;
  return new Promise<J>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => finish(() => reject(signal?.reason));
    const deadline = setTimeout(() => finish(() => reject(new JobError(jobTimeoutMessage(timeoutMs), 'timeout'))), timeoutMs);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });

    const poll = () => {
      fetchJob().then(
        (job) => {
          if (done) return;
          const fallback = kind === 'license' ? MESSAGES.licenseCheckFailure : MESSAGES.jobFailure;
          if (job.status === 'finished') {
            if (job.reason) return finish(() => reject(new JobError(job.reason!, 'failed', job)));
            if (kind === 'license' && job.ok !== true) return finish(() => reject(new JobError(job.result || fallback, 'failed', job)));
            return finish(() => resolve(job));
          }
          if (job.status === 'failed') {
            return finish(() => reject(new JobError(job.reason || fallback, 'failed', job)));
          }
          timer = setTimeout(poll, intervalMs);
        },
        (e: unknown) => finish(() => reject(e)),
      );
    };
    poll();
  });
}

const startListeners = new Set<(jobId: string) => void>();

/**
 * Tells whoever follows jobs (the header's jobs indicator) that a screen has just started this job. The screen says
 * itself how the job ended, so the indicator shows it running but does not announce its end a second time.
 */
export function announceJobStarted(jobId: string): void {
  for (const listener of startListeners) listener(jobId);
}

/** Calls `listener` whenever a screen starts a job; returns the unsubscribe function. */
export function onJobStarted(listener: (jobId: string) => void): () => void {
  startListeners.add(listener);
  return () => void startListeners.delete(listener);
}
