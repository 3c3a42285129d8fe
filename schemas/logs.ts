/**
 * Log events, their filters and the log query contract (spec 000 §3 log event result, §4 log loading, §5 filter
 * rules; 001 §7 logs and policy access). The same filter rules run in the browser (building the request) and on the
 * server (applying it), so both live here as pure functions.
 */
import { z } from 'zod';
import {
  AlertSubType,
  AUDIT_ACTION_LABELS,
  AUDIT_KIND_LABELS,
  AuditKindChoice,
  AuditResult,
  AvScanResult,
  CasbProfileType,
  DlpAction,
  EmailAction,
  EmailReason,
  EmailSmtpAction,
  FileDecrypted,
  FirewallAction,
  FirewallRequestType,
  HeatEvasionTechnique,
  InspectionAction,
  InspectionType,
  LogInterval,
  LureCategory,
  Risk,
  SaaAction,
  SubEventType,
  ThreatCategory,
  TopLevelRisk,
  UaType,
  WebAction,
  labelledEnum,
} from './logEnums';

/** The log kinds; each is also a permission sub-area of `logs` (spec 000 §6). */
export const LOG_TYPE_LABELS = {
  web: 'Web',
  email: 'Email',
  audit: 'Audit',
  dlp: 'DLP',
  fwaas_logs: 'Firewall',
  saa_logs: 'Secure Application Access',
} as const;
export const LogType = labelledEnum(LOG_TYPE_LABELS);
export type LogType = z.infer<typeof LogType>;
export const LOG_TYPES = LogType.options;

// ---- events -------------------------------------------------------------------------------------------------------

/** Every event: when (ISO 8601, UTC, millisecond precision) and who. */
const EventBase = z.object({
  timestamp: z.iso.datetime().meta({ title: 'Time' }),
  userid: z.string().meta({ title: 'User' }),
});

const FileFields = {
  file_name: z.string().optional().meta({ title: 'File name' }),
  file_type: z.string().optional().meta({ title: 'File type' }),
  file_size: z.number().int().nonnegative().optional().meta({ title: 'File size' }),
  sha256: z.string().optional().meta({ title: 'SHA-256' }),
  file_id: z.string().optional().meta({ title: 'File id', description: 'Sandbox report key, with sha256' }),
  av_scan_result: AvScanResult.optional().meta({ title: 'Scan result' }),
  file_decrypted: FileDecrypted.optional().meta({ title: 'File decrypted' }),
  sandbox: z.boolean().optional().meta({ title: 'Sandbox report available' }),
};

/** The rule that decided an event's action, as `<area id>/<list id>/<rule id>`; absent when no rule matched. */
const DecidedBy = z
  .string()
  .max(200)
  .optional()
  .meta({ title: 'Deciding rule', description: 'The policy rule that decided the action: area, list and rule id (e.g. web.exceptions/list/ex-3)' });

export const WebEvent = EventBase.extend({
  group: z.string().meta({ title: 'Group' }),
  src_ip: z.string().meta({ title: 'Source IP' }),
  country: z.string().meta({ title: 'Country', description: 'ISO 3166 code of the destination server' }),
  domain: z.string().meta({ title: 'Domain' }),
  url: z.string().meta({ title: 'URL' }),
  method: z.string().meta({ title: 'Method' }),
  status: z.number().int().meta({ title: 'HTTP status' }),
  protocol: z.string().meta({ title: 'Protocol' }),
  cats: z.array(z.string()).meta({ title: 'Categories', description: 'Category ids of the cats_v2 list' }),
  webroot_cats: z.array(z.string()).meta({ title: 'Category groups', description: 'Ids of the webroot_cats list' }),
  pe_action: WebAction.meta({ title: 'Action' }),
  rule_name: z.string().meta({ title: 'Rule' }),
  decided_by: DecidedBy,
  risk_score: Risk.meta({ title: 'Risk' }),
  top_level_risks: z.array(TopLevelRisk).meta({ title: 'Risks' }),
  threat_category: ThreatCategory.optional().meta({ title: 'Threat category' }),
  browser: z.string().meta({ title: 'Browser' }),
  browser_version: z.string().meta({ title: 'Browser version' }),
  ua_type: UaType.meta({ title: 'User-agent type' }),
  'user-agent': z.string().meta({ title: 'User agent' }),
  bytes: z.number().int().nonnegative().meta({ title: 'Bytes' }),
  is_casb: z.boolean().meta({ title: 'Cloud application' }),
  is_casb_ddl: z.boolean().meta({ title: 'Cloud application (DDL)' }),
  casb_app_name: z.string().optional().meta({ title: 'Application' }),
  casb_profile_type: CasbProfileType.optional().meta({ title: 'Application profile' }),
  casb_cat_name: z.string().optional().meta({ title: 'Application category' }),
  vulnerable_servers: z.string().optional().meta({ title: 'Vulnerable server' }),
  heat_evasion_techniques: z.array(HeatEvasionTechnique).optional().meta({ title: 'Evasion techniques' }),
  lure_category: LureCategory.optional().meta({ title: 'Lure' }),
  response_risk: z.string().optional().meta({ title: 'Response risk' }),
  inspection_type: InspectionType.optional().meta({ title: 'Inspection type' }),
  inspection_action: InspectionAction.optional().meta({ title: 'Inspection action' }),
  ...FileFields,
});
export type WebEvent = z.infer<typeof WebEvent>;

