/**
 * The web rule areas whose fields spec 002 §7 does not show (bandwidth, inspection, content inspection, browser and
 * web-app rules, runtime threat analysis, app links, copy-paste, watermark, browsing forensics, egress headers). The
 * top-level keys are the spec's where it names them (`bandwidth.rules`, `contentInspection`, `runtimeAnalysis`,
 * `egress_policy`, exceptions' `list, bypass, reorderingEvents`); the row fields are what an administrator of an
 * isolation gateway expects, built from the shared enumerations and validators.
 */
import { z } from 'zod';
import { ProtectionLevel, RuleAction, TransferDirection, labelledEnum, withValueLabels } from '../enums';
import { COLOUR_LABELS, HEAT_EVASION_TECHNIQUE_LABELS, INSPECTION_ACTION_LABELS, INSPECTION_TYPE_LABELS } from '../logEnums';
import { Domain, ShortText, VALIDATOR_MESSAGES } from '../validators';
import { Comment, Enabled, RULES_MAX, RowId, RuleName, RuleScope, Token, enumFromLabels, listOf, ruleList } from './common';
import { Browser, InspectionConditions, ReorderingEvent, TextPattern } from './ruleConditions';
import { WebBypass } from './webExceptions';

const reorderingEvents = z.array(ReorderingEvent).max(RULES_MAX).default([]).meta({ title: 'Reordering events' });
const int = (min: number, max: number, title: string, description?: string) =>
  z.number().int({ message: 'Enter a whole number.' }).min(min, { message: `Use at least ${min}.` }).max(max, { message: `Use at most ${max}.` }).meta({ title, ...(description ? { description } : {}) });

// ---- bandwidth (/api/policy/v3/rules/bandwidth/{rev}: bandwidth.rules) ------------------------------------------

export const BandwidthRule = z
  .strictObject({
    id: RowId,
    name: RuleName,
    enabled: Enabled,
    scope: RuleScope,
    direction: TransferDirection.default('all'),
    limit_kbps: withValueLabels(int(0, 10_000_000, 'Rate limit (kbit/s)', 'Empty or 0: no rate limit'), { 0: 'No limit' }).default(0),
    daily_quota_mb: withValueLabels(int(0, 1_000_000, 'Daily quota (MB)', 'Data a user may transfer per day; empty or 0: no limit'), { 0: 'No limit' }).default(0),
    comment: Comment,
  })
  .refine((r) => r.limit_kbps > 0 || r.daily_quota_mb > 0, {
    message: 'Set a rate limit, a daily quota or both.',
    path: ['limit_kbps'],
    params: { key: 'limitRequired' },
  });
export type BandwidthRule = z.infer<typeof BandwidthRule>;

export const BandwidthDocument = z.strictObject({
  bandwidth: z
    .strictObject({ rules: ruleList(BandwidthRule, 'Bandwidth rules') })
    .prefault({})
    .meta({ title: 'Bandwidth', description: 'Ordered rules; the first enabled rule that matches a request sets its limits' }),
});
export type BandwidthDocument = z.infer<typeof BandwidthDocument>;

// ---- inspection exceptions (/api/policy/v3/rules/inspection/exceptions/{rev}) -----------------------------------

export const InspectionActionChoice = enumFromLabels(INSPECTION_ACTION_LABELS, 'Action');

export const InspectionException = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  conditions: InspectionConditions,
  action: InspectionActionChoice,
  comment: Comment,
});
export type InspectionException = z.infer<typeof InspectionException>;

export const InspectionExceptionsDocument = z.strictObject({
  list: ruleList(InspectionException, 'Inspection exceptions'),
  bypass: ruleList(WebBypass, 'Not inspected'),
  reorderingEvents,
});
export type InspectionExceptionsDocument = z.infer<typeof InspectionExceptionsDocument>;

// ---- content inspection (/api/policy/v3/rules/inspection/{rev}: contentInspection) -------------------------------

export const InspectionTypeChoice = enumFromLabels(INSPECTION_TYPE_LABELS, 'Inspection type');
export const ProtectedFileAction = labelledEnum(
  ['allow', 'block', 'prompt'],
  { allow: 'Allow without inspection', block: 'Block', prompt: 'Ask the user for the password' },
  { title: 'Password-protected files' },
);
export const FailureAction = labelledEnum(
  ['allow', 'block'],
  { allow: 'Allow the file (fail open)', block: 'Block the file (fail closed)' },
  { title: 'When inspection fails' },
);

