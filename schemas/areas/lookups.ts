/**
 * Lookups and shell-level calls (spec 000 §7 "Policy (shell level)", 001 §7): the lists the policy and settings
 * screens read to fill their choices, and the few small calls around them. The spec names the calls and a few
 * parameters only; the answer shapes here are designed for what an administrator's screen needs (a value and a
 * label, a version with its time), and documented per field.
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { Email, PemCertificate } from '../validators';
import { ContentTypeV4 } from './docsAndFiles';

const Stamp = z.string().meta({ title: 'Updated at', description: 'ISO 8601 time' });

// ---- users and groups --------------------------------------------------------------------------------------------

export const SmtpUser = z.object({
  email: z.string().meta({ title: 'Email address' }),
  name: z.string().meta({ title: 'Name' }),
  groups: z.array(z.string()).meta({ title: 'Groups', description: 'Names of the mail groups the user belongs to' }),
});
export const SmtpUsers = z.object({ users: z.array(SmtpUser) }).meta({ title: 'Mail users', description: 'The mailboxes the email policy protects' });
export type SmtpUsers = z.infer<typeof SmtpUsers>;

export const SmtpGroup = z.object({
  name: z.string().meta({ title: 'Group' }),
  members: z.number().int().min(0).meta({ title: 'Members', description: 'How many mail users belong to the group' }),
});
export const SmtpGroups = z.object({ groups: z.array(SmtpGroup) }).meta({ title: 'Mail groups' });

export const GroupUsers = z
  .object({
    rev_id: z.number().int(),
    groups: z.array(z.object({ group: z.string().meta({ title: 'Directory group' }), users: z.array(z.string()).meta({ title: 'Users' }) })),
  })
  .meta({ title: 'Directory group members', description: 'Members of the directory (AD / Entra ID) groups that policy rules name' });

// ---- risks, threats, versions ------------------------------------------------------------------------------------

export const RiskLevel = labelledEnum(['low', 'medium', 'high', 'critical'], { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' }, { title: 'Level' });
export const Risk = z.object({
  name: z.string().meta({ title: 'Risk' }),
  level: RiskLevel,
  description: z.string().meta({ title: 'Description' }),
});
export const Risks = z.object({ risks: z.array(Risk) }).meta({ title: 'Risk types', description: 'The risk types the web policy can act on' });
export const RiskEntry = z.object({
  entry: z.string().meta({ title: 'Covers', description: 'One thing the risk type stands for, e.g. a vulnerable service (port/protocol and name)' }),
});
export const RiskDetail = Risk.extend({
  entries: z.array(RiskEntry).meta({ title: 'Entries', description: 'What the risk covers, e.g. the vulnerable services (port/protocol and name)' }),
}).meta({ title: 'Risk type with its entries' });
/** A risk type as the lookup seed holds it: its entries as plain text. */
const RiskSeed = Risk.extend({ entries: z.array(z.string()) });
export const RiskParam = z.strictObject({ risk: z.string().min(1).max(100).meta({ title: 'Risk type', description: 'e.g. Vulnerable Service' }) });

export const RaThreats = z
  .object({ threats: z.array(z.object({ value: z.string(), label: z.string(), description: z.string() })) })
  .meta({ title: 'Runtime analysis threats', description: 'The threat types runtime analysis reports and the web policy can block' });

export const ContentVersion = z
  .object({ version: z.string().meta({ title: 'Content version' }), updated_at: Stamp })
  .meta({ title: 'Content inspection version', description: 'The version of the signatures and content rules in use' });

export const CategoryVersionQuery = z.strictObject({
  timestamp: z.coerce.number().int().min(0).optional().meta({ title: 'Timestamp', description: 'Cache breaker (ms); echoed back' }),
});
export const CategoryVersion = z
  .object({
    version: z.string().meta({ title: 'Category database version' }),
    updated_at: Stamp,
    timestamp: z.number().int().optional().meta({ title: 'Timestamp', description: 'The timestamp the caller sent' }),
  })
  .meta({ title: 'Category database version' });

export const CategoryExtensionMap = z
  .object({
    map: z.array(
      z.object({
        value: z.string().meta({ title: 'Category id' }),
        label: z.string().meta({ title: 'Category' }),
        former: z.array(z.object({ value: z.string(), label: z.string() })).meta({ title: 'Former categories', description: 'Where its sites were before' }),
      }),
    ),
  })
  .meta({ title: 'Extended categories and their former categories' });

