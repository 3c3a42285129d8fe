/**
 * The email policy areas of spec 000 §3 beyond the allow-list: attachment rules (`smtp/attachments`), mobile
 * exceptions (`safemail/mobile`), risk-based isolation (`safemail/isolation`), email config (`safemail/config`) and
 * phish targets (`safemail/phish_targets`). The spec gives each payload's top-level keys only; the fields inside are
 * what an administrator of a secure email gateway expects.
 */
import { z } from 'zod';
import { ProtectionLevel, labelledEnum, withValueLabels } from '../enums';
import { RISK_LABELS } from '../logEnums';
import { Domain, Email, ShortText, VALIDATOR_MESSAGES } from '../validators';
import { Sender } from './emailAllowList';
import { Comment, Enabled, RULES_MAX, RowId, RuleName, Token, enumFromLabels, listOf, ruleList, uniqueBy } from './common';
import { ReorderingEvent } from './ruleConditions';

const reorderingEvents = z.array(ReorderingEvent).max(RULES_MAX).default([]).meta({ title: 'Reordering events' });
const int = (min: number, max: number, title: string, description?: string) =>
  z.number().int({ message: 'Enter a whole number.' }).min(min, { message: `Use at least ${min}.` }).max(max, { message: `Use at most ${max}.` }).meta({ title, ...(description ? { description } : {}) });
const senders = (title = 'Senders') => listOf(Sender, title, 1000, 'Addresses or domains; empty: every sender');
const recipients = (title = 'Recipients') => listOf(Sender, title, 1000, 'Addresses or domains; empty: every recipient');
/** A multi-line message shown to users (banners, notices). */
const Notice = (title: string, max = 2000) => z.string().max(max, { message: `Use at most ${max} characters.` }).default('').meta({ title });

// ---- quarantine (shared by attachments and config) ---------------------------------------------------------------

export const QuarantineRelease = labelledEnum(
  ['admin', 'recipient_request', 'recipient'],
  { admin: 'Administrators only', recipient_request: 'Recipients may request release', recipient: 'Recipients may release' },
  { title: 'Release' },
);

export const QuarantineSpec = z
  .strictObject({
    enabled: z.boolean().default(true).meta({ title: 'Quarantine held messages' }),
    retention_days: int(1, 90, 'Keep for (days)').default(30),
    release: QuarantineRelease.default('recipient_request'),
    notify_recipient: z.boolean().default(true).meta({ title: 'Notify the recipient', description: 'A digest of held messages' }),
    admin_email: z.union([z.literal(''), Email]).default('').meta({ title: 'Administrator address', description: 'Receives release requests' }),
  })
  .prefault({})
  .meta({ title: 'Quarantine' });
export type QuarantineSpec = z.infer<typeof QuarantineSpec>;

// ---- attachment rules (smtp/attachments) -------------------------------------------------------------------------

/** A file extension without the dot (pdf, docx, tar.gz). */
export const FileExtension = z
  .string()
  .min(1)
  .max(16)
  .regex(/^[a-z0-9]+(\.[a-z0-9]+)?$/, { message: 'Enter an extension such as pdf or tar.gz, without the leading dot.' });
/** A MIME type such as application/pdf. */
export const MimeType = z
  .string()
  .min(3)
  .max(127)
  .regex(/^[a-z]+\/[a-z0-9.+-]+$/, { message: 'Enter a MIME type such as application/pdf.' });

/** A content type: the file-type dictionary entry of spec 002 §3 (name, extensions, MIME types, magic names). */
export const ContentType = z.strictObject({
  id: RowId,
  name: RuleName,
  fileExtensions: z.array(FileExtension).max(100).default([]).meta({ title: 'Extensions' }),
  fileMimeTypes: z.array(MimeType).max(100).default([]).meta({ title: 'MIME types' }),
  fileMagicNames: z.array(Token).max(100).default([]).meta({ title: 'Magic names', description: 'File signatures as the type detector names them' }),
});
export type ContentType = z.infer<typeof ContentType>;

export const ContentTypeGroup = z.strictObject({
  id: RowId,
  name: RuleName,
  content_types: z.array(RowId).min(1, { message: 'Choose at least one content type.' }).max(500).meta({ title: 'Content types', description: 'Ids of content types' }),
  comment: Comment,
});
export type ContentTypeGroup = z.infer<typeof ContentTypeGroup>;