export const ContentInspectionRule = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  scope: RuleScope,
  direction: TransferDirection.default('downloads'),
  inspection_types: z
    .array(InspectionTypeChoice)
    .min(1, { message: 'Choose at least one inspection type.' })
    .max(3)
    .meta({ title: 'Inspect', description: 'File scanning, hash reputation and document sanitisation' }),
  file_types: listOf(Token, 'File types', 500, 'Extensions such as pdf or docx; empty: every file type'),
  sandbox: z.boolean().default(false).meta({ title: 'Detonate in the sandbox', description: 'Unknown executables and documents run in a sandbox first' }),
  max_file_size_mb: int(1, 1024, 'Largest file inspected (MB)').default(100),
  password_protected: ProtectedFileAction.default('prompt'),
  on_failure: FailureAction.default('block'),
  comment: Comment,
});
export type ContentInspectionRule = z.infer<typeof ContentInspectionRule>;

export const ContentInspectionDocument = z.strictObject({
  contentInspection: ruleList(ContentInspectionRule, 'Content inspection rules'),
});
export type ContentInspectionDocument = z.infer<typeof ContentInspectionDocument>;

// ---- browser and web-app rules (/api/policy/v3/rules/bnb/{rev}) ---------------------------------------------------

export const BrowserVersionMin = z
  .string()
  .max(20)
  .regex(/^(\d{1,4}(\.\d{1,5}){0,3})?$/, { message: 'Enter a version such as 120 or 120.0.6099, or leave it empty.' })
  .default('')
  .meta({ title: 'Oldest version allowed', description: 'Older versions get the action; empty: any version' });

export const BrowserRule = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  browsers: z.array(Browser).max(5).default([]).meta({ title: 'Browsers', description: 'Empty: every browser' }),
  min_version: BrowserVersionMin,
  user_agent: listOf(TextPattern, 'User agent (web apps)', 100, 'Applications that identify themselves by user agent'),
  action: RuleAction,
  comment: Comment,
});
export type BrowserRule = z.infer<typeof BrowserRule>;

export const BrowserRulesDocument = z.strictObject({
  list: ruleList(BrowserRule, 'Browser and web-app rules'),
  unsupported_or_non_browsers: z
    .strictObject({
      action: RuleAction.default('block'),
      comment: Comment,
    })
    .prefault({})
    .meta({ title: 'Unsupported browsers and non-browser clients', description: 'Traffic that matches no rule and is not a supported browser' }),
  reorderingEvents,
});
export type BrowserRulesDocument = z.infer<typeof BrowserRulesDocument>;

// ---- runtime threat analysis (/api/policy/v3/rules/runtime_analysis/{rev}: runtimeAnalysis) ---------------------

export const EvasionTechniqueChoice = enumFromLabels(HEAT_EVASION_TECHNIQUE_LABELS, 'Evasion technique');

/** The threat types runtime analysis finds in running pages (answered by GET ra_threats, with what each is). */
export const RA_THREATS = [
  { value: 'cryptominer', label: 'Cryptominer', description: 'Scripts that mine cryptocurrency in the browser' },
  { value: 'keylogger', label: 'Keylogger', description: 'Scripts that record what the user types' },
  { value: 'malicious_redirect', label: 'Malicious redirect', description: 'Redirect chains to malicious sites' },
  { value: 'fake_login', label: 'Fake login form', description: 'Password forms posting to another site' },
  { value: 'drive_by_download', label: 'Drive-by download', description: 'Downloads started without a user action' },
] as const;
export const RaThreatChoice = enumFromLabels(
  Object.fromEntries(RA_THREATS.map((t) => [t.value, t.label])) as { readonly [K in (typeof RA_THREATS)[number]['value']]: string },
  'Threat type',
);

