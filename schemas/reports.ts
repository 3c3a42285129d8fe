/**
 * Reporting (spec 001 §5, §7, §9; 000 §7 reports): the report catalogue, its filter parameters, the interval →
 * granularity / bins / expansion table, the drill-downs with the threat-evasion id rule, and the past, scheduled and
 * instant report documents. Pure data and functions; the server compiles the catalogue to SQL, screens to charts.
 */
import { z } from 'zod';
import { Frequency, labelledEnum } from './logEnums';
import {
  ISOLATE_ALIAS,
  LOG_FILTERS,
  UnixSeconds,
  filterParamSchema,
  isolateAsSafeview,
  type FilterSpec,
  type LogType,
} from './logs';
import { checked, isTimeZone } from './validators';

// ---- intervals (001 §9) -------------------------------------------------------------------------------------------

/** ISO 8601 durations the table uses. */
export const GRANULARITY_MS = {
  PT1M: 60_000,
  PT10M: 600_000,
  PT1H: 3_600_000,
  PT2H: 7_200_000,
  P1D: 86_400_000,
  P2D: 172_800_000,
} as const;
export const Granularity = z.enum(Object.keys(GRANULARITY_MS) as [keyof typeof GRANULARITY_MS, ...(keyof typeof GRANULARITY_MS)[]]);
export type Granularity = z.infer<typeof Granularity>;

export interface ReportIntervalInfo {
  readonly granularity: Granularity;
  readonly bins: number;
  /** Finer step the chart expands to; null where the spec does not show one. */
  readonly expansion: Granularity | null;
}

/** The interval mapping of 001 §9, verbatim. */
export const REPORT_INTERVALS = {
  '15m': { granularity: 'PT1M', bins: 15, expansion: null },
  '1h': { granularity: 'PT10M', bins: 60, expansion: 'PT1M' },
  '12h': { granularity: 'PT1H', bins: 12, expansion: null },
  '24h': { granularity: 'PT2H', bins: 24, expansion: 'PT1H' },
  '2d': { granularity: 'PT2H', bins: 48, expansion: null },
  '7d': { granularity: 'P1D', bins: 7, expansion: null },
  '30d': { granularity: 'P2D', bins: 30, expansion: 'P1D' },
} as const satisfies Record<string, ReportIntervalInfo>;
export type ReportIntervalName = keyof typeof REPORT_INTERVALS;
export const ReportInterval = z.enum(Object.keys(REPORT_INTERVALS) as [ReportIntervalName, ...ReportIntervalName[]]);

export const REPORT_INTERVAL_DEFAULT: ReportIntervalName = '30d';
export const REPORT_GRANULARITY_DEFAULT: Granularity = REPORT_INTERVALS[REPORT_INTERVAL_DEFAULT].granularity;
export const REPORT_LIMIT_DEFAULT = 50;
export const REPORT_LIMIT_MAX = 1000;

/** Interval lengths in ms, the same as the log intervals (30d is the spec's "about 2629743000"). */
export const REPORT_INTERVAL_MS: Readonly<Record<ReportIntervalName, number>> = {
  '15m': 900_000,
  '1h': 3_600_000,
  '12h': 43_200_000,
  '24h': 86_400_000,
  '2d': 172_800_000,
  '7d': 604_800_000,
  '30d': 2_629_743_000,
};

/**
 * The time buckets of a time-series report over [startMs, endMs]. Without an explicit granularity the range is cut
 * into the interval's `bins` equal buckets (for 1h, 24h and 30d that is the expansion step of the table: 1h / 60 =
 * PT1M, 24h / 24 = PT1H, 30d / 30 ≈ P1D). With an explicit granularity, one bucket per granularity step.
 */
export function seriesBuckets(
  interval: ReportIntervalName,
  startMs: number,
  endMs: number,
  granularity?: Granularity,
): { widthMs: number; count: number } {
  const span = Math.max(1, endMs - startMs + 1);
  if (granularity) {
    const widthMs = GRANULARITY_MS[granularity];
    return { widthMs, count: Math.ceil(span / widthMs) };
  }
  const { bins } = REPORT_INTERVALS[interval];
  return { widthMs: Math.ceil(span / bins), count: bins };
}

