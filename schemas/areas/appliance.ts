/**
 * Appliance settings of an on-premises appliance or management station (spec 002 §7 Appliance). The spec names the
 * calls (network with network_mode, static routes with persist_routes, time, SMTP, logging, access, TLS, SSL bump)
 * but not their fields; these are the fields an administrator of a network appliance expects, each checked with the
 * shared validators.
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import {
  AbsolutePath,
  CHECKS,
  CIDR_PREFIX_MAX,
  CIDR_PREFIX_MIN,
  Email,
  Hostname,
  HostnameOrIp,
  HttpUrl,
  IPv4,
  PORT_MAX,
  PORT_MIN,
  PortOrPortRange,
  VALIDATOR_MESSAGES,
  checked,
  isTimeZone,
} from '../validators';
import { Comment, RowId, ruleList } from './common';
import { AdminAddress } from './tenantSettings';

const Port = z.number().int().min(PORT_MIN).max(PORT_MAX);
const optional = (s: z.ZodString) => z.union([z.literal(''), s]);
const IPv6 = checked('invalidIPv6');
const Cidr = checked('invalidCidr');

export const TimeZone = z
  .string()
  .refine(isTimeZone, { message: 'Choose a time zone such as Europe/Berlin or UTC.', params: { key: 'invalidTimeZone' } })
  .meta({ title: 'Time zone' });

// ---- network ------------------------------------------------------------------------------------------------------

export const NetworkMode = labelledEnum(
  ['dhcp', 'static'],
  { dhcp: 'Automatic (DHCP)', static: 'Static address' },
  { title: 'Address assignment', description: 'DHCP takes address, gateway and DNS servers from the network' },
);

export const NetworkDocument = z
  .strictObject({
    network_mode: NetworkMode.default('dhcp'),
    hostname: Hostname.default('appliance.local').meta({ title: 'Host name', description: 'Name of this appliance on the network' }),
    ipv4_address: optional(IPv4).default('').meta({ title: 'IPv4 address', description: 'Needed with a static address' }),
    prefix_length: z
      .number()
      .int()
      .min(CIDR_PREFIX_MIN)
      .max(CIDR_PREFIX_MAX)
      .default(24)
      .meta({ title: 'Prefix length', description: `Network prefix, ${CIDR_PREFIX_MIN} to ${CIDR_PREFIX_MAX} (24 is 255.255.255.0)` }),
    gateway: optional(IPv4).default('').meta({ title: 'Default gateway', description: 'Needed with a static address' }),
    dns_servers: z.array(IPv4).max(3).default([]).meta({ title: 'DNS servers', description: 'Up to three IPv4 addresses' }),
    ipv6_address: optional(IPv6).default('').meta({ title: 'IPv6 address', description: 'Optional; leave empty to use IPv4 only' }),
    mtu: z.number().int().min(576).max(9000).default(1500).meta({ title: 'MTU', description: 'Largest packet size, 576 to 9000 bytes' }),
  })
  .refine((d) => d.network_mode !== 'static' || d.ipv4_address !== '', {
    message: 'A static address needs an IPv4 address.',
    path: ['ipv4_address'],
    params: { key: 'required' },
  })
  .refine((d) => d.network_mode !== 'static' || d.gateway !== '', {
    message: 'A static address needs a default gateway.',
    path: ['gateway'],
    params: { key: 'required' },
  });
export type NetworkDocument = z.infer<typeof NetworkDocument>;

// ---- static routes ------------------------------------------------------------------------------------------------

export const StaticRoute = z.strictObject({
  id: RowId,
  destination: Cidr.meta({ title: 'Destination', description: 'Network in CIDR form, such as 10.20.0.0/16' }),
  gateway: IPv4.meta({ title: 'Gateway', description: 'Next hop for the destination' }),
  comment: Comment,
});
export const RoutesDocument = z.strictObject({
  persist_routes: z.boolean().default(true).meta({ title: 'Keep routes after a restart', description: 'Off: the routes apply until the next restart' }),
  list: ruleList(StaticRoute, 'Static routes', 'id', 100),
});
export type RoutesDocument = z.infer<typeof RoutesDocument>;

// ---- time ---------------------------------------------------------------------------------------------------------

export const TimeDocument = z.strictObject({
  timezone: TimeZone.default('UTC'),
  ntp_enabled: z.boolean().default(true).meta({ title: 'Synchronise with NTP servers' }),
  ntp_servers: z.array(HostnameOrIp).max(5).default(['pool.ntp.org']).meta({ title: 'NTP servers', description: 'Up to five host names or IPv4 addresses' }),
});
export type TimeDocument = z.infer<typeof TimeDocument>;

export const TimeZones = z.object({ timezones: z.array(z.string()) });

// ---- SMTP ---------------------------------------------------------------------------------------------------------

export const SmtpSecurity = labelledEnum(['none', 'starttls', 'tls'], { none: 'None', starttls: 'STARTTLS', tls: 'TLS' }, { title: 'Connection security' });
export const SmtpDocument = z
  .strictObject({
    enabled: z.boolean().default(false).meta({ title: 'Send e-mail notifications', description: 'Alerts and reports leave through this relay' }),
    server: optional(HostnameOrIp).default('').meta({ title: 'SMTP server', description: 'Host name or IPv4 address of the relay' }),
    port: Port.default(25).meta({ title: 'Port', description: `${PORT_MIN} to ${PORT_MAX}; usually 25, 465 or 587` }),
    security: SmtpSecurity.default('starttls'),
    username: z.string().max(200).default('').meta({ title: 'User name', description: 'Leave empty when the relay needs no sign-in' }),
    password: z.string().max(200).default('').meta({ title: 'Password', writeOnly: true }),
    sender: Email.default('').meta({ title: 'Sender address', description: 'From address of the messages' }),
    admin_email: Email.default('').meta({ title: 'Administrator address', description: 'Where alerts go' }),
  })
  .refine((d) => !d.enabled || d.server !== '', { message: 'Enter the SMTP server to send e-mail.', path: ['server'], params: { key: 'required' } })
  .refine((d) => !d.enabled || d.sender !== '', { message: 'Enter the sender address to send e-mail.', path: ['sender'], params: { key: 'required' } });
export type SmtpDocument = z.infer<typeof SmtpDocument>;

// ---- logging ------------------------------------------------------------------------------------------------------

export const SyslogServer = z.strictObject({
  id: RowId,
  host: HostnameOrIp.meta({ title: 'Syslog server', description: 'Host name or IPv4 address' }),
  port: Port.default(514).meta({ title: 'Port' }),
  protocol: labelledEnum(['udp', 'tcp', 'tls'], { udp: 'UDP', tcp: 'TCP', tls: 'TCP with TLS' }, { title: 'Protocol' }).default('udp'),
  enabled: z.boolean().default(true).meta({ title: 'Enabled' }),
});
export const LoggingDocument = z.strictObject({
  level: labelledEnum(['error', 'warning', 'info', 'debug'], { error: 'Errors', warning: 'Warnings', info: 'Information', debug: 'Debug' }, {
    title: 'Log level',
    description: 'Debug writes much more; use it only while investigating',
  }).default('info'),
  retention_days: z.number().int().min(1).max(365).default(30).meta({ title: 'Keep local logs (days)', description: '1 to 365 days' }),
  list: ruleList(SyslogServer, 'Remote syslog servers', 'id', 10),
});
export type LoggingDocument = z.infer<typeof LoggingDocument>;

// ---- access -------------------------------------------------------------------------------------------------------

export const AccessDocument = z.strictObject({
  https_port: Port.default(443).meta({ title: 'Administration port', description: 'HTTPS port of this portal' }),
  ssh_enabled: z.boolean().default(false).meta({ title: 'Allow SSH', description: 'Remote shell for support staff' }),
  ssh_port: Port.default(22).meta({ title: 'SSH port' }),
  allowed_networks: z
    .array(AdminAddress)
    .max(50)
    .default([])
    .meta({
      title: 'Administration allowed from',
      description:
        'IPv4 or IPv6 addresses or CIDR blocks; empty allows every network. Sign-ins and every request of a signed-in session or API token from elsewhere are refused. You cannot save a list that leaves out your own address.',
    }),
  proxy_ports: z.array(PortOrPortRange).max(20).default(['8080']).meta({ title: 'Proxy ports', description: 'Ports or ranges such as 8080 or 8000-8010' }),
  session_timeout_minutes: z
    .number()
    .int()
    .min(5)
    .max(1440)
    .default(30)
    .meta({ title: 'Idle time-out (minutes)', description: '5 to 1440 minutes without activity sign an administrator out' }),
});
export type AccessDocument = z.infer<typeof AccessDocument>;

// ---- TLS and SSL bump ---------------------------------------------------------------------------------------------

export const TlsVersion = labelledEnum(['1.2', '1.3'], { '1.2': 'TLS 1.2', '1.3': 'TLS 1.3' }, { title: 'Oldest TLS version accepted' });
export const TlsDocument = z.strictObject({
  enabled: z.boolean().default(true).meta({ title: 'Require TLS', description: 'Refuse plain connections to the services of this appliance' }),
  min_version: TlsVersion.default('1.2'),
  hsts: z.boolean().default(true).meta({ title: 'Send HSTS', description: 'Browsers then use HTTPS only' }),
});
export type TlsDocument = z.infer<typeof TlsDocument>;

export const SslBumpDocument = z.strictObject({
  enabled: z.boolean().default(false).meta({ title: 'Inspect HTTPS traffic', description: 'Decrypts HTTPS with the appliance CA so policy can see it' }),
  ca_common_name: z.string().min(1).max(64).default('Appliance Inspection CA').meta({ title: 'CA name', description: 'Shown to users in the certificate chain' }),
  block_invalid_certificates: z.boolean().default(true).meta({ title: 'Block sites with invalid certificates' }),
  bypass_hosts: z.array(Hostname).max(500).default([]).meta({ title: 'Never inspect', description: 'Host names passed through encrypted' }),
  ocsp_url: optional(HttpUrl).default('').meta({ title: 'OCSP responder', description: 'Optional http:// or https:// address' }),
});
export type SslBumpDocument = z.infer<typeof SslBumpDocument>;

// ---- CA certificates ----------------------------------------------------------------------------------------------

export const CA_CERT_MAX_BYTES = 64 * 1024;
export const PRIVATE_KEY_MESSAGE =
  'This file holds a private key. Upload the CA certificate only (-----BEGIN CERTIFICATE-----), and keep the key secret.';
export const EXPIRED_CERT_MESSAGE = 'This certificate has expired';
export const NOT_YET_VALID_CERT_MESSAGE = 'This certificate is not valid yet';
export const MALFORMED_CERT_MESSAGE = 'This is not a readable X.509 certificate; export it again as PEM.';
export const CaCertName = z
  .string()
  .refine((v) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(v), {
    message: 'Use a name of 1 to 64 letters, digits, ., _ or -.',
    params: { key: 'invalidName' },
  })
  .meta({ title: 'Name' });
export const CaCertParams = z.strictObject({ name: CaCertName });
export const PemText = z
  .string()
  .min(1, { message: 'Paste a PEM certificate.' })
  .max(CA_CERT_MAX_BYTES, { message: 'The certificate is larger than 64 KB.' })
  .refine((v) => !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(v), {
    message: PRIVATE_KEY_MESSAGE,
    params: { key: 'privateKey' },
    abort: true,
  })
  .refine(CHECKS.invalidCert, { message: VALIDATOR_MESSAGES.invalidCert, params: { key: 'invalidCert' } })
  .meta({ title: 'Certificate (PEM)' });
export const CaCertUpload = z.strictObject({ pem: PemText });
export const DecodeCertRequest = z.strictObject({ pem: PemText });

export const DecodedCert = z.object({
  subject: z.string(),
  issuer: z.string(),
  serial_number: z.string(),
  valid_from: z.iso.datetime(),
  valid_to: z.iso.datetime(),
  fingerprint_sha256: z.string(),
  is_ca: z.boolean(),
});
export type DecodedCert = z.infer<typeof DecodedCert>;
export const CaCert = DecodedCert.extend({ name: z.string(), uploaded_at: z.iso.datetime(), uploaded_by: z.string() });
export const CaCertList = z.object({ certificates: z.array(CaCert) });

// ---- dashboard, licence, jobs -------------------------------------------------------------------------------------

export const ManagerVersion = z.strictObject({
  appliance_manager_ui_v2: z.boolean().meta({ title: 'Use the new appliance manager', description: 'false returns to the classic screens' }),
});

export const JobStatusValue = labelledEnum(
  ['queued', 'running', 'finished', 'failed', 'cancelled'],
  { queued: 'Queued', running: 'Running', finished: 'Finished', failed: 'Failed', cancelled: 'Cancelled' },
  { title: 'Status' },
);
export const Job = z.object({
  id: z.string(),
  kind: labelledEnum(
    ['license', 'update', 'reboot', 'rollback', 'connectivity', 'approval', 'template'],
    {
      license: 'Licence',
      update: 'Update',
      reboot: 'Restart',
      rollback: 'Roll back',
      connectivity: 'Connectivity check',
      approval: 'Approval',
      template: 'Template',
    },
    { title: 'Job' },
  ),
  title: z.string(),
  status: JobStatusValue,
  progress: z.number().int().min(0).max(100),
  reason: z.string().optional(),
  result: z.string().optional(),
  /** Spec 001 §3: an ended job reports whether it went well; a licence is installed only when its finished job says ok. */
  ok: z.boolean().optional().meta({ description: 'Set once the job has ended: whether it went well' }),
  /** Spec 001 §3: a certificate the job fetched (PEM). */
  cert: z.string().optional(),
  created_by: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Job = z.infer<typeof Job>;
