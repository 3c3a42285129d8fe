/**
 * Browser posture management (spec 002 §7, under /api/brw-posture-mgmt/v1): configuration policies of managed
 * Chrome and Edge browsers, and the catalogue of browser settings they may set. The catalogue is zod, like every
 * other schema; the server answers configSettingDefinitions with its JSON Schema, which the JSON-schema form renders.
 */
import { z } from 'zod';
import { ConfigurationStatus, labelledEnum } from '../enums';
import { jsonNestsDeeperThan, TOO_DEEP_KEY, TOO_DEEP_MESSAGE } from '../safeText';

const PLATFORM_LABELS = { windows: 'Windows', macos: 'macOS', linux: 'Linux' } as const;
const BROWSER_LABELS = { chrome: 'Google Chrome', edge: 'Microsoft Edge' } as const;

export const PosturePlatform = labelledEnum(['windows', 'macos', 'linux'], PLATFORM_LABELS, { title: 'Platform' });
export type PosturePlatform = z.infer<typeof PosturePlatform>;
export const PostureBrowser = labelledEnum(['chrome', 'edge'], BROWSER_LABELS, { title: 'Browser' });
export type PostureBrowser = z.infer<typeof PostureBrowser>;
/** A browser version: the major number, optionally followed by minor, build and patch (120 or 120.0.6099.71). */
export const BrowserVersion = z
  .string()
  .regex(/^\d{2,3}(\.\d{1,5}){0,3}$/, { message: 'Enter a browser version such as 120 or 120.0.6099.71.' })
  .meta({ title: 'Browser version' });


/** One entry of the catalogue: its value schema, and where and since which major version the browser honours it. */
interface BrowserSettingDef {
  readonly schema: z.ZodType;
  readonly since: Partial<Record<PostureBrowser, number>>;
  readonly platforms?: readonly PosturePlatform[];
}

/** An integer setting whose values each have a label (rendered as a select). */
const choice = (title: string, description: string, labels: readonly string[]) =>
  z.union(labels.map((label, i) => z.literal(i).meta({ title: label })) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]]).meta({ title, description });
const pick = <const V extends readonly [string, ...string[]]>(title: string, description: string, values: V, labels: Record<V[number], string>) =>
  z.union(values.map((v) => z.literal(v).meta({ title: labels[v as V[number]] })) as [z.ZodLiteral<string>, ...z.ZodLiteral<string>[]]).meta({ title, description });
const flag = (title: string, description: string) => z.boolean().meta({ title, description });
const urlPatterns = (title: string, description: string) =>
  z.array(z.string().min(1).max(2048)).max(1000).meta({ title, description });

const EXTENSION_ID = /^([a-p]{32}|\*)$/;
const desktop = ['windows', 'macos', 'linux'] as const;
const both = (chrome: number, edge: number) => ({ chrome, edge });

