/**
 * Policy revisions of a tenant. The newest revision is the working ("staged") one that saves go to; its state is
 * "staged" while it holds unpublished changes. Publishing closes it and opens the next one.
 */
import type { PolicyRevision } from '../schemas/policy';
import type { Db } from './types';

export interface RevisionRow {
  readonly rev_id: number;
  readonly state: 'staged' | 'published';
  readonly updated_at: Date;
  readonly published_at: Date | null;
  readonly published_by: string | null;
}

const COLUMNS = 'rev_id, state, updated_at, published_at, published_by';

/**
 * The tenant's working revision, created (as revision 1, nothing to publish) for a tenant that has none.
 * With `lock`, the row stays locked until the transaction ends, so saves and publishes of a tenant run one at a time.
 */
export async function workingRevision(db: Db, tenantId: string, lock = false): Promise<RevisionRow> {
  const select = `SELECT ${COLUMNS} FROM policy_revisions WHERE tenant_id = $1 ORDER BY rev_id DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`;
  const found = (await db.query<RevisionRow>(select, [tenantId])).rows[0];
  if (found) return found;
  await db.query(
    `INSERT INTO policy_revisions (tenant_id, rev_id, state, updated_at) VALUES ($1, 1, 'published', $2) ON CONFLICT DO NOTHING`,
    [tenantId, new Date().toISOString()],
  );
  return (await db.query<RevisionRow>(select, [tenantId])).rows[0]!;
}

export async function revisionById(db: Db, tenantId: string, revId: number): Promise<RevisionRow | undefined> {
  const { rows } = await db.query<RevisionRow>(`SELECT ${COLUMNS} FROM policy_revisions WHERE tenant_id = $1 AND rev_id = $2`, [
    tenantId,
    revId,
  ]);
  return rows[0];
}

/** GET /api/policy/v1/rules: the working revision and the last published one (0 before the first publish). */
export async function policyRevision(db: Db, tenantId: string, working?: RevisionRow): Promise<PolicyRevision> {
  const w = working ?? (await workingRevision(db, tenantId));
  const { rows } = await db.query<{ rev_id: number | null }>(
    'SELECT max(rev_id) AS rev_id FROM policy_revisions WHERE tenant_id = $1 AND published_at IS NOT NULL',
    [tenantId],
  );
  return { staged_rev_id: w.rev_id, rev_id: rows[0]?.rev_id ?? 0, state: w.state, updated_at: w.updated_at.toISOString() };
}

/** Marks the working revision as holding unpublished changes made at `at`. */
export async function markStaged(db: Db, tenantId: string, revId: number, at: string): Promise<void> {
  await db.query(`UPDATE policy_revisions SET state = 'staged', updated_at = $3 WHERE tenant_id = $1 AND rev_id = $2`, [
    tenantId,
    revId,
    at,
  ]);
}

/** Publishes the working revision `revId` and opens the next one; the caller checked that it is staged. */
export async function publishRevision(db: Db, tenantId: string, revId: number, by: string): Promise<void> {
  const now = new Date().toISOString();
  await db.query(
    `UPDATE policy_revisions SET state = 'published', published_at = $3, published_by = $4, updated_at = $3
      WHERE tenant_id = $1 AND rev_id = $2`,
    [tenantId, revId, now, by],
  );
  await db.query(`INSERT INTO policy_revisions (tenant_id, rev_id, state, updated_at) VALUES ($1, $2, 'published', $3)`, [
    tenantId,
    revId + 1,
    now,
  ]);
}

/** Published revisions, newest first. */
export async function publishedRevisions(db: Db, tenantId: string, limit: number, offset: number) {
  const { rows } = await db.query<RevisionRow>(
    `SELECT ${COLUMNS} FROM policy_revisions WHERE tenant_id = $1 AND published_at IS NOT NULL
      ORDER BY rev_id DESC LIMIT $2 OFFSET $3`,
    [tenantId, limit, offset],
  );
  const total = (
    await db.query<{ n: number }>('SELECT count(*)::int AS n FROM policy_revisions WHERE tenant_id = $1 AND published_at IS NOT NULL', [
      tenantId,
    ])
  ).rows[0]!.n;
  return {
    revisions: rows.map((r) => ({
      rev_id: r.rev_id,
      state: r.state,
      updated_at: r.updated_at.toISOString(),
      published_at: r.published_at?.toISOString() ?? null,
      published_by: r.published_by,
    })),
    limit,
    offset,
    total,
  };
}
