/**
 * The management station's fleet (definitions/api/appliance.ts, managerOps): managed systems and groups kept in the
 * database, updates and restarts as jobs. Like jobs, a system moves on when it is read: an update installs at its
 * due time (leaving the maintenance mode it entered for it), a restarting system is offline from its restart time
 * for a few seconds and then back.
 */
import { managerOps } from '../../definitions/api/appliance';
import { AVAILABLE_VERSIONS, type ManagedSystem } from '../../schemas/areas/applianceManager';
import { HttpError, implementAll, requireCaller, type Db, type ServerModule } from '../types';
import { createJob } from './jobs';

/** How long a restarting appliance is offline. */
export const RESTART_OFFLINE_MS = 5_000;
/** How long an update takes to install. */
export const UPDATE_MS = 4_000;
/** How long a job that is bound to fail takes to report it. */
const FAIL_MS = 2_000;

interface SystemRow {
  id: string;
  name: string;
  address: string;
  app_mode: string;
  group_id: number;
  group_name: string | null;
  auto_group: string;
  version: string;
  reachable: boolean;
  maintenance: boolean;
  restart_at: Date | null;
  back_at: Date | null;
  pending_version: string | null;
  last_contact: Date;
}

/** Applies what is due: installed updates, restarts that are over; reachable systems report in. */
async function refreshSystems(db: Db, tenantId: string, now = new Date()): Promise<void> {
  await db.query(
    `UPDATE managed_systems SET version = pending_version, pending_version = NULL, update_due_at = NULL,
       maintenance = CASE WHEN maintenance_for_update THEN false ELSE maintenance END, maintenance_for_update = false
     WHERE tenant_id = $1 AND pending_version IS NOT NULL AND update_due_at <= $2`,
    [tenantId, now],
  );
  await db.query(`UPDATE managed_systems SET restart_at = NULL, back_at = NULL WHERE tenant_id = $1 AND back_at <= $2`, [tenantId, now]);
  await db.query(
    `UPDATE managed_systems SET last_contact = $2 WHERE tenant_id = $1 AND reachable AND (restart_at IS NULL OR restart_at > $2)`,
    [tenantId, now],
  );
}

export const statusOf = (r: Pick<SystemRow, 'reachable' | 'restart_at' | 'maintenance'>, now = new Date()): ManagedSystem['status'] =>
  !r.reachable ? 'unreachable' : r.restart_at && r.restart_at <= now ? 'offline' : r.maintenance ? 'maintenance' : 'online';

function toSystem(r: SystemRow, now = new Date()): ManagedSystem {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    app_mode: r.app_mode,
    group_id: r.group_id,
    group: r.group_name ?? String(r.group_id),
    auto_group: r.auto_group === 'True',
    version: r.version,
    status: statusOf(r, now),
    maintenance: r.maintenance,
    last_contact: r.last_contact.toISOString(),
    ...(r.restart_at ? { restart_at: r.restart_at.toISOString() } : {}),
    ...(r.pending_version ? { pending_version: r.pending_version } : {}),
  };
}

const SELECT = `SELECT s.*, g.name AS group_name FROM managed_systems s
  LEFT JOIN managed_groups g ON g.tenant_id = s.tenant_id AND g.id = s.group_id WHERE s.tenant_id = $1`;

async function readSystem(db: Db, tenantId: string, id: string): Promise<SystemRow> {
  await refreshSystems(db, tenantId);
  const row = (await db.query<SystemRow>(`${SELECT} AND s.id = $2`, [tenantId, id])).rows[0];
  if (!row) throw new HttpError(404, 'No such managed system');
  return row;
}

const unreachable = (r: SystemRow) => `${r.name} does not answer (last contact ${r.last_contact.toISOString().slice(0, 16).replace('T', ' ')} UTC).`;

const VERSION_NOTES: Record<(typeof AVAILABLE_VERSIONS)[number], string> = {
  '24.3.2': 'Security fixes for the isolation browser',
  '24.3.1': 'Faster policy publishing; new log filters',
  '24.2.0': 'Previous release, for rolling back',
};

