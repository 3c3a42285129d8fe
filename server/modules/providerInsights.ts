/**
 * The provider console's views into tenants and the fleet and the last tenant-management calls
 * (definitions/api/providerInsights.ts): analytics, schema states, inventory, capability validity, SKU assignments of
 * licence keys, a tenant's policy API tokens, custom host names and bulk user create. Reads come from the tenants'
 * own tables; changes are audited in the provider's log and the tenant's.
 */
import { customHostNameOps, providerInsightOps } from '../../definitions/api/providerInsights';
import { documentStorage, isDocumentScreen } from '../../definitions/define';
import { CAPABILITIES_READ, envAllows, featureFlags, FEATURE_FLAGS } from '../../schemas/access';
import { workingRevision } from '../revisions';
import { PROVIDER_TENANT_ID } from '../seed/provider';
import { HttpError, implementAll, type Db, type ServerModule } from '../types';
import { audit, auditService, insertAdmins, loadTenant, prepareAdmins, requireOperator } from './provider';
import { bad, licensing, recordHandlers, replaceSingleton, rowsOf, type Kind } from './providerFleet';

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Capabilities that are limits, and the portal checks that read them. */
const LIMITS: Readonly<Record<string, string>> = { max_users: 'users' };

/** Counts per UTC day over the last `days` days, every day listed (0 when none). */
async function perDay(db: Db, tid: string, days: number, onlyAction?: string) {
  const since = Math.floor(Date.now() / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
  const { rows } = await db.query<{ d: number; n: number }>(
    `SELECT (ts / ${DAY_MS})::bigint AS d, count(*)::int AS n FROM log_events
      WHERE tenant_id = $1 AND log_type = 'audit' AND ts >= $2 AND ($3::text IS NULL OR event->>'action' = $3::text) GROUP BY 1`,
    [tid, since, onlyAction ?? null],
  );
  const counts = new Map(rows.map((r) => [Number(r.d), r.n]));
  return Array.from({ length: days }, (_, i) => {
    const d = since / DAY_MS + i;
    return { label: day(d * DAY_MS), value: counts.get(d) ?? 0 };
  });
}

/**
 * A chart in a line a table can show: every point while there are few ("admin: 2, auditor: 1"), else the total and
 * the largest point ("14 in all; most on 2026-11-20: 5").
 */
export function chartSummary(points: readonly { label: string; value: number }[]): string {
  if (points.length === 0) return 'Nothing yet';
  if (points.length <= 6) return points.map((p) => `${p.label}: ${p.value}`).join(', ');
  const total = points.reduce((n, p) => n + p.value, 0);
  if (total === 0) return 'None';
  const top = points.reduce((a, b) => (b.value > a.value ? b : a));
  return `${total} in all; most on ${top.label}: ${top.value}`;
}

type KeySkus = { skus: { sku: string; expires_at: string }[] };
async function keySkus(db: Db, keyId: string) {
  const key = (await db.query('SELECT 1 FROM ova_keys WHERE key_id = $1', [keyId])).rows[0];
  if (!key) throw new HttpError(404, 'Licence key not found');
  const row = (await db.query<{ body: KeySkus; updated_at: Date }>("SELECT body, updated_at FROM provider_records WHERE kind = 'ova-key-skus' AND id = $1", [keyId])).rows[0];
  return {
    status: 'Success' as const,
    key_id: keyId,
    skus: (row?.body.skus ?? []).map((s) => ({ ...s, expired: Date.parse(s.expires_at) <= Date.now() })),
    updated_at: row ? row.updated_at.toISOString() : null,
  };
}

const HOST_NAME: Kind = {
  kind: 'custom-host-name',
  noun: 'custom host name',
  tenantScoped: true,
  label: (b) => String(b.hostname),
  check: async (db, body, _tid, id) => {
    const { rows } = await db.query(
      "SELECT 1 FROM provider_records WHERE kind = 'custom-host-name' AND lower(body->>'hostname') = lower($1) AND id <> $2 LIMIT 1",
      [String(body.hostname), id ?? ''],
    );
    if (rows.length > 0) throw new HttpError(409, 'This host name is already in use.');
  },
};

export const providerInsightsModule: ServerModule = {
  name: 'providerInsights',
  implementations: [
    ...implementAll(customHostNameOps, recordHandlers(customHostNameOps, HOST_NAME)),
    ...implementAll(providerInsightOps, {
      tenantAnalytics: async (ctx) => {
        requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const roles = await ctx.db.query<{ label: string; value: number }>(
          `SELECT COALESCE(role_name, '(own permissions)') AS label, count(*)::int AS value FROM users WHERE tenant_id = $1 GROUP BY 1 ORDER BY 2 DESC, 1`,
          [tenant.tid],
        );
        const reports = await ctx.db.query<{ id: string; name: string; source: string; created_at: Date; created_by: string }>(
          'SELECT id::text AS id, name, source, created_at, created_by FROM past_reports WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20',
          [tenant.tid],
        );
        const { days } = ctx.query;
        const charts = [
          { id: 'admin-activity', title: 'Administrator actions per day', points: await perDay(ctx.db, tenant.tid, days) },
          { id: 'sign-ins', title: 'Sign-ins per day', points: await perDay(ctx.db, tenant.tid, days, 'login') },
          { id: 'users-by-role', title: 'Users per role', points: roles.rows },
        ];
        return {
          status: 'Success' as const,
          charts: charts.map((c) => ({ ...c, summary: chartSummary(c.points) })),
          reports: reports.rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
        };
      },

      tenantSchemaStates: async (ctx) => {
        requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const working = await workingRevision(ctx.db, tenant.tid);
        const policy = await ctx.db.query<{ screen_id: string; schema_version: number }>(
          `SELECT DISTINCT ON (screen_id) screen_id, schema_version FROM policy_documents
            WHERE tenant_id = $1 AND rev_id <= $2 ORDER BY screen_id, rev_id DESC`,
          [tenant.tid, working.rev_id],
        );
        const settings = await ctx.db.query<{ screen_id: string; schema_version: number }>('SELECT screen_id, schema_version FROM settings_documents WHERE tenant_id = $1', [tenant.tid]);
        const stored = {
          policy: new Map(policy.rows.map((r) => [r.screen_id, r.schema_version])),
          settings: new Map(settings.rows.map((r) => [r.screen_id, r.schema_version])),
        };
        const items = ctx.registry.screens
          .filter(isDocumentScreen)
          .filter((s) => envAllows(s.env, ctx.env))
          .map((s) => {
            const kind = s.endpoint.revision === 'staged' ? ('policy' as const) : ('settings' as const);
            const { key, version } = documentStorage(s);
            const at = stored[kind].get(key) ?? null;
            const state = at === null ? 'unsaved' : at === version ? 'current' : at < version ? 'outdated' : 'newer';
            return { screen_id: s.id, title: s.title, kind, stored_version: at, current_version: version, state: state as 'unsaved' | 'current' | 'outdated' | 'newer' };
          })
          .sort((a, b) => a.screen_id.localeCompare(b.screen_id));
        return { status: 'Success' as const, items };
      },

      inventory: async (ctx) => {
        requireOperator(ctx);
        const { rows } = await ctx.db.query<{
          tid: string;
          tenant: string;
          id: string;
          name: string;
          address: string;
          app_mode: string;
          version: string;
          supported: boolean | null;
          reachable: boolean;
          maintenance: boolean;
        }>(
          `SELECT t.id AS tid, t.name AS tenant, m.id, m.name, m.address, m.app_mode, m.version,
                  (v.body->>'supported_version')::boolean AS supported, m.reachable, m.maintenance
             FROM managed_systems m JOIN tenants t ON t.id = m.tenant_id
             LEFT JOIN provider_records v ON v.kind = 'version' AND v.id = m.version
            WHERE t.id <> $2 AND ($1::text IS NULL OR t.id = $1::text)
            ORDER BY lower(t.name), lower(m.name), m.id`,
          [ctx.query.tid ?? null, PROVIDER_TENANT_ID],
        );
        return { status: 'Success' as const, items: rows };
      },

      capabilitiesValidity: async (ctx) => {
        requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const caps = tenant.capabilities;
        const flags = featureFlags(caps);
        // Entitlements decide capabilities only for a tenant licensed through them (a SKU or an override).
        const lic = await licensing(ctx.db, tenant.tid);
        const licensed: Record<string, boolean> = lic.skus.length > 0 || lic.features.length > 0 ? lic.capabilities : {};
        const items = Object.entries(caps)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, value]) => {
            // The flags that change when this capability is switched the other way, everything else as it is.
            const flipped = featureFlags({ ...caps, [name]: value !== true });
            const follows = FEATURE_FLAGS.filter((f) => flipped[f] !== flags[f]);
            const decided = name in licensed ? licensed[name]! : null;
            const problems: string[] = [];
            if (name in LIMITS) {
              if (typeof value !== 'number') problems.push(`A limit (of ${LIMITS[name]}) needs a number.`);
            } else if (typeof value === 'number') problems.push('A switch needs on or off, not a number.');
            else if (!CAPABILITIES_READ.includes(name) && decided === null) problems.push('The portal reads no such capability: it has no effect.');
            if (decided !== null && value !== decided) problems.push(`The tenant's features turn it ${decided ? 'on' : 'off'}; the next entitlement change sets it so.`);
            return { name, value, flags: follows, licensed: decided, valid: problems.length === 0, problems };
          });
        return { status: 'Success' as const, items, flags };
      },

      getOvaKeySkus: async (ctx) => {
        requireOperator(ctx);
        return keySkus(ctx.db, ctx.params.key_id);
      },

      saveOvaKeySkus: async (ctx) => {
        const caller = requireOperator(ctx);
        const keyId = ctx.params.key_id;
        await keySkus(ctx.db, keyId);
        const skus = ctx.body.skus;
        const known = new Set((await rowsOf(ctx.db, 'sku')).map((r) => r.id));
        bad(
          skus.flatMap((s, i) => [
            ...(known.has(s.sku) ? [] : [{ path: `skus.${i}.sku`, key: 'unknownLink', message: 'No SKU has this id.' }]),
            ...(skus.findIndex((o) => o.sku === s.sku) === i ? [] : [{ path: `skus.${i}.sku`, key: 'duplicate', message: 'The key already carries this SKU.' }]),
          ]),
        );
        await replaceSingleton(ctx.db, caller, { kind: 'ova-key-skus', id: keyId, tenantId: null }, { skus }, ctx.body.updated_at, () => keySkus(ctx.db, keyId));
        await auditService(ctx, caller, 'licence key SKUs', `licence key ${keyId}`, { skus: skus.map((s) => `${s.sku} until ${s.expires_at}`) });
        return keySkus(ctx.db, keyId);
      },

      listPolicyApiTokens: async (ctx) => {
        requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const { rows } = await ctx.db.query<{ id: string; name: string; role: string; created_at: Date; created_by: string; expires_at: Date; last_used_at: Date | null }>(
          'SELECT id, name, role_name AS role, created_at, created_by, expires_at, last_used_at FROM api_tokens WHERE tenant_id = $1 ORDER BY created_at DESC, name',
          [tenant.tid],
        );
        const now = Date.now();
        return {
          status: 'Success' as const,
          items: rows.map((r) => ({
            ...r,
            created_at: r.created_at.toISOString(),
            expires_at: r.expires_at.toISOString(),
            last_used_at: r.last_used_at?.toISOString() ?? null,
            expired: r.expires_at.getTime() <= now,
          })),
        };
      },

      revokePolicyApiToken: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const gone = (await ctx.db.query<{ name: string }>('DELETE FROM api_tokens WHERE tenant_id = $1 AND id = $2 RETURNING name', [tenant.tid, ctx.params.id])).rows[0];
        if (!gone) throw new HttpError(404, 'No such API token.');
        await audit(ctx, caller, 'revoke API token', tenant, { token: gone.name });
        return { status: 'Success' as const };
      },

      bulkCreateUsers: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const admins = await prepareAdmins(ctx.db, ctx.body.users);
        await ctx.db.transaction(async (tx) => {
          await tx.query('SELECT id FROM tenants WHERE id = $1 FOR UPDATE', [tenant.tid]);
          const max = tenant.capabilities.max_users;
          const n = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE tenant_id = $1', [tenant.tid])).rows[0]!.n;
          if (typeof max === 'number' && n + admins.length > max) throw new HttpError(409, `The tenant may have at most ${max} users.`);
          await insertAdmins(tx, tenant.tid, admins);
        });
        await audit(ctx, caller, 'add administrators', tenant, { users: admins.map((a) => a.username) });
        ctx.reply.status(201);
        return { status: 'Success' as const, users: admins.map((a) => ({ uid: a.uid, username: a.username })) };
      },
    }),
  ],
};