export const EmailEvent = EventBase.extend({
  sender: z.string().meta({ title: 'Sender' }),
  recipient: z.string().meta({ title: 'Recipient' }),
  domain: z.string().meta({ title: 'Sender domain' }),
  subject: z.string().meta({ title: 'Subject' }),
  message_id: z.string().meta({ title: 'Message id' }),
  src_ip: z.string().meta({ title: 'Sending server' }),
  country: z.string().meta({ title: 'Country' }),
  action: EmailAction.meta({ title: 'Action' }),
  smtp_action: EmailSmtpAction.meta({ title: 'SMTP action' }),
  reason: EmailReason.meta({ title: 'Reason' }),
  risk_score: Risk.meta({ title: 'Risk' }),
  size: z.number().int().nonnegative().meta({ title: 'Size' }),
  attachments: z.number().int().nonnegative().meta({ title: 'Attachments' }),
  urls: z.number().int().nonnegative().meta({ title: 'Links' }),
  urls_rewritten: z.number().int().nonnegative().meta({ title: 'Links rewritten' }),
  threat_category: ThreatCategory.optional().meta({ title: 'Threat category' }),
  lure_category: LureCategory.optional().meta({ title: 'Lure' }),
  heat_evasion_techniques: z.array(HeatEvasionTechnique).optional().meta({ title: 'Evasion techniques' }),
  ...FileFields,
});
export type EmailEvent = z.infer<typeof EmailEvent>;