export const applianceManagerModule: ServerModule = {
  name: 'applianceManager',
  implementations: implementAll(managerOps, {
    listSystems: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      await refreshSystems(ctx.db, tenantId);
      const rows = await ctx.db.query<SystemRow>(`${SELECT} ORDER BY s.name`, [tenantId]);
      return { systems: rows.rows.map((r) => toSystem(r)) };
    },
    listGroups: async (ctx) => {
      const rows = await ctx.db.query<{ id: number; name: string; systems: number }>(
        `SELECT g.id, g.name, COUNT(s.id)::int AS systems FROM managed_groups g
         LEFT JOIN managed_systems s ON s.tenant_id = g.tenant_id AND s.group_id = g.id
         WHERE g.tenant_id = $1 GROUP BY g.id, g.name ORDER BY g.id`,
        [requireCaller(ctx).tenantId],
      );
      return { groups: rows.rows };
    },
    checkUpdate: async (ctx) => {
      const row = await readSystem(ctx.db, requireCaller(ctx).tenantId, ctx.params.id);
      return {
        current: row.version,
        available: AVAILABLE_VERSIONS.filter((v) => v !== row.version).map((version) => ({ version, description: VERSION_NOTES[version] })),
      };
    },
    installUpdate: async (ctx) => {
      const caller = requireCaller(ctx);
      const row = await readSystem(ctx.db, caller.tenantId, ctx.params.id);
      const { version, enter_maintenance_mode } = ctx.body;
      const title = `Update ${row.name} to ${version}`;
      const fail = (reason: string) => createJob(ctx.db, caller, { kind: 'update', title, durationMs: FAIL_MS, outcome: { ok: false, reason } });
      if (!row.reachable) return { job_id: await fail(unreachable(row)) };
      if (row.pending_version) return { job_id: await fail(`${row.name} is already installing ${row.pending_version}.`) };
      if (!(AVAILABLE_VERSIONS as readonly string[]).includes(version)) {
        return { job_id: await fail(`Version ${version} is not supported on ${row.name}; available: ${AVAILABLE_VERSIONS.join(', ')}.`) };
      }
      if (version === row.version) return { job_id: await fail(`${row.name} already runs version ${version}.`) };
      return ctx.db.transaction(async (tx) => {
        const now = new Date();
        await tx.query(
          `UPDATE managed_systems SET pending_version = $3, update_due_at = $4,
             maintenance_for_update = $5 AND NOT maintenance, maintenance = maintenance OR $5
           WHERE tenant_id = $1 AND id = $2`,
          [caller.tenantId, row.id, version, new Date(now.getTime() + UPDATE_MS), enter_maintenance_mode],
        );
        const job_id = await createJob(tx, caller, { kind: 'update', title, durationMs: UPDATE_MS, outcome: { ok: true, result: version } }, now);
        return { job_id };
      });
    },
    restartSystem: async (ctx) => {
      const caller = requireCaller(ctx);
      const row = await readSystem(ctx.db, caller.tenantId, ctx.params.id);
      const delayMs = ctx.body.delay_seconds * 1000;
      const title = delayMs ? `Restart ${row.name} (scheduled)` : `Restart ${row.name}`;
      if (!row.reachable) {
        return { job_id: await createJob(ctx.db, caller, { kind: 'reboot', title, durationMs: FAIL_MS, outcome: { ok: false, reason: unreachable(row) } }) };
      }
      return ctx.db.transaction(async (tx) => {
        const now = new Date();
        const restartAt = new Date(now.getTime() + delayMs);
        await tx.query('UPDATE managed_systems SET restart_at = $3, back_at = $4 WHERE tenant_id = $1 AND id = $2', [
          caller.tenantId,
          row.id,
          restartAt,
          new Date(restartAt.getTime() + RESTART_OFFLINE_MS),
        ]);
        const job_id = await createJob(tx, caller, { kind: 'reboot', title, durationMs: delayMs + RESTART_OFFLINE_MS, outcome: { ok: true, result: 'back online' } }, now);
        return { job_id };
      });
    },
    setMaintenance: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const row = await readSystem(ctx.db, tenantId, ctx.params.id);
      await ctx.db.query('UPDATE managed_systems SET maintenance = $3, maintenance_for_update = false WHERE tenant_id = $1 AND id = $2', [
        tenantId,
        row.id,
        ctx.body.enabled,
      ]);
      return toSystem(await readSystem(ctx.db, tenantId, row.id));
    },
  }),
  onStart: async (db) => {
    const tenants = await db.query<{ id: string }>('SELECT t.id FROM tenants t WHERE NOT EXISTS (SELECT 1 FROM managed_seeded s WHERE s.tenant_id = t.id)');
    for (const { id } of tenants.rows) {
      await db.transaction(async (tx) => {
        for (const [gid, name] of DEMO_GROUPS) {
          await tx.query('INSERT INTO managed_groups (tenant_id, id, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [id, gid, name]);
        }
        const now = Date.now();
        for (const [n, s] of DEMO_SYSTEMS.entries()) {
          await tx.query(
            `INSERT INTO managed_systems (tenant_id, id, name, address, app_mode, group_id, auto_group, version, reachable, maintenance, last_contact)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
            [id, `sys-${n + 1}`, s.name, s.address, s.mode, s.group, s.auto ? 'True' : 'False', s.version, s.reachable, s.maintenance, new Date(now - (s.reachable ? 0 : 3 * 3_600_000))],
          );
        }
        await tx.query('INSERT INTO managed_seeded (tenant_id) VALUES ($1) ON CONFLICT DO NOTHING', [id]);
      });
    }
  },
};

const DEMO_GROUPS: readonly [number, string][] = [
  [1, 'Headquarters'],
  [2, 'Branch offices'],
  [3, 'Data centre'],
];
const DEMO_SYSTEMS = [
  { name: 'hq-isolation-01', address: '192.0.2.11', mode: 'safeview', group: 1, auto: false, version: '24.3.2', reachable: true, maintenance: false },
  { name: 'hq-isolation-02', address: '192.0.2.12', mode: 'safeview', group: 1, auto: false, version: '24.3.1', reachable: true, maintenance: false },
  { name: 'hq-mail-01', address: '192.0.2.21', mode: 'safemail', group: 1, auto: true, version: '24.3.1', reachable: true, maintenance: false },
  { name: 'branch-paris', address: '198.51.100.11', mode: 'safeview_proxy', group: 2, auto: true, version: '24.2.0', reachable: true, maintenance: false },
  { name: 'branch-lyon', address: '198.51.100.12', mode: 'safeview_proxy', group: 2, auto: true, version: '24.2.0', reachable: false, maintenance: false },
  { name: 'branch-lille', address: '198.51.100.13', mode: 'safeview', group: 2, auto: true, version: '24.3.1', reachable: true, maintenance: true },
  { name: 'dc-isolation-01', address: '203.0.113.11', mode: 'safeview_isolation', group: 3, auto: false, version: '24.3.2', reachable: true, maintenance: false },
  { name: 'dc-mail-worker-01', address: '203.0.113.21', mode: 'safemail_worker', group: 3, auto: false, version: '24.3.2', reachable: true, maintenance: false },
] as const;
