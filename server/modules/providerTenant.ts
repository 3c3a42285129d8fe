/**
 * The provider console's calls on one tenant's own configuration (definitions/api/providerTenant.ts). They read and
 * write the tenant's own store through the same paths its portal uses (server/documents.ts, server/revisions.ts), so
 * the tenant's administrators see an operator's change on their next request. A change is audited in the tenant's
 * log as "<operator> (service provider)" and in the provider's log (who, what, when, which tenant).
 */
import { isDeepStrictEqual } from 'node:util';
import { providerTenantOps, tenantDocumentGroups } from '../../definitions/api/providerTenant';
import { isDocumentScreen, type DocumentScreen } from '../../definitions/define';
import type { Registry } from '../../definitions/registry';
import { envAllows, type Environment } from '../../schemas/access';
import type { PolicyTemplateName } from '../../schemas/areas/providerTenant';
import { MESSAGES } from '../../schemas/constants';
import { fieldErrors, type FieldError } from '../../schemas/http';
import { areaLine, mayDo } from '../../schemas/rolePreview';
import type { z } from 'zod';
import { recordAudit } from '../audit';
import {
  current,
  documentToStore,
  emptyDocument,
  readTenantDocument,
  saveBase,
  saveTenantDocument,
  stagePolicyArea,
  storedPolicy,
  type Actor,
} from '../documents';
import { markStaged, policyRevision, publishedRevisions, publishRevision, workingRevision } from '../revisions';
import { DEMO_TENANT_ID, DEMO_TENANTS } from '../seed/demo';
import { loadSeedDocuments } from '../seed/documents';
import { isStale } from '../stamps';
import { HttpError, implementAll, type CallContext, type Caller, type Db, type ServerModule } from '../types';
import { PERMISSION_AREA_NAMES } from '../../schemas/permissions';
import { audit, auditService, DEFAULT_DEPLOYMENT, deploymentNames, loadTenant, requireOperator, tenantPage } from './provider';
import { replaceSingleton } from './providerFleet';
import { requireVendorSupportAccess } from '../vendorSupport';

type Doc = Record<string, unknown>;
type Template = z.infer<typeof PolicyTemplateName>;
type Tenant = { tid: string; name: string };
/** The tenant whose seed policy is the standard template. */
const REFERENCE_TENANT = DEMO_TENANTS.find((t) => t.id === DEMO_TENANT_ID)!.name;

/** The operator as the tenant's audit log names them. */
const actorFor = (caller: Caller, tenant: Tenant): Actor => ({
  tenantId: tenant.tid,
  user: { username: `${caller.user.username} (service provider)`, tenant_name: tenant.name },
});

// ---- policy -----------------------------------------------------------------------------------------------------------

/** The policy areas a tenant's portal serves here, by screen id. */
function policyScreens(registry: Registry, env: Environment): Map<string, DocumentScreen> {
  return new Map(
    registry.screens
      .filter(isDocumentScreen)
      .filter((s) => s.endpoint.revision === 'staged' && envAllows(s.env, env))
      .map((s) => [s.id, s]),
  );
}

/** The tenant's policy: its working revision and every area's document there (secrets masked). */
async function policyOf(db: Db, screens: Map<string, DocumentScreen>, tid: string) {
  const working = await workingRevision(db, tid);
  const revision = await policyRevision(db, tid, working);
  const data: Record<string, Doc> = {};
  for (const [id, screen] of screens) data[id] = current(screen, await storedPolicy(db, tid, screen, working.rev_id));
  return { status: 'Success' as const, ...revision, data };
}

/**
 * A template's document of one area: "standard" is the reference policy the service ships (the demo tenant's seed
 * documents, the same rules a new demo installation starts with), "blank" the area's defaults.
 */
const templateCache = new WeakMap<Registry, Map<string, Doc>>();
function templateDocument(registry: Registry, screen: DocumentScreen, template: Template): Doc {
  if (template === 'blank') return emptyDocument(screen.schema);
  let standard = templateCache.get(registry);
  if (!standard) {
    standard = new Map();
    for (const seed of loadSeedDocuments(registry)) {
      const doc = seed.screen && seed.forTenant(REFERENCE_TENANT);
      if (seed.screen && doc) standard.set(seed.screen.id, doc);
    }
    templateCache.set(registry, standard);
  }
  return standard.get(screen.id) ?? emptyDocument(screen.schema);
}

/**
 * Stages the template over the tenant's working revision (inside the caller's transaction, which holds the tenant's
 * policy lock): each area whose content differs is saved with the template's and audited. Answers the areas changed.
 */
