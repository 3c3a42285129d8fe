/**
 * Tenant settings (spec 002 §7: GET/PUT /api/settings/v1/tenants/{global_settings, casb, admin_access_control, auth,
 * tos, egress_ips, fixed_egress}, client_profiles, posture_profiles). The spec names the calls and a few keys (egress
 * list, fixed_egress_user.list, profiles with uuid and exportable, the posture checks, comparisons and logic of 002 §3);
 * every other field is what an administrator of such a service expects, with the shared validators and enumerations.
 */
import { z } from 'zod';
import { AwsRegionCode, Comparison, Logic, PostureCheck, labelledEnum, withValueLabels } from '../enums';
import { CASB_PROFILE_TYPE_LABELS } from '../logEnums';
import { CHECKS, Domain, DomainIpOrCidr, Email, PemCertificate, ShortText, URL_MAX, VALIDATOR_MESSAGES, checked } from '../validators';
import { Comment, Description, Enabled, RowId, RowUuid, RuleName, enumFromLabels, listOf, ruleList, uniqueBy } from './common';
import { AccessPlatform } from './privateAccess';
import { IpOrCidr } from './ruleConditions';
import { SettingsStamp } from '../policy';
import { parseBlock } from '../ipAllowList';

const int = (min: number, max: number, title: string, description?: string) =>
  z.number().int({ message: 'Enter a whole number.' }).min(min, { message: `Use at least ${min}.` }).max(max, { message: `Use at most ${max}.` }).meta({ title, ...(description ? { description } : {}) });
const optionalEmail = (title: string, description?: string) =>
  z.union([z.literal(''), Email.max(254)]).default('').meta({ title, ...(description ? { description } : {}) });
const optionalUrl = (title: string, description?: string) =>
  z.union([z.literal(''), checked('invalidUrl', z.string().max(URL_MAX))]).default('').meta({ title, ...(description ? { description } : {}) });
const Principal = z.string().min(1, { message: 'Enter a name.' }).max(256).refine(CHECKS.lineBreaks, { message: VALIDATOR_MESSAGES.lineBreaks, params: { key: 'lineBreaks' } });

// ---- global settings ---------------------------------------------------------------------------------------------

