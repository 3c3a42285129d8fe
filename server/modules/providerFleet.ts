/**
 * The provider console's licensing and fleet (definitions/api/providerFleet.ts) over one store of records
 * (`provider_records`, migration 511): features, SKUs, entitlements and overrides, appliance versions, deployments,
 * pods and rollouts. Each kind says its key, the links it checks, what keeps it from being deleted and what a change
 * sets off (an entitlement change recomputes the tenant's capabilities, so the tenant portal follows on its next
 * request). Every change is stamped (409 when stale) and audited in the provider tenant's log, and a tenant's own
 * records in that tenant's log too.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { MESSAGES } from '../../schemas/constants';
import type { PodNode } from '../../schemas/areas/providerFleet';
import { providerFleetOps, providerRecordOps } from '../../definitions/api/providerFleet';
import type { OperationDef } from '../../definitions/define';
import { isStale } from '../stamps';
import { PROVIDER_TENANT_ID } from '../seed/provider';
import { HttpError, implementAll, type CallContext, type Caller, type Db, type OperationHandler, type ServerModule } from '../types';
import { audit, auditService, deploymentNames, loadTenant, nextStamp, requireOperator } from './provider';

export type Body = Record<string, unknown>;
interface Row {
  id: string;
  tenant_id: string | null;
  body: Body;
  updated_at: Date | string;
  updated_by: string;
}
type Item = Body & { id: string; updated_at: string; updated_by: string };
type FieldError = { path: string; key: string; message: string };

export const bad = (errors: FieldError[]) => {
  if (errors.length > 0) throw new HttpError(400, errors[0]!.message, { errors });
};
export const unknownLink = (path: string, what: string): FieldError => ({ path, key: 'unknownLink', message: `No ${what} has this id.` });

export async function rowsOf(db: Db, kind: string, tenantId?: string): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `SELECT id, tenant_id, body, updated_at, updated_by FROM provider_records WHERE kind = $1 AND ($2::text IS NULL OR tenant_id = $2::text) ORDER BY created_at, id`,
    [kind, tenantId ?? null],
  );
  return rows;
}
async function rowOf(db: Db, kind: string, id: string, tenantId?: string): Promise<Row | undefined> {
  const { rows } = await db.query<Row>(
    'SELECT id, tenant_id, body, updated_at, updated_by FROM provider_records WHERE kind = $1 AND id = $2 AND ($3::text IS NULL OR tenant_id = $3::text)',
    [kind, id, tenantId ?? null],
  );
  return rows[0];
}
/**
 * Replaces the one record of `kind` with id `id` (a tenant's tags, a licence key's SKUs), stamped: `stamp` is the
 * updated_at the caller read (null while there was none); one that is not the stored one answers 409 with `current()`
 * and changes nothing. The check and the write are one statement, so of two editors of one version only one lands.
 */
export async function replaceSingleton(
  db: Db,
  caller: Caller,
  record: { readonly kind: string; readonly id: string; readonly tenantId: string | null },
  body: Body,
  stamp: string | null,
  current: () => Promise<{ readonly updated_at: string | null }>,
): Promise<void> {
  const stored = (await current()).updated_at;
  const stale = async () => new HttpError(409, MESSAGES.staleSave, { current: await current() });
  if (stored === null ? stamp !== null : isStale(stamp, stored)) throw await stale();
  const { rows } =
    stored === null
      ? await db.query(
          `INSERT INTO provider_records (kind, id, tenant_id, body, created_at, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $5, $6)
           ON CONFLICT (kind, id) DO NOTHING RETURNING id`,
          [record.kind, record.id, record.tenantId, JSON.stringify(body), new Date().toISOString(), caller.user.username],
        )
      : await db.query(
          'UPDATE provider_records SET body = $3, updated_at = $4, updated_by = $5 WHERE kind = $1 AND id = $2 AND updated_at = $6 RETURNING id',
          [record.kind, record.id, JSON.stringify(body), nextStamp(stored), caller.user.username, stored],
        );
  if (rows.length === 0) throw await stale();
}

