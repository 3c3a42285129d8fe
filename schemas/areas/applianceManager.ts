/**
 * The appliance manager of a management station (spec 001 §3-§9): managed systems with group, version and status,
 * and the actions that run as jobs (update, restart). Group ids are shown as the group's name and the appliances'
 * `auto_group` text "True" / "False" as a boolean (spec 001 §5).
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';

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
  group_id: z.number().int(),
  group: z.string().meta({ description: 'Name of the group (the group id as text)' }),
  auto_group: z.boolean().meta({ description: 'Placed in its group automatically ("True" as the appliance reports it)' }),
  version: z.string(),
  status: SystemStatus,
  maintenance: z.boolean(),
  last_contact: z.iso.datetime(),
  restart_at: z.iso.datetime().optional(),
  pending_version: z.string().optional(),
});
export type ManagedSystem = z.infer<typeof ManagedSystem>;
export const ManagedSystemList = z.object({ systems: z.array(ManagedSystem) });
export const ManagedGroups = z.object({ groups: z.array(z.object({ id: z.number().int(), name: z.string(), systems: z.number().int() })) });
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
export const MaintenanceRequest = z.strictObject({ enabled: z.boolean().meta({ title: 'Maintenance mode' }) });
