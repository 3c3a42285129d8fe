/**
 * Appliance settings of spec 002 §7 that the spec names by path only: directory (LDAP) and single sign-on (SAML)
 * connections, how administrators and users sign in, the service domain, extended input methods, the upstream proxy,
 * the copy of session recordings and the notification e-mails. Their fields are this design's choice: what an
 * administrator of an on-premises secure-web-gateway appliance expects to set, each checked with the shared
 * validators. Nothing here reaches a directory or identity provider: the reference server stores the settings.
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { Email, Hostname, HostnameOrIp, HttpUrl, PORT_MAX, PORT_MIN, PemCertificate } from '../validators';
import { ScpTarget, scpTargetRules } from './appliance';

const Port = z.number().int().min(PORT_MIN).max(PORT_MAX);
const optional = (s: z.ZodType<string>) => z.union([z.literal(''), s]);
const required = (message: string, path: string) => ({ message, path: [path], params: { key: 'required' } });

/** An LDAP distinguished name such as `ou=People,dc=example,dc=com`: attribute=value parts separated by commas. */
export const DistinguishedName = z
  .string()
  .max(512)
  .refine((v) => v === '' || /^\s*[A-Za-z][\w-]*\s*=\s*[^,=]+(\s*,\s*[A-Za-z][\w-]*\s*=\s*[^,=]+)*\s*$/.test(v), {
    message: 'Enter a distinguished name such as ou=People,dc=example,dc=com.',
    params: { key: 'invalidDn' },
  });
/** A directory attribute or group name. */
const AttributeName = z.string().max(128).regex(/^[A-Za-z][\w.-]*$/, { message: 'Use letters, digits, dots, dashes or underscores.' });
const GroupName = z.string().max(256);

// ---- LDAP ---------------------------------------------------------------------------------------------------------

export const LdapSecurity = labelledEnum(
  ['ldaps', 'starttls', 'none'],
  { ldaps: 'LDAPS (TLS from the start)', starttls: 'StartTLS', none: 'None (passwords sent readable)' },
  { title: 'Connection security' },
);
export const LdapDocument = z
  .strictObject({
    enabled: z.boolean().default(false).meta({ title: 'Use a directory', description: 'Sign-ins are checked against this LDAP or Active Directory server' }),
    server: optional(HostnameOrIp).default('').meta({ title: 'Directory server', description: 'Host name or IPv4 address' }),
    port: Port.default(636).meta({ title: 'Port', description: `${PORT_MIN} to ${PORT_MAX}; usually 636 for LDAPS, 389 otherwise` }),
    security: LdapSecurity.default('ldaps'),
    base_dn: DistinguishedName.default('').meta({ title: 'Search base', description: 'Where users are looked up, such as ou=People,dc=example,dc=com' }),
    bind_dn: DistinguishedName.default('').meta({ title: 'Service account', description: 'The account that searches the directory; empty for an anonymous search' }),
    bind_password: z.string().max(200).default('').meta({ title: 'Service account password', writeOnly: true }),
    user_attribute: AttributeName.default('sAMAccountName').meta({ title: 'User name attribute', description: 'sAMAccountName on Active Directory, uid on most other directories' }),
    group_attribute: AttributeName.default('memberOf').meta({ title: 'Group attribute', description: 'The attribute that lists a user’s groups' }),
    timeout_seconds: z.number().int().min(1).max(60).default(10).meta({ title: 'Time-out (seconds)', description: '1 to 60 seconds per directory request' }),
  })
  .refine((d) => !d.enabled || d.server !== '', required('Enter the directory server.', 'server'))
  .refine((d) => !d.enabled || d.base_dn !== '', required('Enter the search base.', 'base_dn'));
export type LdapDocument = z.infer<typeof LdapDocument>;

// ---- SAML ---------------------------------------------------------------------------------------------------------

export const SamlDocument = z
  .strictObject({
    enabled: z.boolean().default(false).meta({ title: 'Use single sign-on', description: 'Users sign in at your identity provider (SAML 2.0)' }),
    idp_entity_id: z.string().max(512).default('').meta({ title: 'Identity provider ID', description: 'The entity ID from the identity provider’s metadata' }),
    sso_url: optional(HttpUrl).default('').meta({ title: 'Sign-in address', description: 'The identity provider’s single sign-on URL (HTTP redirect binding)' }),
    idp_certificate: optional(PemCertificate).default('').meta({
      title: 'Signing certificate',
      description: 'The identity provider’s certificate in PEM form (-----BEGIN CERTIFICATE-----); answers not signed with it are refused',
    }),
    username_attribute: z.string().max(256).default('NameID').meta({ title: 'User name from', description: 'NameID, or the name of an attribute of the answer' }),
    groups_attribute: z.string().max(256).default('groups').meta({ title: 'Groups from', description: 'The attribute of the answer that lists the user’s groups' }),
    sign_requests: z.boolean().default(true).meta({ title: 'Sign sign-in requests', description: 'With this appliance’s service certificate' }),
  })
  .refine((d) => !d.enabled || d.idp_entity_id !== '', required('Enter the identity provider ID.', 'idp_entity_id'))
  .refine((d) => !d.enabled || d.sso_url !== '', required('Enter the sign-in address.', 'sso_url'))
  .refine((d) => !d.enabled || d.idp_certificate !== '', required('Paste the signing certificate.', 'idp_certificate'));
