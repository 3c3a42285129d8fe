/**
 * Reporting calls used by editing screens (definitions/api/reportLookups.ts): files by hash from the tenant's web and
 * email events, requests per discovered SaaS application from the report rollups, and the directory groups seen in
 * web traffic.
 */
import { reportLookupOps } from '../../definitions/api/reportLookups';
import type { AvScanResult } from '../../schemas/logEnums';
import { CLOUD_APPS } from '../logs/catalog';
import { reportRange, runReport } from '../logs/reports';
import { whileWanted } from '../logs/requestSignal';
import { toNumber } from '../logs/sql';
import { DAY_MS } from '../../schemas/constants';
import { implementAll, requireCaller, type ServerModule } from '../types';

/** How far back the file server looks for a hash. */
const FILE_LOOKBACK_MS = 30 * DAY_MS;

/** A SaaS application's id: its name in lower case, words joined by dashes ("Microsoft 365" → microsoft-365). */
export const appId = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** The catalogue entry of each application by id. */
export const CLOUD_APP_BY_ID = new Map(CLOUD_APPS.map((a) => [appId(a[0]), { name: a[0], category: a[1], profile_type: a[2], domain: a[3] }]));
const CLOUD_APP_BY_NAME = new Map([...CLOUD_APP_BY_ID.values()].map((a) => [a.name, a]));

export const reportLookupsModule: ServerModule = {
  name: 'reportLookups',
  implementations: implementAll(reportLookupOps, {
    fileLookup: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const asked = [...new Set(ctx.body.sha256.map((h) => h.toLowerCase()))];
      // `event ? 'sha256'` and the hash expression match the partial index log_events_sha256.
      const { rows } = await ctx.db.query<{ sha256: string; n: number; last: unknown; event: Record<string, unknown> }>(
        `SELECT event ->> 'sha256' AS sha256, count(*)::int AS n, max(ts) AS last, (array_agg(event ORDER BY ts DESC))[1] AS event
           FROM log_events
          WHERE tenant_id = $1 AND event ? 'sha256' AND (event ->> 'sha256') = ANY($2::text[]) AND ts >= $3
            AND log_type IN ('web', 'email')
          GROUP BY 1`,
        [tenantId, asked, Date.now() - FILE_LOOKBACK_MS],
      );
      const found = new Map(rows.map((r) => [r.sha256, r]));
      return {
        files: asked.flatMap((sha256) => {
          const r = found.get(sha256);
          if (!r) return [];
          return [
            {
              sha256,
              file_name: String(r.event.file_name ?? ''),
              file_type: String(r.event.file_type ?? ''),
              file_size: Number(r.event.file_size ?? 0),
              verdict: String(r.event.av_scan_result ?? 'clean') as AvScanResult,
              sightings: r.n,
              last_seen: new Date(toNumber(r.last)).toISOString(),
            },
          ];
        }),
        not_seen: asked.filter((h) => !found.has(h)),
      };
    },

    appRequestCounts: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const { interval, limit } = ctx.query;
      return whileWanted(ctx.reply, async (signal) => {
        const db = ctx.db.heavy(signal);
        const now = Date.now();
        const requests = await runReport(db, tenantId, 'casb_top_apps', { interval, limit }, now);
        const users = await runReport(db, tenantId, 'casb_app_users', { interval, limit: 1000 }, now);
        const usersOf = new Map(users.kind === 'top' ? users.data.map((d) => [d.key, d.value]) : []);
        const data = requests.kind === 'top' ? requests.data : [];
        return {
          applications: data.map((d) => {
            const app = CLOUD_APP_BY_NAME.get(d.key);
            return {
              id: appId(d.key),
              name: d.key,
              category: app?.category ?? 'Other',
              profile_type: app?.profile_type ?? 'unclassified',
              requests: d.value,
              users: usersOf.get(d.key) ?? 0,
            };
          }),
          total: requests.total,
          interval,
        };
      });
    },

    groupsReport: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const { interval, result_type, limit } = ctx.query;
      const range = reportRange({ interval, limit }, Date.now());
      return whileWanted(ctx.reply, async (signal) => {
        const { rows } = await ctx.db.heavy(signal).query<{ name: string; requests: number; users: number }>(
          `SELECT event ->> 'group' AS name, count(*)::int AS requests, count(DISTINCT event ->> 'userid')::int AS users
             FROM log_events
            WHERE tenant_id = $1 AND log_type = 'web' AND ts >= $2 AND ts <= $3 AND event ? 'group'
            GROUP BY 1 ORDER BY 2 DESC, 1`,
          [tenantId, range.startMs, range.endMs],
        );
        if (result_type === 'count') return { total: rows.length };
        return { total: rows.length, groups: rows.slice(0, limit).map((r) => ({ name: r.name, requests: Number(r.requests), users: Number(r.users) })) };
      });
    },
  }),
};