const ids = async (db: Db, kind: string) => new Set((await rowsOf(db, kind)).map((r) => r.id));
const plain = (r: Row): Item => ({ ...r.body, id: r.id, updated_at: new Date(r.updated_at).toISOString(), updated_by: r.updated_by });
const expiredAt = (expiresAt: unknown) => typeof expiresAt === 'string' && Date.parse(expiresAt) <= Date.now();

/** How one kind of record behaves; `T` is the stored body. */
export interface Kind {
  readonly kind: string;
  readonly noun: string;
  /** The body field that is the record's id (a uuid is made when there is none). */
  readonly key?: string;
  /** Records of one tenant (the path's tid). */
  readonly tenantScoped?: boolean;
  /** 400s for links that do not resolve (or a 409 for a duplicate). */
  readonly check?: (db: Db, body: Body, tenantId: string | undefined, id: string | undefined) => Promise<void>;
  /** The stored body from the one sent and the one stored before (fields the server keeps). */
  readonly prepare?: (body: Body, prev: Body | undefined) => Body;
  /** Why the record cannot be changed now (409), if it cannot. */
  readonly frozen?: (prev: Body) => string | undefined;
  /** Why the record cannot be deleted (409), if it cannot. */
  readonly inUse?: (db: Db, id: string) => Promise<string | undefined>;
  /** Fields computed when answered. */
  readonly decorate?: (db: Db, item: Item, row: Row) => Promise<Body> | Body;
  /** After a change of a tenant's record. */
  readonly after?: (ctx: CallContext, caller: Caller, tenantId: string) => Promise<void>;
  readonly label: (body: Body) => string;
}

const answer = async (db: Db, k: Kind, row: Row): Promise<Item> => {
  const item = plain(row);
  return { ...item, ...(row.tenant_id !== null && { tenant_id: row.tenant_id }), ...(k.decorate ? await k.decorate(db, item, row) : {}) };
};

type RecordGroup = { readonly list: OperationDef; readonly create: OperationDef; readonly update: OperationDef; readonly delete: OperationDef };
/** The handlers of a record group, typed against its operations. */
type RecordHandlers<G extends RecordGroup> = { readonly [P in keyof RecordGroup]: OperationHandler<G[P]> };
type Ctx = CallContext & { params: { id?: string; tid?: string }; body: Body };