async function stageTemplate(ctx: CallContext, tx: Db, actor: Actor, template: Template): Promise<string[]> {
  const working = await workingRevision(tx, actor.tenantId, true);
  const now = new Date().toISOString();
  const changed: string[] = [];
  for (const [id, screen] of policyScreens(ctx.registry, ctx.env)) {
    const base = saveBase(screen, await storedPolicy(tx, actor.tenantId, screen, working.rev_id));
    const target = templateDocument(ctx.registry, screen, template);
    if (isDeepStrictEqual(base.before, target)) continue;
    await stagePolicyArea(tx, actor, screen, working.rev_id, base, target, { at: now, ip: ctx.request.ip, details: `The ${template} policy template` });
    changed.push(id);
  }
  if (changed.length > 0) await markStaged(tx, actor.tenantId, working.rev_id, now);
  return changed;
}

const templateAnswer = async (db: Db, tid: string, areas: string[]) => ({ status: 'Success' as const, ...(await policyRevision(db, tid)), areas });

// ---- tags ----------------------------------------------------------------------------------------------------------------

async function tagsOf(db: Db, tid: string) {
  const row = (await db.query<{ body: { tags: string[] }; updated_at: Date }>("SELECT body, updated_at FROM provider_records WHERE kind = 'tenant-tags' AND id = $1", [tid])).rows[0];
  return { status: 'Success' as const, tags: row?.body.tags ?? [], updated_at: row ? row.updated_at.toISOString() : null };
}

// ---- quota ---------------------------------------------------------------------------------------------------------------

async function quotaOf(db: Db, tid: string) {
  const tenant = await loadTenant(db, tid);
  const max = tenant.capabilities.max_users;
  return { status: 'Success' as const, quota: { max_users: typeof max === 'number' ? max : null }, usage: { users: tenant.users } };
}

// ---- the module ------------------------------------------------------------------------------------------------------

/** The get and save handlers of one of the tenant's documents (terms of service, global settings, PAC, safemail). */
function documentHandlers(screen: DocumentScreen) {
  return {
    get: async (ctx: CallContext & { params: { tid: string } }) => {
      const caller = requireOperator(ctx);
      const tenant = await loadTenant(ctx.db, ctx.params.tid);
      await requireVendorSupportAccess(ctx, caller, tenant);
      return { ...(await readTenantDocument(ctx.db, tenant.tid, screen)), status: 'Success' as const };
    },
    save: async (ctx: CallContext & { params: { tid: string }; body: Doc }) => {
      const caller = requireOperator(ctx);
      const tenant = await loadTenant(ctx.db, ctx.params.tid);
      const saved = await saveTenantDocument(ctx.db, actorFor(caller, tenant), screen, ctx.body, { ip: ctx.request.ip });
      await auditService(ctx, caller, `save ${screen.title}`, `${tenant.name} (${tenant.tid})`);
      return { ...saved, status: 'Success' as const };
    },
  };
}