export const PortalLanguage = labelledEnum(
  ['en', 'de', 'fr', 'es', 'ja'],
  { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', ja: '日本語' },
  { title: 'Language of user-facing pages' },
);

/** An IANA time-zone name such as Europe/Berlin, or UTC. */
export const TimeZoneName = z
  .string()
  .max(64)
  .regex(/^(UTC|[A-Z][A-Za-z_-]+(\/[A-Z0-9][A-Za-z0-9_+-]+){1,2})$/, { message: 'Enter a time zone such as Europe/Berlin or UTC.' })
  .meta({ title: 'Time zone', description: 'Used for reports, schedules and log times' });

export const GlobalSettingsDocument = z.strictObject({
  time_zone: TimeZoneName.default('UTC'),
  language: PortalLanguage.default('en'),
  log_retention_days: int(7, 365, 'Keep logs for (days)').default(90),
  anonymize_users: z.boolean().default(false).meta({
    title: 'Anonymise user names in logs and reports',
    description:
      'On: log pages, exports, reports, insights, report files and log collectors show each user as a code such as "User 3f9a1c2b7d04", ' +
      'the same code for the same user everywhere, so one user can still be followed; the name cannot be worked out from it. ' +
      'Logs and reports cannot be searched or filtered by user or recipient meanwhile. Nothing stored changes: turning it off shows the names again, ' +
      'in earlier report files too. The audit log of administrators\' actions keeps their names.',
  }),
  support_contact: optionalEmail('Support address', 'Shown on block pages and in notification mails'),
  vendor_support_access: z.boolean().default(false).meta({
    title: 'Allow vendor support to view this tenant',
    description: 'Read-only, for troubleshooting. Off: the service provider’s support staff cannot open this organization’s policy, roles or settings',
  }),
});
export type GlobalSettingsDocument = z.infer<typeof GlobalSettingsDocument>;

// ---- CASB settings -----------------------------------------------------------------------------------------------

export const CasbSettingsDocument = z.strictObject({
  app_discovery: z.boolean().default(true).meta({ title: 'Discover SaaS applications in web traffic' }),
  new_app_profile: enumFromLabels(CASB_PROFILE_TYPE_LABELS, 'Profile of newly discovered applications').default('unclassified'),
  risk_threshold: int(0, 100, 'Alert on applications riskier than', 'Application risk score, 0 (none) to 100').default(70),
  alert_recipients: listOf(Email.min(3).max(254), 'Alert recipients', 50),
});
export type CasbSettingsDocument = z.infer<typeof CasbSettingsDocument>;

// ---- admin access control ----------------------------------------------------------------------------------------

/** An IPv4 or IPv6 address or CIDR block of the administrators' allow-list (schemas/ipAllowList.ts). */
export const AdminAddress = z.string().max(64).refine((v) => parseBlock(v) !== undefined, {
  message: 'Enter an IPv4 or IPv6 address or a CIDR block such as 203.0.113.0/24 or 2001:db8::/48.',
  params: { key: 'invalidCidr' },
});

export const AdminAccessControlDocument = z
  .strictObject({
    restrict_by_ip: z.boolean().default(false).meta({
      title: 'Allow portal sign-in only from these addresses',
      description: 'Sign-ins, every request of a signed-in session and API token calls from another address are refused (a session is ended) and audited.',
    }),
    allowed_ips: listOf(AdminAddress, 'Allowed addresses', 200, 'IPv4 or IPv6 addresses or CIDR blocks. You cannot save a list that leaves out the address you are signed in from.'),
    require_tfa: z.boolean().default(false).meta({
      title: 'Require two-factor authentication for administrators',
      description:
        'After the password, a code from an authenticator app (or a recovery code) is asked for; a user without one sets it up at that sign-in. ' +
        'You can turn this on only once you have a second factor yourself.',
    }),
    max_failed_logins: int(3, 20, 'Failed sign-ins before lock-out', 'Wrong passwords or codes in a row, from any address, that lock the account').default(5),
    lockout_minutes: int(1, 1440, 'Lock-out (minutes)', 'A locked account cannot sign in, even with the right password, until this time has passed').default(15),
    idle_timeout_minutes: int(5, 480, 'Sign out idle administrators after (minutes)', "The service provider's inactivity limit for this organization applies when it is shorter").default(30),
  })
  .refine((d) => !d.restrict_by_ip || d.allowed_ips.length > 0, {
    message: 'Add at least one address, or you could lock every administrator out.',
    path: ['allowed_ips'],
    params: { key: 'addressRequired' },
  });
export type AdminAccessControlDocument = z.infer<typeof AdminAccessControlDocument>;

// ---- user authentication -----------------------------------------------------------------------------------------

export const AuthMethod = labelledEnum(
  ['none', 'saml', 'oidc'],
  { none: 'No user authentication (addresses only)', saml: 'SAML 2.0 identity provider', oidc: 'OpenID Connect identity provider' },
  { title: 'Authentication' },
);

export const AuthSettingsDocument = z
  .strictObject({
    method: AuthMethod.default('none'),
    saml: z
      .strictObject({
        entity_id: z.string().max(1024).default('').meta({ title: 'Identity provider entity id' }),
        sso_url: optionalUrl('Sign-in address'),
        certificate: z.union([z.literal(''), PemCertificate.max(16_384)]).default('').meta({ title: 'Signing certificate (PEM)' }),
      })
      .prefault({})
      .meta({ title: 'SAML' }),
    oidc: z
      .strictObject({
        issuer: optionalUrl('Issuer'),
        client_id: z.string().max(256).default('').meta({ title: 'Client id' }),
        client_secret: z.string().min(1).max(512).meta({ title: 'Client secret', description: 'Shown as ******** once saved; leave it so to keep the stored value', writeOnly: true }).optional(),
      })
      .prefault({})
      .meta({ title: 'OpenID Connect' }),
    session_hours: int(1, 720, 'Users sign in again after (hours)').default(24),
    exempt_domains: listOf(Domain, 'Sites reached without sign-in', 500),
  })
  .superRefine((d, ctx) => {
    const need = (ok: boolean, path: string[], message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path, message, params: { key: 'required' } });
    };
    if (d.method === 'saml') {
      need(d.saml.entity_id !== '', ['saml', 'entity_id'], 'Enter the entity id.');
      need(d.saml.sso_url !== '', ['saml', 'sso_url'], 'Enter the sign-in address.');
      need(d.saml.certificate !== '', ['saml', 'certificate'], 'Paste the signing certificate.');
    }
    if (d.method === 'oidc') {
      need(d.oidc.issuer !== '', ['oidc', 'issuer'], 'Enter the issuer.');
      need(d.oidc.client_id !== '', ['oidc', 'client_id'], 'Enter the client id.');
      need(d.oidc.client_secret !== undefined, ['oidc', 'client_secret'], 'Enter the client secret.');
    }
  });