export const CategoryMigration = z
  .strictObject({
    migrate: z.boolean().meta({ title: 'Migrate rules', description: 'On: rules that name a former category also name the extended category that replaces it' }),
  })
  .meta({ title: 'Category migration' });
export const CategoryMigrationState = z.object({
  migrate: z.boolean(),
  updated_at: Stamp.nullable(),
  updated_by: z.string().nullable(),
});

// ---- PAC version -------------------------------------------------------------------------------------------------

export const PacVersionValue = labelledEnum(['v1', 'v2'], { v1: 'Version 1 (settings only)', v2: 'Version 2 (settings and uploaded template)' }, { title: 'PAC version' });
export const PacVersionBody = z.strictObject({ version: PacVersionValue });
export type PacVersionValue = z.infer<typeof PacVersionValue>;
export const PacVersion = z.object({ version: PacVersionValue, updated_at: Stamp.nullable(), updated_by: z.string().nullable() }).meta({ title: 'PAC version' });
export type PacVersion = z.infer<typeof PacVersion>;

// ---- DLP, CASB, egress -------------------------------------------------------------------------------------------

export const PredefinedCcls = z
  .object({
    ccls: z.array(
      z.object({
        id: z.string().meta({ title: 'Id' }),
        name: z.string().meta({ title: 'Name' }),
        region: z.string().meta({ title: 'Region' }),
        description: z.string().meta({ title: 'Description' }),
      }),
    ),
  })
  .meta({ title: 'Predefined content control lists', description: 'The data identifiers DLP rules can use without defining them' });

export const FilePassword = z
  .object({ password: z.string().meta({ title: 'Password', description: 'Opens the password-protected archives of captured files' }) })
  .meta({ title: 'Captured file password' });

export const EgressControl = z
  .object({
    enabled: z.boolean().meta({ title: 'Egress control', description: 'Whether header rules apply to the tenant\'s traffic' }),
    max_rules: z.number().int().meta({ title: 'Most rules' }),
    actions: z.array(z.string()).meta({ title: 'Actions a rule may take' }),
  })
  .meta({ title: 'Egress control' });

export const HeaderBlocklist = z
  .object({ headers: z.array(z.string()).meta({ title: 'Headers', description: 'Header names no rule may add, change or remove' }) })
  .meta({ title: 'Protected headers' });

export const MpaApplicationList = z
  .object({ rev_id: z.number().int(), applications: z.array(z.object({ value: z.string(), label: z.string() })) })
  .meta({ title: 'Private applications', description: 'The private access applications DLP rules can name, at the revision' });

export const CasbDlpRules = z
  .object({
    rev_id: z.number().int(),
    rules: z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean(), action: z.string(), applications: z.array(z.string()) })),
  })
  .meta({ title: 'CASB DLP rules', description: 'The DLP rules that apply to cloud applications, at the revision' });

// ---- contact form, domain lists, safemail ------------------------------------------------------------------------

export const ContactTopic = labelledEnum(
  ['support', 'billing', 'feedback', 'other'],
  { support: 'Technical support', billing: 'Billing and licences', feedback: 'Feedback', other: 'Other' },
  { title: 'Topic' },
);
export const ContactForm = z
  .strictObject({
    topic: ContactTopic,
    subject: z.string().trim().min(3).max(200).meta({ title: 'Subject' }),
    message: z.string().trim().min(10).max(5000).meta({ title: 'Message', description: '10 to 5000 characters' }),
    reply_to: Email.optional().meta({ title: 'Reply to', description: 'Where to answer; the account\'s address when left out' }),
  })
  .meta({ title: 'Contact request' });
export const ContactAnswer = z.object({ id: z.number().int(), received_at: Stamp, message: z.string() });

export const ValidateDdlBody = z
  .strictObject({
    ddlUrl: z.url({ protocol: /^https?$/ }).max(2048).meta({ title: 'Domain list URL', description: 'http(s) address of a text file, one domain per line' }),
    isCasb: z.boolean().default(false).meta({ title: 'For CASB', description: 'The list names cloud application domains' }),
    options: z
      .strictObject({
        allowWildcards: z.boolean().default(true).meta({ title: 'Allow *. prefixes' }),
        maxEntries: z.number().int().min(1).max(100000).default(10000).meta({ title: 'Most entries' }),
      })
      .prefault({})
      .meta({ title: 'Options' }),
  })
  .meta({ title: 'Dynamic domain list check' });
