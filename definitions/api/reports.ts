/**
 * Reporting calls (spec 001 §7, 000 §7 reports): one GET per report of the catalogue under /api/rep/v1/query, the
 * insights query, and past, scheduled and instant reports.
 *
 * Access: reading a report needs the dashboard or the reports area (`dashboard:read` or `reports:read`); changing
 * schedules or running an instant report needs write on one of them. Past, scheduled and instant reports also need
 * the tenant's `reports` feature.
 */
import { z } from 'zod';
import { SettingsStamp } from '../../schemas/policy';
import {
  DRILL_DOWNS,
  DashboardLayout,
  InsightsQuery,
  InsightsResult,
  InstantReportRequest,
  PastReport,
  PastReportParams,
  PastReportsList,
  PastReportsQuery,
  REPORT_NAMES,
  ReportResult,
  ScheduledReportsDocument,
  reportQuerySchema,
  reportSpec,
  type ReportName,
} from '../../schemas/reports';
import { defineOperation, idSegment, type OperationDef } from '../operation';

const tag = 'reports';
export const REPORT_READ = { any: ['dashboard:read', 'reports:read'] } as const;
export const REPORT_WRITE = { any: ['dashboard:write', 'reports:write'] } as const;

function describeReport(name: ReportName): string {
  const spec = reportSpec(name);
  const parts = [
    `A ${spec.kind === 'top' ? 'top-N' : spec.kind} report over ${spec.logType} events (metric: ${spec.metric}).`,
    'start and end are unix seconds; without them the interval (default 30d) ends now. Granularity and bins follow ' +
      'the interval table of spec 001 §9. Filter values follow the log filter rules; pe_action "isolate" is sent as "safeview".',
  ];
  if (spec.requires) parts.push(`A drill-down: ${spec.requires} is required.`);
  const dd = DRILL_DOWNS[name];
  if (dd) {
    parts.push(
      dd.param === 'threatEvasion'
        ? `Each datum's id drills down: split on the dash into parameter and value, underscores as plus signs (spec 001 §5).`
        : `A datum drills into ${dd.report} with ${dd.param} = its key.`,
    );
  }
  return parts.join(' ');
}

const reportQueryOperation = (name: ReportName) =>
  defineOperation({
    id: `reports.${idSegment(name)}`,
    method: 'GET',
    path: `/api/rep/v1/query/${name}`,
    summary: reportSpec(name).title,
    description: describeReport(name),
    query: reportQuerySchema(name),
    response: ReportResult,
    access: REPORT_READ,
    tag,
  });
/** The query operation of a report, typed alike for every report. */
export type ReportQueryOp = ReturnType<typeof reportQueryOperation>;

/** A report view widget's report: its name and its query operation. */
export const reportWidget = <const N extends ReportName>(report: N) => ({ report, operation: reportQueryOps[report] }) as const;

/** The query operation of each report of the catalogue, by report name. */
export const reportQueryOps = Object.fromEntries(REPORT_NAMES.map((name) => [name, reportQueryOperation(name)])) as Readonly<
  Record<ReportName, ReportQueryOp>
>;

export const insights = defineOperation({
  id: 'reports.insights',
  method: 'GET',
  path: '/api/insights/v1/q',
  summary: 'Users, domains and categories whose name contains q, by events (src=web) or bytes (src=bandwidth)',
  query: InsightsQuery,
  response: InsightsResult,
  access: REPORT_READ,
  env: [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], appModes: ['management_station'] }],
  tag,
});

export const pastReports = defineOperation({
  id: 'reports.past.list',
  method: 'GET',
  path: '/api/reports/v1/past_reports',
  summary: 'Past reports, newest first; schedules that are due are run first',
  query: PastReportsQuery,
  response: PastReportsList,
  access: REPORT_READ,
  feature: 'reports',
  tag,
});

export const pastReportDownload = defineOperation({
  id: 'reports.past.download',
  method: 'GET',
  path: '/api/reports/v1/past_reports/{id}',
  summary: 'Download a past report (CSV file)',
  params: PastReportParams,
  response: z.string(),
  responseKind: 'binary',
  access: REPORT_READ,
  feature: 'reports',
  tag,
});

const ScheduledEnvelope = ScheduledReportsDocument.extend(SettingsStamp.shape);

export const scheduledReports = defineOperation({
  id: 'reports.scheduled.get',
  method: 'GET',
  path: '/api/reports/v1/scheduled_reports',
  summary: 'The scheduled reports, with the stamp a save sends back',
  response: ScheduledEnvelope,
  access: REPORT_READ,
  feature: 'reports',
  tag,
});

export const saveScheduledReports = defineOperation({
  id: 'reports.scheduled.save',
  method: 'PUT',
  path: '/api/reports/v1/scheduled_reports',
  summary: 'Save the scheduled reports; a stale updated_at gets 409 with the stored list',
  body: ScheduledEnvelope,
  response: ScheduledEnvelope,
  access: REPORT_WRITE,
  feature: 'reports',
  tag,
});

export const instantReport = defineOperation({
  id: 'reports.instant',
  method: 'PUT',
  path: '/api/reports/v1/instant_reports',
  summary: 'Run reports now and file them as a past report',
  body: InstantReportRequest,
  response: PastReport,
  access: REPORT_WRITE,
  feature: 'reports',
  tag,
});

const LayoutEnvelope = DashboardLayout.extend(SettingsStamp.shape);

export const dashboardLayout = defineOperation({
  id: 'reports.dashboard.get',
  method: 'GET',
  path: '/api/reports/v1/dashboard_layout',
  summary: "The caller's own dashboard: the charts on it in order, with the stamp a save sends back (the default charts until first saved)",
  response: LayoutEnvelope,
  access: REPORT_READ,
  tag,
});

export const saveDashboardLayout = defineOperation({
  id: 'reports.dashboard.save',
  method: 'PUT',
  path: '/api/reports/v1/dashboard_layout',
  summary: "Save the caller's own dashboard; a stale updated_at gets 409 with the stored layout",
  description: 'Each user arranges their own dashboard, so reading the dashboard is enough to change it.',
  body: LayoutEnvelope,
  response: LayoutEnvelope,
  access: REPORT_READ,
  tag,
});

/** The group server/modules/reports.ts implements besides the report queries. */
export const reportOps = {
  insights,
  pastReports,
  pastReportDownload,
  scheduledReports,
  saveScheduledReports,
  instantReport,
  dashboardLayout,
  saveDashboardLayout,
} as const;

export const reportOperations: readonly OperationDef[] = [...Object.values(reportQueryOps), ...Object.values(reportOps)];
