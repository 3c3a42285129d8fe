/**
 * The management station's fleet (definitions/api/appliance.ts, managerOps): managed systems and groups kept in the
 * database, updates and restarts as jobs. Like jobs, a system moves on when it is read: an update installs at its
 * due time (leaving the maintenance mode it entered for it), a restarting system is offline from its restart time
 * for a few seconds and then back.
 */
import { X509Certificate, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { managerOps, stationOps } from '../../definitions/api/appliance';
import { applianceNetwork } from '../../definitions/appliance/applianceNetwork';
import { z } from 'zod';
import {
  AVAILABLE_VERSIONS,
  AppMode,
  ROLLBACK_SLOT,
  STATION_PORT,
  type ManagedSystem,
  type RemoteCertificate,
  type StationRegistration,
  type TemplateRequest,
  maintenanceOf,
} from '../../schemas/areas/applianceManager';
import { MESSAGES, SAFEVIEW_SERVICE_PORT } from '../../schemas/constants';
import { readSettingsDocument } from '../documents';
import { HttpError, implementAll, requireCaller, type Caller, type Db, type ServerModule } from '../types';
import { certDetails } from './appliance';
import { SERVICE_VALID_DAYS, newKeyPemAsync, selfSigned } from './applianceCerts';
import { answers } from './connectivity';
import { applianceAbout } from './applianceSystem';
import { advanceJobs, createJob } from './jobs';

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
  previous_version: string | null;
  settings: Record<string, unknown>;
  template_name: string | null;
  last_contact: Date;
  cert_pem: string | null;
}

/** Applies what is due: installed updates, restarts that are over; reachable systems report in. */
async function refreshSystems(db: Db, tenantId: string, now = new Date()): Promise<void> {
  await approveFinished(db, tenantId);
  await db.query(
    `UPDATE managed_systems SET previous_version = version, version = pending_version, pending_version = NULL, update_due_at = NULL,
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
    group_id: String(r.group_id),
    group: r.group_name ?? String(r.group_id),
    auto_group: r.auto_group === 'True',
    version: r.version,
    status: statusOf(r, now),
    maintenance: r.maintenance,
    last_contact: r.last_contact.toISOString(),
    ...(r.restart_at ? { restart_at: r.restart_at.toISOString() } : {}),
    ...(r.pending_version ? { pending_version: r.pending_version } : {}),
    ...(r.previous_version ? { previous_version: r.previous_version } : {}),
    ...(r.template_name ? { template: r.template_name } : {}),
    settings: r.settings,
  };
}

const SELECT = `SELECT s.*, g.name AS group_name, t.name AS template_name FROM managed_systems s
  LEFT JOIN managed_groups g ON g.tenant_id = s.tenant_id AND g.id = s.group_id
  LEFT JOIN managed_templates t ON t.tenant_id = s.tenant_id AND t.id = s.template_id WHERE s.tenant_id = $1`;

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

/** How long an approval takes when the appliance answers, and applying a template. */
const APPROVAL_MS = 3_000;
const TEMPLATE_MS = 2_000;

const slotDescription = (version: string) => `${version}: ${VERSION_NOTES[version as keyof typeof VERSION_NOTES] ?? 'the version installed before the last update'}`;

/** Installs `version` (an update, or a rollback to the other slot) after UPDATE_MS; answers the job. */
async function scheduleInstall(
  db: Db,
  caller: Caller,
  row: SystemRow,
  install: { kind: 'update' | 'rollback'; title: string; version: string; enter_maintenance_mode: boolean },
): Promise<string> {
  return db.transaction(async (tx) => {
    const now = new Date();
    await tx.query(
      `UPDATE managed_systems SET pending_version = $3, update_due_at = $4,
         maintenance_for_update = $5 AND NOT maintenance, maintenance = maintenance OR $5
       WHERE tenant_id = $1 AND id = $2`,
      [caller.tenantId, row.id, install.version, new Date(now.getTime() + UPDATE_MS), install.enter_maintenance_mode],
    );
    return createJob(tx, caller, { kind: install.kind, title: install.title, durationMs: UPDATE_MS, outcome: { ok: true, result: install.version } }, now);
  });
}

async function requireGroup(db: Db, tenantId: string, id: string, path: string): Promise<{ id: number; name: string }> {
  const group = (await db.query<{ id: number; name: string }>('SELECT id, name FROM managed_groups WHERE tenant_id = $1 AND id = $2', [tenantId, Number(id)])).rows[0];
  if (group) return group;
  const message = `There is no group ${id}.`;
  throw new HttpError(400, message, { errors: [{ path, key: 'unknownGroup', message }] });
}

interface RegistrationRow {
  id: string;
  name: string;
  address: string;
  app_mode: z.infer<typeof AppMode>;
  status: string;
  group_id: number | null;
  requested_at: Date;
  job_status: string | null;
  job_reason: string | null;
}

/** Registrations whose approval job finished become managed appliances of the group chosen. */
async function approveFinished(db: Db, tenantId: string): Promise<void> {
  await advanceJobs(db, tenantId);
  const done = await db.query<RegistrationRow>(
    `SELECT r.* FROM managed_registrations r JOIN jobs j ON j.tenant_id = r.tenant_id AND j.id = r.job_id
     WHERE r.tenant_id = $1 AND r.status = 'pending' AND j.status = 'finished'`,
    [tenantId],
  );
  for (const r of done.rows) {
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO managed_systems (tenant_id, id, name, address, app_mode, group_id, auto_group, version, reachable, maintenance, last_contact)
         VALUES ($1, $2, $3, $4, $5, $6, 'False', $7, true, false, $8) ON CONFLICT DO NOTHING`,
        [tenantId, `sys-${r.id}`, r.name, r.address, r.app_mode, r.group_id, AVAILABLE_VERSIONS[0], new Date()],
      );
      await tx.query(`UPDATE managed_registrations SET status = 'approved' WHERE tenant_id = $1 AND id = $2`, [tenantId, r.id]);
    });
  }
}