export const JobParams = z.strictObject({ id: z.uuid().meta({ title: 'Job id' }) });
export const JobList = z.object({ jobs: z.array(Job) });
export const JobCreated = z.object({ job_id: z.string() });
export const CleanJobsAnswer = z.object({ removed: z.number().int() });

export const LICENSE_MAX = 4096;
const LicenseText = z.string().trim().min(1, { message: 'Paste the licence string.' }).max(LICENSE_MAX);
/** Spec 001 §3 names the field `license_string`; `license`, which earlier clients send, is accepted too. */
export const LicenseRequest = z
  .strictObject({
    license_string: LicenseText.optional().meta({ title: 'Licence string', description: 'The spec\'s name (001 §3)' }),
    license: LicenseText.optional().meta({ title: 'Licence string (former name)', description: 'Accepted for earlier clients; send license_string' }),
  })
  .refine((b) => (b.license_string ?? b.license) !== undefined, { message: 'Paste the licence string.', path: ['license_string'], params: { key: 'required' } });
/** The licence string of a request, under either name. */
export const licenseOf = (body: z.output<typeof LicenseRequest>): string => (body.license_string ?? body.license)!;

// ---- connectivity (spec 001 §7) -----------------------------------------------------------------------------------

/** A server this appliance must reach, taken from its settings (DNS, gateway, NTP, SMTP, syslog) and the update server. */
export const ConnectivitySite = z.object({
  id: z.string(),
  purpose: z.string().meta({ title: 'Used for' }),
  host: z.string().meta({ title: 'Server' }),
  port: z.number().int().meta({ title: 'Port' }),
  url: z
    .string()
    .optional()
    .meta({
      title: 'Probe address',
      description:
        'Set on the services users’ browsers must reach: a browser check fetches it (no-cors, with the test id); the ' +
        'appliance’s own check tries the sites without one',
    }),
});
export const ConnectivitySites = z.object({ data: z.array(ConnectivitySite) });