// ---- filter parameters (001 §7) -----------------------------------------------------------------------------------

/** Every reporting filter parameter, in the spec's order. */
export const REPORT_FILTER_PARAMS = [
  'pe_action',
  'userid',
  'domain',
  'cats',
  'webroot_cats',
  'top_level_risks',
  'group',
  'risk_score',
  'browser',
  'ua_type',
  'av_scan_result',
  'protocol',
  'casb_app_name',
  'casb_profile_type',
  'casb_cat_name',
  'vulnerable_servers',
  'heat_evasion_techniques',
  'file_type',
  'alert_sub_type',
  'lure_category',
  'is_casb',
  'is_casb_ddl',
  'user-agent',
] as const;
export type ReportFilterParam = (typeof REPORT_FILTER_PARAMS)[number];

/**
 * The reporting filters that apply to events of one log kind. `pe_action` filters the kind's own action field, and
 * wherever isolation ("safeview") is an action it also accepts "isolate".
 */
export function reportFilters(type: LogType): Partial<Record<ReportFilterParam, FilterSpec>> {
  const own = LOG_FILTERS[type] as Readonly<Record<string, FilterSpec>>;
  const out: Partial<Record<ReportFilterParam, FilterSpec>> = {};
  for (const param of REPORT_FILTER_PARAMS) {
    let spec = own[param] ?? (param === 'pe_action' ? own.action : undefined);
    if (!spec) continue;
    if (param === 'pe_action' && spec.values?.includes('safeview') && !spec.values.includes(ISOLATE_ALIAS)) {
      spec = { ...spec, values: [...spec.values, ISOLATE_ALIAS] };
    }
    out[param] = spec;
  }
  return out;
}

/** A filter value as the server applies it: "isolate" becomes "safeview" on action parameters (001 §5). */
export function reportFilterValue(param: string, value: string): string {
  return param === 'pe_action' ? isolateAsSafeview(value) : value;
}

// ---- the catalogue (001 §7) ---------------------------------------------------------------------------------------

export type ReportKind = 'top' | 'series' | 'heatmap' | 'evasion';
export type ReportMetric = 'count' | 'bytes' | 'users';

/** A fixed condition of a report: the field holds one of the values, none of them, or is present at all. */
export type ReportCondition =
  | { readonly field: string; readonly in: readonly string[] }
  | { readonly field: string; readonly notIn: readonly string[] }
  | { readonly field: string; readonly present: true };

export interface ReportSpec {
  readonly title: string;
  readonly logType: LogType;
  readonly kind: ReportKind;
  /** Field grouped by (`top`); fields joined by a space when several (browser and version). */
  readonly dimension?: string | readonly string[];
  /** The dimension is a list field (categories, risks): an event counts once for each of its values. */
  readonly listDimension?: true;
  /** Field whose value labels a key (a file's name for its hash). */
  readonly labelField?: string;
  /** Field that splits each time bucket of a `series`. */
  readonly splitBy?: string;
  readonly metric: ReportMetric;
  readonly where?: readonly ReportCondition[];
  /** Keys left out of a `top` (the v1 category list has no 85–88). */
  readonly excludeKeys?: readonly string[];
  /** A drill-down report: the filter parameter it must be given. */
  readonly requires?: ReportFilterParam;
}

/** Categories only in the cats_v2 list; the v1 reports leave them out. */
export const V2_ONLY_CATEGORY_IDS = ['85', '86', '87', '88'] as const;

const top = (
  title: string,
  logType: LogType,
  dimension: string | readonly string[],
  extra: Partial<ReportSpec> = {},
): ReportSpec => ({ title, logType, kind: 'top', dimension, metric: 'count', ...extra });
const series = (title: string, logType: LogType, extra: Partial<ReportSpec> = {}): ReportSpec => ({
  title,
  logType,
  kind: 'series',
  metric: 'count',
  ...extra,
});