export const providerTenantModule: ServerModule = {
  name: 'providerTenant',
  implementations: [
    ...Object.values(tenantDocumentGroups).flatMap(({ screen, ops }) => implementAll(ops, documentHandlers(screen))),
    ...implementAll(providerTenantOps, {
      getPolicy: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        await requireVendorSupportAccess(ctx, caller, tenant);
        return policyOf(ctx.db, policyScreens(ctx.registry, ctx.env), tenant.tid);
      },

      savePolicy: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const screens = policyScreens(ctx.registry, ctx.env);
        const { staged_rev_id, state, updated_at, data } = ctx.body;
        // Every area with its own screen's schema first: a 400 names data.<area>.<field>, and nothing is stored.
        const errors: FieldError[] = [];
        const docs: [DocumentScreen, Doc][] = [];
        for (const [id, raw] of Object.entries(data)) {
          const screen = screens.get(id);
          if (!screen) {
            errors.push({ path: `data.${id}`, key: 'unknownArea', message: 'No policy area has this id.' });
            continue;
          }
          const parsed = screen.schema.safeParse(raw);
          if (parsed.success) docs.push([screen, parsed.data as Doc]);
          else errors.push(...fieldErrors(parsed.error, `data.${id}`));
        }
        if (errors.length > 0) throw new HttpError(400, MESSAGES.validationFailed, { errors });
        const actor = actorFor(caller, tenant);
        const changed = await ctx.db.transaction(async (tx) => {
          const working = await workingRevision(tx, tenant.tid, true);
          if (working.rev_id !== staged_rev_id || working.state !== state || isStale(updated_at, working.updated_at)) {
            throw new HttpError(409, MESSAGES.staleSave, { current: await policyOf(tx, screens, tenant.tid) });
          }
          const now = new Date().toISOString();
          const areas: string[] = [];
          for (const [screen, sent] of docs) {
            const base = saveBase(screen, await storedPolicy(tx, tenant.tid, screen, working.rev_id));
            const doc = documentToStore(screen, sent, base);
            if (isDeepStrictEqual(base.before, doc)) continue;
            await stagePolicyArea(tx, actor, screen, working.rev_id, base, doc, { at: now, ip: ctx.request.ip });
            areas.push(screen.id);
          }
          if (areas.length > 0) await markStaged(tx, tenant.tid, working.rev_id, now);
          return areas;
        });
        if (changed.length > 0) await auditService(ctx, caller, 'save tenant policy', `${tenant.name} (${tenant.tid})`, { areas: changed });
        return policyOf(ctx.db, screens, tenant.tid);
      },

      publishPolicy: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const screens = policyScreens(ctx.registry, ctx.env);
        const { staged_rev_id, updated_at, reason } = ctx.body;
        const actor = actorFor(caller, tenant);
        const published = await ctx.db.transaction(async (tx) => {
          const working = await workingRevision(tx, tenant.tid, true);
          if (working.rev_id !== staged_rev_id || isStale(updated_at, working.updated_at)) {
            throw new HttpError(409, MESSAGES.staleSave, { current: await policyOf(tx, screens, tenant.tid) });
          }
          // As the portal's publish: a revision without unpublished changes is left as it is.
          if (working.state !== 'staged') return undefined;
          await publishRevision(tx, tenant.tid, working.rev_id, actor.user.username, reason);
          await recordAudit(tx, tenant.tid, {
            action: 'publish',
            user: actor.user.username,
            tenant: tenant.name,
            rev_id: working.rev_id,
            details: reason,
            result: 'success',
            ip: ctx.request.ip,
          });
          return working.rev_id;
        });
        if (published !== undefined) await auditService(ctx, caller, 'publish tenant policy', `${tenant.name} (${tenant.tid})`, { rev_id: published, reason });
        return policyOf(ctx.db, screens, tenant.tid);
      },

      postPolicyTemplate: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const template = ctx.body.policytemplate;
        const areas = await ctx.db.transaction((tx) => stageTemplate(ctx, tx, actorFor(caller, tenant), template));
        await auditService(ctx, caller, 'stage policy template', `${tenant.name} (${tenant.tid})`, { policytemplate: template, areas });
        return templateAnswer(ctx.db, tenant.tid, areas);
      },

      tenantPolicyInit: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.body.tid);
        const template = ctx.body.policytemplate;
        const actor = actorFor(caller, tenant);
        const areas = await ctx.db.transaction(async (tx) => {
          const working = await workingRevision(tx, tenant.tid, true);
          if (working.state === 'staged') {
            throw new HttpError(409, 'The tenant has unpublished policy changes; they are published or discarded in its portal before its policy is initialised.', {
              current: await policyRevision(tx, tenant.tid, working),
            });
          }
          const changed = await stageTemplate(ctx, tx, actor, template);
          if (changed.length > 0) {
            const reason = `Policy initialised from the ${template} template`;
            await publishRevision(tx, tenant.tid, working.rev_id, actor.user.username, reason);
            await recordAudit(tx, tenant.tid, {
              action: 'publish',
              user: actor.user.username,
              tenant: tenant.name,
              rev_id: working.rev_id,
              details: reason,
              result: 'success',
              ip: ctx.request.ip,
            });
          }
          return changed;
        });
        await auditService(ctx, caller, 'initialise tenant policy', `${tenant.name} (${tenant.tid})`, { policytemplate: template, areas });
        return templateAnswer(ctx.db, tenant.tid, areas);
      },

      policyRevisions: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        await requireVendorSupportAccess(ctx, caller, tenant);
        const history = await publishedRevisions(ctx.db, tenant.tid, ctx.query.limit, ctx.query.offset);
        const screenOf = (key: string) => ctx.registry.documentScreen(key);
        const revisions = history.revisions.map((r) => ({
          ...r,
          areas: r.areas.map((key) => screenOf(key)?.id ?? key),
          area_titles: r.areas.map((key) => screenOf(key)?.title ?? key),
        }));
        return { status: 'Success' as const, ...history, revisions };
      },

      listTenantsV2: async (ctx) => {
        requireOperator(ctx);
        const { tenants, total } = await tenantPage(ctx.db, ctx.query);
        const { limit, offset } = ctx.query;
        return { status: 'Success' as const, tenants: tenants.map(({ deployment: _d, deployment_name: _n, tags: _t, ...t }) => t), total, limit, offset };
      },

      listTenantsV3: async (ctx) => {
        requireOperator(ctx);
        const { limit, offset } = ctx.query;
        return { status: 'Success' as const, ...(await tenantPage(ctx.db, ctx.query)), limit, offset };
      },

      tenantRbac: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        await requireVendorSupportAccess(ctx, caller, tenant);
        const { rows } = await ctx.db.query<{
          name: string;
          description: string;
          builtin: boolean;
          grants: { read?: string[]; write?: string[]; deny?: string[] };
          users: number;
          updated_at: Date;
        }>(
          `SELECT r.name, r.description, r.builtin, r.grants, r.updated_at,
                  (SELECT count(*) FROM users u WHERE u.tenant_id = r.tenant_id AND u.role_name = r.name)::int AS users
             FROM roles r WHERE r.tenant_id = $1 ORDER BY r.builtin DESC, r.name`,
          [tenant.tid],
        );
        const areas = PERMISSION_AREA_NAMES;
        const list = rows.map((r) => {
          const may = mayDo(areas, { read: r.grants.read ?? [], write: r.grants.write ?? [], deny: r.grants.deny ?? [] });
          return {
          name: r.name,
          description: r.description,
          builtin: r.builtin,
          read: r.grants.read ?? [],
          write: r.grants.write ?? [],
          deny: r.grants.deny ?? [],
          users: r.users,
          updated_at: r.updated_at.toISOString(),
          may_view: areaLine(may, 'read'),
          may_change: areaLine(may, 'write'),
          };
        });
        return { status: 'Success' as const, list };
      },

      tenantConfig: async (ctx) => {
        requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const placed = (
          await ctx.db.query<{ deployment: string }>(
            `SELECT COALESCE((SELECT deployment_id FROM provider_tenant_deployments WHERE tenant_id = $1), ${DEFAULT_DEPLOYMENT}) AS deployment`,
            [tenant.tid],
          )
        ).rows[0]!;
        const { staged_rev_id, rev_id, state } = await policyRevision(ctx.db, tenant.tid);
        const caps = Object.entries(tenant.capabilities);
        return {
          status: 'Success' as const,
          config: {
            tid: tenant.tid,
            name: tenant.name,
            disabled: tenant.disabled,
            deployment: placed.deployment,
            deployment_name: (await deploymentNames(ctx.db))(placed.deployment),
            session_logout_days: tenant.session_logout_days,
            features: caps.filter(([, v]) => v === true).map(([k]) => k).sort(),
            limits: Object.fromEntries(caps.filter((e): e is [string, number] => typeof e[1] === 'number')),
            policy: { staged_rev_id, rev_id, state },
            users: tenant.users,
          },
        };
      },

      getTenantTags: async (ctx) => {
        requireOperator(ctx);
        return tagsOf(ctx.db, (await loadTenant(ctx.db, ctx.params.tid)).tid);
      },

      saveTenantTags: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const before = await tagsOf(ctx.db, tenant.tid);
        const seen = new Set<string>();
        const tags = ctx.body.tags.map((t) => t.trim()).filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
        await replaceSingleton(ctx.db, caller, { kind: 'tenant-tags', id: tenant.tid, tenantId: tenant.tid }, { tags }, ctx.body.updated_at, () => tagsOf(ctx.db, tenant.tid));
        await audit(ctx, caller, 'tags', tenant, { from: before.tags, to: tags });
        return tagsOf(ctx.db, tenant.tid);
      },

      getTenantQuota: async (ctx) => {
        requireOperator(ctx);
        return quotaOf(ctx.db, ctx.params.tid);
      },

      saveTenantQuota: async (ctx) => {
        const caller = requireOperator(ctx);
        const before = await quotaOf(ctx.db, ctx.params.tid);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const max = ctx.body.max_users;
        if (max !== before.quota.max_users) {
          await ctx.db.query(
            max === null ? `UPDATE tenants SET capabilities = capabilities - 'max_users' WHERE id = $1` : `UPDATE tenants SET capabilities = capabilities || $2::jsonb WHERE id = $1`,
            max === null ? [tenant.tid] : [tenant.tid, JSON.stringify({ max_users: max })],
          );
          await audit(ctx, caller, 'quota', tenant, { max_users: { before: before.quota.max_users, after: max } });
        }
        return quotaOf(ctx.db, tenant.tid);
      },
    }),
  ],
};