export const ValidateDdlAnswer = z.object({
  valid: z.boolean(),
  message: z.string(),
  problems: z.array(z.string()).meta({ title: 'Problems', description: 'What is wrong with the address or options' }),
});

export const UceReport = z
  .strictObject({
    sender: Email.meta({ title: 'Sender', description: 'Address of the unsolicited (UCE) mail to allow' }),
    comment: z.string().max(500).default('').meta({ title: 'Comment' }),
  })
  .meta({ title: 'Allow a sender reported as unsolicited mail' });
const FEED_TYPE_LABELS = { email: 'Sender address', domain: 'Domain' } as const;
const FEED_SOURCE_LABELS = { uce: 'Reported as unsolicited', feed: 'Allow-list feed' } as const;
export const FeedEntry = z.object({
  value: z.string().meta({ title: 'Sender or domain' }),
  type: labelledEnum(['email', 'domain'], FEED_TYPE_LABELS, { title: 'Type' }),
  source: labelledEnum(['uce', 'feed'], FEED_SOURCE_LABELS, { title: 'Source', description: 'An administrator allowed a sender reported as unsolicited mail, or a subscribed feed lists it' }),
  added_at: Stamp.meta({ title: 'Added' }),
  comment: z.string().meta({ title: 'Comment' }),
});
export const UceAnswer = FeedEntry;
export const FeedsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(100).meta({ title: 'Most entries' }),
  source: labelledEnum(['uce', 'feed', 'all'], { ...FEED_SOURCE_LABELS, all: 'All sources' }, { title: 'Source' }).default('all'),
  type: labelledEnum(['email', 'domain', 'all'], { ...FEED_TYPE_LABELS, all: 'All types' }, { title: 'Type' }).default('all'),
});
export const Feeds = z.object({ feeds: z.array(FeedEntry), total: z.number().int() }).meta({ title: 'Allow-list feeds' });

export const ExportClientProfileQuery = z.strictObject({
  uuid: z.uuid().optional().meta({ title: 'Profile uuid', description: 'Left out: every exportable profile, in one file' }),
});

// ---- session start: portal version and multi-tenant associations (spec 000 §3, §4) -------------------------------

export const PortalVersionValue = labelledEnum(['v1', 'v2'], { v1: 'Previous portal', v2: 'This portal' }, { title: 'Portal version' });
export const PortalVersionBody = z.strictObject({ version: PortalVersionValue });
export const PortalVersion = z
  .object({ version: PortalVersionValue, updated_at: Stamp.nullable(), updated_by: z.string().nullable() })
  .meta({ title: 'Portal version', description: 'Which administration portal the tenant\'s administrators use' });

export const AssociationStatus = labelledEnum(['active', 'pending'], { active: 'Active', pending: 'Waiting for approval' }, { title: 'Status' });
export const Association = z.object({
  uuid: z.string().meta({ title: 'Association id' }),
  primary_name: z.string().meta({ title: 'Primary tenant', description: 'The tenant that manages the other' }),
  secondary_name: z.string().meta({ title: 'Managed tenant' }),
  status: AssociationStatus,
  requested_at: Stamp.meta({ title: 'Requested' }),
});
export const AssociationRow = Association.extend({
  can_approve: z.boolean().meta({ title: 'Waits for this tenant', description: 'A pending request in which this tenant is the managed one' }),
});
export const MultiTenantInfo = z
  .object({
    role: labelledEnum(['primary', 'secondary', 'none'], { primary: 'Primary tenant', secondary: 'Managed tenant', none: 'Not associated' }, { title: 'This tenant' }),
    associations: z.array(AssociationRow),
    pending_approvals: z.number().int().min(0).meta({ title: 'Requests waiting for this tenant\'s approval' }),
  })
  .meta({ title: 'Multi-tenant associations', description: 'The primary and managed tenants this tenant is associated with' });
export type MultiTenantInfo = z.infer<typeof MultiTenantInfo>;
export type PortalVersion = z.infer<typeof PortalVersion>;
export const AssociationParam = z.strictObject({ id: z.string().min(1).max(64).meta({ title: 'Association id' }) });
export const ApproveAssociation = z.strictObject({
  status: z.literal('active').meta({ title: 'Status', description: 'Only `active`: a pending association is approved' }),
});

