/**
 * Reporting calls used by editing screens (definitions/api/reportLookups.ts): files by hash from the tenant's web and
 * email events, and from the report rollups the requests per discovered SaaS application and per directory group.
 */
import { reportLookupOps } from '../../definitions/api/reportLookups';
import type { AvScanResult } from '../../schemas/logEnums';
import { CLOUD_APPS } from '../logs/catalog';
import { everyKey } from '../logs/logStore';
import { logStoreOf } from '../logs/logStores';
import { retentionSince } from '../logs/retention';
import { whileWanted } from '../logs/requestSignal';
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
      const now = Date.now();
      const since = Math.max(now - FILE_LOOKBACK_MS, await retentionSince(ctx.db, tenantId, now));
      const rows = await logStoreOf(ctx.db).fileSightings(ctx.db, tenantId, asked, since);
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
              sightings: r.sightings,
              last_seen: new Date(r.lastMs).toISOString(),
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
        const store = logStoreOf(ctx.db);
        const sinceMs = await retentionSince(ctx.db, tenantId, now);
        // The users of every application: one listed by requests may rank anywhere by users.
        const [requests, users] = await Promise.all([
          store.report(db, tenantId, 'casb_top_apps', { interval, limit }, now, { sinceMs }),
          everyKey(store, db, tenantId, 'casb_app_users', { interval }, now, { sinceMs }),
        ]);
        const usersOf = new Map(users.map((d) => [d.key, d.value]));
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
      return whileWanted(ctx.reply, async (signal) => {
        const db = ctx.db.heavy(signal);
        const now = Date.now();
        const store = logStoreOf(ctx.db);
        const options = { sinceMs: await retentionSince(ctx.db, tenantId, now) };
        const everyGroup = (name: 'top_groups' | 'group_users') => everyKey(store, db, tenantId, name, { interval }, now, options);
        if (result_type === 'count') return { total: (await everyGroup('top_groups')).length };
        const [requests, users] = await Promise.all([everyGroup('top_groups'), everyGroup('group_users')]);
        const usersOf = new Map(users.map((d) => [d.key, d.value]));
        return {
          total: requests.length,
          groups: requests.slice(0, limit).map((d) => ({ name: d.key, requests: d.value, users: usersOf.get(d.key) ?? 0 })),
        };
      });
    },
  }),
};
