/**
 * The provider console's per-tenant VPN and logging records and its tenant groups (definitions/api/providerNetwork.ts),
 * in the same record store as the licensing and fleet records (`provider_records`): each kind says the links it
 * checks (within the tenant) and what keeps it from being deleted. Logging tokens are stored as their SHA-256 only;
 * they authenticate log collection (logs.collect), from the tenant's logging IP restrictions when it has any.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { LOGGING_TOKEN_SCHEME, loggingTokenOps, providerNetworkRecordOps as ops } from '../../definitions/api/providerNetwork';
import { MESSAGES } from '../../schemas/constants';
import { recordAudit } from '../audit';
import { logStoreOf } from '../logs/logStores';
import { logReadViewOf, viewEvent } from '../logs/readView';
import { retentionSince } from '../logs/retention';
import { inFieldOrder } from '../logs/store';
import { PROVIDER_TENANT_ID } from '../seed/provider';
import { HttpError, implementAll, type Db, type ServerModule } from '../types';
import { audit, loadTenant, requireOperator } from './provider';
import { bad, recordHandlers, rowsOf, unknownLink, type Body, type Kind } from './providerFleet';

const MAX_LOGGING_TOKENS = 10;
const named = (b: Body) => String(b.name);

/** 400 naming `path` (or `path.N` for a list) for ids that are not records of `kind` of the tenant. */
async function linked(db: Parameters<NonNullable<Kind['check']>>[0], kind: string, tid: string | undefined, ids: unknown, path: string, what: string) {
  const known = new Set((await rowsOf(db, kind, tid)).map((r) => r.id));
  const list = Array.isArray(ids) ? ids.map(String) : [String(ids)];
  bad(list.flatMap((id, i) => (known.has(id) ? [] : [unknownLink(Array.isArray(ids) ? `${path}.${i}` : path, what)])));
}

const GATEWAY: Kind = {
  kind: 'vpn-gateway',
  noun: 'VPN gateway',
  tenantScoped: true,
  label: named,
  decorate: async (db, item, row) => ({
    tunnels: (await rowsOf(db, 'vpn-tunnel', row.tenant_id ?? undefined)).filter((t) => t.body.gateway_id === item.id).length,
  }),
  inUse: async (db, id) => {
    const { rows } = await db.query("SELECT 1 FROM provider_records WHERE kind = 'vpn-tunnel' AND body->>'gateway_id' = $1 LIMIT 1", [id]);
    return rows.length > 0 ? 'Tunnels end at this gateway; delete or move them first.' : undefined;
  },
};
const TUNNEL: Kind = {
  kind: 'vpn-tunnel',
  noun: 'VPN tunnel',
  tenantScoped: true,
  label: named,
  check: (db, body, tid) => linked(db, 'vpn-gateway', tid, body.gateway_id, 'gateway_id', 'VPN gateway of this tenant'),
  // The gateway by its name, as it is now (a gateway tunnels end at cannot be deleted, so there is always one).
  decorate: async (db, item, row) => ({
    gateway_name: String((await rowsOf(db, 'vpn-gateway', row.tenant_id ?? undefined)).find((g) => g.id === item.gateway_id)?.body.name ?? ''),
  }),
};
const DESTINATION: Kind = {
  kind: 'vpn-destination',
  noun: 'VPN destination',
  tenantScoped: true,
  label: named,
  inUse: async (db, id) => {
    const { rows } = await db.query("SELECT 1 FROM provider_records WHERE kind = 'network-rule' AND body->'destination_ids' ? $1 LIMIT 1", [id]);
    return rows.length > 0 ? 'A network rule names this destination; change the rule first.' : undefined;
  },
};
const NETWORK_RULE: Kind = {
  kind: 'network-rule',
  noun: 'network rule',
  tenantScoped: true,
  label: named,
  check: (db, body, tid) => linked(db, 'vpn-destination', tid, body.destination_ids, 'destination_ids', 'VPN destination of this tenant'),
};
const IP_RESTRICTION: Kind = {
  kind: 'logging-ip-restriction',
  noun: 'logging IP restriction',
  tenantScoped: true,
  label: (b) => String(b.cidr),
  check: async (db, body, tid, id) => {
    const twin = (await rowsOf(db, 'logging-ip-restriction', tid)).find((r) => r.body.cidr === body.cidr && r.id !== id);
    if (twin) throw new HttpError(409, 'This network is already listed.');
  },
};
const TENANT_GROUP: Kind = {
  kind: 'tenant-group',
  noun: 'tenant group',
  label: named,
  check: async (db, body) => {
    const tids = body.tids as string[];
    const { rows } = await db.query<{ id: string }>('SELECT id FROM tenants WHERE id = ANY($1::text[]) AND id <> $2', [tids, PROVIDER_TENANT_ID]);
    const known = new Set(rows.map((r) => r.id));
    bad(tids.flatMap((tid, i) => (known.has(tid) ? [] : [unknownLink(`tids.${i}`, 'tenant')])));
  },
};