export const AttachmentAction = labelledEnum(
  ['safeview', 'deliver', 'strip', 'quarantine', 'block'],
  {
    safeview: 'Isolate (open as a safe view)',
    deliver: 'Deliver the original',
    strip: 'Remove the attachment',
    quarantine: 'Quarantine the message',
    block: 'Reject the message',
  },
  { title: 'Action' },
);

export const AttachmentRule = z
  .strictObject({
    id: RowId,
    name: RuleName,
    enabled: Enabled,
    senders: senders(),
    recipients: recipients(),
    groups: z.array(RowId).max(100).default([]).meta({ title: 'Content-type groups', description: 'Empty: every attachment' }),
    action: AttachmentAction,
    allow_original_download: z.boolean().default(false).meta({ title: 'Recipients may download the original', description: 'After the safe view' }),
    comment: Comment,
  });
export type AttachmentRule = z.infer<typeof AttachmentRule>;

export const AttachmentPlugins = z
  .strictObject({
    antivirus: z.boolean().default(true).meta({ title: 'Antivirus scan' }),
    sandbox: z.boolean().default(false).meta({ title: 'Sandbox detonation', description: 'Executables and macro documents run in a sandbox first' }),
    file_reputation: z.boolean().default(true).meta({ title: 'File reputation lookup' }),
    password_protected: labelledEnum(
      ['isolate', 'quarantine', 'deliver'],
      { isolate: 'Isolate, asking the recipient for the password', quarantine: 'Quarantine', deliver: 'Deliver unscanned' },
      { title: 'Password-protected attachments' },
    ).default('isolate'),
  })
  .prefault({})
  .meta({ title: 'Scanners' });

export const EmailAttachmentsDocument = z
  .strictObject({
    content_types: ruleList(ContentType, 'Content types', 'id', 500),
    groups: ruleList(ContentTypeGroup, 'Content-type groups', 'id', 100),
    list: ruleList(AttachmentRule, 'Attachment rules'),
    plugins: AttachmentPlugins,
    quarantine_spec: QuarantineSpec,
    reorderingEvents,
  })
  .superRefine((doc, ctx) => {
    const types = new Set(doc.content_types.map((t) => t.id));
    const groups = new Set(doc.groups.map((g) => g.id));
    doc.groups.forEach((g, i) =>
      g.content_types.forEach((t, j) => {
        if (!types.has(t)) ctx.addIssue({ code: 'custom', path: ['groups', i, 'content_types', j], message: 'No content type has this id.', params: { key: 'unknownReference' } });
      }),
    );
    doc.list.forEach((r, i) =>
      r.groups.forEach((g, j) => {
        if (!groups.has(g)) ctx.addIssue({ code: 'custom', path: ['list', i, 'groups', j], message: 'No content-type group has this id.', params: { key: 'unknownReference' } });
      }),
    );
  });
export type EmailAttachmentsDocument = z.infer<typeof EmailAttachmentsDocument>;

// ---- mobile exceptions (safemail/mobile) -------------------------------------------------------------------------

export const MobilePlatform = labelledEnum(['ios', 'android'], { ios: 'iOS and iPadOS', android: 'Android' }, { title: 'Platform' });
export const MobileAction = labelledEnum(
  ['original', 'isolate_links', 'isolate'],
  { original: 'Deliver links and attachments unchanged', isolate_links: 'Isolate links only', isolate: 'Isolate links and attachments' },
  { title: 'On mobile devices' },
);

export const MobileException = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  platforms: z.array(MobilePlatform).min(1, { message: 'Choose at least one platform.' }).max(2).meta({ title: 'Platforms' }),
  recipients: recipients(),
  senders: senders(),
  action: MobileAction,
  comment: Comment,
});
export type MobileException = z.infer<typeof MobileException>;

export const EmailMobileDocument = z.strictObject({ list: ruleList(MobileException, 'Mobile exceptions'), reorderingEvents });
export type EmailMobileDocument = z.infer<typeof EmailMobileDocument>;

// ---- risk-based isolation (safemail/isolation) -------------------------------------------------------------------