/** Chrome and Edge enterprise policies an administrator commonly manages, by their policy names. */
export const BROWSER_SETTINGS: Readonly<Record<string, BrowserSettingDef>> = {
  PasswordManagerEnabled: {
    schema: flag('Password manager', 'Let users save passwords in the browser'),
    since: both(8, 77),
  },
  PasswordLeakDetectionEnabled: {
    schema: flag('Leaked-password detection', 'Warn when a saved password appears in a known data breach'),
    since: { chrome: 79 },
  },
  SafeBrowsingProtectionLevel: {
    schema: choice('Safe Browsing protection', 'Protection against dangerous sites and downloads', ['No protection', 'Standard protection', 'Enhanced protection']),
    since: { chrome: 83 },
  },
  SmartScreenEnabled: {
    schema: flag('Microsoft Defender SmartScreen', 'Block sites and downloads reported as phishing or malware'),
    since: { edge: 77 },
    platforms: ['windows', 'macos'],
  },
  SmartScreenPuaEnabled: {
    schema: flag('Block potentially unwanted apps', 'SmartScreen also blocks downloads of low-reputation apps'),
    since: { edge: 80 },
    platforms: ['windows', 'macos'],
  },
  IncognitoModeAvailability: {
    schema: choice('Incognito mode', 'Whether users may open Incognito windows', ['Available', 'Disabled', 'Forced']),
    since: { chrome: 14 },
  },
  InPrivateModeAvailability: {
    schema: choice('InPrivate mode', 'Whether users may open InPrivate windows', ['Available', 'Disabled', 'Forced']),
    since: { edge: 77 },
  },
  DownloadRestrictions: {
    schema: choice('Download restrictions', 'Which downloads the browser blocks', [
      'No special restrictions',
      'Block dangerous downloads',
      'Block potentially dangerous downloads',
      'Block all downloads',
      'Block malicious downloads',
    ]),
    since: both(61, 77),
  },
  DeveloperToolsAvailability: {
    schema: choice('Developer tools', 'Where users may open the developer tools', [
      'Allowed, except on force-installed extensions',
      'Allowed',
      'Not allowed',
    ]),
    since: both(68, 77),
  },
  BrowserSignin: {
    schema: choice('Browser sign-in', 'Whether users may or must sign in to the browser', ['Disabled', 'Enabled', 'Forced']),
    since: both(70, 80),
    platforms: desktop,
  },
  SyncDisabled: {
    schema: flag('Turn off sync', 'Stop the browser from syncing data to the vendor cloud'),
    since: both(8, 77),
  },
  AutofillAddressEnabled: {
    schema: flag('Autofill addresses', 'Offer to fill in saved addresses'),
    since: both(69, 77),
  },
  AutofillCreditCardEnabled: {
    schema: flag('Autofill payment cards', 'Offer to fill in saved payment cards'),
    since: both(64, 77),
  },
  HomepageLocation: {
    schema: z.url({ protocol: /^https?$/ }).max(2048).meta({ title: 'Home page', description: 'Address opened by the Home button' }),
    since: both(8, 77),
  },
  URLBlocklist: {
    schema: urlPatterns('Blocked URLs', 'URL patterns the browser refuses to open, such as example.com or *'),
    since: both(86, 86),
  },
  URLAllowlist: {
    schema: urlPatterns('Allowed URLs', 'Exceptions to the blocked URLs'),
    since: both(86, 86),
  },
  ExtensionInstallBlocklist: {
    schema: z
      .array(z.string().regex(EXTENSION_ID, { message: 'Use a 32-letter extension id (a to p) or *.' }))
      .max(1000)
      .meta({ title: 'Blocked extensions', description: 'Extension ids users may not install; * blocks every extension not allowed' }),
    since: both(8, 77),
  },
  ExtensionInstallForcelist: {
    schema: z
      .array(z.string().regex(/^[a-p]{32}(;https?:\/\/\S+)?$/, { message: 'Use an extension id, optionally followed by ;update-URL.' }))
      .max(100)
      .meta({ title: 'Force-installed extensions', description: 'Extension ids installed silently, each optionally with ;update-URL' }),
    since: both(9, 77),
  },
  DnsOverHttpsMode: {
    schema: pick('DNS over HTTPS', 'How the browser resolves names', ['off', 'automatic', 'secure'], {
      off: 'Off',
      automatic: 'Automatic, falling back to the system resolver',
      secure: 'Secure only',
    }),
    since: both(80, 83),
  },
  SSLVersionMin: {
    schema: pick('Minimum TLS version', 'Oldest TLS version the browser accepts', ['tls1.2', 'tls1.3'], { 'tls1.2': 'TLS 1.2', 'tls1.3': 'TLS 1.3' }),
    since: both(66, 77),
  },
  HttpsOnlyMode: {
    schema: pick('HTTPS-only mode', 'Whether pages are upgraded to HTTPS, with a warning before HTTP', ['allowed', 'disallowed', 'force_enabled'], {
      allowed: 'Users may turn it on',
      disallowed: 'Not allowed',
      force_enabled: 'Always on',
    }),
    since: { chrome: 112 },
  },
  AutomaticHttpsDefault: {
    schema: choice('Automatic HTTPS', 'Switch connections from HTTP to HTTPS', ['Disabled', 'Only for domains known to support HTTPS', 'Always']),
    since: { edge: 92 },
  },
  IdleTimeout: {
    schema: z.number().int().min(1).max(1440).meta({ title: 'Idle time-out (minutes)', description: 'Idle time before the browser runs its idle actions' }),
    since: both(117, 117),
    platforms: desktop,
  },
  MaxConnectionsPerProxy: {
    schema: z.number().int().min(6).max(99).meta({ title: 'Connections per proxy', description: 'Concurrent connections to the proxy server (6 to 99)' }),
    since: both(14, 77),
  },
  DiskCacheSize: {
    schema: z.number().int().min(0).max(10 * 1024 ** 3).meta({ title: 'Disk cache size (bytes)', description: '0 uses the default size' }),
    since: both(17, 77),
  },
  PrintingEnabled: {
    schema: flag('Printing', 'Let users print pages'),
    since: both(8, 77),
  },
  ScreenCaptureAllowed: {
    schema: flag('Screen capture', 'Let sites capture the screen, a window or a tab'),
    since: both(81, 83),
  },
  ClearBrowsingDataOnExit: {
    schema: flag('Clear browsing data on exit', 'Delete history, cookies and cache when the browser closes'),
    since: { edge: 78 },
  },
  ClearBrowsingDataOnExitList: {
    schema: z
      .array(
        z.enum([
          'browsing_history',
          'download_history',
          'cookies_and_other_site_data',
          'cached_images_and_files',
          'password_signin',
          'autofill',
          'site_settings',
          'hosted_app_data',
        ]),
      )
      .max(8)
      .meta({ title: 'Data cleared on exit', description: 'What the browser deletes when it closes' }),
    since: { chrome: 89 },
  },
  TrackingPrevention: {
    schema: choice('Tracking prevention', 'How strictly trackers are blocked', ['Off', 'Basic', 'Balanced', 'Strict']),
    since: { edge: 78 },
  },
  SleepingTabsEnabled: {
    schema: flag('Sleeping tabs', 'Put background tabs to sleep to save resources'),
    since: { edge: 88 },
  },
  ProxyMode: {
    schema: pick('Proxy mode', 'How the browser reaches the web', ['direct', 'auto_detect', 'pac_script', 'fixed_servers', 'system'], {
      direct: 'Never use a proxy',
      auto_detect: 'Detect proxy settings',
      pac_script: 'Use a PAC file',
      fixed_servers: 'Use fixed proxy servers',
      system: 'Use the system proxy settings',
    }),
    since: both(10, 77),
  },
  ProxyPacUrl: {
    schema: z.url({ protocol: /^https?$/ }).max(2048).meta({ title: 'PAC file address', description: 'Used when the proxy mode is "Use a PAC file"' }),
    since: both(8, 77),
  },
  AuthSchemes: {
    schema: z
      .string()
      .regex(/^(basic|digest|ntlm|negotiate)(,(basic|digest|ntlm|negotiate))*$/, { message: 'List schemes from basic, digest, ntlm, negotiate, separated by commas.' })
      .meta({ title: 'HTTP authentication schemes', description: 'Comma-separated, e.g. ntlm,negotiate' }),
    since: both(9, 77),
  },
};

