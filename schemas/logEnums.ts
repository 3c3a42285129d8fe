/**
 * Log value enumerations (spec 000 §3) with their display labels, the badge colours the log views use, and the log
 * intervals (spec 000 §9). Where the spec lists a few values "and others", the rest are the values such a gateway
 * logs; they are marked below. Pure data and pure functions: no React, no Node.
 */
import { z } from 'zod';

/** A value → label table. */
export type Labels<V extends string = string> = Readonly<Record<V, string>>;

/** A zod enum of the table's keys; the labels travel in the JSON Schema as `x-enum-labels`. */
export function labelledEnum<const V extends string>(labels: Labels<V>, description?: string) {
  const values = Object.keys(labels) as [V, ...V[]];
  return z.enum(values).meta({ 'x-enum-labels': labels, ...(description ? { description } : {}) });
}

/** The label of a value, or the value itself when the table does not know it (logs outlive enumerations). */
export function labelOf<V extends string>(labels: Labels<V>, value: string): string {
  return (labels as Readonly<Record<string, string>>)[value] ?? value;
}

// ---- colours ------------------------------------------------------------------------------------------------------

export const COLOUR_LABELS = { blue: 'Blue', gray: 'Gray', green: 'Green', orange: 'Orange', red: 'Red' } as const;
export const Colour = labelledEnum(COLOUR_LABELS, 'Badge colour of a log value');
export type Colour = z.infer<typeof Colour>;

// ---- audit --------------------------------------------------------------------------------------------------------

/**
 * Audit actions: login, logout, tfa, ssh, publish and rollback are the spec's; save is what the server records for a
 * document save; the rest are the other admin actions. The server may record actions newer than this table.
 */
export const AUDIT_ACTION_LABELS = {
  login: 'Login',
  logout: 'Logout',
  tfa: 'Two-factor authentication',
  ssh: 'SSH session',
  publish: 'Publish',
  rollback: 'Rollback',
  save: 'Save',
  password_change: 'Password change',
  user_create: 'User created',
  user_update: 'User updated',
  user_delete: 'User deleted',
  role_update: 'Role updated',
  api_token_create: 'API token created',
  api_token_delete: 'API token deleted',
  api_token_update: 'API token changed',
  api_token_use: 'API token used',
  log_export: 'Log export',
  log_ingest: 'Log ingestion',
  ingestion_token_create: 'Ingestion token created',
  ingestion_token_delete: 'Ingestion token revoked',
} as const;
export const AuditAction = labelledEnum(AUDIT_ACTION_LABELS);
export type AuditAction = z.infer<typeof AuditAction>;

/**
 * What an audit event is about, for the audit log's "Kind" filter: a sign-in and a failed one are the same action
 * (login) with another result, and the user and token actions each fall under one kind.
 */
export const AUDIT_KIND_LABELS = {
  sign_in: 'Sign-in',
  failed_sign_in: 'Failed sign-in',
  sign_out: 'Sign-out',
  save: 'Save',
  publish: 'Publish',
  rollback: 'Rollback',
  role_change: 'Role change',
  user_change: 'User change',
  token_use: 'API token use',
  token_change: 'API token change',
  other: 'Other',
} as const;
export type AuditKind = keyof typeof AUDIT_KIND_LABELS;
export const AuditKindChoice = labelledEnum(AUDIT_KIND_LABELS);

const KIND_OF_ACTION: Readonly<Record<string, AuditKind>> = {
  logout: 'sign_out',
  save: 'save',
  publish: 'publish',
  rollback: 'rollback',
  role_update: 'role_change',
  user_create: 'user_change',
  user_update: 'user_change',
  user_delete: 'user_change',
  password_change: 'user_change',
  api_token_use: 'token_use',
  api_token_create: 'token_change',
  api_token_delete: 'token_change',
  api_token_update: 'token_change',
};

/** The kind of an audit event, from its action and result (a failed login or second factor is a failed sign-in). */
export function auditKind(action: string, result: string): AuditKind {
  if (action === 'login' || action === 'tfa') return result === 'success' ? 'sign_in' : 'failed_sign_in';
  return KIND_OF_ACTION[action] ?? 'other';
}

export const AUDIT_RESULT_LABELS = { success: 'Success', failure: 'Failure' } as const;
export const AuditResult = labelledEnum(AUDIT_RESULT_LABELS);

// ---- web ----------------------------------------------------------------------------------------------------------

export const CASB_PROFILE_TYPE_LABELS = {
  sanctioned: 'Sanctioned',
  unclassified: 'Unclassified',
  unsanctioned: 'Unsanctioned',
} as const;
export const CasbProfileType = labelledEnum(CASB_PROFILE_TYPE_LABELS);
export type CasbProfileType = z.infer<typeof CasbProfileType>;

