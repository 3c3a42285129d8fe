/**
 * The appliance's own system (spec 001 §7 appliance manager: /api/v1/update, logs, about, password, reset, reboot,
 * shutdown, and /api/mgr/v1/status). The documents name the calls only; the payloads are this build's design.
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { PASSWORD_MAX, PASSWORD_MIN } from './identity';

export const SystemComponent = z.object({
  name: z.string().meta({ title: 'Component' }),
  version: z.string().meta({ title: 'Version' }),
});

export const LicenceState = labelledEnum(['valid', 'none'], { valid: 'Valid', none: 'No licence installed' }, { title: 'Licence' });

/** Answer of GET /api/v1/about. */
export const ApplianceAbout = z.object({
  hostname: z.string().meta({ title: 'Host name' }),
  serial: z.string().meta({ title: 'Serial number' }),
  version: z.string().meta({ title: 'Version', description: 'The appliance software installed' }),
  started_at: z.iso.datetime().meta({ title: 'Running since' }),
  uptime_seconds: z.number().int().nonnegative().meta({ title: 'Uptime (seconds)' }),
  license: z.object({
    state: LicenceState,
    ends_with: z.string().optional().meta({ description: 'The last four characters of the licence string installed' }),
    installed_at: z.iso.datetime().optional(),
  }),
  components: z.array(SystemComponent).meta({ title: 'Versions', description: 'The appliance software and its parts' }),
});
export type ApplianceAbout = z.infer<typeof ApplianceAbout>;

export const UpdateState = labelledEnum(['installed', 'available', 'older'], { installed: 'Installed', available: 'Available', older: 'Older' }, { title: 'State' });
export const ApplianceUpdate = z.object({
  version: z.string().meta({ title: 'Version' }),
  released_at: z.iso.date().meta({ title: 'Released' }),
  notes: z.string().meta({ title: 'What changes' }),
  state: UpdateState,
});
/** Answer of GET /api/v1/update: the versions the update server offers, as of the last check. */
export const ApplianceUpdates = z.object({
  current_version: z.string(),
  checked_at: z.iso.datetime().nullable().meta({ description: 'When updates were last checked for; null: never' }),
  updates: z.array(ApplianceUpdate),
  /** Set once an installed update is about to restart the appliance: how long it will not answer. */
  restarting: z.literal(true).optional(),
  back_in_seconds: z.number().int().positive().optional(),
});
export const VersionString = z.string().regex(/^\d+\.\d+\.\d+$/, { message: 'Enter a version such as 24.3.2.' }).meta({ title: 'Version' });
/** Body of POST /api/v1/update: install one version the update server offers. */
export const InstallUpdate = z.strictObject({ version: VersionString });

/** Body of PUT /api/v1/password: the appliance administrator's own password. */
export const AppliancePasswordChange = z
  .strictObject({
    current_password: z.string().min(1, { message: 'Enter your current password.' }).max(PASSWORD_MAX).meta({ title: 'Current password' }),
    new_password: z
      .string()
      .min(PASSWORD_MIN, { message: `Use at least ${PASSWORD_MIN} characters.` })
      .max(PASSWORD_MAX)
      .meta({ title: 'New password' }),
  })
  .refine((v) => v.new_password !== v.current_password, {
    message: 'Choose a password other than the current one.',
    path: ['new_password'],
    params: { key: 'samePassword' },
  });
export const PasswordChanged = z.object({ changed: z.literal(true), sessions_ended: z.number().int() });

/** The word typed to confirm a factory reset. */
export const FACTORY_RESET_WORD = 'RESET';
/** Body of POST /api/v1/reset. */
export const FactoryReset = z.strictObject({
  confirm: z
    .string()
    .refine((v) => v === FACTORY_RESET_WORD, { message: `Type ${FACTORY_RESET_WORD} to confirm.`, params: { key: 'confirmationRequired' } })
    .meta({ title: `Type ${FACTORY_RESET_WORD} to confirm`, description: 'Every setting returns to its factory value; the appliance restarts' }),
});

/** Answer of reboot, shutdown and reset: the appliance stops answering for a while, then answers again. */
export const ApplianceRestarting = z.object({
  restarting: z.literal(true),
  action: labelledEnum(['reboot', 'shutdown', 'reset', 'update'], { reboot: 'Restart', shutdown: 'Shut down', reset: 'Factory reset', update: 'Update' }, { title: 'Action' }),
  back_in_seconds: z.number().int().positive().meta({ description: 'How long the appliance is expected not to answer' }),
});

/** The 503 answer of every API call while the appliance restarts. */
export const ApplianceUnavailable = z.object({ msg: z.string(), restarting: z.literal(true), retry_after_seconds: z.number().int() });

/** Answer of GET /api/mgr/v1/status: the management station's own state. */
export const StationStatus = z.object({
  hostname: z.string(),
  version: z.string(),
  started_at: z.iso.datetime(),
  appliances: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  updating: z.number().int(),
  pending_registrations: z.number().int(),
});