async function registrations(db: Db, tenantId: string) {
  await approveFinished(db, tenantId);
  const rows = await db.query<RegistrationRow>(
    `SELECT r.*, j.status AS job_status, j.reason AS job_reason FROM managed_registrations r
     LEFT JOIN jobs j ON j.tenant_id = r.tenant_id AND j.id = r.job_id
     WHERE r.tenant_id = $1 AND r.status <> 'approved' ORDER BY r.requested_at DESC, r.name`,
    [tenantId],
  );
  return rows.rows.map((r) => ({
    id: r.id,
    name: r.name,
    address: r.address,
    app_mode: r.app_mode,
    status:
      r.job_status === 'queued' || r.job_status === 'running' ? ('approving' as const) : r.job_status === 'failed' ? ('refused' as const) : ('pending' as const),
    ...(r.job_status === 'failed' && r.job_reason ? { reason: r.job_reason } : {}),
    requested_at: r.requested_at.toISOString(),
  }));
}

/** A name no managed appliance and no open registration request has yet; else 400 on `name`. */
async function requireFreeName(db: Db, tenantId: string, name: string): Promise<void> {
  const taken = await db.query(
    `SELECT 1 FROM managed_systems WHERE tenant_id = $1 AND lower(name) = lower($2)
     UNION ALL SELECT 1 FROM managed_registrations WHERE tenant_id = $1 AND lower(name) = lower($2) AND status <> 'approved'`,
    [tenantId, name],
  );
  if (taken.rows.length) {
    const message = `An appliance named ${name} is already registered or managed.`;
    throw new HttpError(400, message, { errors: [{ path: 'name', key: 'duplicate', message }] });
  }
}

