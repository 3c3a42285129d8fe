/**
 * The appliance manager of a management station (spec 001 §3-§9): managed systems with group, version and status,
 * and the actions that run as jobs (update, restart). Group ids are shown as the group's name and the appliances'
 * `auto_group` text "True" / "False" as a boolean (spec 001 §5).
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { Hostname, HostnameOrIp } from '../validators';
import { TimeZone } from './appliance';

export const SystemStatus = labelledEnum(
  ['online', 'offline', 'maintenance', 'unreachable'],
  { online: 'Online', offline: 'Restarting', maintenance: 'Maintenance mode', unreachable: 'Unreachable' },
  { title: 'Status' },
);

export const ManagedSystem = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  app_mode: z.string(),
  group_id: z.string().meta({ description: 'Id of the group, as text (spec 001 §3: the group id is converted to text)' }),
  group: z.string().meta({ description: 'Name of the group (the group id when it has none)' }),
  auto_group: z.boolean().meta({ description: 'Placed in its group automatically ("True" as the appliance reports it)' }),
  version: z.string(),
  status: SystemStatus,
  maintenance: z.boolean(),
  last_contact: z.iso.datetime(),
  restart_at: z.iso.datetime().optional(),
  pending_version: z.string().optional(),
  previous_version: z.string().optional().meta({ description: 'The version kept in the other software slot, to roll back to' }),
  template: z.string().optional().meta({ description: 'Name of the settings template last applied' }),
  settings: z.record(z.string(), z.unknown()).meta({ description: 'Settings the appliance reports (those a template sets)' }),
});
export type ManagedSystem = z.infer<typeof ManagedSystem>;
export const ManagedSystemList = z.object({ systems: z.array(ManagedSystem) });
/** A group's member (spec 001 §3): `auto_group`, which the appliance reports as the text "True" / "False", as a boolean. */
export const GroupNode = z.object({
  id: z.string(),
  name: z.string(),
  auto_group: z.boolean().meta({ description: 'Placed in the group automatically ("True" as the appliance reports it)' }),
});
export const ManagedGroup = z.object({
  id: z.string().meta({ description: 'Id of the group, as text (spec 001 §3: the group id is converted to text)' }),
  name: z.string(),
  systems: z.number().int().meta({ description: 'Number of appliances in the group' }),
  nodes: z.array(GroupNode).meta({ description: 'The appliances of the group' }),
});
export const ManagedGroups = z.object({ groups: z.array(ManagedGroup) });
export const SystemParams = z.strictObject({ id: z.string().min(1).max(64) });

/** Versions the update server offers, newest first; an update to another version fails as unsupported. */
export const AVAILABLE_VERSIONS = ['24.3.2', '24.3.1', '24.2.0'] as const;
const Version = z
  .string()
  .refine((v) => /^\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v), { message: 'Enter a version such as 24.3.2.', params: { key: 'invalidVersion' } })
  .meta({ title: 'Version' });

export const UpdateRequest = z.strictObject({
  version: Version,
  enter_maintenance_mode: z.boolean().default(true).meta({ title: 'Enter maintenance mode', description: 'Stop serving users while the update installs' }),
});
export const UpdateCheck = z.object({
  current: z.string(),
  available: z.array(z.object({ version: z.string(), description: z.string() })),
});

/** Longest a restart can be scheduled ahead. */
export const RESTART_MAX_DELAY_S = 7 * 24 * 3600;
export const RestartRequest = z.strictObject({
  delay_seconds: z
    .number()
    .int()
    .min(0)
    .max(RESTART_MAX_DELAY_S)
    .default(0)
    .meta({ title: 'Restart in (seconds)', description: '0 restarts now; at most 7 days ahead' }),
});
/** Spec 001 §3 names the field `enable`; `enabled`, which earlier clients send, is accepted too. */
export const MaintenanceRequest = z
  .strictObject({
    enable: z.boolean().optional().meta({ title: 'Maintenance mode', description: 'The spec\'s name (001 §3)' }),
    enabled: z.boolean().optional().meta({ title: 'Maintenance mode (former name)', description: 'Accepted for earlier clients; send enable' }),
  })
  .refine((b) => (b.enable ?? b.enabled) !== undefined, { message: 'Say whether maintenance mode is on.', path: ['enable'], params: { key: 'required' } });
/** Whether a maintenance request turns the mode on, under either name. */
export const maintenanceOf = (body: z.output<typeof MaintenanceRequest>): boolean => (body.enable ?? body.enabled)!;

// ---- rollback slots -----------------------------------------------------------------------------------------------

/** Slot (its id as text) of a managed appliance's software that holds the version before the last update (slot 1 runs the current one). */
export const ROLLBACK_SLOT = '2';
export const RollbackSlot = z.object({ slot_id: z.string(), version: z.string(), description: z.string() });
export const RollbackSlots = z.object({ slots: z.array(RollbackSlot) });
export const RollbackRequest = z.strictObject({
  slot_id: z.enum(['1', ROLLBACK_SLOT]).meta({ title: 'Slot', description: 'Software slot holding the version to go back to: 1 runs the current version, 2 the one before' }),
  enter_maintenance_mode: z.boolean().default(true).meta({ title: 'Enter maintenance mode', description: 'Stop serving users while it rolls back' }),
});