export const RuntimeAnalysisRule = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  scope: RuleScope,
  protection_level: ProtectionLevel.default('moderate'),
  techniques: z
    .array(EvasionTechniqueChoice)
    .max(Object.keys(HEAT_EVASION_TECHNIQUE_LABELS).length)
    .default([])
    .meta({ title: 'Detect', description: 'Evasion techniques analysed at run time (used when the level is Custom)' }),
  threats: z
    .array(RaThreatChoice)
    .max(RA_THREATS.length)
    .refine((v) => new Set(v).size === v.length, { message: 'Each threat type once.', params: { key: 'duplicate' } })
    .default([])
    .meta({ title: 'Threat types', description: 'Threats found in the running page the action applies to; none chosen: every threat type' }),
  action: RuleAction.default('safeview'),
  comment: Comment,
});
export type RuntimeAnalysisRule = z.infer<typeof RuntimeAnalysisRule>;

export const RuntimeAnalysisDocument = z.strictObject({
  runtimeAnalysis: ruleList(RuntimeAnalysisRule, 'Runtime threat analysis rules'),
});
export type RuntimeAnalysisDocument = z.infer<typeof RuntimeAnalysisDocument>;

// ---- app links (/api/policy/v3/profiles/app_links/{rev}) ----------------------------------------------------------

/** A URL scheme such as zoommtg or msteams (RFC 3986: a letter, then letters, digits, +, - or .). */
export const UrlScheme = z
  .string()
  .min(1, { message: 'Enter a scheme.' })
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9+.-]*$/, { message: 'Enter a URL scheme such as zoommtg or msteams, without ://.' })
  .refine((v) => !/^(https?|ftp|file|javascript|data)$/i.test(v), { message: 'Web schemes cannot be app links.', params: { key: 'reservedScheme' } })
  .meta({ title: 'URL scheme' });

export const AppLinkAction = labelledEnum(
  ['open', 'prompt', 'block'],
  { open: 'Open the application', prompt: 'Ask the user first', block: 'Block' },
  { title: 'Action' },
);

export const AppLinkProfile = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  scheme: UrlScheme,
  domains: listOf(Domain, 'From sites', 1000, 'Sites whose pages may open the link; empty: every site'),
  action: AppLinkAction.default('prompt'),
  comment: Comment,
});
export type AppLinkProfile = z.infer<typeof AppLinkProfile>;

export const AppLinksDocument = z.strictObject({ list: ruleList(AppLinkProfile, 'App links') });
export type AppLinksDocument = z.infer<typeof AppLinksDocument>;

// ---- copy-paste (copy_paste) -------------------------------------------------------------------------------------

export const ClipboardDirection = labelledEnum(
  ['into_isolation', 'out_of_isolation', 'both'],
  { into_isolation: 'Pasting into isolated pages', out_of_isolation: 'Copying out of isolated pages', both: 'Both directions' },
  { title: 'Direction' },
);
export const ClipboardAction = labelledEnum(
  ['allow', 'limit', 'block'],
  { allow: 'Allow', limit: 'Allow up to a length', block: 'Block' },
  { title: 'Action' },
);

export const CopyPasteRule = z
  .strictObject({
    id: RowId,
    name: RuleName,
    enabled: Enabled,
    scope: RuleScope,
    direction: ClipboardDirection.default('both'),
    action: ClipboardAction,
    max_characters: int(1, 1_000_000, 'Longest text allowed (characters)', 'Used when the action is "Allow up to a length"').default(1000),
    genai_only: z.boolean().default(false).meta({ title: 'Only on generative-AI sites', description: 'Apply the rule to pages of the Generative AI category only' }),
    comment: Comment,
  });
export type CopyPasteRule = z.infer<typeof CopyPasteRule>;

export const CopyPasteDocument = z.strictObject({ list: ruleList(CopyPasteRule, 'Copy-paste rules'), reorderingEvents });
export type CopyPasteDocument = z.infer<typeof CopyPasteDocument>;

// ---- watermark (watermark) ---------------------------------------------------------------------------------------

/** Placeholders a watermark text may use. */
export const WATERMARK_TOKENS = ['{user}', '{email}', '{ip}', '{date}', '{time}', '{tenant}'] as const;

export const WatermarkText = ShortText.min(1, { message: 'Enter the watermark text.' })
  .max(200, { message: VALIDATOR_MESSAGES.maxlength })
  .refine((v) => (v.match(/\{[^}]*\}/g) ?? []).every((t) => (WATERMARK_TOKENS as readonly string[]).includes(t)), {
    message: `Use only the placeholders ${WATERMARK_TOKENS.join(', ')}.`,
    params: { key: 'unknownPlaceholder' },
  })
  .meta({ title: 'Text', description: `May use ${WATERMARK_TOKENS.join(', ')}` });

