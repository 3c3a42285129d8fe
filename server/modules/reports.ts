/** Reporting calls (definitions/api/reports.ts): the report catalogue, insights, and past, scheduled and instant reports. */
import { MESSAGES } from '../../schemas/constants';
import {
  REPORT_NAMES,
  type InsightsQuery,
  type InstantReportRequest,
  type ReportName,
} from '../../schemas/reports';
import { recordAudit } from '../audit';
import { runInsights } from '../logs/insights';
import {
  generatePastReport,
  listPastReports,
  pastReportFile,
  readSchedules,
  runDueSchedules,
  saveSchedules,
  type ScheduledEnvelope,
} from '../logs/pastReports';
import { runReport, type ReportParams } from '../logs/reports';
import { HttpError, requireCaller, type Handler, type HandlerContext, type ServerModule } from '../types';

function report(name: ReportName): Handler {
  return async (ctx: HandlerContext<object, ReportParams>) => {
    const { tenantId } = requireCaller(ctx);
    const { start, end } = ctx.query;
    if (start !== undefined && end !== undefined && start > end) {
      throw new HttpError(400, MESSAGES.validationFailed, {
        errors: [{ path: 'query.end', key: 'endBeforeStart', message: 'The end of the range is before its start.' }],
      });
    }
    return runReport(ctx.db, tenantId, name, ctx.query, Date.now());
  };
}

const handlers: Record<string, Handler> = {
  'reports.insights': async (ctx: HandlerContext<object, InsightsQuery>) =>
    runInsights(ctx.db, requireCaller(ctx).tenantId, ctx.query, Date.now()),

  'reports.past.list': async (ctx: HandlerContext<object, { limit: number; offset: number }>) => {
    const { tenantId } = requireCaller(ctx);
    await runDueSchedules(ctx.db, tenantId, Date.now());
    return listPastReports(ctx.db, tenantId, ctx.query.limit, ctx.query.offset);
  },

  'reports.past.download': async (ctx: HandlerContext<{ id: string }>) => {
    const { tenantId } = requireCaller(ctx);
    await runDueSchedules(ctx.db, tenantId, Date.now());
    const file = await pastReportFile(ctx.db, tenantId, ctx.params.id);
    if (!file) throw new HttpError(404, `Past report ${ctx.params.id} does not exist.`);
    ctx.reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`);
    return file.content;
  },

  'reports.scheduled.get': async (ctx) => readSchedules(ctx.db, requireCaller(ctx).tenantId),

  'reports.scheduled.save': async (ctx: HandlerContext<object, object, ScheduledEnvelope>) => {
    const caller = requireCaller(ctx);
    const saved = await saveSchedules(ctx.db, caller.tenantId, ctx.body, caller.user.username, Date.now());
    await recordAudit(ctx.db, caller.tenantId, {
      action: 'save',
      user: caller.user.username,
      tenant: caller.user.tenant_name,
      area: 'reports.scheduled',
      result: 'success',
      ip: ctx.request.ip,
    });
    return saved;
  },

  'reports.instant': async (ctx: HandlerContext<object, object, InstantReportRequest>) => {
    const caller = requireCaller(ctx);
    if (ctx.body.start !== undefined && ctx.body.end !== undefined && ctx.body.start > ctx.body.end) {
      throw new HttpError(400, MESSAGES.validationFailed, {
        errors: [{ path: 'end', key: 'endBeforeStart', message: 'The end of the range is before its start.' }],
      });
    }
    return generatePastReport(
      ctx.db,
      caller.tenantId,
      { ...ctx.body, source: 'instant', scheduleId: null, createdBy: caller.user.username },
      Date.now(),
    );
  },
};
for (const name of REPORT_NAMES) handlers[`reports.${name}`] = report(name);

export const reportsModule: ServerModule = { name: 'reports', handlers };