const risky: ReportCondition = { field: 'risk_score', in: ['Y', 'R'] };
const casb: ReportCondition = { field: 'is_casb', in: ['true'] };
const heat: ReportCondition = { field: 'heat_evasion_techniques', present: true };
const scanned: ReportCondition = { field: 'av_scan_result', present: true };
const inGroup: ReportCondition = { field: 'group', present: true };

/** Every report served under /api/rep/v1/query/{report}. */
export const REPORTS = {
  // web: categories, users, domains, risks
  top_categories: top('Top categories', 'web', 'cats', { listDimension: true, excludeKeys: V2_ONLY_CATEGORY_IDS }),
  top_categories_v2: top('Top categories', 'web', 'cats', { listDimension: true }),
  top_users: top('Top users', 'web', 'userid'),
  top_domains: top('Top domains', 'web', 'domain'),
  risks_averted: top('Risks averted', 'web', 'threat_category', {
    where: [{ field: 'pe_action', in: ['block', 'safeview'] }, { field: 'threat_category', present: true }],
  }),
  action_summary: series('Action summary', 'web', { splitBy: 'pe_action' }),
  top_risks: top('Top risks', 'web', 'top_level_risks', { listDimension: true }),
  top_risk_sources: top('Top risk sources', 'web', 'domain', { where: [risky] }),
  top_risk_users: top('Top risky users', 'web', 'userid', { where: [risky] }),
  top_vulnerable_servers: top('Top vulnerable servers', 'web', 'vulnerable_servers', {
    where: [{ field: 'vulnerable_servers', present: true }],
  }),
  // Design note: not in the spec's list. The directory groups call (/api/rep/v1/query/groups, the Directory Groups
  // screen and the group suggestions of rule editors) answers each group's requests and active users; these two
  // reports are what it reads, so that it is served from rollups like every report, and they are listed in the
  // catalogue beside the top users.
  top_groups: top('Top directory groups', 'web', 'group', { where: [inGroup] }),
  group_users: top('Directory groups by users', 'web', 'group', { metric: 'users', where: [inGroup] }),
  // web: bandwidth
  top_bandwidth_users: top('Top bandwidth users', 'web', 'userid', { metric: 'bytes' }),
  top_bandwidth_domains: top('Top bandwidth domains', 'web', 'domain', { metric: 'bytes' }),
  top_bandwidth_categories: top('Top bandwidth categories', 'web', 'cats', {
    metric: 'bytes',
    listDimension: true,
    excludeKeys: V2_ONLY_CATEGORY_IDS,
  }),
  top_bandwidth_categories_v2: top('Top bandwidth categories', 'web', 'cats', { metric: 'bytes', listDimension: true }),
  // web: protocols, browsers, user agents
  top_protocols: top('Top protocols', 'web', 'protocol'),
  top_browsers: top('Top browsers', 'web', 'browser', { where: [{ field: 'ua_type', in: ['browser'] }] }),
  top_browser_versions: top('Top browser versions', 'web', ['browser', 'browser_version'], {
    where: [{ field: 'ua_type', in: ['browser'] }],
  }),
  top_non_browser_ua: top('Top non-browser user agents', 'web', 'user-agent', {
    where: [{ field: 'ua_type', notIn: ['browser'] }],
  }),
  top_ua_type: top('Top user-agent types', 'web', 'ua_type'),
  top_ua: top('Top user agents', 'web', 'user-agent'),
  // web: file scanning
  top_response_risks: top('Top response risks', 'web', 'response_risk', {
    where: [{ field: 'response_risk', present: true }],
  }),
  top_scan_results: top('Top scan results', 'web', 'av_scan_result', { where: [scanned] }),
  top_files: top('Top files', 'web', 'sha256', { labelField: 'file_name', where: [scanned] }),
  scan_heat: { title: 'File scans by day and hour', logType: 'web', kind: 'heatmap', metric: 'count', where: [scanned] },
  // web: highly evasive threats
  heat_summary: { title: 'Evasive threats', logType: 'web', kind: 'evasion', metric: 'count', where: [heat] },
  heat_techniques: top('Top evasion techniques', 'web', 'heat_evasion_techniques', { listDimension: true }),
  heat_lures: top('Top lures', 'web', 'lure_category', { where: [{ field: 'lure_category', present: true }] }),
  heat_users: top('Users facing evasive threats', 'web', 'userid', { where: [heat] }),
  heat_domains: top('Domains with evasive threats', 'web', 'domain', { where: [heat] }),
  heat_timeline: series('Evasive threats over time', 'web', { where: [heat] }),
  // web: cloud applications
  casb_top_apps: top('Top cloud applications', 'web', 'casb_app_name', { where: [casb] }),
  casb_top_categories: top('Top cloud application categories', 'web', 'casb_cat_name', { where: [casb] }),
  casb_profile_types: top('Cloud applications by profile', 'web', 'casb_profile_type', { where: [casb] }),
  casb_top_users: top('Top cloud application users', 'web', 'userid', { where: [casb] }),
  casb_app_users: top('Cloud applications by users', 'web', 'casb_app_name', { metric: 'users', where: [casb] }),
  casb_bandwidth_apps: top('Cloud applications by bandwidth', 'web', 'casb_app_name', { metric: 'bytes', where: [casb] }),
  casb_unsanctioned_apps: top('Top unsanctioned applications', 'web', 'casb_app_name', {
    where: [casb, { field: 'casb_profile_type', in: ['unsanctioned'] }],
  }),
  casb_ddl_apps: top('Top applications (DDL)', 'web', 'casb_app_name', { where: [{ field: 'is_casb_ddl', in: ['true'] }] }),
  casb_timeline: series('Cloud application use over time', 'web', { splitBy: 'casb_profile_type', where: [casb] }),
  // drill-downs (001 §2)
  top_category_domains: top('Top domains of a category', 'web', 'domain', { requires: 'cats' }),
  top_user_domains: top('Top domains of a user', 'web', 'domain', { requires: 'userid' }),
  top_alert_type_users: top('Top users of an alert type', 'dlp', 'userid', { requires: 'alert_sub_type' }),
  // DLP
  dlp_top_users: top('Top DLP users', 'dlp', 'userid'),
  dlp_top_rules: top('Top DLP rules', 'dlp', 'rule_name'),
  dlp_actions: top('DLP actions', 'dlp', 'action'),
  dlp_top_domains: top('Top DLP destinations', 'dlp', 'domain'),
  dlp_alert_types: top('Top alert types', 'dlp', 'alert_sub_type'),
  dlp_sub_event_types: top('DLP events by channel', 'dlp', 'sub_event_type'),
  dlp_top_apps: top('Top DLP applications', 'dlp', 'casb_app_name', { where: [{ field: 'casb_app_name', present: true }] }),
  dlp_timeline: series('DLP events over time', 'dlp', { splitBy: 'action' }),
  // firewall
  fwaas_actions: top('Firewall actions', 'fwaas_logs', 'action'),
  fwaas_request_types: top('Firewall request types', 'fwaas_logs', 'request_type'),
  fwaas_top_sources: top('Top firewall sources', 'fwaas_logs', 'src_ip'),
  fwaas_top_destinations: top('Top firewall destinations', 'fwaas_logs', 'dst_ip'),
  fwaas_top_ports: top('Top destination ports', 'fwaas_logs', 'dst_port'),
  fwaas_top_applications: top('Top firewall applications', 'fwaas_logs', 'application'),
  fwaas_top_rules: top('Top firewall rules', 'fwaas_logs', 'rule_name'),
  fwaas_top_users: top('Top firewall users', 'fwaas_logs', 'userid'),
  fwaas_top_countries: top('Top destination countries', 'fwaas_logs', 'country'),
  fwaas_bandwidth_users: top('Top firewall bandwidth users', 'fwaas_logs', 'userid', { metric: 'bytes' }),
  fwaas_timeline: series('Firewall events over time', 'fwaas_logs', { splitBy: 'action' }),
  // email: SMTP
  smtp_by_date: series('Messages by date', 'email', { splitBy: 'smtp_action' }),
  smtp_size_by_date: series('Mail volume by date', 'email', { metric: 'bytes' }),
  smtp_actions: top('SMTP actions', 'email', 'smtp_action'),
  smtp_reasons: top('SMTP reasons', 'email', 'reason'),
  smtp_top_senders: top('Top SMTP senders', 'email', 'sender'),
  smtp_top_recipients: top('Top SMTP recipients', 'email', 'recipient'),
  smtp_top_sender_domains: top('Top sending domains', 'email', 'domain'),
  // email: protection
  emails_rewritten: series('Emails with links rewritten', 'email', { where: [{ field: 'action', in: ['rewrite'] }] }),
  top_actions_email: top('Email actions', 'email', 'action'),
  top_threats_email: top('Top email threats', 'email', 'threat_category', {
    where: [{ field: 'threat_category', present: true }],
  }),
  top_lures_email: top('Top email lures', 'email', 'lure_category', { where: [{ field: 'lure_category', present: true }] }),
  top_attachments_email: top('Top attachment types', 'email', 'file_type', { where: [{ field: 'file_type', present: true }] }),
  top_scan_results_email: top('Attachment scan results', 'email', 'av_scan_result', { where: [scanned] }),
  top_recipients_email: top('Most targeted recipients', 'email', 'recipient', { where: [risky] }),
  top_senders_email: top('Top risky senders', 'email', 'sender', { where: [risky] }),
  // secure application access
  saa_top_applications: top('Top private applications', 'saa_logs', 'application'),
  saa_top_users: top('Top private application users', 'saa_logs', 'userid'),
  saa_actions: top('Private access actions', 'saa_logs', 'action'),
  saa_timeline: series('Private access over time', 'saa_logs', { splitBy: 'action' }),
} as const satisfies Record<string, ReportSpec>;
export type ReportName = keyof typeof REPORTS;
export const REPORT_NAMES = Object.keys(REPORTS) as [ReportName, ...ReportName[]];
export const ReportNameSchema = z.enum(REPORT_NAMES);