export type SamlDocument = z.infer<typeof SamlDocument>;

// ---- who signs in how ----------------------------------------------------------------------------------------------

export const SignInMethod = labelledEnum(
  ['local', 'ldap', 'saml'],
  { local: 'Accounts of this appliance', ldap: 'Directory (LDAP)', saml: 'Single sign-on (SAML)' },
  { title: 'Sign in with' },
);
export const AdminAuthDocument = z
  .strictObject({
    method: SignInMethod.default('local'),
    admin_group: GroupName.default('').meta({ title: 'Administrators group', description: 'Members of this directory group may change every setting' }),
    auditor_group: GroupName.default('').meta({ title: 'Auditors group', description: 'Members may read settings and logs and change nothing; empty for none' }),
    local_fallback: z.boolean().default(true).meta({
      title: 'Local accounts as a fallback',
      description: 'The appliance’s own administrator accounts still sign in while the directory or identity provider cannot be reached',
    }),
    lockout_attempts: z.number().int().min(3).max(10).default(5).meta({ title: 'Lock after failed sign-ins', description: '3 to 10 wrong passwords in a row' }),
    lockout_minutes: z.number().int().min(1).max(1440).default(15).meta({
      title: 'Locked for (minutes)',
      description:
        '1 to 1440 minutes. A locked administrator cannot sign in to this portal, even with the right password, until the time has passed; where Administrator Access sets a longer lock-out, the longer one holds',
    }),
  })
  .refine((d) => d.method === 'local' || d.admin_group.trim() !== '', required('Name the group whose members are administrators.', 'admin_group'));
export type AdminAuthDocument = z.infer<typeof AdminAuthDocument>;

export const UserIdentification = labelledEnum(
  ['none', 'ldap', 'saml'],
  { none: 'Not signed in (by address)', ldap: 'Directory (LDAP)', saml: 'Single sign-on (SAML)' },
  { title: 'Identify users by' },
);
export const UserAuthDocument = z
  .strictObject({
    method: UserIdentification.default('none'),
    required_group: GroupName.default('').meta({ title: 'Only members of', description: 'A directory group allowed to browse; empty allows every signed-in user' }),
    reauth_hours: z.number().int().min(1).max(720).default(12).meta({ title: 'Sign in again after (hours)', description: '1 to 720 hours' }),
    names_in_logs: z.boolean().default(true).meta({ title: 'User names in logs', description: 'Off: logs show the address only' }),
  });
export type UserAuthDocument = z.infer<typeof UserAuthDocument>;

// ---- service domain, input methods, upstream proxy ----------------------------------------------------------------

export const ServiceDomainDocument = z
  .strictObject({
    domain: optional(Hostname).default('').meta({
      title: 'Service domain',
      description: 'The DNS name users’ browsers reach this appliance’s isolation service at, such as isolation.example.com',
    }),
    redirect_http: z.boolean().default(true).meta({ title: 'Send plain HTTP to HTTPS', description: 'Requests to port 80 are redirected' }),
  });
export type ServiceDomainDocument = z.infer<typeof ServiceDomainDocument>;

export const ImeLanguage = labelledEnum(
  ['zh', 'ja', 'ko', 'vi', 'th', 'hi'],
  { zh: 'Chinese', ja: 'Japanese', ko: 'Korean', vi: 'Vietnamese', th: 'Thai', hi: 'Hindi' },
  { title: 'Language' },
);
export const ExtendImeDocument = z
  .strictObject({
    enabled: z.boolean().default(false).meta({
      title: 'Extended input methods',
      description: 'Users type into isolated pages with their own computer’s input method, as for languages written with composed characters',
    }),
    languages: z.array(ImeLanguage).max(6).default([]).meta({ title: 'Languages', description: 'Empty: every language listed' }),
  });
export type ExtendImeDocument = z.infer<typeof ExtendImeDocument>;