export const RiskChoice = enumFromLabels(RISK_LABELS, 'Risk');
export const LinkAction = labelledEnum(
  ['allow', 'safeview', 'read_only', 'block'],
  { allow: 'Open directly', safeview: 'Isolate', read_only: 'Isolate read-only (no typing)', block: 'Block' },
  { title: 'Action on links' },
);

export const IsolationRule = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  risks: z.array(RiskChoice).min(1, { message: 'Choose at least one risk level.' }).max(3).meta({ title: 'Link risk', description: 'Risk score of the linked site' }),
  senders: senders(),
  recipients: recipients(),
  recipient_groups: z
    .array(Token)
    .max(100)
    .default([])
    .meta({ title: 'Recipient mail groups', description: 'The rule also applies to members of these mail groups; a group that no longer exists matches nobody' }),
  action: LinkAction,
  comment: Comment,
});
export type IsolationRule = z.infer<typeof IsolationRule>;

export const EmailIsolationDocument = z.strictObject({ list: ruleList(IsolationRule, 'Risk-based isolation rules'), reorderingEvents });
export type EmailIsolationDocument = z.infer<typeof EmailIsolationDocument>;

// ---- email config (safemail/config) ------------------------------------------------------------------------------

export const EmailConfig = z
  .strictObject({
    link_isolation: z.boolean().default(true).meta({ title: 'Rewrite links to open isolated' }),
    attachment_isolation: z.boolean().default(true).meta({ title: 'Convert attachments to safe views' }),
    external_banner: z.boolean().default(true).meta({ title: 'Mark mail from outside the company' }),
    external_banner_text: Notice('External mail banner', 500),
    internal_domains: listOf(Domain, 'Company domains', 500, 'Mail from these domains is internal'),
    max_message_size_mb: int(1, 150, 'Largest message processed (MB)').default(50),
    support_contact: z.union([z.literal(''), Email]).default('').meta({ title: 'Support address', description: 'Shown on isolation and quarantine pages' }),
  })
  .prefault({})
  .meta({ title: 'Processing' });

export const UrlObfuscation = z
  .strictObject({
    enabled: z.boolean().default(true).meta({ title: 'Obfuscate rewritten links', description: 'Recipients do not see the original address in the rewritten link' }),
    show_original_on_hover: z.boolean().default(false).meta({ title: 'Show the original address on the warning page' }),
    link_expiry_days: withValueLabels(int(0, 365, 'Rewritten links expire after (days)', '0: never'), { 0: 'Never' }).default(30),
  })
  .prefault({})
  .meta({ title: 'URL obfuscation' });

export const EmailConfigDocument = z.strictObject({
  config: EmailConfig,
  quarantine_spec: QuarantineSpec,
  safemail_url_obfuscation: UrlObfuscation,
});
export type EmailConfigDocument = z.infer<typeof EmailConfigDocument>;

// ---- phish targets (safemail/phish_targets) ----------------------------------------------------------------------

export const PhishTarget = z.strictObject({
  id: RowId,
  address: Email.min(3).max(254).meta({ title: 'Address' }),
  role: ShortText.max(200, { message: VALIDATOR_MESSAGES.maxlength }).default('').meta({ title: 'Role', description: 'For example CFO or Payroll' }),
});

export const SafemailClassification = z
  .strictObject({
    sensitivity: ProtectionLevel.default('moderate'),
    impersonation_protection: z.boolean().default(true).meta({ title: 'Detect display-name impersonation of targets' }),
    lookalike_domains: z.boolean().default(true).meta({ title: 'Detect look-alike sender domains' }),
    protected_domains: listOf(Domain, 'Protected domains', 200, 'Company and partner domains that look-alikes imitate'),
    targets: z
      .array(PhishTarget)
      .max(2000)
      .superRefine(uniqueBy<z.infer<typeof PhishTarget>>('address', 'This address is already a target.'))
      .default([])
      .meta({ title: 'Likely targets', description: 'Executives and finance staff whose names phishing mail imitates' }),
    keywords: listOf(Token, 'Lure keywords', 500, 'Subject words that raise the phishing score, such as invoice or wire transfer'),
  })
  .prefault({})
  .meta({ title: 'Phishing classification' });

export const PhishTargetsDocument = z.strictObject({ safemail_classification: SafemailClassification });
export type PhishTargetsDocument = z.infer<typeof PhishTargetsDocument>;