/**
 * Web (policy engine) action. allow, block, bypass, disable, direct and safeview are the spec's; readonly, warn and
 * redirect are the other outcomes of an isolation gateway. "safeview" is isolation, which screens call "Isolate".
 */
export const WEB_ACTION_LABELS = {
  allow: 'Allow',
  block: 'Block',
  bypass: 'Bypass',
  disable: 'Disable',
  direct: 'Direct',
  safeview: 'Isolate',
  readonly: 'Read-only',
  warn: 'Warn',
  redirect: 'Redirect',
} as const;
export const WebAction = labelledEnum(WEB_ACTION_LABELS);
export type WebAction = z.infer<typeof WebAction>;
export const WEB_ACTION_COLOURS: Readonly<Record<WebAction, Colour>> = {
  allow: 'green',
  block: 'red',
  bypass: 'gray',
  disable: 'gray',
  direct: 'gray',
  safeview: 'blue',
  readonly: 'blue',
  warn: 'orange',
  redirect: 'orange',
};

/** DLP action; allow means the content was not inspected. */
export const DLP_ACTION_LABELS = { allow: 'Skip Inspection', block: 'Block', log: 'Log' } as const;
export const DlpAction = labelledEnum(DLP_ACTION_LABELS);
export type DlpAction = z.infer<typeof DlpAction>;
export const DLP_ACTION_COLOURS: Readonly<Record<DlpAction, Colour>> = { allow: 'gray', block: 'red', log: 'orange' };

// ---- email (values not shown in the spec: the outcomes of a secure email gateway) ---------------------------------

export const EMAIL_ACTION_LABELS = {
  deliver: 'Delivered',
  rewrite: 'Delivered with links rewritten',
  safeview: 'Attachments isolated',
  quarantine: 'Quarantined',
  block: 'Blocked',
} as const;
export const EmailAction = labelledEnum(EMAIL_ACTION_LABELS);
export type EmailAction = z.infer<typeof EmailAction>;
export const EMAIL_ACTION_COLOURS: Readonly<Record<EmailAction, Colour>> = {
  deliver: 'green',
  rewrite: 'blue',
  safeview: 'blue',
  quarantine: 'orange',
  block: 'red',
};

export const EMAIL_SMTP_ACTION_LABELS = {
  accept: 'Accept',
  reject: 'Reject',
  tempfail: 'Temporary failure',
  discard: 'Discard',
  relay: 'Relay',
} as const;
export const EmailSmtpAction = labelledEnum(EMAIL_SMTP_ACTION_LABELS);
export type EmailSmtpAction = z.infer<typeof EmailSmtpAction>;

export const EMAIL_REASON_LABELS = {
  clean: 'Clean',
  malware: 'Malware detected',
  phishing: 'Phishing detected',
  spam: 'Spam',
  spoofing: 'Sender spoofing',
  dmarc_fail: 'DMARC failure',
  sender_blocklist: 'Sender on block list',
  attachment_policy: 'Attachment policy',
  url_rewritten: 'Links rewritten',
  size_limit: 'Message too large',
} as const;
export const EmailReason = labelledEnum(EMAIL_REASON_LABELS);
export type EmailReason = z.infer<typeof EmailReason>;

// ---- files and content inspection ---------------------------------------------------------------------------------

export const FILE_DECRYPTED_LABELS = { error: 'Error', success: 'Success', wrong_password: 'Wrong password' } as const;
export const FileDecrypted = labelledEnum(FILE_DECRYPTED_LABELS);
export type FileDecrypted = z.infer<typeof FileDecrypted>;

export const INSPECTION_ACTION_LABELS = { allow: 'Mark as Clean', block: 'Mark as Infected', inspect: 'Inspect' } as const;
export const InspectionAction = labelledEnum(INSPECTION_ACTION_LABELS);
export type InspectionAction = z.infer<typeof InspectionAction>;

export const INSPECTION_TYPE_LABELS = { file: 'File', hash: 'Hash', document: 'Document' } as const;
export const InspectionType = labelledEnum(INSPECTION_TYPE_LABELS);
export type InspectionType = z.infer<typeof InspectionType>;

/** Anti-virus / sandbox verdict of a scanned file (values not shown in the spec). */
export const AV_SCAN_RESULT_LABELS = {
  clean: 'Clean',
  malicious: 'Malicious',
  suspicious: 'Suspicious',
  encrypted: 'Encrypted',
  unscannable: 'Unscannable',
  error: 'Scan error',
} as const;
export const AvScanResult = labelledEnum(AV_SCAN_RESULT_LABELS);
export type AvScanResult = z.infer<typeof AvScanResult>;