/** The catalogue entry of a report, with its type widened. */
export const reportSpec = (name: ReportName): ReportSpec => REPORTS[name];

// ---- drill-downs (001 §2, §5) -------------------------------------------------------------------------------------

export interface DrillDown {
  /** Report a click on a datum opens. */
  readonly report: ReportName;
  /** Filter parameter the datum's key is sent as; for `threatEvasion` the datum's id names it. */
  readonly param: ReportFilterParam | 'threatEvasion';
}

/** Where a click on a datum leads: top categories → domains, users → domains, alert types → users, evasion → logs. */
export const DRILL_DOWNS: Partial<Record<ReportName, DrillDown>> = {
  top_categories: { report: 'top_category_domains', param: 'cats' },
  top_categories_v2: { report: 'top_category_domains', param: 'cats' },
  top_users: { report: 'top_user_domains', param: 'userid' },
  dlp_alert_types: { report: 'top_alert_type_users', param: 'alert_sub_type' },
  heat_summary: { report: 'heat_users', param: 'threatEvasion' },
};

/**
 * The filter a threat-evasion category id drills into (001 §5): the id is split on its dash into the parameter and
 * the value, and the value's underscores become plus signs, the form encoding of the spaces the value carries
 * ("lure_category-Fake_Login_Page" → lure_category, "Fake+Login+Page"). Throws when the id has no dash.
 */
