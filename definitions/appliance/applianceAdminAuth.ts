import { AdminAuthDocument } from '../../schemas/areas/applianceAuth';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceAuthNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceAdminAuth = defineSettingsPage({
  id: 'appliance.admin-auth',
  title: 'Administrator Sign-in',
  // Design note: the spec names /api/v1/settings/auth/admins but not its fields (schemas/areas/applianceAuth.ts).
  description:
    'How administrators of this appliance sign in, which directory groups are administrators and auditors, and when an account is locked after wrong passwords.',
  route: '/settings/admin-sign-in',
  nav: applianceAuthNav(30),
  endpoint: { path: '/api/v1/settings/auth/admins', revision: 'none', save: 'PUT' },
  schema: AdminAuthDocument,
  layout: {
    kind: 'form',
    fields: {
      method: { widget: 'segmented' },
      admin_group: { placeholder: 'Gateway Admins', showIf: { field: 'method', equals: ['ldap', 'saml'] } },
      auditor_group: { showIf: { field: 'method', equals: ['ldap', 'saml'] } },
      local_fallback: { showIf: { field: 'method', equals: ['ldap', 'saml'] } },
      lockout_attempts: {},
      lockout_minutes: {},
    },
  },
  effects: {
    all: { service: 'Applied by the appliance\'s sign-in service: how administrators are checked against the directory or identity provider.' },
    fields: {
      lockout_attempts: {
        portal: 'This portal locks an administrator account after this many wrong passwords or codes in a row, from any address (the fewer of this and Administrator Access\'s number holds); the lock is audited.',
      },
      lockout_minutes: { portal: 'A locked account cannot sign in to this portal, even with the right password, for this many minutes (the longer of this and Administrator Access\'s time holds).' },
    },
  },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