/**
 * This appliance's registration as its station sees it. The reference server plays the station in the same database:
 * the request the registration became is still open (waiting, with the reason an approval failed), was approved (the
 * managed appliance it became, in its group) or was turned down (it is gone).
 */
async function stationRegistrationOf(db: Db, tenantId: string): Promise<StationRegistration> {
  const own = (
    await db.query<{ station: string; name: string; registration_id: string; requested_at: Date }>(
      'SELECT station, name, registration_id, requested_at FROM appliance_station_registration WHERE tenant_id = $1',
      [tenantId],
    )
  ).rows[0];
  if (!own) {
    const network = await readSettingsDocument(db, tenantId, applianceNetwork);
    return { status: 'unregistered', name: network.doc.hostname.split('.')[0]! };
  }
  const base = { station: own.station, name: own.name, requested_at: own.requested_at.toISOString() };
  const open = (await registrations(db, tenantId)).find((r) => r.id === own.registration_id);
  if (open) return { ...base, status: 'waiting', ...(open.reason ? { reason: open.reason } : {}) };
  const system = (await db.query<SystemRow>(`${SELECT} AND s.id = $2`, [tenantId, `sys-${own.registration_id}`])).rows[0];
  if (system) return { ...base, status: 'managed', group: system.group_name ?? String(system.group_id) };
  return { ...base, status: 'turned_down' };
}

async function templates(db: Db, tenantId: string) {
  const rows = await db.query<{ id: string; name: string; settings: Omit<TemplateRequest, 'name'>; updated_at: Date; applied_to: number }>(
    `SELECT t.id, t.name, t.settings, t.updated_at, (SELECT COUNT(*)::int FROM managed_systems s WHERE s.tenant_id = t.tenant_id AND s.template_id = t.id) AS applied_to
     FROM managed_templates t WHERE t.tenant_id = $1 ORDER BY lower(t.name)`,
    [tenantId],
  );
  return rows.rows.map((t) => ({ id: t.id, name: t.name, ...t.settings, applied_to: t.applied_to, updated_at: t.updated_at.toISOString() }));
}

/**
 * The service certificate an appliance sends over its remote channel, decoded; one that does not answer sends none.
 * Each simulated appliance has a real self-signed X.509 certificate for its name and address, made when it is first
 * fetched and kept (its own key stays "on the appliance": the station stores none).
 */
async function remoteCertificateOf(db: Db, tenantId: string, r: SystemRow, premade?: Promise<X509Certificate>): Promise<RemoteCertificate> {
  if (!r.reachable) return { system_id: r.id, name: r.name, error: MESSAGES.noApplianceCert };
  let cert = decoded(r.cert_pem);
  if (!cert) {
    const made = await (premade ?? serviceCertificateFor(r));
    // Two readers at once keep the first certificate stored; one that no longer decodes is replaced.
    const stored = (
      await db.query<{ cert_pem: string }>(
        'UPDATE managed_systems SET cert_pem = CASE WHEN cert_pem IS NULL OR cert_pem = $4 THEN $3 ELSE cert_pem END WHERE tenant_id = $1 AND id = $2 RETURNING cert_pem',
        [tenantId, r.id, made.toString(), r.cert_pem ?? ''],
      )
    ).rows[0]!.cert_pem;
    cert = decoded(stored) ?? made;
  }
  const { subject, issuer, serial_number, valid_from, valid_to, fingerprint_sha256 } = certDetails(cert);
  return { system_id: r.id, name: r.name, subject, issuer, serial_number, valid_from, valid_to, fingerprint_sha256, pem: cert.toString() };
}

/** A stored certificate decoded, or undefined when there is none or it does not decode. */
function decoded(pem: string | null): X509Certificate | undefined {
  if (!pem) return undefined;
  try {
    return new X509Certificate(pem);
  } catch {
    return undefined;
  }
}

