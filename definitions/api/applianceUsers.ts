/**
 * The appliance's own accounts (spec 002 §7 Appliance: `GET /api/mgr/v2/settings/auth/user`; `PUT …/{id}/password`,
 * `/status`, `/unlock`, `/ssh`). The spec gives the paths only; the bodies are this design's: each call sets one thing
 * whole (a password, enabled, SSH allowed) or clears the lock, and answers the account as it is now.
 */
import {
  AppliancePasswordRequest,
  ApplianceUser,
  ApplianceUserList,
  ApplianceUserParams,
  ApplianceUserSshRequest,
  ApplianceUserStatusRequest,
} from '../../schemas/areas/applianceAuth';
import { applianceEnv, applianceRead, applianceWrite } from '../appliance/common';
import { defineOperation } from '../define';

const base = '/api/mgr/v2/settings/auth/user';
const common = { env: applianceEnv, tag: 'appliance users' } as const;

export const listApplianceUsers = defineOperation({
  id: 'applianceUsers.list',
  method: 'GET',
  path: base,
  summary: 'The accounts of this appliance: role, whether enabled, locked or allowed SSH, and when the password changed',
  response: ApplianceUserList,
  access: applianceRead,
  ...common,
});

export const setApplianceUserPassword = defineOperation({
  id: 'applianceUsers.setPassword',
  method: 'PUT',
  path: `${base}/{id}/password`,
  summary: 'Set an account’s password; a lock from wrong passwords ends with it',
  params: ApplianceUserParams,
  body: AppliancePasswordRequest,
  response: ApplianceUser,
  access: applianceWrite,
  ...common,
});

export const setApplianceUserStatus = defineOperation({
  id: 'applianceUsers.setStatus',
  method: 'PUT',
  path: `${base}/{id}/status`,
  summary: 'Enable or disable an account; a disabled account cannot sign in (the last enabled administrator cannot be disabled)',
  params: ApplianceUserParams,
  body: ApplianceUserStatusRequest,
  response: ApplianceUser,
  access: applianceWrite,
  ...common,
});

export const unlockApplianceUser = defineOperation({
  id: 'applianceUsers.unlock',
  method: 'PUT',
  path: `${base}/{id}/unlock`,
  summary: 'End the lock an account got from wrong passwords',
  params: ApplianceUserParams,
  response: ApplianceUser,
  access: applianceWrite,
  ...common,
});

export const setApplianceUserSsh = defineOperation({
  id: 'applianceUsers.setSsh',
  method: 'PUT',
  path: `${base}/{id}/ssh`,
  summary: 'Allow or stop remote shell (SSH) access for an account',
  params: ApplianceUserParams,
  body: ApplianceUserSshRequest,
  response: ApplianceUser,
  access: applianceWrite,
  ...common,
});

export const applianceUserOps = {
  listApplianceUsers,
  setApplianceUserPassword,
  setApplianceUserStatus,
  unlockApplianceUser,
  setApplianceUserSsh,
};