/** The list, create, replace and delete handlers of one kind. */
export function recordHandlers<G extends RecordGroup>(_group: G, k: Kind): RecordHandlers<G> {
  const scope = async (ctx: Ctx) => {
    if (!k.tenantScoped) return undefined;
    return loadTenant(ctx.db, ctx.params.tid!);
  };
  const record = async (ctx: Ctx, tenantId: string | undefined) => {
    const row = await rowOf(ctx.db, k.kind, ctx.params.id!, tenantId);
    if (!row) throw new HttpError(404, `${k.noun[0]!.toUpperCase()}${k.noun.slice(1)} not found`);
    return row;
  };
  const audited = async (ctx: Ctx, caller: Caller, what: string, body: Body, tenant: { tid: string; name: string } | undefined) => {
    if (tenant) await audit(ctx, caller, `${what} ${k.noun}`, tenant, { [k.noun]: k.label(body) });
    else await auditService(ctx, caller, `${what} ${k.noun}`, k.label(body));
    if (tenant && k.after) await k.after(ctx, caller, tenant.tid);
  };
  const handlers = {
    list: async (ctx: Ctx) => {
      requireOperator(ctx);
      const tenant = await scope(ctx);
      const rows = await rowsOf(ctx.db, k.kind, tenant?.tid);
      return { status: 'Success' as const, items: await Promise.all(rows.map((r) => answer(ctx.db, k, r))) };
    },
    create: async (ctx: Ctx) => {
      const caller = requireOperator(ctx);
      const tenant = await scope(ctx);
      const id = k.key ? String(ctx.body[k.key]) : randomUUID();
      await k.check?.(ctx.db, ctx.body, tenant?.tid, undefined);
      const body = k.prepare ? k.prepare(ctx.body, undefined) : ctx.body;
      const now = new Date().toISOString();
      const { rows } = await ctx.db.query<Row>(
        `INSERT INTO provider_records (kind, id, tenant_id, body, created_at, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $5, $6)
         ON CONFLICT (kind, id) DO NOTHING RETURNING id, tenant_id, body, updated_at, updated_by`,
        [k.kind, id, tenant?.tid ?? null, JSON.stringify(body), now, caller.user.username],
      );
      if (rows.length === 0) throw new HttpError(409, `A ${k.noun} with this id already exists.`);
      await audited(ctx, caller, 'add', body, tenant);
      ctx.reply.status(201);
      return { status: 'Success' as const, item: await answer(ctx.db, k, rows[0]!) };
    },
    update: async (ctx: Ctx) => {
      const caller = requireOperator(ctx);
      const tenant = await scope(ctx);
      const current = await record(ctx, tenant?.tid);
      const { updated_at: stamp, ...sent } = ctx.body;
      if (isStale(stamp, current.updated_at)) throw new HttpError(409, MESSAGES.staleSave, { current: await answer(ctx.db, k, current) });
      if (k.key && sent[k.key] !== current.id) bad([{ path: k.key, key: 'keyChanged', message: 'The id cannot change; add a new one instead.' }]);
      const frozen = k.frozen?.(current.body);
      if (frozen) throw new HttpError(409, frozen);
      await k.check?.(ctx.db, sent, tenant?.tid, current.id);
      const body = k.prepare ? k.prepare(sent, current.body) : sent;
      const { rows } = await ctx.db.query<Row>(
        `UPDATE provider_records SET body = $3, updated_at = $4, updated_by = $5 WHERE kind = $1 AND id = $2 AND updated_at = $6
         RETURNING id, tenant_id, body, updated_at, updated_by`,
        [k.kind, current.id, JSON.stringify(body), nextStamp(current.updated_at), caller.user.username, current.updated_at],
      );
      if (rows.length === 0) throw new HttpError(409, MESSAGES.staleSave, { current: await answer(ctx.db, k, (await record(ctx, tenant?.tid))) });
      await audited(ctx, caller, 'edit', body, tenant);
      return { status: 'Success' as const, item: await answer(ctx.db, k, rows[0]!) };
    },
    delete: async (ctx: Ctx) => {
      const caller = requireOperator(ctx);
      const tenant = await scope(ctx);
      const current = await record(ctx, tenant?.tid);
      const reason = await k.inUse?.(ctx.db, current.id);
      if (reason) throw new HttpError(409, reason);
      await ctx.db.query('DELETE FROM provider_records WHERE kind = $1 AND id = $2', [k.kind, current.id]);
      await audited(ctx, caller, 'delete', current.body, tenant);
      return { status: 'Success' as const };
    },
  };
  return handlers as unknown as RecordHandlers<G>;
}

// ---- licensing: what a tenant's entitlements and overrides give it ------------------------------------------------

type FeatureBody = { name: string; capabilities: string[] };
type SkuBody = { name: string; feature_ids: string[] };

/** A tenant's SKUs, its features with why, and the capabilities the features decide (on when an enabled feature names them). */
export async function licensing(db: Db, tid: string) {
  const features = new Map((await rowsOf(db, 'feature')).map((r) => [r.id, r.body as FeatureBody]));
  const skus = new Map((await rowsOf(db, 'sku')).map((r) => [r.id, r.body as SkuBody]));
  const entitlements = (await rowsOf(db, 'entitlement', tid)).map((r) => r.body as { sku_id: string; expires_at?: string });
  const overrides = new Map((await rowsOf(db, 'entitlement-override', tid)).map((r) => [(r.body as { feature_id: string }).feature_id, r.body.enabled === true]));
  const fromSkus = new Set(entitlements.filter((e) => !expiredAt(e.expires_at)).flatMap((e) => skus.get(e.sku_id)?.feature_ids ?? []));
  const featureIds = [...new Set([...fromSkus, ...overrides.keys()])].sort();
  const list = featureIds.map((fid) => {
    const override = overrides.get(fid);
    return {
      feature_id: fid,
      name: features.get(fid)?.name ?? fid,
      enabled: override ?? true,
      source: override === undefined ? ('sku' as const) : override ? ('override-on' as const) : ('override-off' as const),
      capabilities: features.get(fid)?.capabilities ?? [],
    };
  });
  const managed = [...new Set([...features.values()].flatMap((f) => f.capabilities))].sort();
  const on = new Set(list.filter((f) => f.enabled).flatMap((f) => f.capabilities));
  return {
    skus: entitlements.map((e) => ({ sku_id: e.sku_id, name: skus.get(e.sku_id)?.name ?? e.sku_id, ...(e.expires_at && { expires_at: e.expires_at }), expired: expiredAt(e.expires_at) })),
    features: list,
    capabilities: Object.fromEntries(managed.map((c) => [c, on.has(c)])),
  };
}

