/**
 * Log calls (definitions/api/logs.ts): log pages per kind with keyset paging, category lists, sandbox reports; and
 * the seeding of every demo tenant's logs on the first start.
 */
import { MESSAGES } from '../../schemas/constants';
import { LOG_TYPES, visibleCategories, type CategoryListName, type LogPagingBody, type LogType, type SandboxReportParams } from '../../schemas/logs';
import type { Environment } from '../../schemas/access';
import { categoryList } from '../logs/catalog';
import { decodeCursor, type Cursor } from '../logs/cursor';
import { LOG_SEED, LOG_SEED_DAYS, LOG_SEED_SIZES, seedLogs } from '../logs/seed';
import { sandboxReport } from '../logs/sandbox';
import { logPage, queryRange } from '../logs/store';
import { DEMO_TENANT_ID, DEMO_TENANTS } from '../seed/demo';
import { HttpError, requireCaller, type Handler, type HandlerContext, type ServerModule } from '../types';

interface LogQuery {
  readonly start?: number;
  readonly end?: number;
  readonly interval?: string;
  readonly limit: number;
  readonly [filter: string]: unknown;
}

const invalid = (path: string, key: string, message: string) =>
  new HttpError(400, MESSAGES.validationFailed, { errors: [{ path, key, message }] });

const managementStation = (env: Environment) => env.deployment === 'on_prem' && env.appMode === 'management_station';

function page(type: LogType, paging: boolean): Handler {
  return async (ctx: HandlerContext<object, LogQuery, LogPagingBody | undefined>) => {
    const { tenantId } = requireCaller(ctx);
    const q = ctx.query;
    if (q.interval === '180d' && !managementStation(ctx.env)) {
      throw invalid('query.interval', 'managementStationOnly', '"All time" (180d) is offered on a management station only.');
    }
    if (q.start !== undefined && q.end !== undefined && q.start > q.end) {
      throw invalid('query.end', 'endBeforeStart', 'The end of the range is before its start.');
    }
    let after: Cursor | undefined;
    if (paging) {
      const cursor = decodeCursor(ctx.body!.pagingIdentifiers);
      if (!cursor) throw invalid('pagingIdentifiers', 'invalid', 'Send the pagingIdentifiers of the previous answer unchanged.');
      after = cursor;
    }
    return logPage(ctx.db, { tenantId, logType: type, range: queryRange(q, Date.now()), query: q, limit: q.limit, after });
  };
}

const handlers: Record<string, Handler> = {
  'logs.categories': async (ctx: HandlerContext<{ name: CategoryListName }>) => ({
    name: ctx.params.name,
    categories: visibleCategories(categoryList(ctx.params.name)),
  }),
  'logs.sandboxReport': async (ctx: HandlerContext<SandboxReportParams>) => {
    const { tenantId } = requireCaller(ctx);
    const { sha256, file_id } = ctx.params;
    const report = await sandboxReport(ctx.db, tenantId, sha256, file_id);
    if (!report) throw new HttpError(404, 'No sandbox report exists for this file.');
    ctx.reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="sandbox-report-${sha256.slice(0, 16)}-${file_id}.json"`);
    return JSON.stringify(report, null, 2);
  },
};
for (const type of LOG_TYPES) {
  handlers[`logs.${type}.query`] = page(type, false);
  handlers[`logs.${type}.next`] = page(type, true);
}

export const logsModule: ServerModule = {
  name: 'logs',
  handlers,
  onStart: async (db, _env, { seed }) => {
    const sizes = LOG_SEED_SIZES[seed];
    const now = Date.now();
    const outcomes = await seedLogs(
      db,
      DEMO_TENANTS.map((t) => ({
        tenantId: t.id,
        kind: seed,
        plan: {
          tenantName: t.name,
          admins: t.users.map((u) => u.username),
          total: t.id === DEMO_TENANT_ID ? sizes.demo : sizes.other,
          now,
          days: LOG_SEED_DAYS,
          seed: LOG_SEED,
        },
      })),
    );
    if (seed === 'full' && outcomes.length) {
      const events = outcomes.reduce((a, o) => a + o.events, 0);
      console.info(`Seeded ${events.toLocaleString('en')} log events in ${((Date.now() - now) / 1000).toFixed(1)} s.`);
    }
  },
};