/** The shape `recordAudit` writes (server/audit.ts), so seeded and real admin actions read alike. */
export const AuditEvent = z.object({
  timestamp: z.iso.datetime().meta({ title: 'Time' }),
  user: z.string().meta({ title: 'Administrator' }),
  tenant: z.string().meta({ title: 'Tenant' }),
  action: z.string().meta({ title: 'Action', 'x-enum-labels': AUDIT_ACTION_LABELS }),
  result: AuditResult.meta({ title: 'Result' }),
  ip: z.string().meta({ title: 'Source IP' }),
  area: z.string().optional().meta({ title: 'Area' }),
  rev_id: z.number().int().optional().meta({ title: 'Revision' }),
  details: z.string().optional().meta({ title: 'Details' }),
  kind: AuditKindChoice.optional().meta({ title: 'Kind', 'x-enum-labels': AUDIT_KIND_LABELS }),
  changes: z
    .array(z.object({ field: z.string(), before: z.string(), after: z.string() }))
    .optional()
    .meta({ title: 'What changed', description: 'Field by field, the value before and after a role or user change' }),
  diff: z
    .object({ before: z.record(z.string(), z.unknown()), after: z.record(z.string(), z.unknown()) })
    .optional()
    .meta({ title: 'What changed', description: "A save: the document's fields it changed, each with its whole value before and after" }),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const DlpEvent = EventBase.extend({
  group: z.string().meta({ title: 'Group' }),
  src_ip: z.string().meta({ title: 'Source IP' }),
  domain: z.string().meta({ title: 'Domain' }),
  url: z.string().meta({ title: 'URL' }),
  action: DlpAction.meta({ title: 'Action' }),
  sub_event_type: SubEventType.meta({ title: 'Event' }),
  rule_name: z.string().meta({ title: 'Rule' }),
  dictionary: z.string().meta({ title: 'Dictionary' }),
  alert_sub_type: AlertSubType.meta({ title: 'Alert type' }),
  match_count: z.number().int().positive().meta({ title: 'Matches' }),
  risk_score: Risk.meta({ title: 'Severity' }),
  casb_app_name: z.string().optional().meta({ title: 'Application' }),
  file_name: z.string().optional().meta({ title: 'File name' }),
  file_type: z.string().optional().meta({ title: 'File type' }),
});
export type DlpEvent = z.infer<typeof DlpEvent>;

export const FirewallEvent = EventBase.extend({
  group: z.string().meta({ title: 'Group' }),
  src_ip: z.string().meta({ title: 'Source IP' }),
  src_port: z.number().int().meta({ title: 'Source port' }),
  dst_ip: z.string().meta({ title: 'Destination IP' }),
  dst_port: z.number().int().meta({ title: 'Destination port' }),
  protocol: z.string().meta({ title: 'Protocol' }),
  application: z.string().meta({ title: 'Application' }),
  action: FirewallAction.meta({ title: 'Action' }),
  request_type: FirewallRequestType.meta({ title: 'Request type' }),
  rule_name: z.string().meta({ title: 'Rule' }),
  decided_by: DecidedBy,
  country: z.string().meta({ title: 'Country' }),
  bytes: z.number().int().nonnegative().meta({ title: 'Bytes' }),
  duration_ms: z.number().int().nonnegative().meta({ title: 'Duration (ms)' }),
});
export type FirewallEvent = z.infer<typeof FirewallEvent>;

export const SaaEvent = EventBase.extend({
  group: z.string().meta({ title: 'Group' }),
  src_ip: z.string().meta({ title: 'Source IP' }),
  application: z.string().meta({ title: 'Application' }),
  app_host: z.string().meta({ title: 'Application host' }),
  protocol: z.string().meta({ title: 'Protocol' }),
  action: SaaAction.meta({ title: 'Action' }),
  device: z.string().meta({ title: 'Device' }),
  posture: z.enum(['compliant', 'non_compliant']).meta({ title: 'Device posture' }),
  country: z.string().meta({ title: 'Country' }),
  bytes: z.number().int().nonnegative().meta({ title: 'Bytes' }),
  duration_ms: z.number().int().nonnegative().meta({ title: 'Duration (ms)' }),
});
export type SaaEvent = z.infer<typeof SaaEvent>;

export const LOG_EVENT_SCHEMAS = {
  web: WebEvent,
  email: EmailEvent,
  audit: AuditEvent,
  dlp: DlpEvent,
  fwaas_logs: FirewallEvent,
  saa_logs: SaaEvent,
} as const satisfies Record<LogType, z.ZodObject>;
export type LogEventOf<T extends LogType> = z.infer<(typeof LOG_EVENT_SCHEMAS)[T]>;

// ---- filters ------------------------------------------------------------------------------------------------------

/**
 * How a filter matches: `text` compares the field with any of the values, `array` matches when the field (a list)
 * holds any of the values, `bool` compares with "true" / "false".
 */
export type FilterKind = 'text' | 'array' | 'bool';
export interface FilterSpec {
  /** Field of the event the parameter filters on. */
  readonly field: string;
  readonly kind: FilterKind;
  readonly label: string;
  /** Values the parameter accepts, besides "all". */
  readonly values?: readonly string[];
}

const text = (field: string, label: string, values?: readonly string[]): FilterSpec => ({
  field,
  kind: 'text',
  label,
  ...(values ? { values } : {}),
});
const list = (field: string, label: string, values?: readonly string[]): FilterSpec => ({
  field,
  kind: 'array',
  label,
  ...(values ? { values } : {}),
});
const bool = (field: string, label: string): FilterSpec => ({ field, kind: 'bool', label, values: ['true', 'false'] });

/** The UI's name for isolation; the API's is "safeview" (001 §5). Accepted in every action filter of web events. */
export const ISOLATE_ALIAS = 'isolate';

/** Filter parameters of each log kind: parameter name → event field. */
export const LOG_FILTERS = {
  web: {
    pe_action: text('pe_action', 'Action', [...WebAction.options, ISOLATE_ALIAS]),
    userid: text('userid', 'User'),
    group: text('group', 'Group'),
    domain: text('domain', 'Domain'),
    src_ip: text('src_ip', 'Source IP'),
    country: text('country', 'Country'),
    cats: list('cats', 'Category'),
    webroot_cats: list('webroot_cats', 'Category group'),
    top_level_risks: list('top_level_risks', 'Risk', TopLevelRisk.options),
    risk_score: text('risk_score', 'Risk level', Risk.options),
    threat_category: text('threat_category', 'Threat category', ThreatCategory.options),
    browser: text('browser', 'Browser'),
    ua_type: text('ua_type', 'User-agent type', UaType.options),
    'user-agent': text('user-agent', 'User agent'),
    protocol: text('protocol', 'Protocol'),
    av_scan_result: text('av_scan_result', 'Scan result', AvScanResult.options),
    file_type: text('file_type', 'File type'),
    file_decrypted: text('file_decrypted', 'File decrypted', FileDecrypted.options),
    sha256: text('sha256', 'SHA-256'),
    inspection_action: text('inspection_action', 'Inspection action', InspectionAction.options),
    is_casb: bool('is_casb', 'Cloud application'),
    is_casb_ddl: bool('is_casb_ddl', 'Cloud application (DDL)'),
    casb_app_name: text('casb_app_name', 'Application'),
    casb_profile_type: text('casb_profile_type', 'Application profile', CasbProfileType.options),
    casb_cat_name: text('casb_cat_name', 'Application category'),
    vulnerable_servers: text('vulnerable_servers', 'Vulnerable server'),
    heat_evasion_techniques: list('heat_evasion_techniques', 'Evasion technique', HeatEvasionTechnique.options),
    lure_category: text('lure_category', 'Lure', LureCategory.options),
  },
  email: {
    action: text('action', 'Action', EmailAction.options),
    smtp_action: text('smtp_action', 'SMTP action', EmailSmtpAction.options),
    reason: text('reason', 'Reason', EmailReason.options),
    userid: text('userid', 'User'),
    sender: text('sender', 'Sender'),
    recipient: text('recipient', 'Recipient'),
    domain: text('domain', 'Sender domain'),
    country: text('country', 'Country'),
    risk_score: text('risk_score', 'Risk level', Risk.options),
    threat_category: text('threat_category', 'Threat category', ThreatCategory.options),
    av_scan_result: text('av_scan_result', 'Scan result', AvScanResult.options),
    file_type: text('file_type', 'File type'),
    file_decrypted: text('file_decrypted', 'File decrypted', FileDecrypted.options),
    sha256: text('sha256', 'SHA-256'),
    lure_category: text('lure_category', 'Lure', LureCategory.options),
    heat_evasion_techniques: list('heat_evasion_techniques', 'Evasion technique', HeatEvasionTechnique.options),
  },
  audit: {
    kind: text('kind', 'Kind', AuditKindChoice.options),
    action: text('action', 'Action'),
    result: text('result', 'Result', AuditResult.options),
    userid: text('user', 'Administrator'),
    src_ip: text('ip', 'Source IP'),
    area: text('area', 'Area'),
  },
  dlp: {
    action: text('action', 'Action', DlpAction.options),
    sub_event_type: text('sub_event_type', 'Event', SubEventType.options),
    alert_sub_type: text('alert_sub_type', 'Alert type', AlertSubType.options),
    userid: text('userid', 'User'),
    group: text('group', 'Group'),
    domain: text('domain', 'Domain'),
    rule_name: text('rule_name', 'Rule'),
    dictionary: text('dictionary', 'Dictionary'),
    risk_score: text('risk_score', 'Severity', Risk.options),
    casb_app_name: text('casb_app_name', 'Application'),
    file_type: text('file_type', 'File type'),
  },
  fwaas_logs: {
    action: text('action', 'Action', FirewallAction.options),
    request_type: text('request_type', 'Request type', FirewallRequestType.options),
    userid: text('userid', 'User'),
    group: text('group', 'Group'),
    src_ip: text('src_ip', 'Source IP'),
    dst_ip: text('dst_ip', 'Destination IP'),
    dst_port: text('dst_port', 'Destination port'),
    protocol: text('protocol', 'Protocol'),
    application: text('application', 'Application'),
    rule_name: text('rule_name', 'Rule'),
    country: text('country', 'Country'),
  },
  saa_logs: {
    action: text('action', 'Action', SaaAction.options),
    userid: text('userid', 'User'),
    group: text('group', 'Group'),
    application: text('application', 'Application'),
    protocol: text('protocol', 'Protocol'),
    device: text('device', 'Device'),
    posture: text('posture', 'Device posture', ['compliant', 'non_compliant']),
    country: text('country', 'Country'),
  },
} as const satisfies Record<LogType, Record<string, FilterSpec>>;

/** Name of an action filter that accepts the "isolate" alias. */
export const ACTION_FILTER_PARAMS: ReadonlySet<string> = new Set(['pe_action']);

export const ALL_VALUES = 'all';

/**
 * The filter rules of spec 000 §5 for one parameter: the values of a repeated parameter, each further split on `+`
 * and `,`, trimmed, empties dropped. Returns null when no filter applies: no values left, or any value is "all".
 * A `+` here is a literal plus, as it stands in a decoded query value; a form-encoded `+` is a space and is kept.
 */
export function filterValues(raw: string | readonly string[] | undefined | null): string[] | null {
  if (raw === undefined || raw === null) return null;
  const values = (typeof raw === 'string' ? [raw] : raw)
    .flatMap((v) => v.split(/[+,]/))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (values.length === 0 || values.includes(ALL_VALUES)) return null;
  return [...new Set(values)];
}

/** "isolate" is sent as "safeview" (001 §5). */
export function isolateAsSafeview(value: string): string {
  return value === ISOLATE_ALIAS ? 'safeview' : value;
}

/**
 * Exclusions, this product's extension (spec 000 §5 has none): each filter parameter `p` of a log query has a twin
 * `not_p` with the same values and rules, which drops the events whose field equals any of them (a list field: holds
 * any of them). An event without the field is kept. Log queries only; reports take no exclusion.
 */
export const EXCLUDE_PREFIX = 'not_';

/** The exclusion parameter of a filter parameter: `cats` → `not_cats`. */
export const excludeParam = (param: string): string => `${EXCLUDE_PREFIX}${param}`;

/** The filter parameter an exclusion parameter excludes by (`not_cats` → `cats`), else undefined. */
export function excludedParam(key: string): string | undefined {
  return key.startsWith(EXCLUDE_PREFIX) && key.length > EXCLUDE_PREFIX.length ? key.slice(EXCLUDE_PREFIX.length) : undefined;
}

/**
 * The query pairs a client sends for a set of filters (and exclusions, `not_p`): empty values dropped, "all" dropped,
 * `+`/`,`-joined values sent as repeated parameters, and the action value "isolate" sent as "safeview".
 */
export function filterQueryPairs(
  filters: Readonly<Record<string, string | readonly string[] | undefined | null>>,
): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [param, raw] of Object.entries(filters)) {
    const values = filterValues(raw);
    if (!values) continue;
    const action = ACTION_FILTER_PARAMS.has(excludedParam(param) ?? param);
    for (const v of values) pairs.push([param, action ? isolateAsSafeview(v) : v]);
  }
  return pairs;
}