/** How long a browser waits for a site's answer before it counts it as not answering. */
export const BROWSER_PROBE_TIMEOUT_MS = 3_000;
/** What the isolation sign-in service answers a browser starting a connectivity test. */
export const IsolationSignIn = z.object({
  test_id: z.string().meta({ title: 'Test id', description: 'Sent with every probe and with the results' }),
  timeout_ms: z.number().int().meta({ title: 'Probe time-out (ms)', description: 'How long the browser waits for each site' }),
});
export const IsolationSignInRequest = z.strictObject({});
export const ProbeParams = z.strictObject({ site: z.string().min(1).max(64).meta({ title: 'Site' }) });

const TestId = z
  .string()
  .refine((v) => /^[A-Za-z0-9-]{1,64}$/.test(v), { message: 'Use 1 to 64 letters, digits or -.', params: { key: 'invalidTestId' } })
  .meta({ title: 'Test id' });
export const SiteResult = z.strictObject({
  site_id: z.string().min(1).max(64).meta({ title: 'Site' }),
  ok: z.boolean().meta({ title: 'Answered' }),
  time_ms: z.number().int().min(0).max(600_000).meta({ title: 'Time (ms)' }),
  error: z.string().max(500).optional().meta({ title: 'Error' }),
});
export const ConnectivityResultsPost = z.strictObject({
  test_id: TestId,
  results: z.array(SiteResult).min(1).max(100).meta({ title: 'Results' }),
});
export const ConnectivityResultsStored = z.object({ test_id: z.string(), stored: z.number().int() });
export const ProbeQuery = z.strictObject({ testId: TestId });