/** Major version of a version string such as 120.0.6099.71. */
export const majorVersion = (version: string): number => Number(version.split('.')[0]);

/**
 * The settings a browser of this platform and version honours, as one object schema. Every setting is optional (an
 * absent setting is unconfigured); unknown settings are refused.
 */
export function browserSettingsSchema(platform: PosturePlatform, browser: PostureBrowser, version: string): z.ZodObject {
  const major = majorVersion(version);
  const shape: Record<string, z.ZodType> = {};
  for (const [name, def] of Object.entries(BROWSER_SETTINGS)) {
    const since = def.since[browser];
    if (since === undefined || since > major) continue;
    if (def.platforms && !def.platforms.includes(platform)) continue;
    shape[name] = def.schema.optional();
  }
  return z.strictObject(shape).meta({
    title: `${BROWSER_LABELS[browser]} ${major} on ${PLATFORM_LABELS[platform]}`,
    description: 'Browser policies managed by this configuration; leave a setting empty to leave it unconfigured.',
  });
}

/** Query of GET configSettingDefinitions. */
export const ConfigSettingDefinitionsQuery = z.strictObject({
  platform: PosturePlatform,
  browser: PostureBrowser,
  version: BrowserVersion,
});

/** A JSON Schema document (draft-07). */
export const JsonSchemaDocument = z.record(z.string(), z.unknown());