/** A filter parameter as it arrives: once, or repeated. */
export const FilterParam = z.union([z.string().max(2048), z.array(z.string().max(2048)).max(100)]);

/**
 * The zod field of a filter parameter: a value or repeated values, each (after the §5 rules) one of the spec's values
 * when it lists them, which the JSON Schema shows as the first alternative. A required parameter (a drill-down's)
 * must leave a value after the rules.
 */
export function filterParamSchema(spec: FilterSpec, param: string, required = false) {
  return filterValuesSchema(spec, param, required).meta({ title: spec.label, description: `Filters on ${spec.field}; + or , separate values` });
}

function filterValuesSchema(spec: FilterSpec, param: string, required: boolean) {
  const allowed = spec.values;
  const raw: z.ZodType<string | string[]> = allowed
    ? z.union([z.enum([...allowed, ALL_VALUES] as string[] as [string, ...string[]]), ...FilterParam.options])
    : FilterParam;
  let checked: z.ZodType<string | string[] | undefined> = required ? raw : raw.optional();
  if (allowed) {
    checked = checked.refine((v) => (filterValues(v) ?? []).every((x) => allowed.includes(x)), {
      message: `Use ${allowed.join(', ')} or all.`,
    });
  }
  if (required) checked = checked.refine((v) => filterValues(v) !== null, { message: `A value for ${param} is required.` });
  return checked;
}