// ---- the seed file of the lookups (server/seed/lookups.json) -----------------------------------------------------

export const LookupSeed = z.strictObject({
  smtp_users: z.record(z.string(), z.array(SmtpUser)),
  ad_groups: z.record(z.string(), z.array(z.object({ group: z.string(), users: z.array(z.string()) }))),
  risks: z.array(RiskSeed),
  predefined_ccls: PredefinedCcls.shape.ccls,
  feeds: z.record(z.string(), z.array(FeedEntry)),
  ssl_integrations: z.array(z.object({ id: z.string(), name: z.string(), destinations: z.array(z.string()) })),
  content_types: z.array(z.object({ name: z.string(), list: z.array(z.string()) })),
  content_types_v4: z.array(ContentTypeV4),
  public_ips: z.array(z.object({ ip: z.string(), region: z.string() })),
  multi_tenant: z.record(z.string(), z.array(Association)),
  content_version: z.string(),
  category_version: z.string(),
  versions_updated_at: z.string(),
});
export type LookupSeed = z.infer<typeof LookupSeed>;

// ---- tenant settings and utilities (spec 002 §7) -----------------------------------------------------------------

export const TimeZones = z
  .object({ time_zones: z.array(z.object({ value: z.string().meta({ title: 'IANA name' }), label: z.string(), offset: z.string().meta({ title: 'UTC offset now' }) })) })
  .meta({ title: 'Time zones', description: 'The time zones a schedule in a rule can use' });

export const SettingName = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/).meta({ title: 'Setting', description: 'e.g. session_logout_days' }),
});
export const SettingValue = z.object({
  name: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]).meta({ title: 'Value' }),
});

export const FixedEgressState = z
  .object({
    enabled: z.boolean().meta({ title: 'Pinned egress in use' }),
    pinned: z.number().int().meta({ title: 'Pinned users and groups' }),
    egress_ips: z.array(z.string()).meta({ title: 'Egress addresses in use' }),
  })
  .meta({ title: 'Fixed egress', description: 'A summary of the fixed egress settings' });

export const UserIp = z.object({ ip: z.string().meta({ title: 'Your address', description: 'The address this request came from' }) });
export const PublicIps = z
  .object({ ips: z.array(z.object({ ip: z.string(), region: z.string() })) })
  .meta({ title: 'Service egress addresses', description: 'Addresses the service\'s traffic leaves from, for allow-lists at other sites' });

export const DecodeCertBody = z.strictObject({ cert: PemCertificate.meta({ title: 'Certificate (PEM)' }) });
export const DecodedCert = z
  .object({
    subject: z.string(),
    issuer: z.string(),
    serial_number: z.string(),
    valid_from: z.string(),
    valid_to: z.string(),
    fingerprint_sha256: z.string(),
    subject_alt_names: z.array(z.string()),
    expired: z.boolean(),
  })
  .meta({ title: 'Certificate details' });

// ---- capabilities, SAML and authentication v2 (spec 002 §7 tenant settings; 000 §7 capability details) ----------

export const CapabilityNameParam = z.strictObject({
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { message: 'Use letters, digits and _ (at most 64), starting with a letter.' }).meta({ title: 'Capability' }),
});

export const CapabilityDetail = z
  .object({
    name: z.string().meta({ title: 'Capability' }),
    enabled: z.boolean().meta({ title: 'On', description: 'The capability\'s value is true (a limit such as max_users: set and above 0)' }),
    value: z.union([z.string(), z.number(), z.boolean(), z.null()]).meta({ title: 'Value', description: 'As the service provider set it; null when not set' }),
    description: z.string().meta({ title: 'What it gives' }),
  })
  .meta({ title: 'Tenant capability' });

export const SamlServiceProvider = z
  .object({
    enabled: z.boolean().meta({ title: 'SAML sign-in in use', description: 'User Authentication is set to a SAML 2.0 identity provider' }),
    entity_id: z.string().meta({ title: 'Service entity id', description: 'Enter it in the identity provider as the audience' }),
    acs_url: z.string().meta({ title: 'Assertion consumer service address', description: 'Where the identity provider posts its answer' }),
    name_id_format: z.string().meta({ title: 'Name id format' }),
    idp_entity_id: z.string().meta({ title: 'Identity provider entity id', description: 'From User Authentication; empty until set' }),
    idp_sso_url: z.string().meta({ title: 'Identity provider sign-in address' }),
    signing_cert_fingerprint: z.string().meta({ title: 'Request signing certificate (SHA-256)', description: 'Of the certificate the service signs its requests with (menloSamlSigningCert)' }),
  })
  .meta({ title: 'SAML service provider', description: 'What the tenant\'s identity provider needs to know of the service' });

