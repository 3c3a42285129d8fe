/** Reporting calls (definitions/api/reports.ts): the report catalogue, insights, and past, scheduled and instant reports. */
import { reportOps, reportQueryOps } from '../../definitions/api/reports';
import { dashboard } from '../../definitions/reports/dashboard';
import { MESSAGES } from '../../schemas/constants';
import { REPORT_NAMES, reportSpec } from '../../schemas/reports';
import { recordAudit } from '../audit';
import { readLayout, saveLayout } from '../logs/dashboardLayout';
import {
  generatePastReport,
  listPastReports,
  pastReportFile,
  readSchedules,
  runDueSchedules,
  saveSchedules,
} from '../logs/pastReports';
import { logStoreOf } from '../logs/logStores';
import { retentionSince } from '../logs/retention';
import { whileWanted } from '../logs/requestSignal';
import { hidesUsers, logReadViewOf, refuseHiddenFilters, refuseHiddenReportFilters, viewTop } from '../logs/readView';
import { HttpError, implement, implementAll, requireCaller, type ServerModule } from '../types';
import { attachmentDisposition } from '../attachment';

/** The charts of a dashboard its user has not arranged: the definition's. */
const DEFAULT_WIDGETS = dashboard.widgets.map((w) => w.report);

const reportQueries = REPORT_NAMES.map((name) =>
  implement(reportQueryOps[name], async (ctx) => {
    const { tenantId, user } = requireCaller(ctx);
    const { start, end } = ctx.query;
    if (start !== undefined && end !== undefined && start > end) {
      throw new HttpError(400, MESSAGES.validationFailed, {
        errors: [{ path: 'query.end', key: 'endBeforeStart', message: 'The end of the range is before its start.' }],
      });
    }
    const spec = reportSpec(name);
    // What this caller's reads hide or pseudonymise (server/logs/readView.ts); a drill-down is a report with a filter.
    const view = await logReadViewOf(ctx.db, tenantId, user.capabilities);
    refuseHiddenFilters(view, spec.logType, ctx.query);
    const now = Date.now();
    const sinceMs = await retentionSince(ctx.db, tenantId, now);
    const result = await whileWanted(ctx.reply, (signal) => logStoreOf(ctx.db).report(ctx.db.heavy(signal), tenantId, name, ctx.query, now, { sinceMs }));
    return viewTop(view, spec, result);
  }),
);

const otherImplementations = implementAll(reportOps, {
  insights: async (ctx) => {
    const { tenantId, user } = requireCaller(ctx);
    const now = Date.now();
    const sinceMs = await retentionSince(ctx.db, tenantId, now);
    // Restricted or anonymised, user names are neither searched nor answered.
    const hideUsers = hidesUsers(await logReadViewOf(ctx.db, tenantId, user.capabilities));
    return whileWanted(ctx.reply, (signal) => logStoreOf(ctx.db).insights(ctx.db.heavy(signal), tenantId, ctx.query, now, hideUsers, sinceMs));
  },

  pastReports: async (ctx) => {
    const { tenantId, user } = requireCaller(ctx);
    await runDueSchedules(ctx.db, tenantId, Date.now(), await logReadViewOf(ctx.db, tenantId, user.capabilities));
    return listPastReports(ctx.db, tenantId, ctx.query.limit, ctx.query.offset);
  },

  pastReportDownload: async (ctx) => {
    const { tenantId, user } = requireCaller(ctx);
    const view = await logReadViewOf(ctx.db, tenantId, user.capabilities);
    await runDueSchedules(ctx.db, tenantId, Date.now(), view);
    // Anonymised user names apply as the file is read: a file made while names were shown answers pseudonyms too.
    const file = await pastReportFile(ctx.db, tenantId, ctx.params.id, view);
    if (!file) throw new HttpError(404, `Past report ${ctx.params.id} does not exist.`);
    ctx.reply.type('text/csv; charset=utf-8').header('content-disposition', attachmentDisposition(file.fileName));
    return file.content;
  },

  scheduledReports: async (ctx) => readSchedules(ctx.db, requireCaller(ctx).tenantId),

  saveScheduledReports: async (ctx) => {
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

  dashboardLayout: async (ctx) => {
    const { tenantId, user } = requireCaller(ctx);
    return readLayout(ctx.db, tenantId, user.uid, user.username, DEFAULT_WIDGETS);
  },

  saveDashboardLayout: async (ctx) => {
    const { tenantId, user } = requireCaller(ctx);
    return saveLayout(ctx.db, tenantId, user.uid, user.username, ctx.body, DEFAULT_WIDGETS, Date.now());
  },

  instantReport: async (ctx) => {
    const caller = requireCaller(ctx);
    if (ctx.body.start !== undefined && ctx.body.end !== undefined && ctx.body.start > ctx.body.end) {
      throw new HttpError(400, MESSAGES.validationFailed, {
        errors: [{ path: 'end', key: 'endBeforeStart', message: 'The end of the range is before its start.' }],
      });
    }
    const view = await logReadViewOf(ctx.db, caller.tenantId, caller.user.capabilities);
    refuseHiddenReportFilters(view, ctx.body.filters);
    return generatePastReport(
      ctx.db,
      caller.tenantId,
      { ...ctx.body, source: 'instant', scheduleId: null, createdBy: caller.user.username },
      Date.now(),
      view,
    );
  },
});

export const reportsModule: ServerModule = { name: 'reports', implementations: [...reportQueries, ...otherImplementations] };