/** The zod field of an exclusion (`not_p`, see EXCLUDE_PREFIX): the values and rules of its filter `p`. */
export function exclusionParamSchema(spec: FilterSpec, param: string) {
  return filterValuesSchema(spec, excludeParam(param), false).meta({
    title: `${spec.label} is not`,
    description:
      `This product's extension, not in the specification: leaves out events whose ${spec.field} ` +
      `${spec.kind === 'array' ? 'holds' : 'is'} any of these values (the values and rules of ${param}; + or , separate values); ` +
      `events without ${spec.field} are kept`,
  });
}

/** The filter parameters of a set of specs, as zod fields. */
export function filterShape(specs: Readonly<Record<string, FilterSpec>>) {
  return Object.fromEntries(Object.entries(specs).map(([param, spec]) => [param, filterParamSchema(spec, param)]));
}

/** The exclusion parameters (`not_p`) of a set of specs, as zod fields. */
export function exclusionShape(specs: Readonly<Record<string, FilterSpec>>) {
  return Object.fromEntries(Object.entries(specs).map(([param, spec]) => [excludeParam(param), exclusionParamSchema(spec, param)]));
}

// ---- the log query ------------------------------------------------------------------------------------------------

export const LOG_PAGE_SIZE_DEFAULT = 100;
export const LOG_PAGE_SIZE_MAX = 1000;

