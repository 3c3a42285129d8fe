/**
 * The appliance's own system (spec 001 §7): about, software updates (check and install as jobs), the local log,
 * the administrator's password, factory reset, restart and shutdown. A restart is simulated: from its start every
 * API call answers 503 with `restarting: true` for a few seconds (`unavailable`), and the tenant's sessions end.
 */
import { createHash } from 'node:crypto';
import { systemOps } from '../../definitions/api/applianceSystem';
import { applianceNetwork } from '../../definitions/appliance/applianceNetwork';
import type { ApplianceAbout } from '../../schemas/areas/applianceSystem';
import { readSettingsDocument } from '../documents';
import { hashPassword, verifyPassword } from '../passwords';
import { HttpError, implementAll, requireCaller, type Caller, type Db, type ServerModule } from '../types';
import { createJob, lastFinished } from './jobs';

/** The version a new appliance runs, and the versions the demo update server offers. */
export const FACTORY_VERSION = '24.3.1';
export const OFFERED_VERSIONS = [
  { version: '24.3.1', released_at: '2026-08-04', notes: 'Security fixes for the isolation browser.' },
  { version: '24.3.2', released_at: '2026-10-20', notes: 'Faster page rendering in isolation; TLS 1.3 to upstream proxies; fixes.' },
] as const;
/** How long the simulated appliance does not answer after a restart, a shutdown or a reset. */
export const RESTART_SECONDS = 4;
/** How long an update check and an install run as jobs. */
export const CHECK_JOB_MS = 2_000;
export const INSTALL_JOB_MS = 4_000;
/** After an install job finishes, the restart starts this much later, so that the job's end can still be read. */
const RESTART_GRACE_MS = 1_500;

/** One server's restart, kept per store: several servers in one process (the tests) restart on their own. */
interface Downtime {
  readonly tenantId: string;
  readonly from: number;
  readonly until: number;
  sessionsEnded: boolean;
}
const downtimes = new WeakMap<Db, Downtime>();

function scheduleDowntime(db: Db, tenantId: string, from: number, seconds = RESTART_SECONDS): void {
  downtimes.set(db, { tenantId, from, until: from + seconds * 1000, sessionsEnded: false });
}

/** While the appliance restarts: the answer every API call gets. Sessions end when the restart starts. */
async function unavailable(db: Db, now = Date.now()) {
  const down = downtimes.get(db);
  if (!down || now < down.from) return undefined;
  if (now >= down.until) {
    downtimes.delete(db);
    return undefined;
  }
  if (!down.sessionsEnded) {
    down.sessionsEnded = true;
    await db.query('DELETE FROM sessions WHERE tenant_id = $1', [down.tenantId]);
  }
  return { msg: 'The appliance is restarting. Try again in a moment.', retryAfterSeconds: Math.max(1, Math.ceil((down.until - now) / 1000)) };
}

interface SystemRow {
  serial: string;
  version: string;
  installed_at: Date;
  offered: { version: string; released_at: string; notes: string }[] | null;
  checked_at: Date | null;
}

async function log(db: Db, tenantId: string, line: string, at = new Date()): Promise<void> {
  await db.query('INSERT INTO appliance_system_log (tenant_id, at, line) VALUES ($1, $2, $3)', [tenantId, at, line]);
}

/** The appliance's system row, created at first use; an update whose job has finished is applied here. */
async function systemOf(db: Db, tenantId: string): Promise<SystemRow> {
  const serial = `SV-${createHash('sha256').update(tenantId).digest('hex').slice(0, 10).toUpperCase()}`;
  await db.query(
    `INSERT INTO appliance_system (tenant_id, serial, version, installed_at) VALUES ($1, $2, $3, $4) ON CONFLICT (tenant_id) DO NOTHING`,
    [tenantId, serial, FACTORY_VERSION, new Date()],
  );
  const row = (await db.query<SystemRow>('SELECT serial, version, installed_at, offered, checked_at FROM appliance_system WHERE tenant_id = $1', [tenantId])).rows[0]!;
  const update = await lastFinished(db, tenantId, 'update');
  const version = update?.payload.install as string | undefined;
  if (update && version && new Date(update.updated_at) > row.installed_at) {
    await db.query('UPDATE appliance_system SET version = $2, installed_at = $3 WHERE tenant_id = $1', [tenantId, version, new Date(update.updated_at)]);
    await log(db, tenantId, `Version ${version} installed (was ${row.version}); restarting`, new Date(update.updated_at));
    return { ...row, version, installed_at: new Date(update.updated_at) };
  }
  return row;
}

