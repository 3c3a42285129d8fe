import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOB_POLL_MS, MESSAGES } from '../../schemas/constants';
import { JobError, announceJobStarted, onJobStarted, pollJob, type JobStatus } from './jobs';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A job that answers the given statuses in turn, then repeats the last one. */
function job(...answers: JobStatus[]) {
  let i = 0;
  return vi.fn(async () => answers[Math.min(i++, answers.length - 1)]!);
}

describe('pollJob', () => {
  it('polls once per second until the job finishes', async () => {
    const fetchJob = job({ status: 'queued' }, { status: 'running' }, { status: 'finished', reason: undefined });
    const result = pollJob(fetchJob, { timeoutMs: 60_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchJob).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(JOB_POLL_MS);
    expect(fetchJob).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(JOB_POLL_MS);
    await expect(result).resolves.toEqual({ status: 'finished', reason: undefined });
    expect(fetchJob).toHaveBeenCalledTimes(3);
  });

  it('installs a licence only when its finished job reports ok, else fails with the job result (spec 001 §4)', async () => {
    await expect(pollJob(job({ status: 'finished', ok: true, result: 'Valid' }), { timeoutMs: 10_000, kind: 'license' })).resolves.toMatchObject({ ok: true });
    await expect(pollJob(job({ status: 'finished', ok: false, result: 'Licence revoked' }), { timeoutMs: 10_000, kind: 'license' })).rejects.toMatchObject({
      message: 'Licence revoked',
      reason: 'failed',
    });
    await expect(pollJob(job({ status: 'finished' }), { timeoutMs: 10_000, kind: 'license' })).rejects.toMatchObject({ message: MESSAGES.licenseCheckFailure });
  });

  it('fails a finished job that carries a reason (an update check that found no update)', async () => {
    await expect(pollJob(job({ status: 'finished', ok: true, reason: 'No update available' }), { timeoutMs: 10_000 })).rejects.toMatchObject({
      message: 'No update available',
      reason: 'failed',
    });
  });

  it('fails with the job reason', async () => {
    const result = pollJob(job({ status: 'failed', reason: 'Disk full' }), { timeoutMs: 10_000 });
    await expect(result).rejects.toMatchObject({ message: 'Disk full', reason: 'failed' });
  });

  it('fails with "job failure", or "license check failure" for licence jobs, when no reason is given', async () => {
    await expect(pollJob(job({ status: 'failed' }), { timeoutMs: 10_000 })).rejects.toThrow(MESSAGES.jobFailure);
    await expect(pollJob(job({ status: 'failed' }), { timeoutMs: 10_000, kind: 'license' })).rejects.toThrow(
      MESSAGES.licenseCheckFailure,
    );
  });

  it('keeps polling other statuses until the time-out', async () => {
    const fetchJob = job({ status: 'pending' });
    const result = pollJob(fetchJob, { timeoutMs: 5_000 });
    const check = expect(result).rejects.toBeInstanceOf(JobError);
    await vi.advanceTimersByTimeAsync(5_000);
    await check;
    const calls = fetchJob.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(5);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchJob.mock.calls.length).toBe(calls);
  });

  it('stops when cancelled', async () => {
    const fetchJob = job({ status: 'running' });
    const controller = new AbortController();
    const result = pollJob(fetchJob, { timeoutMs: 60_000, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(JOB_POLL_MS);
    controller.abort(new Error('cancelled'));
    await expect(result).rejects.toThrow('cancelled');
    const calls = fetchJob.mock.calls.length;
    await vi.advanceTimersByTimeAsync(JOB_POLL_MS * 3);
    expect(fetchJob.mock.calls.length).toBe(calls);
  });

  it('honours a custom interval and fails when a poll fails', async () => {
    const fetchJob = job({ status: 'running' });
    void pollJob(fetchJob, { timeoutMs: 60_000, intervalMs: 250 }).catch(() => {});
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchJob.mock.calls.length).toBe(5);
    const broken = vi.fn(async (): Promise<JobStatus> => {
      throw new Error('Request timeout. ({jobs : jobs.get})');
    });
    await expect(pollJob(broken, { timeoutMs: 60_000 })).rejects.toThrow('Request timeout');
  });
});

describe('job start announcements', () => {
  it('reach every listener, with the job, until it unsubscribes', () => {
    const seen: string[] = [];
    const offA = onJobStarted((id) => seen.push(`a:${id}`));
    const offB = onJobStarted((id) => seen.push(`b:${id}`));
    announceJobStarted('j1');
    offA();
    announceJobStarted('j2');
    offB();
    announceJobStarted('j3');
    expect(seen).toEqual(['a:j1', 'b:j1', 'b:j2']);
  });
});