export function threatEvasionDrillDown(id: string): { param: string; value: string } {
  const dash = id.indexOf('-');
  if (dash <= 0 || dash === id.length - 1) throw new Error(`Not a threat-evasion category id: ${id}`);
  return { param: id.slice(0, dash), value: id.slice(dash + 1).replace(/_/g, '+') };
}

/** The id of a threat-evasion datum, the inverse of `threatEvasionDrillDown`. */
export function threatEvasionId(param: string, value: string): string {
  return `${param}-${value.replace(/ /g, '_')}`;
}

// ---- the dashboard an administrator arranges -----------------------------------------------------------------------

/** Most charts one dashboard holds. */
export const DASHBOARD_WIDGETS_MAX = 24;

/**
 * A user's dashboard: the reports drawn on it, in order. Drill-down reports need a datum to open and are left out;
 * each report is on it once.
 */
export const DashboardLayout = z.strictObject({
  widgets: z
    .array(
      ReportNameSchema.refine((name) => !reportSpec(name).requires, {
        message: 'This report opens from a chart; add the chart it opens from.',
        params: { key: 'drillDownReport' },
      }),
    )
    .max(DASHBOARD_WIDGETS_MAX)
    .refine((l) => new Set(l).size === l.length, { message: 'Each chart can be on the dashboard once.', params: { key: 'duplicateWidget' } })
    .meta({ title: 'Charts', description: 'Report names, in the order the dashboard draws them' }),
});
export type DashboardLayout = z.infer<typeof DashboardLayout>;