export const UpstreamProxyDocument = z
  .strictObject({
    enabled: z.boolean().default(false).meta({ title: 'Use an upstream proxy', description: 'The appliance sends the traffic it fetches through another proxy' }),
    host: optional(HostnameOrIp).default('').meta({ title: 'Proxy server', description: 'Host name or IPv4 address' }),
    port: Port.default(3128).meta({ title: 'Port', description: `${PORT_MIN} to ${PORT_MAX}` }),
    username: z.string().max(64).default('').meta({ title: 'User name', description: 'Leave empty when the proxy needs no sign-in' }),
    password: z.string().max(200).default('').meta({ title: 'Password', writeOnly: true }),
    bypass: z.array(Hostname).max(200).default([]).meta({ title: 'Fetch directly', description: 'Host names reached without the upstream proxy' }),
  })
  .refine((d) => !d.enabled || d.host !== '', required('Enter the proxy server.', 'host'));
export type UpstreamProxyDocument = z.infer<typeof UpstreamProxyDocument>;

// ---- recordings copy, notification e-mails ------------------------------------------------------------------------

export const RecordingExportDocument = z
  .strictObject({
    enabled: z.boolean().default(false).meta({ title: 'Copy session recordings to a server', description: 'Browsing forensics recordings are sent over SCP' }),
    ...ScpTarget,
    schedule: labelledEnum(['hourly', 'daily'], { hourly: 'Every hour', daily: 'Every day at 02:00' }, { title: 'How often' }).default('hourly'),
    delete_after_copy: z.boolean().default(false).meta({ title: 'Delete after copying', description: 'Frees the appliance’s disk; the server then holds the only copy' }),
  })
  .superRefine(scpTargetRules('session recordings'));
export type RecordingExportDocument = z.infer<typeof RecordingExportDocument>;

export const NotificationEvent = labelledEnum(
  ['update_available', 'update_installed', 'license_expiring', 'certificate_expiring', 'disk_low', 'job_failed'],
  {
    update_available: 'An update is available',
    update_installed: 'An update was installed',
    license_expiring: 'The licence expires within 30 days',
    certificate_expiring: 'A certificate expires within 30 days',
    disk_low: 'Less than 10 % disk space is free',
    job_failed: 'A job failed',
  },
  { title: 'Event' },
);
export const NotificationEmailsDocument = z
  .strictObject({
    recipients: z.array(Email).max(20).default([]).meta({ title: 'Send to', description: 'Up to 20 addresses; sent through the SMTP relay' }),
    events: z
      .array(NotificationEvent)
      .max(6)
      .default(['license_expiring', 'certificate_expiring', 'disk_low', 'job_failed'])
      .meta({ title: 'Send a message when' }),
    daily_summary: z.boolean().default(false).meta({ title: 'Daily summary', description: 'One message a day with the appliance’s status' }),
  })
  .refine((d) => d.events.length === 0 || d.recipients.length > 0, required('Add an address to send the messages to.', 'recipients'));
export type NotificationEmailsDocument = z.infer<typeof NotificationEmailsDocument>;

// ---- the appliance's own accounts ------------------------------------------------------------------------------------

export const APPLIANCE_PASSWORD_MIN = 12;
export const ApplianceUserRole = labelledEnum(
  ['administrator', 'auditor', 'support'],
  { administrator: 'Administrator', auditor: 'Auditor', support: 'Support' },
  { title: 'Role', description: 'Support accounts exist for the vendor’s staff and are off until needed' },
);
export const ApplianceUser = z.strictObject({
  id: z.string().meta({ title: 'ID' }),
  username: z.string().meta({ title: 'User name' }),
  role: ApplianceUserRole,
  enabled: z.boolean().meta({ title: 'Enabled', description: 'A disabled account cannot sign in' }),
  locked: z.boolean().meta({ title: 'Locked', description: 'Locked after too many wrong passwords; unlock it or wait for the lock to end' }),
  ssh_enabled: z.boolean().meta({ title: 'SSH', description: 'May open a remote shell on the appliance' }),
  password_changed_at: z.string().meta({ title: 'Password changed', format: 'date-time' }),
});
export type ApplianceUser = z.infer<typeof ApplianceUser>;
export const ApplianceUserList = z.strictObject({ users: z.array(ApplianceUser) });
export const ApplianceUserParams = z.strictObject({ id: z.string().min(1).max(64) });
export const AppliancePasswordRequest = z.strictObject({
  password: z
    .string()
    .min(APPLIANCE_PASSWORD_MIN, { message: `Use at least ${APPLIANCE_PASSWORD_MIN} characters.` })
    .max(128)
    .meta({ title: 'New password', writeOnly: true, description: `At least ${APPLIANCE_PASSWORD_MIN} characters` }),
});
export const ApplianceUserStatusRequest = z.strictObject({ enabled: z.boolean().meta({ title: 'Enabled' }) });
export const ApplianceUserSshRequest = z.strictObject({ enabled: z.boolean().meta({ title: 'SSH allowed' }) });
