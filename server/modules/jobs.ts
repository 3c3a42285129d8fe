/**
 * Jobs of the on-premises appliance (spec 001 §4): a long action (licence check, update, restart) is a row in `jobs`
 * that advances from queued through running to finished or failed over a few seconds. The outcome is decided when
 * the job is created; every read moves the tenant's open jobs forward to where their clock says they are, so a
 * job keeps advancing across a restart.
 */
import { randomUUID } from 'node:crypto';
import { jobOps } from '../../definitions/api/appliance';
import type { Job } from '../../schemas/areas/appliance';
import { HttpError, implementAll, requireCaller, type Caller, type Db, type ServerModule } from '../types';

export type JobKind = Job['kind'];

export interface NewJob {
  readonly kind: JobKind;
  readonly title: string;
  /** How long the job runs before it ends. */
  readonly durationMs: number;
  /** How it ends: finished (with an optional result) or failed with the reason. */
  readonly outcome: { readonly ok: true; readonly result?: string } | { readonly ok: false; readonly reason: string };
  /** What the job carries to its end (e.g. the licence it installs). */
  readonly payload?: Readonly<Record<string, unknown>>;
}

interface JobRow {
  id: string;
  kind: JobKind;
  title: string;
  status: Job['status'];
  progress: number;
  outcome: 'ok' | 'fail';
  reason: string | null;
  result: string | null;
  payload: Record<string, unknown>;
  created_by: string;
  created_at: Date;
  due_at: Date;
  updated_at: Date;
}

/** Share of a job's time spent queued before it starts running. */
const QUEUED_SHARE = 0.1;

export async function createJob(db: Db, caller: Caller, job: NewJob, now = new Date()): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO jobs (tenant_id, id, kind, title, status, progress, outcome, reason, result, payload, created_by, created_at, due_at, updated_at)
     VALUES ($1, $2, $3, $4, 'queued', 0, $5, $6, $7, $8, $9, $10, $11, $10)`,
    [
      caller.tenantId,
      id,
      job.kind,
      job.title,
      job.outcome.ok ? 'ok' : 'fail',
      job.outcome.ok ? null : job.outcome.reason,
      job.outcome.ok ? (job.outcome.result ?? null) : null,
      JSON.stringify(job.payload ?? {}),
      caller.user.username,
      now,
      new Date(now.getTime() + job.durationMs),
    ],
  );
  return id;
}

/** Moves the tenant's open jobs forward to now: progress by elapsed time, then finished or failed at their due time. */
export async function advanceJobs(db: Db, tenantId: string, now = new Date()): Promise<void> {
  const open = await db.query<JobRow>(`SELECT * FROM jobs WHERE tenant_id = $1 AND status IN ('queued', 'running')`, [tenantId]);
  for (const job of open.rows) {
    const total = Math.max(1, job.due_at.getTime() - job.created_at.getTime());
    const share = (now.getTime() - job.created_at.getTime()) / total;
    if (share >= 1) {
      const status = job.outcome === 'ok' ? 'finished' : 'failed';
      await db.query(
        `UPDATE jobs SET status = $3, progress = 100, updated_at = $4 WHERE tenant_id = $1 AND id = $2 AND status IN ('queued', 'running')`,
        [tenantId, job.id, status, job.due_at],
      );
    } else {
      const status = share < QUEUED_SHARE ? 'queued' : 'running';
      const progress = Math.min(99, Math.max(0, Math.floor(share * 100)));
      if (status !== job.status || progress !== job.progress) {
        await db.query(`UPDATE jobs SET status = $3, progress = $4, updated_at = $5 WHERE tenant_id = $1 AND id = $2`, [
          tenantId,
          job.id,
          status,
          progress,
          now,
        ]);
      }
    }
  }
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    status: row.status,
    progress: row.progress,
    ...(row.status === 'failed' && row.reason ? { reason: row.reason } : {}),
    ...(row.status === 'cancelled' ? { reason: row.reason ?? 'Cancelled by an administrator' } : {}),
    ...(row.status === 'finished' && row.result ? { result: row.result } : {}),
    ...(row.status === 'finished' || row.status === 'failed' ? { ok: row.status === 'finished' } : {}),
    ...(row.status === 'finished' && typeof row.payload.cert === 'string' ? { cert: row.payload.cert } : {}),
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** One job of the tenant, advanced to now; 404 when the tenant has none of that id. */
export async function readJob(db: Db, tenantId: string, id: string): Promise<Job & { payload: Record<string, unknown> }> {
  await advanceJobs(db, tenantId);
  const row = (await db.query<JobRow>('SELECT * FROM jobs WHERE tenant_id = $1 AND id = $2', [tenantId, id])).rows[0];
  if (!row) throw new HttpError(404, 'No such job');
  return { ...toJob(row), payload: row.payload };
}

/** The newest finished job of a kind (e.g. the licence in force), or undefined. */
export async function lastFinished(db: Db, tenantId: string, kind: JobKind): Promise<(Job & { payload: Record<string, unknown> }) | undefined> {
  await advanceJobs(db, tenantId);
  const row = (
    await db.query<JobRow>(
      `SELECT * FROM jobs WHERE tenant_id = $1 AND kind = $2 AND status = 'finished' ORDER BY updated_at DESC LIMIT 1`,
      [tenantId, kind],
    )
  ).rows[0];
  return row ? { ...toJob(row), payload: row.payload } : undefined;
}

export const jobsModule: ServerModule = {
  name: 'jobs',
  implementations: implementAll(jobOps, {
    listJobs: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      await advanceJobs(ctx.db, tenantId);
      const rows = await ctx.db.query<JobRow>('SELECT * FROM jobs WHERE tenant_id = $1 ORDER BY created_at DESC LIMIT 200', [tenantId]);
      return { jobs: rows.rows.map(toJob) };
    },
    getJob: async (ctx) => {
      const { payload: _payload, ...job } = await readJob(ctx.db, requireCaller(ctx).tenantId, ctx.params.id);
      return job;
    },
    cancelJob: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const job = await readJob(ctx.db, tenantId, ctx.params.id);
      const ended = (status: string) => new HttpError(409, `The job has already ended (${status}).`);
      if (job.status !== 'queued' && job.status !== 'running') throw ended(job.status);
      // Only a job still queued or running is cancelled: one that ended since it was read keeps its outcome.
      const { rows } = await ctx.db.query(
        `UPDATE jobs SET status = 'cancelled', reason = 'Cancelled by an administrator', updated_at = $3
          WHERE tenant_id = $1 AND id = $2 AND status IN ('queued', 'running') RETURNING id`,
        [tenantId, job.id, new Date()],
      );
      if (rows.length === 0) throw ended((await readJob(ctx.db, tenantId, job.id)).status);
      const { payload: _payload, ...cancelled } = await readJob(ctx.db, tenantId, job.id);
      return cancelled;
    },
    cleanJobs: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      await advanceJobs(ctx.db, tenantId);
      const cutoff = new Date(Date.now() - ctx.body.older_than_hours * 3_600_000);
      const removed = await ctx.db.query<{ id: string }>(
        `DELETE FROM jobs WHERE tenant_id = $1 AND status IN ('finished', 'failed', 'cancelled') AND updated_at <= $2 RETURNING id`,
        [tenantId, cutoff],
      );
      return { removed: removed.rows.length };
    },
  }),
};