const compareVersions = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! - y![i]!;
  return 0;
};

/** The process start: what uptime counts from, unless a simulated restart ended later. */
const processStart = Date.now();
const lastStart = new WeakMap<Db, number>();

async function restart(db: Db, caller: Caller, action: 'reboot' | 'shutdown' | 'reset', line: string) {
  await log(db, caller.tenantId, `${line} by ${caller.user.username}`);
  // The answer goes out first; the appliance stops answering a moment later.
  const from = Date.now() + 300;
  scheduleDowntime(db, caller.tenantId, from);
  lastStart.set(db, from + RESTART_SECONDS * 1000);
  return { restarting: true as const, action, back_in_seconds: RESTART_SECONDS };
}

/** What the appliance runs, as GET /api/v1/about answers it. */
export async function applianceAbout(db: Db, tenantId: string): Promise<ApplianceAbout> {
  const system = await systemOf(db, tenantId);
  const network = await readSettingsDocument(db, tenantId, applianceNetwork);
  const licence = await lastFinished(db, tenantId, 'license');
  const started = Math.max(processStart, lastStart.get(db) ?? 0, system.installed_at.getTime() + RESTART_GRACE_MS + RESTART_SECONDS * 1000);
  const startedAt = Math.min(started, Date.now());
  return {
    hostname: String(network.doc.hostname),
    serial: system.serial,
    version: system.version,
    started_at: new Date(startedAt).toISOString(),
    uptime_seconds: Math.floor((Date.now() - startedAt) / 1000),
    license: licence?.payload.license_tail
      ? { state: 'valid', ends_with: String(licence.payload.license_tail), installed_at: licence.updated_at }
      : { state: 'none' },
    components: [
      { name: 'Appliance software', version: system.version },
      { name: 'Isolation browser', version: `${system.version.split('.').slice(0, 2).join('.')}.118` },
      { name: 'Administration portal', version: system.version },
      { name: 'Operating system', version: 'Debian 12.8' },
    ],
  };
}