const name = z.string().min(1, { message: 'Enter a name.' }).max(250, { message: 'Use at most 250 characters.' }).meta({ title: 'Name' });
const description = z.string().max(250, { message: 'Use at most 250 characters.' }).meta({ title: 'Description' });
const settings = z.record(z.string(), z.unknown()).meta({ title: 'Settings', description: 'Values of the catalogue settings, by policy name' });

/** Body of POST configPolicies. */
export const ConfigPolicyInput = z.strictObject({
  name,
  description: description.optional(),
  platform: PosturePlatform,
  browser: PostureBrowser,
  version: BrowserVersion,
  settings,
});
export type ConfigPolicyInput = z.infer<typeof ConfigPolicyInput>;

/** The content of the uploaded policy file: the input policy without its name (the name is a field of its own). */
export const ConfigPolicyFile = z.strictObject({
  description: description.optional(),
  platform: PosturePlatform,
  browser: PostureBrowser,
  version: BrowserVersion,
  settings: settings.default({}),
});
export type ConfigPolicyFile = z.infer<typeof ConfigPolicyFile>;

/** `YYYY-MM-DD HH:MM:SS` (UTC) of now: the name a new policy gets until the administrator renames it. */
export const policyNameNow = (): string => new Date().toISOString().slice(0, 19).replace('T', ' ');

/**
 * Body of POST configPolicies, a multipart/form-data upload: `uploadFile` a JSON file holding the policy (platform,
 * browser, version, settings, optional description), `name` (the portal sends the current time) and `createdBy`
 * (the signed-in user; the server records the caller and refuses another name).
 */
export const ConfigPolicyUpload = z.strictObject({
  uploadFile: z
    .string()
    .meta({ title: 'Policy file', description: 'JSON: platform, browser, version, settings and an optional description', contentMediaType: 'application/json' })
    .transform((text, ctx) => {
      if (jsonNestsDeeperThan(text)) {
        ctx.addIssue({ code: 'custom', message: TOO_DEEP_MESSAGE, params: { key: TOO_DEEP_KEY } });
        return z.NEVER;
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The file is not JSON.', params: { key: 'invalidJson' } });
        return z.NEVER;
      }
    })
    .pipe(ConfigPolicyFile),
  createdBy: z.string().min(1).max(128).optional().meta({ title: 'Created by', description: 'The signed-in user\'s name' }),
  name,
});
export type ConfigPolicyUpload = z.output<typeof ConfigPolicyUpload>;

/** The screen's form for a new policy: the name (the current time until changed) and the file's fields, sent as the file. */
export const ConfigPolicyUploadForm = z.strictObject({
  name: name.default(policyNameNow),
  uploadFile: ConfigPolicyFile.omit({ settings: true }).meta({ title: 'Policy' }),
});

