/**
 * Private access calls that are not a document read or save (definitions/api/privateAccess.ts). The lists and the
 * two updates work on the documents of `definitions/privateAccess/` through their own read and save handlers, so an
 * update is validated, stamped (409 when stale), staged and audited exactly as a save of that screen is. Provisioning
 * keys live in `tenant_values` (`mpa_provisioning_keys`: per cluster a SHA-256 of the key, its last four characters,
 * when and by whom it was issued); the key itself is answered once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { privateAccessOps } from '../../definitions/api/privateAccess';
import type { DocumentScreen } from '../../definitions/define';
import { accessRules } from '../../definitions/privateAccess/accessRules';
import { appCatalog } from '../../definitions/privateAccess/appCatalog';
import { connectorClusters } from '../../definitions/privateAccess/connectorClusters';
import { AWS_REGIONS, type AwsRegion } from '../../schemas/enums';
import { MESSAGES } from '../../schemas/constants';
import type { AccessRulesDocument, AppCatalogDocument, ConnectorClustersDocument } from '../../schemas/areas/privateAccess';
import { recordAudit } from '../audit';
import { documentHandler } from '../documents';
import { workingRevision } from '../revisions';
import { DEMO_TENANT_ID } from '../seed/demo';
import { HttpError, implementAll, requireCaller, type CallContext, type Db, type ServerModule } from '../types';

/** The service domain user portals are published under (the reference server's; a deployment sets its own). */
const USER_PORTAL_DOMAIN = 'access.example.net';
const DEFAULT_REGION: AwsRegion = 'us-east-1';
const KEYS = 'mpa_provisioning_keys';

type Envelope<T> = T & { rev_id: number; state: 'staged' | 'published'; updated_at: string };
type Handler = (c: CallContext & { params: unknown; body?: unknown }) => Promise<Record<string, unknown>>;

const handlerOf = (ctx: CallContext, opId: string): Handler => {
  const op = ctx.registry.operation(opId);
  if (!op) throw new Error(`No operation ${opId}`);
  return documentHandler(ctx.registry, op) as unknown as Handler;
};

/** A document of revision `rev` as its screen's read answers it (404 for a revision that does not exist). */
const readAt = async <T>(ctx: CallContext, screen: DocumentScreen, rev: number) =>
  (await handlerOf(ctx, screen.operationIds.read)({ ...ctx, params: { rev } })) as Envelope<T>;

/**
 * Saves `doc` as the screen's save does, with the stamp the caller read: checked by the screen's schema first (400
 * with paths, nothing stored), then the revision and the stamp (409), then stored, staged and audited.
 */
async function saveAs<S extends z.ZodObject>(ctx: CallContext, screen: DocumentScreen & { schema: S }, rev: number, doc: unknown, updated_at: string) {
  const parsed = screen.schema.safeParse(doc);
  if (!parsed.success) {
    throw new HttpError(400, MESSAGES.validationFailed, {
      errors: parsed.error.issues.map((i) => ({ path: i.path.join('.'), key: i.code, message: i.message })),
    });
  }
  const body = { ...parsed.data, rev_id: rev, state: 'staged', updated_at };
  return (await handlerOf(ctx, screen.operationIds.save)({ ...ctx, params: { rev }, body })) as Envelope<z.output<S>>;
}

const refuse = (path: string, key: string, message: string) => new HttpError(400, MESSAGES.validationFailed, { errors: [{ path, key, message }] });

interface IssuedKey {
  readonly hash: string;
  readonly hint: string;
  readonly issued_at: string;
  readonly issued_by: string;
}

async function issuedKeys(db: Db, tenantId: string): Promise<Record<string, IssuedKey>> {
  const { rows } = await db.query<{ body: Record<string, IssuedKey> }>('SELECT body FROM tenant_values WHERE tenant_id = $1 AND name = $2', [tenantId, KEYS]);
  return rows[0]?.body ?? {};
}