export const applianceSystemModule: ServerModule = {
  name: 'applianceSystem',
  unavailable,
  implementations: implementAll(systemOps, {
    about: async (ctx) => applianceAbout(ctx.db, requireCaller(ctx).tenantId),
    updates: async (ctx) => {
      const system = await systemOf(ctx.db, requireCaller(ctx).tenantId);
      const offered = system.offered ?? [];
      // An installed update restarts the appliance a moment after its job ends: the list read then announces it.
      const down = downtimes.get(ctx.db);
      const now = Date.now();
      const restarting = down && now >= down.from - RESTART_GRACE_MS && now < down.until ? { restarting: true as const, back_in_seconds: Math.ceil((down.until - now) / 1000) } : {};
      return {
        ...restarting,
        current_version: system.version,
        checked_at: system.checked_at?.toISOString() ?? null,
        updates: offered.map((u) => {
          const order = compareVersions(u.version, system.version);
          return { ...u, state: order === 0 ? 'installed' : order > 0 ? 'available' : 'older' };
        }),
      };
    },
    checkUpdate: async (ctx) => {
      const caller = requireCaller(ctx);
      const system = await systemOf(ctx.db, caller.tenantId);
      const newest = OFFERED_VERSIONS.map((v) => v.version).sort(compareVersions).at(-1)!;
      const newer = compareVersions(newest, system.version) > 0;
      // The list is what the check will have found; a check that finds nothing newer finishes with its reason.
      await ctx.db.query('UPDATE appliance_system SET offered = $2, checked_at = $3 WHERE tenant_id = $1', [
        caller.tenantId,
        JSON.stringify(OFFERED_VERSIONS),
        new Date(Date.now() + CHECK_JOB_MS),
      ]);
      await log(ctx.db, caller.tenantId, `Update check by ${caller.user.username}`);
      const job_id = await createJob(ctx.db, caller, {
        kind: 'update',
        title: 'Update check',
        durationMs: CHECK_JOB_MS,
        // Spec 001 §4: a check whose result carries a reason fails with it.
        outcome: newer ? { ok: true, result: `Version ${newest} is available.` } : { ok: false, reason: `No update: version ${system.version} is the newest.` },
      });
      return { job_id };
    },
    installUpdate: async (ctx) => {
      const caller = requireCaller(ctx);
      const system = await systemOf(ctx.db, caller.tenantId);
      const { version } = ctx.body;
      const refuse = (message: string) => new HttpError(400, message, { errors: [{ path: 'version', key: 'invalid_value', message }] });
      if (!(system.offered ?? []).some((u) => u.version === version)) throw refuse(`Version ${version} is not offered: check for updates first.`);
      if (version === system.version) throw refuse(`Version ${version} is installed already.`);
      await log(ctx.db, caller.tenantId, `Update to ${version} started by ${caller.user.username}`);
      const job_id = await createJob(ctx.db, caller, {
        kind: 'update',
        title: `Update to ${version}`,
        durationMs: INSTALL_JOB_MS,
        outcome: { ok: true, result: `Version ${version} installed; the appliance restarts.` },
        payload: { install: version },
      });
      const restartAt = Date.now() + INSTALL_JOB_MS + RESTART_GRACE_MS;
      scheduleDowntime(ctx.db, caller.tenantId, restartAt);
      lastStart.set(ctx.db, restartAt + RESTART_SECONDS * 1000);
      return { job_id };
    },
    logs: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      await systemOf(ctx.db, tenantId);
      const since = new Date(Date.now() - 7 * 24 * 3_600_000);
      const lines = await ctx.db.query<{ at: Date; line: string }>(
        `SELECT at, line FROM appliance_system_log WHERE tenant_id = $1 AND at >= $2
         UNION ALL SELECT updated_at AS at, title || ': ' || status || COALESCE(' (' || reason || ')', '') AS line
           FROM jobs WHERE tenant_id = $1 AND updated_at >= $2
         ORDER BY at`,
        [tenantId, since],
      );
      const stamp = new Date().toISOString().slice(0, 10);
      ctx.reply.header('Content-Disposition', `attachment; filename="appliance-log-${stamp}.txt"`);
      return lines.rows.map((r) => `${r.at.toISOString()} ${r.line}`).join('\n') + '\n';
    },
    changePassword: async (ctx) => {
      const caller = requireCaller(ctx);
      const user = (
        await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE tenant_id = $1 AND id = $2', [caller.tenantId, caller.user.uid])
      ).rows[0];
      if (!user || !(await verifyPassword(ctx.body.current_password, user.password_hash))) {
        const message = 'The current password is not right.';
        throw new HttpError(400, message, { errors: [{ path: 'current_password', key: 'wrongPassword', message }] });
      }
      const hash = await hashPassword(ctx.body.new_password);
      return ctx.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2', [caller.tenantId, caller.user.uid, hash, new Date().toISOString()]);
        // The other sessions end; this one goes on.
        const ended = await tx.query('DELETE FROM sessions WHERE tenant_id = $1 AND user_id = $2 AND id_hash <> $3 RETURNING id_hash', [
          caller.tenantId,
          caller.user.uid,
          caller.sessionId,
        ]);
        await log(tx, caller.tenantId, `Password of ${caller.user.username} changed`);
        return { changed: true as const, sessions_ended: ended.rows.length };
      });
    },
    factoryReset: async (ctx) => {
      const caller = requireCaller(ctx);
      await ctx.db.transaction(async (tx) => {
        await tx.query(`DELETE FROM settings_documents WHERE tenant_id = $1 AND screen_id LIKE 'appliance.%'`, [caller.tenantId]);
        await tx.query('DELETE FROM appliance_ca_certs WHERE tenant_id = $1', [caller.tenantId]);
        await tx.query(`DELETE FROM jobs WHERE tenant_id = $1 AND kind <> 'license'`, [caller.tenantId]);
        await tx.query('UPDATE appliance_system SET offered = NULL, checked_at = NULL WHERE tenant_id = $1', [caller.tenantId]);
      });
      return restart(ctx.db, caller, 'reset', 'Factory reset');
    },
    reboot: async (ctx) => restart(ctx.db, requireCaller(ctx), 'reboot', 'Restart'),
    shutdown: async (ctx) => restart(ctx.db, requireCaller(ctx), 'shutdown', 'Shutdown'),
  }),
};