/** Sets the tenant's capabilities the features decide, so its portal follows on its next request; audited. */
async function applyLicensing(ctx: CallContext, caller: Caller, tid: string) {
  const tenant = await loadTenant(ctx.db, tid);
  const { capabilities } = await licensing(ctx.db, tid);
  const changes = Object.entries(capabilities)
    .filter(([name, after]) => tenant.capabilities[name] !== after)
    .map(([name, after]) => ({ name, before: tenant.capabilities[name] ?? null, after }));
  if (changes.length === 0) return;
  await ctx.db.query('UPDATE tenants SET capabilities = capabilities || $2::jsonb WHERE id = $1', [tid, JSON.stringify(capabilities)]);
  await audit(ctx, caller, 'capabilities from entitlements', tenant, changes);
}

/**
 * The SKU a tenant is on: of its entitlements not expired, the one without an end date, else the one ending last (the
 * newest on a tie); with the newest change of its entitlements, the stamp a change sends back.
 */
async function tenantSkuOf(db: Db, tid: string) {
  const rows = await rowsOf(db, 'entitlement', tid);
  const stamp = rows.reduce<string | null>((at, r) => {
    const t = new Date(r.updated_at).toISOString();
    return at === null || t > at ? t : at;
  }, null);
  const live = rows
    .map((r) => ({ row: r, body: r.body as { sku_id: string; expires_at?: string } }))
    .filter((e) => !expiredAt(e.body.expires_at))
    .sort((a, b) => (b.body.expires_at ?? '9999').localeCompare(a.body.expires_at ?? '9999') || new Date(b.row.updated_at).getTime() - new Date(a.row.updated_at).getTime());
  const top = live[0];
  const sku = top ? (await rowOf(db, 'sku', top.body.sku_id))?.body as SkuBody | undefined : undefined;
  return {
    status: 'Success' as const,
    sku: top
      ? {
          sku_id: top.body.sku_id,
          name: sku?.name ?? top.body.sku_id,
          feature_ids: sku?.feature_ids ?? [],
          ...(top.body.expires_at && { expires_at: top.body.expires_at }),
          entitlement_id: top.row.id,
        }
      : null,
    others: rows.length - (top ? 1 : 0),
    updated_at: stamp,
  };
}

// ---- the kinds -----------------------------------------------------------------------------------------------------