// ---- the report query and answer ----------------------------------------------------------------------------------

const TimeZone = z.string().max(64).refine(isTimeZone, { message: 'Use an IANA time zone such as Europe/Berlin.' });

function reportFilterShape(name: ReportName) {
  const spec = reportSpec(name);
  return Object.fromEntries(
    Object.entries(reportFilters(spec.logType)).map(([param, filter]) => [param, filterParamSchema(filter, param, spec.requires === param)]),
  );
}

/** Query of GET /api/rep/v1/query/{report}. */
export function reportQuerySchema(name: ReportName) {
  return z.strictObject({
    start: UnixSeconds.optional().meta({ description: 'Unix seconds; with end, overrides the interval' }),
    end: UnixSeconds.optional().meta({ description: 'Unix seconds, inclusive' }),
    limit: z.coerce.number().int().min(1).max(REPORT_LIMIT_MAX).default(REPORT_LIMIT_DEFAULT),
    interval: ReportInterval.default(REPORT_INTERVAL_DEFAULT),
    granularity: Granularity.optional().meta({ description: 'Time step of a series; default: the interval’s bins' }),
    timezone: TimeZone.optional().meta({ description: 'Day buckets start at midnight here (series, heat map)' }),
    ...reportFilterShape(name),
  });
}
export type ReportQuery = z.infer<ReturnType<typeof reportQuerySchema>>;

const ReportMeta = {
  report: ReportNameSchema,
  title: z.string(),
  start: z.number().int().meta({ description: 'Unix seconds' }),
  end: z.number().int().meta({ description: 'Unix seconds' }),
  interval: ReportInterval,
  granularity: Granularity,
  bins: z.number().int(),
  expansion: Granularity.nullable(),
  metric: z.enum(['count', 'bytes', 'users']),
  total: z.number().meta({ description: 'The metric over every matching event' }),
};

export const TopDatum = z.object({
  key: z.string(),
  label: z.string().optional(),
  /** Drill-down id (threat-evasion data). */
  id: z.string().optional(),
  value: z.number(),
});
export type TopDatum = z.infer<typeof TopDatum>;

export const SeriesPoint = z.object({
  ts: z.number().int().meta({ description: 'Bucket start, unix seconds' }),
  value: z.number(),
  split: z.record(z.string(), z.number()).optional(),
});
export type SeriesPoint = z.infer<typeof SeriesPoint>;

export const HeatCell = z.object({
  day: z.number().int().min(0).max(6).meta({ description: '0 = Sunday' }),
  hour: z.number().int().min(0).max(23),
  value: z.number(),
});

export const ReportResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('top'), ...ReportMeta, data: z.array(TopDatum) }),
  z.object({ kind: z.literal('evasion'), ...ReportMeta, data: z.array(TopDatum) }),
  z.object({ kind: z.literal('series'), ...ReportMeta, series: z.array(SeriesPoint) }),
  z.object({ kind: z.literal('heatmap'), ...ReportMeta, cells: z.array(HeatCell) }),
]);
export type ReportResult = z.infer<typeof ReportResult>;

// ---- insights (001 §7) --------------------------------------------------------------------------------------------

export const INSIGHTS_SOURCE_LABELS = { web: 'Web activity', bandwidth: 'Bandwidth' } as const;
export const InsightsSource = labelledEnum(INSIGHTS_SOURCE_LABELS);