/** A new self-signed service certificate for the appliance's name and address, checked to decode (made again if not). */
async function serviceCertificateFor(r: SystemRow): Promise<X509Certificate> {
  for (let attempt = 1; ; attempt++) {
    const pem = selfSigned(await newKeyPemAsync(), { commonName: r.name }, SERVICE_VALID_DAYS, false, [r.name], isIP(r.address) ? [r.address] : []);
    const cert = decoded(pem);
    if (cert) return cert;
    if (attempt === 3) throw new Error(`the service certificate of ${r.name} could not be made`);
  }
}

const stationImplementations = implementAll(stationOps, {
  stationRegistration: async (ctx) => stationRegistrationOf(ctx.db, requireCaller(ctx).tenantId),
  registerWithStation: async (ctx) => {
    const { tenantId } = requireCaller(ctx);
    const { station, name } = ctx.body;
    const refuse = (path: 'station' | 'name', key: string, message: string) => new HttpError(400, message, { errors: [{ path, key, message }] });
    const current = await stationRegistrationOf(ctx.db, tenantId);
    if (current.status === 'waiting') throw refuse('station', 'registered', `This appliance is already waiting for approval by ${current.station}.`);
    if (current.status === 'managed') throw refuse('station', 'registered', `This appliance is already managed by ${current.station}.`);
    if (!answers(station)) {
      throw refuse('station', 'unreachable', `${station} did not answer on port ${STATION_PORT}. Check the address, and that this appliance reaches it (Connectivity).`);
    }
    await requireFreeName(ctx.db, tenantId, name);
    const network = (await readSettingsDocument(ctx.db, tenantId, applianceNetwork)).doc;
    const appMode = AppMode.safeParse(ctx.env.appMode);
    const id = `reg-${randomUUID().slice(0, 8)}`;
    const now = new Date();
    await ctx.db.transaction(async (tx) => {
      // What the station's POST /api/mgr/v1/reg records: the address it reaches this appliance at and its kind.
      await tx.query('INSERT INTO managed_registrations (tenant_id, id, name, address, app_mode, requested_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        tenantId,
        id,
        name,
        network.ipv4_address || network.hostname,
        appMode.success ? appMode.data : 'safeview',
        now,
      ]);
      await tx.query(
        `INSERT INTO appliance_station_registration (tenant_id, station, name, registration_id, requested_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (tenant_id) DO UPDATE SET station = EXCLUDED.station, name = EXCLUDED.name, registration_id = EXCLUDED.registration_id,
           requested_at = EXCLUDED.requested_at`,
        [tenantId, station, name, id, now],
      );
    });
    return stationRegistrationOf(ctx.db, tenantId);
  },
});