const FEATURE: Kind = {
  kind: 'feature',
  noun: 'feature',
  key: 'feature_id',
  label: (b) => String(b.feature_id),
  inUse: async (db, id) => {
    const sku = (await rowsOf(db, 'sku')).find((r) => (r.body as SkuBody).feature_ids.includes(id));
    if (sku) return `The SKU ${sku.id} includes this feature.`;
    const { rows } = await db.query("SELECT 1 FROM provider_records WHERE kind = 'entitlement-override' AND body->>'feature_id' = $1 LIMIT 1", [id]);
    return rows.length > 0 ? 'An entitlement override names this feature.' : undefined;
  },
};
const SKU: Kind = {
  kind: 'sku',
  noun: 'SKU',
  key: 'sku_id',
  label: (b) => String(b.sku_id),
  check: async (db, body) => {
    const known = await ids(db, 'feature');
    bad((body.feature_ids as string[]).flatMap((f, i) => (known.has(f) ? [] : [unknownLink(`feature_ids.${i}`, 'feature')])));
  },
  inUse: async (db, id) => {
    const { rows } = await db.query("SELECT 1 FROM provider_records WHERE kind = 'entitlement' AND body->>'sku_id' = $1 LIMIT 1", [id]);
    if (rows.length > 0) return 'A tenant is entitled to this SKU.';
    const keys = await db.query(
      "SELECT 1 FROM provider_records WHERE kind = 'ova-key-skus' AND EXISTS (SELECT 1 FROM jsonb_array_elements(body->'skus') s WHERE s->>'sku' = $1) LIMIT 1",
      [id],
    );
    return keys.rows.length > 0 ? 'A licence key carries this SKU.' : undefined;
  },
};
const ENTITLEMENT: Kind = {
  kind: 'entitlement',
  noun: 'entitlement',
  tenantScoped: true,
  label: (b) => String(b.sku_id),
  check: async (db, body) => bad((await ids(db, 'sku')).has(String(body.sku_id)) ? [] : [unknownLink('sku_id', 'SKU')]),
  decorate: async (db, item) => ({
    expired: expiredAt(item.expires_at),
    sku_name: String((await rowOf(db, 'sku', String(item.sku_id)))?.body.name ?? item.sku_id),
  }),
  after: applyLicensing,
};
const OVERRIDE: Kind = {
  kind: 'entitlement-override',
  noun: 'entitlement override',
  tenantScoped: true,
  label: (b) => `${String(b.feature_id)} ${b.enabled ? 'on' : 'off'}`,
  check: async (db, body, tid, id) => {
    bad((await ids(db, 'feature')).has(String(body.feature_id)) ? [] : [unknownLink('feature_id', 'feature')]);
    const twin = (await rowsOf(db, 'entitlement-override', tid)).find((r) => r.body.feature_id === body.feature_id && r.id !== id);
    if (twin) throw new HttpError(409, 'The tenant already has an override of this feature; edit that one.');
  },
  after: applyLicensing,
};
const VERSION: Kind = {
  kind: 'version',
  noun: 'appliance version',
  key: 'version_string',
  label: (b) => String(b.version_string),
  inUse: async (db, id) => {
    const live = (await rowsOf(db, 'rollout')).some((r) => r.body.version_string === id && ['planned', 'started'].includes(String(r.body.state)));
    return live ? 'A planned or started rollout brings this version.' : undefined;
  },
};

export async function defaultDeployment(db: Db): Promise<string> {
  const row = (await db.query<{ value: string }>("SELECT value FROM provider_settings WHERE name = 'default_deployment'")).rows[0];
  return row?.value ?? '';
}
/** Every tenant (not the provider tenant) with the deployment it runs in. */
async function tenantPlacements(db: Db) {
  const fallback = await defaultDeployment(db);
  const { rows } = await db.query<{ tid: string; name: string; deployment: string | null }>(
    `SELECT t.id AS tid, t.name, d.deployment_id AS deployment FROM tenants t LEFT JOIN provider_tenant_deployments d ON d.tenant_id = t.id
     WHERE t.id <> $1 ORDER BY lower(t.name)`,
    [PROVIDER_TENANT_ID],
  );
  const nameOf = await deploymentNames(db);
  return rows.map((r) => ({ tid: r.tid, name: r.name, deployment: r.deployment ?? fallback, deployment_name: nameOf(r.deployment ?? fallback) }));
}
const deploymentKnown = async (db: Db, id: string, path: string) => bad((await ids(db, 'deployment')).has(id) ? [] : [unknownLink(path, 'deployment')]);