/** Stores a new key for a cluster (merged into the tenant's keys in one statement, so two clusters' keys never collide). */
async function storeKey(db: Db, tenantId: string, clusterId: string, key: string, by: string, onConflict: 'replace' | 'keep') {
  const issued: IssuedKey = { hash: createHash('sha256').update(key).digest('hex'), hint: key.slice(-4), issued_at: new Date().toISOString(), issued_by: by };
  const entry = JSON.stringify({ [clusterId]: issued });
  const merge = onConflict === 'replace' ? 'tenant_values.body || $3::jsonb' : '$3::jsonb || tenant_values.body';
  await db.query(
    `INSERT INTO tenant_values (tenant_id, name, body, updated_at, updated_by) VALUES ($1, $2, $3::jsonb, now(), $4)
     ON CONFLICT (tenant_id, name) DO UPDATE SET body = ${merge}, updated_at = now(), updated_by = $4`,
    [tenantId, KEYS, entry, by],
  );
  return issued;
}

const newKey = () => `pak_${randomBytes(24).toString('base64url')}`;

const ruleEntry = (r: AccessRulesDocument['list'][number]) => ({ id: r.id, name: r.name, action: r.action });

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'tenant';

export const privateAccessModule: ServerModule = {
  name: 'privateAccess',
  implementations: implementAll(privateAccessOps, {
    applicationList: async (ctx) => {
      const rev = ctx.params.rev;
      const catalog = await readAt<AppCatalogDocument>(ctx, appCatalog, rev);
      const clusters = await readAt<ConnectorClustersDocument>(ctx, connectorClusters, rev);
      const rules = await readAt<AccessRulesDocument>(ctx, accessRules, rev);
      const clusterName = new Map(clusters.list.map((c) => [c.id, c.name]));
      return {
        rev_id: rev,
        applications: catalog.list.map((a) => ({
          id: a.id,
          name: a.name,
          kind: a.kind,
          address: a.address,
          cluster_id: a.cluster_id,
          cluster_name: clusterName.get(a.cluster_id) ?? '',
          access_rules: rules.list.filter((r) => r.scope.applications.includes(a.id)).map(ruleEntry),
          catalog_updated_at: catalog.updated_at,
          access_rules_updated_at: rules.updated_at,
        })),
        rules: rules.list.map(ruleEntry),
      };
    },
    clusterList: async (ctx) => {
      const rev = ctx.params.rev;
      const clusters = await readAt<ConnectorClustersDocument>(ctx, connectorClusters, rev);
      const catalog = await readAt<AppCatalogDocument>(ctx, appCatalog, rev);
      const keys = await issuedKeys(ctx.db, requireCaller(ctx).tenantId);
      return {
        rev_id: rev,
        clusters: clusters.list.map((c) => {
          const key = keys[c.id];
          const state = key ? ('connected' as const) : ('awaiting_key' as const);
          return {
            id: c.id,
            name: c.name,
            region: c.region,
            region_label: AWS_REGIONS[c.region],
            applications: catalog.list.filter((a) => a.cluster_id === c.id).length,
            connectors: Array.from({ length: c.connectors }, (_, i) => ({ name: `${c.id}-connector-${i + 1}`, state })),
            state,
            key_hint: key?.hint ?? '',
            key_issued_at: key?.issued_at ?? null,
            key_issued_by: key?.issued_by ?? '',
          };
        }),
      };
    },
    updateAccessPolicyApplication: async (ctx) => {
      const { rev } = ctx.params;
      const { application_id, access_rules: ruleIds, updated_at } = ctx.body;
      const catalog = await readAt<AppCatalogDocument>(ctx, appCatalog, rev);
      if (!catalog.list.some((a) => a.id === application_id)) throw refuse('application_id', 'unknownApplication', 'This application is not in the catalogue.');
      const rules = await readAt<AccessRulesDocument>(ctx, accessRules, rev);
      const known = new Set(rules.list.map((r) => r.id));
      const unknown = ruleIds.findIndex((id) => !known.has(id));
      if (unknown >= 0) throw refuse(`access_rules.${unknown}`, 'unknownRule', 'There is no access rule with this id.');
      const chosen = new Set(ruleIds);
      const list = rules.list.map((r) => {
        const others = r.scope.applications.filter((id) => id !== application_id);
        if (!chosen.has(r.id) && others.length === 0 && r.scope.applications.length > 0) {
          throw refuse('access_rules', 'lastApplication', `The rule “${r.name}” would be left without an application: keep it or give the rule another application first.`);
        }
        return { ...r, scope: { ...r.scope, applications: chosen.has(r.id) ? [...others, application_id] : others } };
      });
      return saveAs(ctx, accessRules, rev, { list }, updated_at);
    },
    updateCatalogClusters: async (ctx) => {
      const { rev } = ctx.params;
      const { cluster_id, applications, updated_at } = ctx.body;
      const clusters = await readAt<ConnectorClustersDocument>(ctx, connectorClusters, rev);
      if (!clusters.list.some((c) => c.id === cluster_id)) throw refuse('cluster_id', 'unknownCluster', 'There is no app connector cluster with this id.');
      const catalog = await readAt<AppCatalogDocument>(ctx, appCatalog, rev);
      const known = new Set(catalog.list.map((a) => a.id));
      const unknown = applications.findIndex((id) => !known.has(id));
      if (unknown >= 0) throw refuse(`applications.${unknown}`, 'unknownApplication', 'This application is not in the catalogue.');
      const moved = new Set(applications);
      const list = catalog.list.map((a) => (moved.has(a.id) ? { ...a, cluster_id } : a));
      return saveAs(ctx, appCatalog, rev, { list }, updated_at);
    },
    setProvisioningKeyLookup: async (ctx) => {
      const caller = requireCaller(ctx);
      const working = await workingRevision(ctx.db, caller.tenantId);
      const clusters = await readAt<ConnectorClustersDocument>(ctx, connectorClusters, working.rev_id);
      const cluster = clusters.list.find((c) => c.id === ctx.body.cluster_id);
      if (!cluster) throw refuse('cluster_id', 'unknownCluster', 'There is no app connector cluster with this id.');
      const key = newKey();
      const issued = await ctx.db.transaction(async (tx) => {
        const stored = await storeKey(tx, caller.tenantId, cluster.id, key, caller.user.username, 'replace');
        await recordAudit(tx, caller.tenantId, {
          action: 'save',
          user: caller.user.username,
          tenant: caller.user.tenant_name,
          area: 'private-access.provisioning-key',
          result: 'success',
          ip: ctx.request.ip,
        });
        return stored;
      });
      return {
        cluster_id: cluster.id,
        key,
        hint: issued.hint,
        issued_at: issued.issued_at,
        message: `A new provisioning key was issued for ${cluster.name}; its previous key no longer works.`,
      };
    },
    connectorRegions: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const working = await workingRevision(ctx.db, tenantId);
      const clusters = await readAt<ConnectorClustersDocument>(ctx, connectorClusters, working.rev_id);
      const used = (region: string) => clusters.list.filter((c) => c.region === region).length;
      const regions = (Object.entries(AWS_REGIONS) as [AwsRegion, string][]).map(([value, label]) => ({ value, label, clusters: used(value) }));
      // A new cluster goes where most of the tenant's clusters are (the service's first region when there are none).
      const busiest = regions.reduce((best, r) => (r.clusters > best.clusters ? r : best), { value: DEFAULT_REGION, label: '', clusters: 0 });
      return { default: busiest.value, regions };
    },
    userPortalUrl: async (ctx) => ({ url: `https://${slug(requireCaller(ctx).user.tenant_name)}.${USER_PORTAL_DOMAIN}/` }),
  }),
  // Demo Corp's Frankfurt and Virginia clusters have a key already (so their connectors show as connected); the
  // Singapore lab waits for one. A key issued since is kept.
  onStart: async (db) => {
    for (const clusterId of ['cl-fra', 'cl-use']) await storeKey(db, DEMO_TENANT_ID, clusterId, newKey(), 'admin', 'keep');
  },
};