// ---- logging tokens --------------------------------------------------------------------------------------------

type TokenRow = { id: string; tenant_id: string | null; body: Body; updated_at: Date | string; updated_by: string };
const tokenOf = (r: TokenRow) => ({
  id: r.id,
  tenant_id: String(r.tenant_id),
  name: String(r.body.name),
  hint: String(r.body.hint),
  updated_at: new Date(r.updated_at).toISOString(),
  updated_by: r.updated_by,
});
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

const TOKEN_HEADER = new RegExp(`^${LOGGING_TOKEN_SCHEME}\\s+(\\S+)\\s*$`, 'i');

/** The tenant and name of the logging token in the Authorization header; 401 when there is none or it is unknown. */
async function collectorOf(db: Db, header: string | string[] | undefined): Promise<{ tid: string; tenant: string; name: string }> {
  const token = typeof header === 'string' ? TOKEN_HEADER.exec(header)?.[1] : undefined;
  if (!token) throw new HttpError(401, MESSAGES.notAuthorized);
  const { rows } = await db.query<{ tid: string; tenant: string; name: string }>(
    `SELECT r.tenant_id AS tid, t.name AS tenant, r.body->>'name' AS name FROM provider_records r JOIN tenants t ON t.id = r.tenant_id
      WHERE r.kind = 'logging-token' AND r.body->>'token_sha256' = $1 AND NOT t.disabled`,
    [sha256(token)],
  );
  if (!rows[0]) throw new HttpError(401, MESSAGES.notAuthorized);
  return rows[0];
}

/** Whether `ip` is inside one of the CIDR blocks (an IPv4 address may arrive IPv4-mapped, ::ffff:a.b.c.d). */
export function insideAny(ip: string, cidrs: readonly string[]): boolean {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [net, bits] = cidr.split('/');
    const family = isIPv4(net!) ? 'ipv4' : 'ipv6';
    list.addSubnet(net!, Number(bits ?? (family === 'ipv4' ? 32 : 128)), family);
  }
  const plain = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
}