export type AuthSettingsDocument = z.infer<typeof AuthSettingsDocument>;

// ---- terms of service --------------------------------------------------------------------------------------------

export const TosDocument = z
  .strictObject({
    enabled: z.boolean().default(false).meta({ title: 'Users accept terms of use before browsing', description: 'Administrators accept them too before this portal opens' }),
    title: ShortText.max(200, { message: VALIDATOR_MESSAGES.maxlength }).default('Acceptable use policy').meta({ title: 'Title' }),
    text: z.string().max(20_000, { message: 'Use at most 20000 characters.' }).default('').meta({ title: 'Text' }),
    version: int(1, 10_000, 'Version', 'Raise it to make every user accept the terms again').default(1),
    accept_every_days: withValueLabels(int(0, 365, 'Ask again after (days)', '0: accept once per version'), { 0: 'Once per version' }).default(0),
  })
  .refine((d) => !d.enabled || d.text.trim() !== '', { message: 'Enter the terms users accept.', path: ['text'], params: { key: 'required' } });
export type TosDocument = z.infer<typeof TosDocument>;

/** The terms a signed-in user is shown, and whether they must accept them now. */
export const TosStatus = z.strictObject({
  enabled: z.boolean(),
  title: z.string(),
  text: z.string(),
  version: z.number().int(),
  accept_every_days: z.number().int(),
  /** True while the terms are on and this user has not accepted this version within accept_every_days. */
  must_accept: z.boolean(),
  accepted_version: z.number().int().nullable(),
  accepted_at: z.iso.datetime().nullable(),
});
export type TosStatus = z.infer<typeof TosStatus>;

export const TosAcceptBody = z.strictObject({
  version: int(1, 10_000, 'Version', 'The version of the terms the user accepts'),
});
export type TosAcceptBody = z.infer<typeof TosAcceptBody>;

export const TosAcceptance = z.strictObject({
  version: z.number().int(),
  accepted_at: z.iso.datetime(),
  accepted_by: z.string(),
});
export type TosAcceptance = z.infer<typeof TosAcceptance>;

// ---- egress IPs --------------------------------------------------------------------------------------------------

export const EgressIp = z.strictObject({
  id: RowId,
  region: AwsRegionCode.meta({ title: 'Region' }),
  ip: checked('nonStandardIp', z.string().max(15)).meta({ title: 'Address', description: 'Public IPv4 address traffic of this region leaves from' }),
  enabled: Enabled,
  comment: Comment,
});
export type EgressIp = z.infer<typeof EgressIp>;

export const EgressIpsDocument = z.strictObject({
  list: ruleList(EgressIp, 'Egress addresses', 'id', 200).superRefine(uniqueBy<EgressIp>('ip', 'This address is already listed.')),
});
export type EgressIpsDocument = z.infer<typeof EgressIpsDocument>;

// ---- fixed egress (PUT) ------------------------------------------------------------------------------------------

export const FixedEgressUser = z.strictObject({
  id: RowId,
  principal: Principal.meta({ title: 'User or group' }),
  type: labelledEnum(['user', 'group'], { user: 'User', group: 'Group' }, { title: 'Type' }).default('user'),
  egress_ip: checked('nonStandardIp', z.string().max(15)).meta({ title: 'Egress address', description: 'One of the egress addresses' }),
  comment: Comment,
});
export type FixedEgressUser = z.infer<typeof FixedEgressUser>;

