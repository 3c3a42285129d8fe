/**
 * Log calls (definitions/api/logs.ts): log pages per kind with keyset paging, category lists, sandbox reports; and
 * the seeding of every demo tenant's logs on the first start.
 */
import { categoryListOps, logKindOps, logOps } from '../../definitions/api/logs';
import { MESSAGES } from '../../schemas/constants';
import { CATEGORY_LIST_LABELS, LOG_PAGE_SIZE_DEFAULT, LOG_TYPES, visibleCategories, type LogQuery, type LogType } from '../../schemas/logs';
import type { Environment } from '../../schemas/access';
import { categoryList } from '../logs/catalog';
import { decodeCursor, type Cursor } from '../logs/cursor';
import { generatorPolicy } from './evaluate';
import { LOG_SEED, LOG_SEED_DAYS, LOG_SEED_SIZES, seedLogs, seedTicker, type SeedPhases } from '../logs/seed';
import { whileWanted } from '../logs/requestSignal';
import { syncRollups } from '../logs/rollups';
import { logReadViewOf, refuseHiddenFilters, viewEvent } from '../logs/readView';
import { logStoreOf } from '../logs/logStores';
import { retentionSince } from '../logs/retention';
import { logPage, queryRange } from '../logs/store';
import { DEMO_TENANT_ID, DEMO_TENANTS } from '../seed/demo';
import { HttpError, implement, implementAll, requireCaller, type CallContext, type ServerModule } from '../types';
import { attachmentDisposition } from '../attachment';

const CATEGORY_LIST_NAMES = Object.keys(CATEGORY_LIST_LABELS) as (keyof typeof CATEGORY_LIST_LABELS)[];

const invalid = (path: string, key: string, message: string) =>
  new HttpError(400, MESSAGES.validationFailed, { errors: [{ path, key, message }] });

const managementStation = (env: Environment) => env.deployment === 'on_prem' && env.appMode === 'management_station';

/** A page of a log kind's events, after `after` (the next pages) or from the newest (the first page). */
async function page(type: LogType, ctx: CallContext & { readonly query: LogQuery }, after?: Cursor) {
  const { tenantId, user } = requireCaller(ctx);
  const q = ctx.query;
  // What this caller's reads hide (restricted logs) or pseudonymise (anonymised user names): server/logs/readView.ts.
  const view = await logReadViewOf(ctx.db, tenantId, user.capabilities);
  refuseHiddenFilters(view, type, q);
  if (q.interval === '180d' && !managementStation(ctx.env)) {
    throw invalid('query.interval', 'managementStationOnly', '"All time" (180d) is offered on a management station only.');
  }
  if (q.start !== undefined && q.end !== undefined && q.start > q.end) {
    throw invalid('query.end', 'endBeforeStart', 'The end of the range is before its start.');
  }
  const now = Date.now();
  // Up to the end of this second, as an explicit `end` reads: the same page asked for within one second is the same
  // read, which PGlite runs once for every caller waiting for it (server/db/queue.ts).
  const asked = queryRange(q, Math.floor(now / 1000) * 1000 + 999);
  // Events past the tenant's retention are never answered, deleted yet or not.
  const range = { startMs: Math.max(asked.startMs, await retentionSince(ctx.db, tenantId, now)), endMs: asked.endMs };
  const result = await whileWanted(ctx.reply, (signal) =>
    logStoreOf(ctx.db).logPage(ctx.db.heavy(signal), { tenantId, logType: type, range, query: q, limit: q.limit, after }),
  );
  return { ...result, events: result.events.map((e) => ({ ...e, event: viewEvent(view, type, e.event) })) };
}

const logKindImplementations = LOG_TYPES.flatMap((type) =>
  implementAll(logKindOps[type], {
    query: (ctx) => page(type, ctx),
    next: async (ctx) => {
      const cursor = decodeCursor(ctx.body.pagingIdentifiers);
      if (!cursor) throw invalid('pagingIdentifiers', 'invalid', 'Send the pagingIdentifiers of the previous answer unchanged.');
      return page(type, ctx, cursor);
    },
  }),
);

const categoryListImplementations = CATEGORY_LIST_NAMES.flatMap((name) =>
  implement(categoryListOps[name], async () => ({ name, categories: visibleCategories(categoryList(name)) })),
);

const otherImplementations = implementAll(logOps, {
  sandboxReport: async (ctx) => {
    const { tenantId } = requireCaller(ctx);
    const { sha256, file_id } = ctx.params;
    const report = await logStoreOf(ctx.db).sandbox(ctx.db, tenantId, sha256, file_id, await retentionSince(ctx.db, tenantId, Date.now()));
    if (!report) throw new HttpError(404, 'No sandbox report exists for this file.');
    ctx.reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', attachmentDisposition(`sandbox-report-${sha256.slice(0, 16)}-${file_id}.json`));
    return JSON.stringify(report, null, 2);
  },
});

export const logsModule: ServerModule = {
  name: 'logs',
  implementations: [...logKindImplementations, ...categoryListImplementations, ...otherImplementations],
  // The first page of every log kind over the last 7 days, as the log screens open.
  warmUp: async (db, tenantId) => {
    const range = queryRange({ interval: '7d' }, Date.now());
    for (const logType of LOG_TYPES) await logPage(db.heavy(), { tenantId, logType, range, query: {}, limit: LOG_PAGE_SIZE_DEFAULT });
  },
  onStart: async (db, _env, { registry, seed }) => {
    // Before seeding: on a first start there is nothing to compute yet, and the seed writes its own rollups.
    await syncRollups(db);
    const sizes = LOG_SEED_SIZES[seed];
    const now = Date.now();
    const ticker = seed === 'full' ? seedTicker() : undefined;
    const phases: SeedPhases = { events: 0, rollups: 0, blocks: 0, indexes: 0 };
    const outcomes = await seedLogs(
      db,
      await Promise.all(DEMO_TENANTS.map(async (t) => ({
        tenantId: t.id,
        kind: seed,
        plan: {
          tenantName: t.name,
          admins: t.users.map((u) => u.username),
          total: t.id === DEMO_TENANT_ID ? sizes.demo : sizes.other,
          now,
          days: LOG_SEED_DAYS,
          seed: LOG_SEED,
          // Each event's action is the one the tenant's published rules decide.
          policy: await generatorPolicy(db, t.id, registry),
        },
      }))),
      ticker?.update,
      phases,
    ).finally(() => ticker?.stop());
    if (seed === 'full' && outcomes.length) {
      const events = outcomes.reduce((a, o) => a + o.events, 0);
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.info(
        `Seeded ${events.toLocaleString('en')} log events in ${s(Date.now() - now)} ` +
          `(events ${s(phases.events)}, rollups ${s(phases.rollups)}, user blocks ${s(phases.blocks)}, indexes ${s(phases.indexes)}).`,
      );
    }
  },
};