export const SamlSigningCert = z
  .object({
    cert: z.string().meta({ title: 'Certificate (PEM)' }),
    subject: z.string(),
    fingerprint_sha256: z.string(),
    valid_from: z.iso.datetime(),
    valid_to: z.iso.datetime(),
  })
  .meta({ title: 'SAML request signing certificate', description: 'The public certificate only; its key never leaves the service' });

export const AuthV2Query = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(100).meta({ description: 'At most this many configurations (a tenant has one; callers ask with limit=1)' }),
});

// ---- the dashboard's appliances (000 §7 GET /api/v1/dashboard/get_appliances) -------------------------------------

export const ApplianceStatus = labelledEnum(
  ['online', 'maintenance', 'offline', 'unreachable'],
  { online: 'Online', maintenance: 'Maintenance', offline: 'Restarting', unreachable: 'Unreachable' },
  { title: 'Status' },
);

export const DashboardAppliances = z
  .object({
    appliances: z.array(
      z.object({
        id: z.string(),
        name: z.string().meta({ title: 'Appliance' }),
        address: z.string().meta({ title: 'Address' }),
        app_mode: z.string().meta({ title: 'Role' }),
        version: z.string().meta({ title: 'Version' }),
        group: z.string().meta({ title: 'Group' }),
        status: ApplianceStatus,
        last_contact: z.iso.datetime().meta({ title: 'Last contact' }),
      }),
    ),
    total: z.number().int(),
    online: z.number().int().meta({ title: 'Online' }),
  })
  .meta({ title: 'Appliances', description: 'The on-premises appliances of the tenant and how they are' });

/** What each capability the portal knows gives a tenant (answered by capabilities/{name}); any other name is unknown. */
export const CAPABILITY_DESCRIPTIONS: Readonly<Record<string, string>> = {
  rbac: 'Roles decide what each administrator may see and change',
  tfa: 'Administrators can sign in with a second factor',
  sso: 'Administrators sign in through the tenant\'s identity provider',
  pac: 'Proxy auto-configuration files for the tenant\'s browsers',
  bnb: 'Browser and web-app rules',
  dlp: 'Data-loss prevention rules, dictionaries and auditors',
  casb: 'SaaS application rules, profiles and discovery',
  email: 'Email isolation',
  attachments: 'Email attachment rules',
  smtp_users: 'Mail users and groups from the tenant\'s mail service',
  private_access: 'Private application access through app connectors',
  reports: 'Scheduled, past and instant reports',
  fwaas: 'Firewall rules, services and feeds',
  watermarking: 'Watermarks on isolated pages',
  browsing_forensics: 'Recording of browsing sessions for investigation',
  multiple_idp: 'More than one identity provider for users',
  additional_local_admins: 'Local administrators besides the first',
  genai_copy_paste: 'Copy-and-paste rules for generative-AI sites',
  content_inspection: 'File and document inspection (from documents or files, without policy_only_domains)',
  bandwidth: 'Bandwidth rules (from bandwidth_limits or daily_bandwidth_quota)',
  email_policy: 'Email policy (from safemailPolicy with attachments, a reversing-labs licence or URL isolation)',
  portal2: 'Access to this administration portal',
  documents: 'Inspection and viewing of documents',
  files: 'Inspection of transferred files',
  policy_only_domains: 'Only domain policy: no file or document inspection',
  bandwidth_limits: 'Bandwidth limits per rule',
  daily_bandwidth_quota: 'A daily bandwidth quota per user',
  safemailPolicy: 'Email policy of the safemail service',
  reversinglabs_license: 'File reputation from ReversingLabs',
  url_isolation_disabled: 'Links in mail are not isolated',
  max_users: 'How many users the tenant may have (0: no limit)',
  restricted_logs: 'Log events hide user names and addresses from administrators',
  runtime_analysis: 'Runtime threat analysis of pages (evasion techniques)',
  mobileSupport: 'Isolation for mobile browsers and the mobile exception rules',
};