/**
 * Body of PATCH configPolicies/{id}: any of the editable fields (platform and browser are fixed at creation), and the
 * policy's updated_at as read: a policy changed since answers 409 with the stored policy.
 */
export const ConfigPolicyPatch = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    version: BrowserVersion.optional(),
    settings: settings.optional(),
    updated_at: z.iso.datetime().meta({ description: 'The updated_at of the policy as read; a policy changed since answers 409' }),
  })
  .refine(({ updated_at: _stamp, ...change }) => Object.values(change).some((v) => v !== undefined), { message: 'Change at least one field.' });
export type ConfigPolicyPatch = z.infer<typeof ConfigPolicyPatch>;

export const ConfigPolicy = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().optional(),
  platform: PosturePlatform,
  browser: PostureBrowser,
  version: z.string(),
  settings: z.record(z.string(), z.unknown()),
  status: ConfigurationStatus.meta({ description: 'Configured once at least one setting has a value' }),
  createdBy: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  updated_by: z.string(),
});
export type ConfigPolicy = z.infer<typeof ConfigPolicy>;

export const ConfigPolicyList = z.object({ list: z.array(ConfigPolicy) });
export const ConfigPolicyIdParam = z.strictObject({ id: z.uuid({ message: 'Unknown configuration policy id.' }) });
export const BatchDeleteBody = z.strictObject({ ids: z.array(z.uuid()).min(1).max(500) });
export const BatchDeleteAnswer = z.object({ deleted: z.number().int().nonnegative() });

/** Formats a configuration policy exports to (POST configPolicies/{id}/export?format=). */
export const ExportFormat = labelledEnum(
  ['microsoftIntune', 'registry', 'registryXmlGpo'],
  { microsoftIntune: 'Microsoft Intune (JSON)', registry: 'Windows registry file (.reg)', registryXmlGpo: 'Group Policy registry preferences (XML)' },
  { title: 'Format' },
);
export type ExportFormat = z.infer<typeof ExportFormat>;
export const ExportQuery = z.strictObject({ format: ExportFormat });

/** What a policy was created from (GET configPolicies/{id}/inputPolicy): its name, target and settings. */
export const InputPolicy = z
  .object({
    name: z.string(),
    platform: PosturePlatform,
    browser: PostureBrowser,
    version: z.string(),
    settings: z.record(z.string(), z.unknown()),
    createdBy: z.string(),
  })
  .meta({ title: 'Input policy', description: 'The policy as it was created and last edited, without the service\'s fields' });

// ---- benchmark policies and assessments ---------------------------------------------------------------------------

export const BenchmarkSeverity = labelledEnum(['low', 'medium', 'high'], { low: 'Low', medium: 'Medium', high: 'High' }, { title: 'Severity' });

/** One check of a benchmark: a setting of the catalogue and the value the benchmark expects. */
export const BenchmarkRule = z.object({
  rule_id: z.string().meta({ title: 'Rule' }),
  title: z.string().meta({ title: 'Check' }),
  setting: z.string().meta({ title: 'Setting', description: 'Policy name of the catalogue setting' }),
  expected: z.unknown().optional().meta({ title: 'Expected value' }),
  severity: BenchmarkSeverity,
});
export type BenchmarkRule = z.infer<typeof BenchmarkRule>;

export const BenchmarkSummary = z.object({
  id: z.string().meta({ title: 'Benchmark' }),
  name: z.string().meta({ title: 'Name' }),
  browser: PostureBrowser,
  description: z.string().meta({ title: 'Description' }),
  rules: z.number().int().nonnegative().meta({ title: 'Checks' }),
});
export const BenchmarkPolicy = BenchmarkSummary.extend({ list: z.array(BenchmarkRule).meta({ title: 'Checks' }) });
export type BenchmarkPolicy = z.infer<typeof BenchmarkPolicy>;
export const BenchmarkList = z.object({ list: z.array(BenchmarkSummary) }).meta({ title: 'Benchmark policies' });
export const BenchmarkIdParam = z.strictObject({ id: z.string().min(1).max(64).meta({ title: 'Benchmark' }) });
export const AssessmentParams = z.strictObject({
  id: z.uuid({ message: 'Unknown configuration policy id.' }),
  benchId: z.string().min(1).max(64).meta({ title: 'Benchmark' }),
});