// ---- registration and approval ------------------------------------------------------------------------------------

export const AppMode = labelledEnum(
  ['safeview', 'safeview_proxy', 'safeview_isolation', 'safemail', 'safemail_worker'],
  {
    safeview: 'Isolation Standalone',
    safeview_proxy: 'Isolation Master',
    safeview_isolation: 'Isolation Worker',
    safemail: 'Email Processor',
    safemail_worker: 'Attachment Worker',
  },
  { title: 'Appliance type' },
);
export const RegistrationStatus = labelledEnum(
  ['pending', 'approving', 'refused'],
  { pending: 'Waiting for approval', approving: 'Approving', refused: 'Not approved' },
  { title: 'Status' },
);
export const Registration = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  app_mode: AppMode,
  status: RegistrationStatus,
  reason: z.string().optional().meta({ description: 'Why the last approval did not succeed' }),
  requested_at: z.iso.datetime(),
});
export const RegistrationList = z.object({ registrations: z.array(Registration) });
export const RegistrationRequest = z.strictObject({
  name: Hostname.meta({ title: 'Appliance name', description: 'Host name of the appliance, such as branch-nantes' }),
  address: HostnameOrIp.meta({ title: 'Address', description: 'Host name or IPv4 address the management station reaches it at' }),
  app_mode: AppMode,
});
export const RegistrationParams = z.strictObject({ id: z.string().min(1).max(64) });

// ---- an appliance's registration with its management station (the appliance side of /api/mgr/v1/reg) -----------

/** The port an appliance reaches its management station on. */
export const STATION_PORT = 443;
export const StationRegistrationStatus = labelledEnum(
  ['unregistered', 'waiting', 'managed', 'turned_down'],
  { unregistered: 'Not registered', waiting: 'Waiting for approval', managed: 'Managed', turned_down: 'Turned down' },
  { title: 'Status' },
);
export const StationRegistration = z.object({
  status: StationRegistrationStatus,
  station: z.string().optional().meta({ title: 'Management station' }),
  name: z.string().meta({ title: 'Name of this appliance', description: 'As the station lists it; the host name until registered' }),
  requested_at: z.iso.datetime().optional(),
  group: z.string().optional().meta({ title: 'Group', description: 'The station’s group this appliance is in, once managed' }),
  reason: z.string().optional().meta({ description: 'Why the station could not approve it yet' }),
});
export type StationRegistration = z.infer<typeof StationRegistration>;
export const StationRegistrationRequest = z.strictObject({
  station: HostnameOrIp.meta({ title: 'Management station', description: 'Host name or IPv4 address of the management station, such as manager.example.com' }),
  name: Hostname.meta({ title: 'Name of this appliance', description: 'How the station lists it, such as branch-nantes' }),
});
/** A group's id as text (spec 001 §3: the group id is converted to text). */
const GroupId = z
    .string()
    .refine((v) => /^[1-9][0-9]{0,8}$/.test(v), { message: 'Choose a group.', params: { key: 'invalidGroup' } });
export const ApprovalRequest = z.strictObject({
  group_id: GroupId.meta({ title: 'Group', description: 'Group the appliance joins' }),
});

// ---- templates ----------------------------------------------------------------------------------------------------

export const LogLevel = labelledEnum(['error', 'warning', 'info', 'debug'], { error: 'Errors', warning: 'Warnings', info: 'Information', debug: 'Debug' }, { title: 'Log level' });
export const TemplateRequest = z.strictObject({
  name: z.string().trim().min(1).max(64).meta({ title: 'Name' }),
  timezone: TimeZone,
  ntp_server: HostnameOrIp.meta({ title: 'NTP server', description: 'Host name or IPv4 address' }),
  log_level: LogLevel,
  ssh_enabled: z.boolean().default(false).meta({ title: 'Allow SSH' }),
});
export type TemplateRequest = z.infer<typeof TemplateRequest>;
export const Template = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  ntp_server: z.string(),
  log_level: LogLevel,
  ssh_enabled: z.boolean(),
  applied_to: z.number().int().meta({ title: 'Applied to', description: 'Appliances whose settings it set last' }),
  updated_at: z.iso.datetime(),
});
export const TemplateList = z.object({ templates: z.array(Template) });
export const TemplateParams = z.strictObject({ id: z.string().min(1).max(64) });
export const ApplyTemplateRequest = z.strictObject({ group_id: GroupId.meta({ title: 'Group', description: 'Appliances of this group get the settings' }) });

// ---- remote certificates ------------------------------------------------------------------------------------------

export const RemoteCertificate = z.object({
  system_id: z.string(),
  name: z.string(),
  subject: z.string().optional(),
  issuer: z.string().optional(),
  serial_number: z.string().optional(),
  valid_from: z.iso.datetime().optional(),
  valid_to: z.iso.datetime().optional(),
  fingerprint_sha256: z.string().optional(),
  pem: z.string().optional().meta({ description: 'The certificate in PEM form' }),
  error: z.string().optional().meta({ description: '"Could not fetch appliance certificate" when the appliance sent none' }),
});
export type RemoteCertificate = z.infer<typeof RemoteCertificate>;
export const RemoteCertificates = z.object({ certificates: z.array(RemoteCertificate) });
