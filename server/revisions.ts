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
  readonly publish_reason: string | null;
}

const COLUMNS = 'rev_id, state, updated_at, published_at, published_by, publish_reason';

// First key of the per-tenant policy lock (the second is the tenant's hash); other advisory locks use one key.
const POLICY_LOCK = 727_010;

/**
 * The tenant's working revision, created (as revision 1, nothing to publish) for a tenant that has none.
 * With `lock` (inside a transaction), saves and publishes of the tenant run one at a time: the per-tenant lock is
 * taken before the revision is read, so a save waiting behind a publish reads the revision the publish opened (a row
 * lock taken by the read itself would hand it the revision just published).
 */
export async function workingRevision(db: Db, tenantId: string, lock = false): Promise<RevisionRow> {
  if (lock) await db.query(`SELECT pg_advisory_xact_lock(${POLICY_LOCK}, hashtext($1))`, [tenantId]);
  const select = `SELECT ${COLUMNS} FROM policy_revisions WHERE tenant_id = $1 ORDER BY rev_id DESC LIMIT 1`;
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

/** Publishes the working revision `revId` with its change reason and opens the next one; the caller checked that it is staged. */
export async function publishRevision(db: Db, tenantId: string, revId: number, by: string, reason: string | null): Promise<void> {
  const now = new Date().toISOString();
  await db.query(
    `UPDATE policy_revisions SET state = 'published', published_at = $3, published_by = $4, publish_reason = $5, updated_at = $3
      WHERE tenant_id = $1 AND rev_id = $2`,
    [tenantId, revId, now, by, reason],
  );
  await db.query(`INSERT INTO policy_revisions (tenant_id, rev_id, state, updated_at) VALUES ($1, $2, 'published', $3)`, [
    tenantId,
    revId + 1,
    now,
  ]);
}

// The document of the same area saved last before a row's revision.
const PREVIOUS_BODY = `(SELECT p.body FROM policy_documents p
   WHERE p.tenant_id = d.tenant_id AND p.screen_id = d.screen_id AND p.rev_id < d.rev_id ORDER BY p.rev_id DESC LIMIT 1)`;

/** Screen ids whose content each of `revIds` changed against the revision before it. */
async function changedAreas(db: Db, tenantId: string, revIds: readonly number[]): Promise<Map<number, string[]>> {
  const { rows } = await db.query<{ rev_id: number; screen_id: string }>(
    `SELECT d.rev_id, d.screen_id FROM policy_documents d
      WHERE d.tenant_id = $1 AND d.rev_id = ANY($2::int[]) AND d.body IS DISTINCT FROM ${PREVIOUS_BODY}
      ORDER BY d.screen_id`,
    [tenantId, revIds],
  );
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.rev_id, [...(out.get(r.rev_id) ?? []), r.screen_id]);
  return out;
}

// The version that document was stored at.
const PREVIOUS_VERSION = PREVIOUS_BODY.replace('SELECT p.body', 'SELECT p.schema_version');

type Body = Record<string, unknown>;

/**
 * The areas revision `revId` changed, by storage key: each area's stored body there and before it (undefined: never
 * saved before), with the schema version each was stored at.
 */
export async function revisionChanges(db: Db, tenantId: string, revId: number) {
  const { rows } = await db.query<{ screen_id: string; before: Body | null; before_version: number | null; after: Body; after_version: number }>(
    `SELECT d.screen_id, ${PREVIOUS_BODY} AS before, ${PREVIOUS_VERSION} AS before_version, d.body AS after, d.schema_version AS after_version
       FROM policy_documents d
      WHERE d.tenant_id = $1 AND d.rev_id = $2 AND d.body IS DISTINCT FROM ${PREVIOUS_BODY}
      ORDER BY d.screen_id`,
    [tenantId, revId],
  );
  return rows.map((r) => ({
    storageKey: r.screen_id,
    before: r.before === null ? undefined : { body: r.before, schema_version: r.before_version ?? 1 },
    after: { body: r.after, schema_version: r.after_version },
  }));
}

/**
 * Every area (by storage key) whose stored content at revision `target` differs from the one at revision `working`,
 * with its body and version there (undefined: never saved by then).
 */
export async function areasDifferingFrom(db: Db, tenantId: string, target: number, working: number) {
  const at = (column: string, rev: string) => `(SELECT p.${column} FROM policy_documents p
     WHERE p.tenant_id = $1 AND p.screen_id = s.screen_id AND p.rev_id <= ${rev} ORDER BY p.rev_id DESC LIMIT 1)`;
  const { rows } = await db.query<{ screen_id: string; target: Body | null; target_version: number | null }>(
    `SELECT s.screen_id, t.body AS target, t.version AS target_version
       FROM (SELECT DISTINCT screen_id FROM policy_documents WHERE tenant_id = $1) s
       CROSS JOIN LATERAL (SELECT ${at('body', '$2')} AS body, ${at('schema_version', '$2')} AS version, ${at('body', '$3')} AS current) t
      WHERE t.body IS DISTINCT FROM t.current ORDER BY s.screen_id`,
    [tenantId, target, working],
  );
  return rows.map((r) => ({ storageKey: r.screen_id, target: r.target === null ? undefined : { body: r.target, schema_version: r.target_version ?? 1 } }));
}

/** Published revisions, newest first, each with its reason and the areas it changed. */
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
  const areas = await changedAreas(
    db,
    tenantId,
    rows.map((r) => r.rev_id),
  );
  return {
    revisions: rows.map((r) => ({
      rev_id: r.rev_id,
      state: r.state,
      updated_at: r.updated_at.toISOString(),
      published_at: r.published_at?.toISOString() ?? null,
      published_by: r.published_by,
      reason: r.publish_reason,
      areas: areas.get(r.rev_id) ?? [],
    })),
    limit,
    offset,
    total,
  };
}