export const FixedEgressDocument = z.strictObject({
  enabled: z.boolean().default(false).meta({ title: 'Pin users to an egress address', description: 'For sites that allow only known addresses' }),
  fixed_egress_user: z
    .strictObject({ list: ruleList(FixedEgressUser, 'Pinned users and groups', 'id', 1000).superRefine(uniqueBy<FixedEgressUser>('principal', 'This user or group is already pinned.')) })
    .prefault({})
    .meta({ title: 'Pinned users and groups' }),
});
export type FixedEgressDocument = z.infer<typeof FixedEgressDocument>;

// ---- client profiles ---------------------------------------------------------------------------------------------

export const ClientMode = labelledEnum(
  ['proxy', 'tunnel'],
  { proxy: 'Web traffic only (proxy)', tunnel: 'All traffic (tunnel)' },
  { title: 'Traffic sent to the service' },
);

export const ClientProfile = z.strictObject({
  uuid: RowUuid,
  name: RuleName,
  description: Description,
  exportable: z.boolean().default(true).meta({ title: 'Exportable', description: 'Administrators may download the profile to deploy the client' }),
  platforms: z.array(AccessPlatform).min(1, { message: 'Choose at least one platform.' }).max(6).meta({ title: 'Platforms' }),
  mode: ClientMode.default('proxy'),
  auto_connect: z.boolean().default(true).meta({ title: 'Connect automatically at sign-in' }),
  allow_user_disable: z.boolean().default(false).meta({ title: 'Users may turn the client off' }),
  trusted_networks: listOf(IpOrCidr, 'Trusted networks', 100, 'On these networks the client stays off (the office sends traffic itself)'),
  bypass_domains: listOf(Domain, 'Sites sent direct', 1000),
  posture_profile: z.union([z.literal(''), z.uuid()]).default('').meta({ title: 'Posture profile', description: 'UUID of the posture profile the device reports against; empty: none' }),
});
export type ClientProfile = z.infer<typeof ClientProfile>;

export const ClientProfilesDocument = z.strictObject({
  profiles: ruleList(ClientProfile, 'Client profiles', 'uuid', 100).superRefine(uniqueBy<ClientProfile>('name', 'Another profile has this name.')),
});
export type ClientProfilesDocument = z.infer<typeof ClientProfilesDocument>;

// ---- terminal server client profiles (ts_client_profile) ----------------------------------------------------------
// Design note for auditors: spec 002 §7 names the call (GET/PUT /api/settings/v1/tenants/ts_client_profile, payload
// profiles) and nothing else. We read "ts" as terminal server: the client installed once on a multi-user Windows
// server (Remote Desktop, Citrix), where the service tells users apart by the source port range each session gets.
// The fields are our design.

export const TerminalServerUserId = labelledEnum(
  ['windows_user', 'upn'],
  { windows_user: 'Windows account (DOMAIN\\user)', upn: 'User principal name (user@domain)' },
  { title: 'Users are named by' },
);

export const TerminalServerProfile = z
  .strictObject({
    uuid: RowUuid,
    name: RuleName,
    description: Description,
    servers: z
      .array(DomainIpOrCidr)
      .min(1, { message: 'Enter at least one server.' })
      .max(500, { message: 'Use at most 500 entries.' })
      .meta({ title: 'Servers', description: 'Host names, IPv4 addresses or CIDR blocks of the terminal servers this profile applies to' }),
    first_port: z
      .number()
      .int({ message: 'Enter a whole number.' })
      .min(1024, { message: 'Use a port from 1024 to 65535.' })
      .max(65535, { message: 'Use a port from 1024 to 65535.' })
      .default(10000)
      .meta({ title: 'First source port', description: 'Sessions get consecutive source port ranges from this port on' }),
    ports_per_user: z
      .number()
      .int({ message: 'Enter a whole number.' })
      .min(50, { message: 'Give each session 50 to 5000 ports.' })
      .max(5000, { message: 'Give each session 50 to 5000 ports.' })
      .default(500)
      .meta({ title: 'Ports per session', description: 'Connections one user session can hold open at once' }),
    user_id: TerminalServerUserId.default('windows_user'),
    bypass_domains: listOf(Domain, 'Sites sent direct', 1000),
  })
  .superRefine((p, ctx) => {
    if (p.first_port + p.ports_per_user - 1 > 65535) {
      ctx.addIssue({ code: 'custom', path: ['ports_per_user'], message: 'The port ranges must end at port 65535 or below: lower the first port or the ports per session.' });
    }
  });