/** Unix seconds (001 §7). */
export const UnixSeconds = z.coerce.number().int().min(0).max(4_102_444_800);

const LogRange = {
  start: UnixSeconds.optional().meta({ description: 'First second of the range (unix seconds, inclusive)' }),
  end: UnixSeconds.optional().meta({ description: 'Last second of the range (unix seconds, inclusive)' }),
  interval: LogInterval.optional().meta({
    description: 'Used when start or end is missing: the range ending now (default 7d), or a month as YYYY-MM',
  }),
  limit: z.coerce.number().int().min(1).max(LOG_PAGE_SIZE_MAX).default(LOG_PAGE_SIZE_DEFAULT),
};

/** Query of GET (and of the paging POST) /api/rep/v1/query/{logType}: the range, the filters and their exclusions. */
export function logQuerySchema(type: LogType) {
  return z.strictObject({ ...LogRange, ...filterShape(LOG_FILTERS[type]), ...exclusionShape(LOG_FILTERS[type]) });
}
export type LogQuery = z.infer<ReturnType<typeof logQuerySchema>>;

/** Body of the paging POST: the pagingIdentifiers of the previous answer, unchanged. */
export const LogPagingBody = z.strictObject({
  pagingIdentifiers: z.string().min(1).max(512).meta({ description: 'Opaque; from the previous answer' }),
});
export type LogPagingBody = z.infer<typeof LogPagingBody>;

/** Answer of a log query: events newest first, and where the next page starts. */
export function logResultSchema<E extends z.ZodObject>(event: E) {
  return z.object({
    events: z.array(z.object({ event })),
    paginate: z.object({
      pagingIdentifiers: z.string().meta({
        description: 'Opaque position after the last event; POST it for the next page. Empty when there are no events.',
      }),
      last_iteration: z.boolean().meta({ description: 'True when no events follow this page' }),
    }),
  });
}
export const LogResult = logResultSchema(z.looseObject({ timestamp: z.string() }));
export type LogResult = z.infer<typeof LogResult>;

// ---- categories (GET /api/policy/v1/{name}) -----------------------------------------------------------------------

export const Category = z.object({ label: z.string(), value: z.string() });
export type Category = z.infer<typeof Category>;

/** The category hidden from every list (spec 000 §3). */
export const HIDDEN_CATEGORY_LABEL = 'Private Access';

/** The lists a log view needs to label and filter its values. */
export const CATEGORY_LIST_LABELS = {
  cats: 'Web categories',
  cats_v2: 'Web categories (with 85 to 88)',
  webroot_cats: 'Category groups',
  country_codes: 'Countries',
} as const;
export const CategoryListName = labelledEnum(CATEGORY_LIST_LABELS);
export type CategoryListName = z.infer<typeof CategoryListName>;

export const CategoryList = z.object({ name: CategoryListName, categories: z.array(Category) });
export type CategoryList = z.infer<typeof CategoryList>;

/** Drops the hidden category. */
export function visibleCategories(categories: readonly Category[]): Category[] {
  return categories.filter((c) => c.label !== HIDDEN_CATEGORY_LABEL);
}

// ---- sandbox report (001 §7) --------------------------------------------------------------------------------------

export const SandboxReportParams = z.strictObject({
  sha256: z.string().length(64).regex(/^[0-9a-f]{64}$/, 'A SHA-256 is 64 lower-case hex digits.'),
  file_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A file id is 1 to 64 letters, digits, - or _.'),
});
export type SandboxReportParams = z.infer<typeof SandboxReportParams>;