export const applianceManagerModule: ServerModule = {
  name: 'applianceManager',
  implementations: [...stationImplementations, ...implementAll(managerOps, {
    listSystems: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      await refreshSystems(ctx.db, tenantId);
      const rows = await ctx.db.query<SystemRow>(`${SELECT} ORDER BY s.name`, [tenantId]);
      return { systems: rows.rows.map((r) => toSystem(r)) };
    },
    listGroups: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const groups = await ctx.db.query<{ id: number; name: string }>('SELECT id, name FROM managed_groups WHERE tenant_id = $1 ORDER BY id', [tenantId]);
      const members = await ctx.db.query<{ id: string; name: string; group_id: number; auto_group: string }>(
        'SELECT id, name, group_id, auto_group FROM managed_systems WHERE tenant_id = $1 ORDER BY name',
        [tenantId],
      );
      return {
        groups: groups.rows.map((g) => {
          // Spec 001 §3: the group id as text, and each node's auto_group text "True" read as a boolean.
          const nodes = members.rows.filter((m) => m.group_id === g.id).map((m) => ({ id: m.id, name: m.name, auto_group: m.auto_group === 'True' }));
          return { id: String(g.id), name: g.name, systems: nodes.length, nodes };
        }),
      };
    },
    stationStatus: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      await refreshSystems(ctx.db, tenantId);
      const now = new Date();
      const rows = (await ctx.db.query<SystemRow>(SELECT, [tenantId])).rows;
      const own = await applianceAbout(ctx.db, tenantId);
      const pending = await ctx.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM managed_registrations WHERE tenant_id = $1 AND status = 'pending'`, [tenantId]);
      return {
        hostname: own.hostname,
        version: own.version,
        started_at: own.started_at,
        appliances: rows.length,
        online: rows.filter((r) => statusOf(r, now) === 'online').length,
        offline: rows.filter((r) => statusOf(r, now) !== 'online' && statusOf(r, now) !== 'maintenance').length,
        updating: rows.filter((r) => r.pending_version).length,
        pending_registrations: pending.rows[0]!.n,
      };
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
      return { job_id: await scheduleInstall(ctx.db, caller, row, { kind: 'update', title, version, enter_maintenance_mode }) };
    },
    rollbackSlots: async (ctx) => {
      const row = await readSystem(ctx.db, requireCaller(ctx).tenantId, ctx.params.id);
      return { slots: row.previous_version ? [{ slot_id: ROLLBACK_SLOT, version: row.previous_version, description: slotDescription(row.previous_version) }] : [] };
    },
    rollback: async (ctx) => {
      const caller = requireCaller(ctx);
      const row = await readSystem(ctx.db, caller.tenantId, ctx.params.id);
      const { slot_id, enter_maintenance_mode } = ctx.body;
      const version = slot_id === ROLLBACK_SLOT ? row.previous_version : null;
      const title = `Roll back ${row.name}${version ? ` to ${version}` : ''}`;
      const fail = (reason: string) => createJob(ctx.db, caller, { kind: 'rollback', title, durationMs: FAIL_MS, outcome: { ok: false, reason } });
      if (!row.reachable) return { job_id: await fail(unreachable(row)) };
      if (row.pending_version) return { job_id: await fail(`${row.name} is already installing ${row.pending_version}.`) };
      if (slot_id !== ROLLBACK_SLOT) return { job_id: await fail(`Slot ${slot_id} runs the current version ${row.version}; roll back to slot ${ROLLBACK_SLOT}.`) };
      if (!version) return { job_id: await fail(`Slot ${ROLLBACK_SLOT} of ${row.name} holds no version to roll back to.`) };
      return { job_id: await scheduleInstall(ctx.db, caller, row, { kind: 'rollback', title, version, enter_maintenance_mode }) };
    },
    listRegistrations: async (ctx) => ({ registrations: await registrations(ctx.db, requireCaller(ctx).tenantId) }),
    register: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const { name, address, app_mode } = ctx.body;
      await requireFreeName(ctx.db, tenantId, name);
      await ctx.db.query(
        'INSERT INTO managed_registrations (tenant_id, id, name, address, app_mode, requested_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [tenantId, `reg-${randomUUID().slice(0, 8)}`, name, address, app_mode, new Date()],
      );
      return { registrations: await registrations(ctx.db, tenantId) };
    },
    approve: async (ctx) => {
      const caller = requireCaller(ctx);
      const reg = (await registrations(ctx.db, caller.tenantId)).find((r) => r.id === ctx.params.id);
      if (!reg) throw new HttpError(404, 'No such registration request');
      if (reg.status === 'approving') throw new HttpError(409, `${reg.name} is being approved.`);
      await requireGroup(ctx.db, caller.tenantId, ctx.body.group_id, 'group_id');
      const reached = answers(reg.address);
      return ctx.db.transaction(async (tx) => {
        const job_id = await createJob(tx, caller, {
          kind: 'approval',
          title: `Approve ${reg.name}`,
          durationMs: reached ? APPROVAL_MS : FAIL_MS,
          outcome: reached
            ? { ok: true, result: 'ok' }
            : { ok: false, reason: `${reg.name} did not answer at ${reg.address} on port ${SAFEVIEW_SERVICE_PORT}; check that it is running and that the port is open.` },
        });
        await tx.query('UPDATE managed_registrations SET job_id = $3, group_id = $4 WHERE tenant_id = $1 AND id = $2', [
          caller.tenantId,
          reg.id,
          job_id,
          Number(ctx.body.group_id),
        ]);
        return { job_id };
      });
    },
    rejectRegistration: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const reg = (await registrations(ctx.db, tenantId)).find((r) => r.id === ctx.params.id);
      if (!reg) throw new HttpError(404, 'No such registration request');
      if (reg.status === 'approving') throw new HttpError(409, `${reg.name} is being approved.`);
      await ctx.db.query('DELETE FROM managed_registrations WHERE tenant_id = $1 AND id = $2', [tenantId, reg.id]);
      return { registrations: await registrations(ctx.db, tenantId) };
    },
    listTemplates: async (ctx) => ({ templates: await templates(ctx.db, requireCaller(ctx).tenantId) }),
    createTemplate: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const { name, ...settings } = ctx.body;
      const inserted = await ctx.db.query(
        `INSERT INTO managed_templates (tenant_id, id, name, settings, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (tenant_id, lower(name)) DO NOTHING RETURNING id`,
        [tenantId, `tpl-${randomUUID().slice(0, 8)}`, name, JSON.stringify(settings), new Date()],
      );
      if (!inserted.rows.length) {
        const message = `A template named ${name} already exists.`;
        throw new HttpError(400, message, { errors: [{ path: 'name', key: 'duplicate', message }] });
      }
      return { templates: await templates(ctx.db, tenantId) };
    },
    deleteTemplate: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      return ctx.db.transaction(async (tx) => {
        const removed = await tx.query('DELETE FROM managed_templates WHERE tenant_id = $1 AND id = $2 RETURNING id', [tenantId, ctx.params.id]);
        if (!removed.rows.length) throw new HttpError(404, 'No such template');
        await tx.query('UPDATE managed_systems SET template_id = NULL WHERE tenant_id = $1 AND template_id = $2', [tenantId, ctx.params.id]);
        return { templates: await templates(tx, tenantId) };
      });
    },
    applyTemplate: async (ctx) => {
      const caller = requireCaller(ctx);
      const template = (await templates(ctx.db, caller.tenantId)).find((t) => t.id === ctx.params.id);
      if (!template) throw new HttpError(404, 'No such template');
      const group = await requireGroup(ctx.db, caller.tenantId, ctx.body.group_id, 'group_id');
      await refreshSystems(ctx.db, caller.tenantId);
      const members = (await ctx.db.query<SystemRow>(`${SELECT} AND s.group_id = $2 ORDER BY s.name`, [caller.tenantId, group.id])).rows;
      if (!members.length) {
        const message = `The group ${group.name} has no appliances.`;
        throw new HttpError(400, message, { errors: [{ path: 'group_id', key: 'emptyGroup', message }] });
      }
      const reached = members.filter((m) => m.reachable);
      const missed = members.filter((m) => !m.reachable);
      const { name: _name, id: _id, applied_to: _n, updated_at: _u, ...settings } = template;
      return ctx.db.transaction(async (tx) => {
        if (reached.length) {
          await tx.query(
            `UPDATE managed_systems SET settings = settings || $3::jsonb, template_id = $4 WHERE tenant_id = $1 AND id = ANY($2::text[])`,
            [caller.tenantId, reached.map((m) => m.id), JSON.stringify(settings), template.id],
          );
        }
        const applied = reached.length ? `applied to ${reached.map((m) => m.name).join(', ')}` : 'applied to none';
        const job_id = await createJob(tx, caller, {
          kind: 'template',
          title: `Apply ${template.name} to ${group.name}`,
          durationMs: TEMPLATE_MS,
          outcome: missed.length
            ? { ok: false, reason: `${missed.map((m) => m.name).join(', ')} did not answer; ${applied}.` }
            : { ok: true, result: `Settings ${applied}.` },
        });
        return { job_id };
      });
    },
    remoteCertificates: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      await refreshSystems(ctx.db, tenantId);
      const rows = await ctx.db.query<SystemRow>(`${SELECT} ORDER BY s.name`, [tenantId]);
      // The certificates still to be made are made side by side, off the event loop; the store is then read and written
      // one appliance at a time (queries of one request's connection never overlap).
      const premade = new Map(rows.rows.filter((r) => r.reachable && !decoded(r.cert_pem)).map((r) => [r.id, serviceCertificateFor(r)] as const));
      for (const p of premade.values()) p.catch(() => undefined);
      const certificates: RemoteCertificate[] = [];
      for (const r of rows.rows) certificates.push(await remoteCertificateOf(ctx.db, tenantId, r, premade.get(r.id)));
      return { certificates };
    },
    remoteCertificate: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const cert = await remoteCertificateOf(ctx.db, tenantId, await readSystem(ctx.db, tenantId, ctx.params.id));
      if (cert.error) throw new HttpError(502, cert.error);
      return cert;
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
        maintenanceOf(ctx.body),
      ]);
      return toSystem(await readSystem(ctx.db, tenantId, row.id));
    },
  })],
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
    const fleets = await db.query<{ id: string }>('SELECT t.id FROM tenants t WHERE NOT EXISTS (SELECT 1 FROM onprem_fleet_seeded s WHERE s.tenant_id = t.id)');
    for (const { id } of fleets.rows) {
      await db.transaction(async (tx) => {
        const now = Date.now();
        await tx.query(`UPDATE managed_systems SET settings = $2 WHERE tenant_id = $1 AND settings = '{}'::jsonb`, [id, JSON.stringify(DEMO_SETTINGS)]);
        for (const [name, previous] of DEMO_PREVIOUS) {
          await tx.query('UPDATE managed_systems SET previous_version = $3 WHERE tenant_id = $1 AND name = $2', [id, name, previous]);
        }
        for (const [n, r] of DEMO_REGISTRATIONS.entries()) {
          await tx.query(
            `INSERT INTO managed_registrations (tenant_id, id, name, address, app_mode, requested_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
            [id, `reg-demo-${n + 1}`, r.name, r.address, r.mode, new Date(now - (n + 1) * 3_600_000)],
          );
        }
        await tx.query(
          `INSERT INTO managed_templates (tenant_id, id, name, settings, updated_at) VALUES ($1, 'tpl-branch', 'Branch office defaults', $2, $3) ON CONFLICT DO NOTHING`,
          [id, JSON.stringify({ timezone: 'Europe/Paris', ntp_server: 'ntp.example.com', log_level: 'warning', ssh_enabled: false }), new Date(now)],
        );
        await tx.query('INSERT INTO onprem_fleet_seeded (tenant_id) VALUES ($1) ON CONFLICT DO NOTHING', [id]);
      });
    }
  },
};

/** What every demo appliance reports before a template changes it. */
const DEMO_SETTINGS = { timezone: 'UTC', ntp_server: 'pool.ntp.org', log_level: 'info', ssh_enabled: false };
/** Demo appliances updated before, with the version left in their rollback slot. */
const DEMO_PREVIOUS: readonly [string, string][] = [
  ['hq-isolation-01', '24.3.1'],
  ['dc-isolation-01', '24.3.1'],
  ['dc-mail-worker-01', '24.2.0'],
];
/** Appliances waiting for approval: one answers on its service port, one does not. */
const DEMO_REGISTRATIONS = [
  { name: 'branch-nantes', address: '198.51.100.14', mode: 'safeview' },
  { name: 'lab-isolation', address: 'lab-isolation.invalid', mode: 'safeview_isolation' },
] as const;

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