const DEPLOYMENT: Kind = {
  kind: 'deployment',
  noun: 'deployment',
  key: 'deployment_id',
  label: (b) => String(b.deployment_id),
  decorate: async (db, item) => {
    const fallback = await defaultDeployment(db);
    const placed = await tenantPlacements(db);
    return { tenants: placed.filter((t) => t.deployment === item.id).length, default: item.id === fallback };
  },
  inUse: async (db, id) => {
    if (id === (await defaultDeployment(db))) return 'The default deployment cannot be deleted; make another the default first.';
    if ((await tenantPlacements(db)).some((t) => t.deployment === id)) return 'Tenants run in this deployment; move them first.';
    if ((await rowsOf(db, 'pod')).some((r) => r.body.deployment_id === id)) return 'Pods belong to this deployment; delete them first.';
    return undefined;
  },
};
/** A stored node of a pod (pod bodies are stored as their schema parses them). */
type NodeBody = z.output<typeof PodNode>;
const POD: Kind = {
  kind: 'pod',
  noun: 'pod',
  key: 'pod_id',
  label: (b) => String(b.pod_id),
  check: async (db, body) => {
    await deploymentKnown(db, String(body.deployment_id), 'deployment_id');
    const seen = new Set<string>();
    bad(
      (body.nodes as NodeBody[]).flatMap((n, i) => {
        const twice = seen.has(n.node_id);
        seen.add(n.node_id);
        return twice ? [{ path: `nodes.${i}.node_id`, key: 'duplicate', message: 'Another node of the pod has this id.' }] : [];
      }),
    );
  },
  // A node kept over an edit keeps when its diagnostics were asked for.
  prepare: (body, prev) => ({
    ...body,
    nodes: (body.nodes as NodeBody[]).map((n) => {
      const before = (prev?.nodes as NodeBody[] | undefined)?.find((p) => p.node_id === n.node_id);
      return before?.diagnostics_requested_at ? { ...n, diagnostics_requested_at: before.diagnostics_requested_at } : n;
    }),
  }),
  decorate: (_db, item) => ({ active_nodes: (item.nodes as NodeBody[]).filter((n) => n.state === 'active').length }),
};
const ROLLOUT: Kind = {
  kind: 'rollout',
  noun: 'rollout',
  label: (b) => `${String(b.version_string)} to ${String(b.deployment_id)}`,
  check: async (db, body) => {
    bad((await ids(db, 'version')).has(String(body.version_string)) ? [] : [unknownLink('version_string', 'appliance version')]);
    await deploymentKnown(db, String(body.deployment_id), 'deployment_id');
  },
  prepare: (body, prev) => ({ ...body, state: prev?.state ?? 'planned', ...(prev?.started_at !== undefined && { started_at: prev.started_at }) }),
  frozen: (prev) => (prev.state === 'planned' ? undefined : 'Only a planned rollout can be changed.'),
  decorate: async (db, item) => ({ deployment_name: (await deploymentNames(db))(String(item.deployment_id)) }),
};

/** Changes one record's body in place (a node state, a rollout state), stamped like an edit. */
async function changeRecord(ctx: CallContext, k: Kind, id: string, stamp: unknown, change: (body: Body) => Body) {
  const caller = requireOperator(ctx);
  const current = await rowOf(ctx.db, k.kind, id);
  if (!current) throw new HttpError(404, `${k.noun[0]!.toUpperCase()}${k.noun.slice(1)} not found`);
  if (stamp !== undefined && isStale(stamp, current.updated_at)) throw new HttpError(409, MESSAGES.staleSave, { current: await answer(ctx.db, k, current) });
  const body = change(current.body);
  const { rows } = await ctx.db.query<Row>(
    `UPDATE provider_records SET body = $3, updated_at = $4, updated_by = $5 WHERE kind = $1 AND id = $2 AND updated_at = $6
     RETURNING id, tenant_id, body, updated_at, updated_by`,
    [k.kind, id, JSON.stringify(body), nextStamp(current.updated_at), caller.user.username, current.updated_at],
  );
  if (rows.length === 0) throw new HttpError(409, MESSAGES.staleSave, { current: await answer(ctx.db, k, (await rowOf(ctx.db, k.kind, id))!) });
  return { caller, item: await answer(ctx.db, k, rows[0]!) };
}
function nodeChange(nodeId: string, change: (n: NodeBody) => NodeBody) {
  return (body: Body) => {
    const nodes = body.nodes as NodeBody[];
    if (!nodes.some((n) => n.node_id === nodeId)) throw new HttpError(404, 'Node not found');
    return { ...body, nodes: nodes.map((n) => (n.node_id === nodeId ? change(n) : n)) };
  };
}