export const InsightsQuery = z.strictObject({
  q: z.string().trim().min(1).max(200).meta({ description: 'Text looked for in users, domains and categories' }),
  src: InsightsSource.default('web'),
  start: UnixSeconds.optional(),
  end: UnixSeconds.optional(),
  interval: ReportInterval.default(REPORT_INTERVAL_DEFAULT),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type InsightsQuery = z.infer<typeof InsightsQuery>;

export const InsightsMatch = z.object({
  field: z.enum(['userid', 'domain', 'cats']),
  key: z.string(),
  label: z.string(),
  value: z.number().meta({ description: 'Events (web) or bytes (bandwidth)' }),
  drillDown: z.object({ logType: z.literal('web'), param: z.string(), value: z.string() }),
});
export const InsightsResult = z.object({
  q: z.string(),
  src: InsightsSource,
  start: z.number().int(),
  end: z.number().int(),
  total: z.number(),
  matches: z.array(InsightsMatch),
  series: z.array(SeriesPoint),
});
export type InsightsResult = z.infer<typeof InsightsResult>;

// ---- past, scheduled and instant reports (000 §7) -----------------------------------------------------------------

/** Filters of a stored report: reporting parameter → value as typed (the §5 rules apply when it runs). */
export const StoredReportFilters = z
  .partialRecord(z.enum(REPORT_FILTER_PARAMS), z.string().max(2048))
  .default({})
  .meta({ description: 'Reporting filters; + or , separate values, all means none' });

const ReportTitle = z.string().trim().min(1).max(200).meta({ title: 'Name' });

export const ScheduledReport = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/).meta({ title: 'Id' }),
  name: ReportTitle,
  reports: z.array(ReportNameSchema).min(1).max(50).meta({ title: 'Reports' }),
  interval: ReportInterval.default(REPORT_INTERVAL_DEFAULT).meta({ title: 'Interval' }),
  frequency: Frequency.meta({ title: 'Frequency' }),
  recipients: z.array(checked('invalidEmail', z.string().min(1).max(254))).max(50).default([]).meta({ title: 'Recipients' }),
  filters: StoredReportFilters,
  limit: z.number().int().min(1).max(REPORT_LIMIT_MAX).default(REPORT_LIMIT_DEFAULT),
  enabled: z.boolean().default(true).meta({ title: 'Enabled' }),
});
export type ScheduledReport = z.infer<typeof ScheduledReport>;

export const ScheduledReportsDocument = z.strictObject({
  list: z
    .array(ScheduledReport)
    .max(100)
    .refine((l) => new Set(l.map((r) => r.id)).size === l.length, { message: 'Each scheduled report needs its own id.' }),
});
export type ScheduledReportsDocument = z.infer<typeof ScheduledReportsDocument>;

export const InstantReportRequest = z.strictObject({
  name: ReportTitle,
  reports: z.array(ReportNameSchema).min(1).max(50),
  interval: ReportInterval.default(REPORT_INTERVAL_DEFAULT),
  start: UnixSeconds.optional(),
  end: UnixSeconds.optional(),
  filters: StoredReportFilters,
  limit: z.number().int().min(1).max(REPORT_LIMIT_MAX).default(REPORT_LIMIT_DEFAULT),
});
export type InstantReportRequest = z.infer<typeof InstantReportRequest>;

export const PastReport = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(['instant', 'scheduled']),
  schedule_id: z.string().nullable(),
  created_at: z.iso.datetime(),
  created_by: z.string(),
  start: z.number().int().meta({ description: 'Unix seconds' }),
  end: z.number().int().meta({ description: 'Unix seconds' }),
  interval: ReportInterval,
  reports: z.array(ReportNameSchema),
  file_name: z.string(),
  size: z.number().int().meta({ description: 'Bytes of the file' }),
});
export type PastReport = z.infer<typeof PastReport>;

export const PastReportsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export const PastReportsList = z.object({
  reports: z.array(PastReport),
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
});
export const PastReportParams = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });
