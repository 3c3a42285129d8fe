/**
 * The appliance's own system (spec 001 §7 appliance manager): what it runs (about), its software updates, its local
 * logs, its administrator's password, and restart, shutdown and factory reset. Served on every on-premises appliance
 * and management station; server/modules/applianceSystem.ts implements them.
 */
import { z } from 'zod';
import { JobCreated } from '../../schemas/areas/appliance';
import {
  ApplianceAbout,
  AppliancePasswordChange,
  ApplianceRestarting,
  ApplianceUpdates,
  FactoryReset,
  InstallUpdate,
  PasswordChanged,
} from '../../schemas/areas/applianceSystem';
import { applianceEnv, applianceRead, applianceWrite } from '../appliance/common';
import { defineOperation } from '../define';

const tag = 'appliance system';
const env = applianceEnv;
const restartNote =
  'The appliance then stops answering for `back_in_seconds`: every API call meanwhile answers 503 with `restarting: true` ' +
  'and `Retry-After`. Sessions end, so its administrators sign in again once it answers.';

export const about = defineOperation({
  id: 'system.about',
  method: 'GET',
  path: '/api/v1/about',
  summary: 'What the appliance runs: host name, serial number, version and the versions of its parts, uptime and licence',
  response: ApplianceAbout,
  access: applianceRead,
  env,
  tag,
});

export const updates = defineOperation({
  id: 'system.updates',
  method: 'GET',
  path: '/api/v1/update',
  summary: 'The versions the update server offered at the last check, with the one installed',
  response: ApplianceUpdates,
  access: applianceRead,
  env,
  tag,
});

export const checkUpdate = defineOperation({
  id: 'system.checkUpdate',
  method: 'POST',
  path: '/api/v1/update/check',
  summary: 'Ask the update server which versions it offers, as a job',
  description:
    'The job finishes with the newest version offered in `result`, and with `reason` when the check found no update ' +
    '(spec 001 §4: a check whose result carries a reason fails); the list is then read with GET /api/v1/update.',
  response: JobCreated,
  access: applianceWrite,
  env,
  tag,
});

export const installUpdate = defineOperation({
  id: 'system.installUpdate',
  method: 'POST',
  path: '/api/v1/update',
  summary: 'Install a version the update server offers, as a job; the appliance restarts when it has installed',
  description: `Refused (400) for a version not offered at the last check or already installed. ${restartNote}`,
  body: InstallUpdate,
  response: JobCreated,
  access: applianceWrite,
  env,
  tag,
});

export const logs = defineOperation({
  id: 'system.logs',
  method: 'GET',
  path: '/api/v1/logs',
  summary: 'The appliance’s local log as a text file: its jobs, sign-ins and changes of the last seven days',
  response: z.string(),
  responseKind: 'text',
  access: applianceRead,
  env,
  tag,
});

export const changePassword = defineOperation({
  id: 'system.password',
  method: 'PUT',
  path: '/api/v1/password',
  summary: 'Change the signed-in appliance administrator’s own password (the current one is required)',
  description: 'A wrong current password answers 400 naming current_password. The administrator’s other sessions end.',
  body: AppliancePasswordChange,
  response: PasswordChanged,
  access: applianceWrite,
  env,
  tag,
});

export const factoryReset = defineOperation({
  id: 'system.reset',
  method: 'POST',
  path: '/api/v1/reset',
  summary: 'Return every appliance setting to its factory value and restart (confirm: the word RESET)',
  description: `Settings pages, CA certificates, jobs and the update check are cleared; accounts and the licence stay. ${restartNote}`,
  body: FactoryReset,
  response: ApplianceRestarting,
  access: applianceWrite,
  env,
  tag,
});

export const reboot = defineOperation({
  id: 'system.reboot',
  method: 'POST',
  path: '/api/v1/reboot',
  summary: 'Restart the appliance',
  description: restartNote,
  response: ApplianceRestarting,
  access: applianceWrite,
  env,
  tag,
});

export const shutdown = defineOperation({
  id: 'system.shutdown',
  method: 'POST',
  path: '/api/v1/shutdown',
  summary: 'Shut the appliance down',
  description:
    'A real appliance stays off until it is powered on; the reference server simulates that power-on after ' +
    '`back_in_seconds`. Every API call meanwhile answers 503 with `restarting: true`, and sessions end.',
  response: ApplianceRestarting,
  access: applianceWrite,
  env,
  tag,
});

/** The group server/modules/applianceSystem.ts implements. */
export const systemOps = { about, updates, checkUpdate, installUpdate, logs, changePassword, factoryReset, reboot, shutdown } as const;