// ---- firewall -----------------------------------------------------------------------------------------------------

export const FIREWALL_ACTION_LABELS = { allow: 'Allow', drop: 'Drop', proxy: 'Proxy', reject: 'Reject' } as const;
export const FirewallAction = labelledEnum(FIREWALL_ACTION_LABELS);
export type FirewallAction = z.infer<typeof FirewallAction>;
export const FIREWALL_ACTION_COLOURS: Readonly<Record<FirewallAction, Colour>> = {
  allow: 'green',
  drop: 'red',
  proxy: 'blue',
  reject: 'orange',
};

export const FIREWALL_REQUEST_TYPE_LABELS = { private_access: 'Private Access', internet: 'Internet' } as const;
export const FirewallRequestType = labelledEnum(FIREWALL_REQUEST_TYPE_LABELS);
export type FirewallRequestType = z.infer<typeof FirewallRequestType>;

/** Secure application access outcome (values not shown in the spec). */
export const SAA_ACTION_LABELS = { allow: 'Allow', block: 'Block', auth_required: 'Authentication required' } as const;
export const SaaAction = labelledEnum(SAA_ACTION_LABELS);
export type SaaAction = z.infer<typeof SaaAction>;

// ---- frequency, risk, threats -------------------------------------------------------------------------------------

