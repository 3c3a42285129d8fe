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
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