export const WatermarkRule = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  scope: RuleScope,
  text: WatermarkText,
  colour: enumFromLabels(COLOUR_LABELS, 'Colour').default('gray'),
  opacity: int(5, 100, 'Opacity (%)').default(15),
  font_size: int(8, 72, 'Font size (px)').default(14),
  layout: labelledEnum(['tiled', 'centered'], { tiled: 'Tiled across the page', centered: 'Once, centred' }, { title: 'Layout' }).default('tiled'),
  comment: Comment,
});
export type WatermarkRule = z.infer<typeof WatermarkRule>;

export const WatermarkDocument = z.strictObject({ list: ruleList(WatermarkRule, 'Watermark rules'), reorderingEvents });
export type WatermarkDocument = z.infer<typeof WatermarkDocument>;

// ---- browsing forensics rules (bf/web) ---------------------------------------------------------------------------

export const ForensicsRule = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  scope: RuleScope,
  profile_id: z.uuid({ message: 'Choose a forensic profile.' }).meta({ title: 'Forensic profile', description: 'UUID of a profile on the Forensic Profiles page' }),
  comment: Comment,
});
export type ForensicsRule = z.infer<typeof ForensicsRule>;

export const ForensicsRulesDocument = z.strictObject({ list: ruleList(ForensicsRule, 'Browsing forensics rules'), reorderingEvents });
export type ForensicsRulesDocument = z.infer<typeof ForensicsRulesDocument>;

// ---- egress header rules (/api/policy/v1/rules/egress_policy/rules/{rev}: egress_policy) --------------------------

/** An HTTP header name (RFC 9110 token). */
export const HeaderName = z
  .string()
  .min(1, { message: 'Enter a header name.' })
  .max(128)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { message: 'A header name has letters, digits and - only (no spaces or colons).' })
  .meta({ title: 'Header' });

/**
 * Headers the service sets or relies on itself (answered by GET egress_policy/header_blocklist): no egress header rule
 * may add, replace or remove them. Compared without regard to case, as HTTP header names are.
 */
export const PROTECTED_HEADERS = ['Host', 'Content-Length', 'Transfer-Encoding', 'Connection', 'Upgrade', 'Proxy-Authorization', 'Cookie', 'Authorization'] as const;
const PROTECTED_HEADER_SET = new Set(PROTECTED_HEADERS.map((h) => h.toLowerCase()));

/** Most egress header rules a tenant may have (answered by GET egress_policy/egress_control). */
export const EGRESS_RULES_MAX = 200;

export const HeaderOperation = labelledEnum(
  ['add', 'replace', 'remove'],
  { add: 'Add', replace: 'Add or replace', remove: 'Remove' },
  { title: 'Operation' },
);

export const EgressHeaderRule = z
  .strictObject({
    id: RowId,
    name: RuleName,
    enabled: Enabled,
    domains: z.array(Domain).min(1, { message: 'Add at least one domain.' }).max(1000).meta({ title: 'Domains', description: 'Requests to these sites get the header change' }),
    header: HeaderName.refine((h) => !PROTECTED_HEADER_SET.has(h.toLowerCase()), {
      message: 'The service sets this header itself: no rule may change it.',
      params: { key: 'protectedHeader' },
    }),
    operation: HeaderOperation.default('replace'),
    value: z
      .string()
      .max(4096, { message: 'Use at most 4096 characters.' })
      .refine((v) => !/[\r\n]/.test(v), { message: VALIDATOR_MESSAGES.lineBreaks, params: { key: 'lineBreaks' } })
      .default('')
      .meta({ title: 'Value', description: 'For example a tenant-restriction list such as contoso.com,fabrikam.com' }),
    comment: Comment,
  })
  .refine((r) => r.operation === 'remove' || r.value.length > 0, { message: 'Enter the header value.', path: ['value'], params: { key: 'valueRequired' } });
export type EgressHeaderRule = z.infer<typeof EgressHeaderRule>;

export const EgressHeaderDocument = z.strictObject({ egress_policy: ruleList(EgressHeaderRule, 'Header rules', 'id', EGRESS_RULES_MAX) });
export type EgressHeaderDocument = z.infer<typeof EgressHeaderDocument>;