export const CheckOutcome = labelledEnum(['pass', 'fail', 'not_configured'], { pass: 'Passed', fail: 'Failed', not_configured: 'Not configured' }, { title: 'Outcome' });
export const ReviewStatus = labelledEnum(
  ['unreviewed', 'to_fix', 'accepted_risk', 'not_applicable'],
  { unreviewed: 'Not reviewed', to_fix: 'To fix', accepted_risk: 'Risk accepted', not_applicable: 'Not applicable' },
  { title: 'Review status' },
);

export const AssessmentResult = BenchmarkRule.extend({
  actual: z.unknown().optional().meta({ title: 'Policy value', description: 'Absent when the policy leaves the setting unconfigured' }),
  outcome: CheckOutcome,
  review_status: ReviewStatus,
  review_comment: z.string().meta({ title: 'Review comment' }),
});
export type AssessmentResult = z.infer<typeof AssessmentResult>;

const assessmentSummaryShape = {
  benchmark_id: z.string().meta({ title: 'Benchmark id' }),
  benchmark: z.string().meta({ title: 'Benchmark' }),
  assessed: z.boolean().meta({ title: 'Assessed' }),
  score: z.number().int().min(0).max(100).nullable().meta({ title: 'Score', description: 'Share of the checks passed, in percent' }),
  passed: z.number().int().nonnegative().meta({ title: 'Passed' }),
  failed: z.number().int().nonnegative().meta({ title: 'Failed' }),
  not_configured: z.number().int().nonnegative().meta({ title: 'Not configured' }),
  assessed_at: z.iso.datetime().nullable().meta({ title: 'Assessed at' }),
  assessed_by: z.string().nullable().meta({ title: 'Assessed by' }),
  updated_at: z.iso.datetime().nullable().meta({ title: 'Updated', description: 'Changes with every run and review; send it back with a review' }),
};
export const AssessmentSummary = z.object(assessmentSummaryShape);
export type AssessmentSummary = z.infer<typeof AssessmentSummary>;
export const AssessmentList = z.object({ list: z.array(AssessmentSummary) }).meta({ title: 'Assessments of a policy' });
export const Assessment = z
  .object({ ...assessmentSummaryShape, policy_id: z.uuid(), results: z.array(AssessmentResult) })
  .meta({ title: 'Assessment', description: 'A configuration policy checked against a benchmark policy' });
export type Assessment = z.infer<typeof Assessment>;
export const AssessAllAnswer = z.object({ list: z.array(Assessment) });

/** Body of POST assessments/{benchId}: the results of an assessment, filtered. */
export const AssessmentQuery = z.strictObject({
  outcome: z.array(CheckOutcome).max(3).optional().meta({ title: 'Outcomes', description: 'Only results with these outcomes' }),
  review_status: z.array(ReviewStatus).max(4).optional().meta({ title: 'Review statuses' }),
  search: z.string().max(100).optional().meta({ title: 'Search', description: 'Part of the check\'s title or setting name, any case' }),
});

/** Body of PUT assessments/{benchId}/reviewStatus. */
export const ReviewStatusBody = z.strictObject({
  rule_id: z.string().min(1, { message: 'Choose a check.' }).max(64).meta({ title: 'Check' }),
  review_status: ReviewStatus,
  comment: z.string().max(500, { message: 'Use at most 500 characters.' }).default('').meta({ title: 'Comment' }),
  updated_at: z.iso.datetime().meta({ title: 'Updated', description: 'The assessment\'s updated_at as read; a later change answers 409' }),
});