/** Report frequency options (spec 000 §9). */
export const FREQUENCY_LABELS = { '5m': '5 minutes', '30m': '30 minutes', '1h': '1 hour', '1d': '1 day' } as const;
export const Frequency = labelledEnum(FREQUENCY_LABELS);
export type Frequency = z.infer<typeof Frequency>;
export const FREQUENCY_MS: Readonly<Record<Frequency, number>> = {
  '5m': 300_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

export const RISK_LABELS = { G: 'Low', Y: 'Medium', R: 'High' } as const;
export const Risk = labelledEnum(RISK_LABELS);
export type Risk = z.infer<typeof Risk>;
export const RISK_COLOURS: Readonly<Record<Risk, Colour>> = { G: 'green', Y: 'orange', R: 'red' };

/** Threat categories: botnet, c&c, malware and phishing are the spec's; the rest are the usual threat feeds. */
export const THREAT_CATEGORY_LABELS = {
  botnet: 'Botnet',
  'c&c': 'Command and control',
  malware: 'Malware',
  phishing: 'Phishing',
  ransomware: 'Ransomware',
  spyware: 'Spyware',
  cryptomining: 'Cryptomining',
  exploit: 'Exploit kit',
  spam: 'Spam URLs',
  proxy_avoidance: 'Proxy avoidance',
} as const;
export const ThreatCategory = labelledEnum(THREAT_CATEGORY_LABELS);
export type ThreatCategory = z.infer<typeof ThreatCategory>;

/** Top-level risk of a site (the policy's risk list, 001 §7 `top_level_risks`). */
export const TOP_LEVEL_RISK_LABELS = {
  'Vulnerable Service': 'Vulnerable Service',
  'Newly Registered Domain': 'Newly Registered Domain',
  'Suspicious TLD': 'Suspicious TLD',
  Uncategorized: 'Uncategorized',
  'High Risk Category': 'High Risk Category',
  'Known Threat': 'Known Threat',
} as const;
export const TopLevelRisk = labelledEnum(TOP_LEVEL_RISK_LABELS);
export type TopLevelRisk = z.infer<typeof TopLevelRisk>;

/** Highly evasive threat techniques (001 §7 `heat_evasion_techniques`); values carry spaces, never `-` or `_`. */
export const HEAT_EVASION_TECHNIQUE_LABELS = {
  'HTML Smuggling': 'HTML Smuggling',
  'Password Protected Files': 'Password Protected Files',
  'Dynamic Content': 'Dynamic Content',
  'Legitimate Site Abuse': 'Legitimate Site Abuse',
  'URL Obfuscation': 'URL Obfuscation',
  'Captcha Gating': 'Captcha Gating',
} as const;
export const HeatEvasionTechnique = labelledEnum(HEAT_EVASION_TECHNIQUE_LABELS);
export type HeatEvasionTechnique = z.infer<typeof HeatEvasionTechnique>;

/** Lure of a phishing page or message (001 §7 `lure_category`); values carry spaces, never `-` or `_`. */
export const LURE_CATEGORY_LABELS = {
  'Fake Login Page': 'Fake Login Page',
  'Invoice Lure': 'Invoice Lure',
  'Package Delivery': 'Package Delivery',
  'Shared Document': 'Shared Document',
  'Account Suspension': 'Account Suspension',
  'Payroll Update': 'Payroll Update',
} as const;
export const LureCategory = labelledEnum(LURE_CATEGORY_LABELS);
export type LureCategory = z.infer<typeof LureCategory>;

/** Sub event type of a DLP event: the channel the content left by. */
export const SUB_EVENT_TYPE_LABELS = {
  file_upload: 'File upload',
  file_download: 'File download',
  form_submit: 'Form submission',
  copy_paste: 'Copy and paste',
  print: 'Print',
  email_send: 'Email sent',
} as const;
export const SubEventType = labelledEnum(SUB_EVENT_TYPE_LABELS);
export type SubEventType = z.infer<typeof SubEventType>;

/** DLP alert sub type (001 §7 `alert_sub_type`): what a matched dictionary found. */
export const ALERT_SUB_TYPE_LABELS = {
  credit_card: 'Credit card number',
  ssn: 'Social security number',
  iban: 'Bank account (IBAN)',
  passport: 'Passport number',
  health_record: 'Health record',
  source_code: 'Source code',
  credentials: 'Credentials',
  confidential: 'Confidential marking',
} as const;
export const AlertSubType = labelledEnum(ALERT_SUB_TYPE_LABELS);
export type AlertSubType = z.infer<typeof AlertSubType>;

/** User-agent type (001 §7 `ua_type`). */
export const UA_TYPE_LABELS = {
  browser: 'Browser',
  mobile_app: 'Mobile app',
  desktop_app: 'Desktop application',
  bot: 'Bot or crawler',
  cli: 'Command-line tool',
} as const;
export const UaType = labelledEnum(UA_TYPE_LABELS);
export type UaType = z.infer<typeof UaType>;

// ---- country codes ------------------------------------------------------------------------------------------------

/** ISO 3166-1 alpha-2 codes; names come from the runtime's Intl data so they follow the reader's language. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA ' +
  'CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA ' +
  'GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS ' +
  'MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS ' +
  'RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW ' +
  'TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** English (or `locale`) name of a country code; the code itself when the runtime has no name for it. */
export function countryName(code: string, locale = 'en'): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

// ---- log intervals (spec 000 §9) ----------------------------------------------------------------------------------

export interface LogIntervalInfo {
  readonly ms: number;
  readonly label: string;
  /** Offered only on an on-premises management station. */
  readonly managementStationOnly?: true;
}

/** Log intervals with their length in milliseconds, verbatim (30d is "about 2629743000", a mean month). */
export const LOG_INTERVALS = {
  '15m': { ms: 900_000, label: 'Last 15 minutes' },
  '1h': { ms: 3_600_000, label: 'Last hour' },
  '12h': { ms: 43_200_000, label: 'Last 12 hours' },
  '24h': { ms: 86_400_000, label: 'Last 24 hours' },
  '2d': { ms: 172_800_000, label: 'Last 2 days' },
  '7d': { ms: 604_800_000, label: 'Last 7 days' },
  '30d': { ms: 2_629_743_000, label: 'Last 30 days' },
  '180d': { ms: 15_552_000_000, label: 'All time', managementStationOnly: true },
} as const satisfies Record<string, LogIntervalInfo>;
export type LogIntervalName = keyof typeof LOG_INTERVALS;
export const LOG_INTERVAL_NAMES = Object.keys(LOG_INTERVALS) as [LogIntervalName, ...LogIntervalName[]];
export const DEFAULT_LOG_INTERVAL: LogIntervalName = '7d';

const MONTH_FORM = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A named interval or the month-and-year form `YYYY-MM` (spec 000 §5). */
export const LogInterval = z
  .string()
  .refine((v) => v in LOG_INTERVALS || MONTH_FORM.test(v), {
    message: `Use one of ${LOG_INTERVAL_NAMES.join(', ')}, or a month as YYYY-MM.`,
  })
  .meta({ description: 'Named interval (15m … 180d) or a month as YYYY-MM' });

/** The intervals a deployment offers: "All time" (180d) only on a management station. */
export function logIntervalsFor(managementStation: boolean): LogIntervalName[] {
  return LOG_INTERVAL_NAMES.filter((n) => managementStation || !('managementStationOnly' in LOG_INTERVALS[n]));
}

/**
 * The time range, in epoch milliseconds, an interval covers when it ends at `now`. The month-and-year form becomes
 * the first and last millisecond of that month (UTC).
 */
export function intervalRange(interval: string, now: number): { start: number; end: number } {
  const month = MONTH_FORM.exec(interval);
  if (month) {
    const y = Number(month[1]);
    const m = Number(month[2]) - 1;
    return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1) - 1 };
  }
  const named = (LOG_INTERVALS as Record<string, LogIntervalInfo>)[interval];
  if (!named) throw new Error(`Unknown log interval: ${interval}`);
  return { start: now - named.ms, end: now };
}