type Ops = typeof providerRecordOps;
export const providerFleetModule: ServerModule = {
  name: 'providerFleet',
  implementations: [
    ...implementAll(providerRecordOps.features, recordHandlers(providerRecordOps.features, FEATURE)),
    ...implementAll(providerRecordOps.skus, recordHandlers(providerRecordOps.skus, SKU)),
    ...implementAll(providerRecordOps.entitlements, recordHandlers(providerRecordOps.entitlements, ENTITLEMENT)),
    ...implementAll(providerRecordOps.entitlementOverrides, recordHandlers(providerRecordOps.entitlementOverrides, OVERRIDE)),
    ...implementAll(providerRecordOps.versions, recordHandlers(providerRecordOps.versions, VERSION)),
    ...implementAll(providerRecordOps.deployments, recordHandlers(providerRecordOps.deployments, DEPLOYMENT)),
    ...implementAll(providerRecordOps.pods, recordHandlers(providerRecordOps.pods, POD)),
    ...implementAll(providerRecordOps.rollouts, recordHandlers(providerRecordOps.rollouts, ROLLOUT)),
    ...implementAll(providerFleetOps, {
      tenantSkus: async (ctx) => {
        requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        return { status: 'Success' as const, ...(await licensing(ctx.db, tenant.tid)) };
      },
      tenantSku: async (ctx) => {
        requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        return tenantSkuOf(ctx.db, tenant.tid);
      },
      saveTenantSku: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const { updated_at: stamp, ...entitlement } = ctx.body;
        bad((await ids(ctx.db, 'sku')).has(entitlement.sku_id) ? [] : [unknownLink('sku_id', 'SKU')]);
        await ctx.db.transaction(async (tx) => {
          // The check and the replacement in one transaction: of two operators changing one plan, one gets the 409.
          const current = await tenantSkuOf(tx, tenant.tid);
          if (current.updated_at === null ? stamp !== null : isStale(stamp, current.updated_at)) {
            throw new HttpError(409, MESSAGES.staleSave, { current });
          }
          await tx.query("DELETE FROM provider_records WHERE kind = 'entitlement' AND tenant_id = $1", [tenant.tid]);
          const now = current.updated_at === null ? new Date().toISOString() : nextStamp(current.updated_at);
          await tx.query(
            `INSERT INTO provider_records (kind, id, tenant_id, body, created_at, updated_at, updated_by) VALUES ('entitlement', $1, $2, $3, $4, $4, $5)`,
            [randomUUID(), tenant.tid, JSON.stringify(entitlement), now, caller.user.username],
          );
        });
        await audit(ctx, caller, 'set SKU', tenant, { sku: entitlement.sku_id, ...(entitlement.expires_at && { expires_at: entitlement.expires_at }) });
        await applyLicensing(ctx, caller, tenant.tid);
        return tenantSkuOf(ctx.db, tenant.tid);
      },
      featureCapabilities: async (ctx) => {
        requireOperator(ctx);
        const rows = await rowsOf(ctx.db, 'feature');
        return { status: 'Success' as const, items: rows.flatMap((r) => (r.body as FeatureBody).capabilities.map((capability) => ({ feature_id: r.id, capability }))) };
      },
      moveTenants: async (ctx) => {
        const caller = requireOperator(ctx);
        const { tids, deployment } = ctx.body;
        await deploymentKnown(ctx.db, deployment, 'deployment');
        const placed = new Map((await tenantPlacements(ctx.db)).map((t) => [t.tid, t]));
        bad(tids.flatMap((tid, i) => (placed.has(tid) ? [] : [unknownLink(`tids.${i}`, 'tenant')])));
        const moving = [...new Set(tids)].map((tid) => placed.get(tid)!).filter((t) => t.deployment !== deployment);
        await ctx.db.transaction(async (tx) => {
          for (const t of moving) {
            await tx.query(
              'INSERT INTO provider_tenant_deployments (tenant_id, deployment_id) VALUES ($1, $2) ON CONFLICT (tenant_id) DO UPDATE SET deployment_id = $2',
              [t.tid, deployment],
            );
          }
        });
        for (const t of moving) await audit(ctx, caller, 'move tenant', { tid: t.tid, name: t.name }, { from: t.deployment, to: deployment });
        return { status: 'Success' as const, moved: moving.map((t) => ({ tid: t.tid, from: t.deployment, to: deployment })) };
      },
      tenantDeployments: async (ctx) => {
        requireOperator(ctx);
        return { status: 'Success' as const, items: await tenantPlacements(ctx.db) };
      },
      getDefaultDeployment: async (ctx) => {
        requireOperator(ctx);
        return { status: 'Success' as const, default_deployment: await defaultDeployment(ctx.db) };
      },
      setDefaultDeployment: async (ctx) => {
        const caller = requireOperator(ctx);
        const id = ctx.body.default_deployment;
        await deploymentKnown(ctx.db, id, 'default_deployment');
        await ctx.db.query(
          "INSERT INTO provider_settings (name, value) VALUES ('default_deployment', $1) ON CONFLICT (name) DO UPDATE SET value = $1",
          [JSON.stringify(id)],
        );
        await auditService(ctx, caller, 'default deployment', id);
        return { status: 'Success' as const, default_deployment: id };
      },
      podNodes: async (ctx) => {
        requireOperator(ctx);
        const row = await rowOf(ctx.db, 'pod', ctx.params.id);
        if (!row) throw new HttpError(404, 'Pod not found');
        const updated_at = new Date(row.updated_at).toISOString();
        return { status: 'Success' as const, items: (row.body.nodes as NodeBody[]).map((n) => ({ ...n, pod_id: row.id, updated_at })) };
      },
      setNodeState: async (ctx) => {
        const { caller, item } = await changeRecord(ctx, POD, ctx.params.id, ctx.body.updated_at, nodeChange(ctx.params.node_id, (n) => ({ ...n, state: ctx.body.state })));
        await auditService(ctx, caller, 'node state', `${ctx.params.id}/${ctx.params.node_id}`, { state: ctx.body.state });
        return { status: 'Success' as const, item: item as z.output<Ops['pods']['list']['response']>['items'][number] };
      },
      requestDiagnostics: async (ctx) => {
        const at = new Date().toISOString();
        const { caller, item } = await changeRecord(ctx, POD, ctx.params.id, undefined, nodeChange(ctx.params.node_id, (n) => ({ ...n, diagnostics_requested_at: at })));
        await auditService(ctx, caller, 'request diagnostics', `${ctx.params.id}/${ctx.params.node_id}`);
        return { status: 'Success' as const, item: item as z.output<Ops['pods']['list']['response']>['items'][number] };
      },
      rolloutInit: async (ctx) => {
        const { caller, item } = await changeRecord(ctx, ROLLOUT, ctx.body.id, ctx.body.updated_at, (b) => {
          if (b.state !== 'planned') throw new HttpError(409, 'Only a planned rollout can be started.');
          return { ...b, state: 'started', started_at: new Date().toISOString() };
        });
        await auditService(ctx, caller, 'start rollout', ROLLOUT.label(item));
        return { status: 'Success' as const, item: item as z.output<Ops['rollouts']['list']['response']>['items'][number] };
      },
      finishRollout: async (ctx) => {
        const to = ctx.body.state;
        const { caller, item } = await changeRecord(ctx, ROLLOUT, ctx.params.id, ctx.body.updated_at, (b) => {
          const from = String(b.state);
          if (to === 'completed' ? from !== 'started' : !['planned', 'started'].includes(from)) throw new HttpError(409, `A ${from} rollout cannot become ${to}.`);
          return { ...b, state: to };
        });
        await auditService(ctx, caller, `${to === 'completed' ? 'complete' : 'cancel'} rollout`, ROLLOUT.label(item));
        return { status: 'Success' as const, item: item as z.output<Ops['rollouts']['list']['response']>['items'][number] };
      },
    }),
  ],
};