export type TerminalServerProfile = z.infer<typeof TerminalServerProfile>;

export const TerminalServerProfilesDocument = z.strictObject({
  profiles: ruleList(TerminalServerProfile, 'Terminal server profiles', 'uuid', 100).superRefine(
    uniqueBy<TerminalServerProfile>('name', 'Another profile has this name.'),
  ),
});
export type TerminalServerProfilesDocument = z.infer<typeof TerminalServerProfilesDocument>;

// ---- posture profiles --------------------------------------------------------------------------------------------

/** Checks whose value is yes or no (present, on, passing): compared with equal only. */
export const BOOLEAN_POSTURE_CHECKS: readonly z.infer<typeof PostureCheck>[] = [
  'antivirus',
  'firewall',
  'full_disk_encryption',
  'detect_crowdstrike',
  'gatekeeper',
  'google_safe_browsing',
];
const VERSION = /^\d{1,5}(\.\d{1,5}){0,3}$/;

export const PostureCondition = z
  .strictObject({
    check: PostureCheck,
    comparison: Comparison.default('equal'),
    value: z.string().min(1, { message: 'Enter a value.' }).max(64).meta({ title: 'Value', description: 'true or false; a version such as 14.2; a score 0 to 100' }),
    value_to: z.string().max(64).default('').meta({ title: 'Up to', description: 'Upper bound of Between' }),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string, key: string) => ctx.addIssue({ code: 'custom', path: [path], message, params: { key } });
    if (BOOLEAN_POSTURE_CHECKS.includes(c.check)) {
      if (c.comparison !== 'equal') issue('comparison', 'This check is yes or no: compare with Equal to.', 'invalidComparison');
      if (c.value !== 'true' && c.value !== 'false') issue('value', 'Use true or false.', 'invalidPostureValue');
      return;
    }
    const valid = c.check === 'os_version' ? (v: string) => VERSION.test(v) : (v: string) => /^\d{1,3}$/.test(v) && Number(v) <= 100;
    const hint = c.check === 'os_version' ? 'Enter a version such as 14.2 or 10.0.19045.' : 'Enter a score from 0 to 100.';
    if (!valid(c.value)) issue('value', hint, 'invalidPostureValue');
    if (c.comparison === 'inbetween') {
      if (!valid(c.value_to)) issue('value_to', hint, 'invalidPostureValue');
      else if (valid(c.value) && compareVersions(c.value, c.value_to) > 0) issue('value_to', 'The upper bound is below the lower bound.', 'rangeOrder');
    }
  });
export type PostureCondition = z.infer<typeof PostureCondition>;

/** Compares dotted numeric versions (and plain scores) part by part. */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

export const PostureProfile = z.strictObject({
  uuid: RowUuid,
  name: RuleName,
  description: Description,
  platform: AccessPlatform,
  logic: Logic.default('and'),
  checks: z.array(PostureCondition).min(1, { message: 'Add at least one check.' }).max(20).meta({ title: 'Checks' }),
});
export type PostureProfile = z.infer<typeof PostureProfile>;

export const PostureProfilesDocument = z.strictObject({
  profiles: ruleList(PostureProfile, 'Posture profiles', 'uuid', 100).superRefine(uniqueBy<PostureProfile>('name', 'Another profile has this name.')),
});
export type PostureProfilesDocument = z.infer<typeof PostureProfilesDocument>;

// ---- user authentication v2 (GET/PUT /api/settings/v2/tenants/auth) ---------------------------------------------

/** One configuration of the v2 form: the User Authentication document with its stamp. */
export const AuthV2Item = AuthSettingsDocument.extend(SettingsStamp.shape).meta({ title: 'User authentication' });
export type AuthV2Item = z.output<typeof AuthV2Item>;
/** The v2 answer: the settings as a list of configurations (a tenant has one). */
export const AuthV2 = z.object({ total: z.number().int(), items: z.array(AuthV2Item) }).meta({ title: 'User authentication (v2)' });