export const ConnectivityStatus = labelledEnum(['ok', 'failed'], { ok: 'Answered', failed: 'No answer' }, { title: 'Result' });
export const ConnectivityRow = ConnectivitySite.extend({
  status: ConnectivityStatus,
  time_ms: z.number().int().meta({ title: 'Time (ms)' }),
  error: z.string().optional().meta({ title: 'Error' }),
  checked_at: z.iso.datetime().meta({ title: 'Checked' }),
});
export const ConnectivityResults = z.object({
  test_id: z.string().optional().meta({ description: 'The newest completed check; absent when none has completed' }),
  results: z.array(ConnectivityRow),
});
export const ConnectivityCheckRequest = z.strictObject({});

// ---- automatic updates --------------------------------------------------------------------------------------------

export const UpdateDay = labelledEnum(
  ['daily', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  { daily: 'Every day', mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' },
  { title: 'Day', description: 'When updates are installed' },
);
export const AutoUpdatesDocument = z
  .strictObject({
    enabled: z.boolean().default(false).meta({ title: 'Install updates automatically', description: 'Off: updates are installed only when an administrator starts them' }),
    channel: labelledEnum(['stable', 'early'], { stable: 'Stable releases', early: 'Early releases' }, { title: 'Release channel', description: 'Early releases come some weeks before stable ones' }).default('stable'),
    day: UpdateDay.default('sun'),
    hour: z.number().int().min(0).max(23).default(3).meta({ title: 'Hour', description: 'Hour of the day, 0 to 23, in the appliance time zone' }),
    window_hours: z.number().int().min(1).max(12).default(2).meta({ title: 'Window (hours)', description: 'An update not started within 1 to 12 hours waits for the next window' }),
    enter_maintenance_mode: z.boolean().default(true).meta({ title: 'Enter maintenance mode', description: 'Stop serving users while an update installs' }),
    notify_email: Email.default('').meta({ title: 'Notify', description: 'Optional address told when an update has installed or failed' }),
  });
export type AutoUpdatesDocument = z.infer<typeof AutoUpdatesDocument>;

// ---- exports ------------------------------------------------------------------------------------------------------

export const ExportKind = labelledEnum(
  ['configuration', 'diagnostics'],
  { configuration: 'Configuration', diagnostics: 'Diagnostics' },
  {
    title: 'What to export',
    description: 'Configuration: every appliance settings page, passwords left out. Diagnostics: versions, recent jobs and the last connectivity check.',
  },
);
export const ExportQuery = z.strictObject({ kind: ExportKind.default('configuration') });
/** An export: which appliance, what and when, then the settings (configuration) or the report (diagnostics). */
export const ExportFile = z.looseObject({
  appliance: z.string().meta({ title: 'Appliance', description: 'Its host name' }),
  kind: ExportKind,
  exported_at: z.iso.datetime(),
});
export type ExportFile = z.infer<typeof ExportFile>;
/** The name an export is saved under: `<appliance>-<kind>-<yyyy-mm-dd>.json`. */
export const exportFileName = (e: Pick<ExportFile, 'appliance' | 'kind' | 'exported_at'>): string =>
  `${e.appliance.split('.')[0]}-${e.kind}-${e.exported_at.slice(0, 10)}.json`;

/** Where an SCP copy goes: the server, its sign-in and the folder (shared by the exports and the recordings copy). */
export const ScpTarget = {
  host: optional(HostnameOrIp).default('').meta({ title: 'SCP server', description: 'Host name or IPv4 address' }),
  port: Port.default(22).meta({ title: 'Port', description: `${PORT_MIN} to ${PORT_MAX}` }),
  username: z.string().max(64).default('').meta({ title: 'User name' }),
  password: z.string().max(200).default('').meta({ title: 'Password', writeOnly: true }),
  remote_path: optional(AbsolutePath.max(255)).default('').meta({ title: 'Folder on the server', description: 'Absolute path, such as /backups/appliance' }),
};
/** An enabled copy needs its server and folder; `what` names what is copied in the message. */
export const scpTargetRules =
  (what: string) =>
  (d: { enabled: boolean; host: string; remote_path: string }, ctx: z.RefinementCtx): void => {
    if (d.enabled && d.host === '') ctx.addIssue({ code: 'custom', message: `Enter the SCP server to copy ${what} to.`, path: ['host'], params: { key: 'required' } });
    if (d.enabled && d.remote_path === '') ctx.addIssue({ code: 'custom', message: 'Enter the folder on the server.', path: ['remote_path'], params: { key: 'required' } });
  };

export const ScpExportDocument = z
  .strictObject({
    enabled: z.boolean().default(false).meta({ title: 'Copy exports to a server', description: 'Sends the chosen export over SCP on a schedule' }),
    kind: ExportKind.default('configuration'),
    ...ScpTarget,
    schedule: labelledEnum(['daily', 'weekly'], { daily: 'Every day', weekly: 'Every Sunday' }, { title: 'How often' }).default('daily'),
    hour: z.number().int().min(0).max(23).default(2).meta({ title: 'Hour', description: '0 to 23, in the appliance time zone' }),
  })
  .superRefine(scpTargetRules('exports'));
export type ScpExportDocument = z.infer<typeof ScpExportDocument>;