export const providerNetworkModule: ServerModule = {
  name: 'providerNetwork',
  implementations: [
    ...implementAll(ops.vpnGateways, recordHandlers(ops.vpnGateways, GATEWAY)),
    ...implementAll(ops.vpnTunnels, recordHandlers(ops.vpnTunnels, TUNNEL)),
    ...implementAll(ops.vpnDestinations, recordHandlers(ops.vpnDestinations, DESTINATION)),
    ...implementAll(ops.networkRules, recordHandlers(ops.networkRules, NETWORK_RULE)),
    ...implementAll(ops.loggingIpRestrictions, recordHandlers(ops.loggingIpRestrictions, IP_RESTRICTION)),
    ...implementAll(ops.tenantGroups, recordHandlers(ops.tenantGroups, TENANT_GROUP)),
    ...implementAll(loggingTokenOps, {
      listLoggingTokens: async (ctx) => {
        requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        return { status: 'Success' as const, items: (await rowsOf(ctx.db, 'logging-token', tenant.tid)).map(tokenOf) };
      },
      createLoggingToken: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const token = randomBytes(32).toString('base64url');
        const id = randomUUID();
        const body = { name: ctx.body.name.trim(), hint: token.slice(-4), token_sha256: sha256(token) };
        const row = await ctx.db.transaction(async (tx) => {
          await tx.query('SELECT id FROM tenants WHERE id = $1 FOR UPDATE', [tenant.tid]);
          if ((await rowsOf(tx, 'logging-token', tenant.tid)).length >= MAX_LOGGING_TOKENS) {
            throw new HttpError(409, `A tenant has at most ${MAX_LOGGING_TOKENS} logging tokens; revoke one first.`);
          }
          const { rows } = await tx.query<TokenRow>(
            `INSERT INTO provider_records (kind, id, tenant_id, body, created_at, updated_at, updated_by) VALUES ('logging-token', $1, $2, $3, $4, $4, $5)
             RETURNING id, tenant_id, body, updated_at, updated_by`,
            [id, tenant.tid, JSON.stringify(body), new Date().toISOString(), caller.user.username],
          );
          return rows[0]!;
        });
        await audit(ctx, caller, 'create logging token', tenant, { name: body.name, hint: body.hint });
        ctx.reply.status(201);
        return { status: 'Success' as const, item: tokenOf(row), token };
      },
      collectLogs: async (ctx) => {
        const collector = await collectorOf(ctx.db, ctx.request.headers.authorization);
        const allowed = (await rowsOf(ctx.db, 'logging-ip-restriction', collector.tid)).map((r) => String(r.body.cidr));
        const audited = (result: 'success' | 'failure', details: string) =>
          recordAudit(ctx.db, collector.tid, {
            action: 'log_export',
            user: `logging token ${collector.name}`,
            tenant: collector.tenant,
            area: 'logs',
            details,
            result,
            ip: ctx.request.ip,
          });
        if (allowed.length > 0 && !insideAny(ctx.request.ip, allowed)) {
          await audited('failure', `Log collection of ${ctx.query.log_type} refused: ${ctx.request.ip} is outside the logging IP restrictions`);
          throw new HttpError(403, 'This address may not collect the tenant\'s logs: it is outside its logging IP restrictions.');
        }
        const [ts, seq] = (ctx.query.after ?? '-1.-1').split('.').map(Number);
        const since = await retentionSince(ctx.db, collector.tid, Date.now());
        const rows = await logStoreOf(ctx.db).collect(ctx.db, collector.tid, ctx.query.log_type, { ts: ts!, seq: seq! }, ctx.query.limit, since);
        const last = rows.at(-1);
        await audited('success', `Log collection of ${ctx.query.log_type}: ${rows.length} events`);
        // The tenant's anonymised user names hold for its collectors too (server/logs/readView.ts).
        const view = await logReadViewOf(ctx.db, collector.tid);
        const events = rows.map((r) => ({ ts: Number(r.ts), event: viewEvent(view, ctx.query.log_type, inFieldOrder(ctx.query.log_type, r.event)) }));
        return { status: 'Success' as const, events, next: last ? `${last.ts}.${last.seq}` : null };
      },
      deleteLoggingToken: async (ctx) => {
        const caller = requireOperator(ctx);
        const tenant = await loadTenant(ctx.db, ctx.params.tid);
        const gone = (
          await ctx.db.query<TokenRow>("DELETE FROM provider_records WHERE kind = 'logging-token' AND id = $1 AND tenant_id = $2 RETURNING id, tenant_id, body, updated_at, updated_by", [
            ctx.params.id,
            tenant.tid,
          ])
        ).rows[0];
        if (!gone) throw new HttpError(404, 'Logging token not found');
        await audit(ctx, caller, 'revoke logging token', tenant, { name: String(gone.body.name), hint: String(gone.body.hint) });
        return { status: 'Success' as const };
      },
    }),
  ],
};
