import { UserAuthDocument } from '../../schemas/areas/applianceAuth';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceAuthNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceUserAuth = defineSettingsPage({
  id: 'appliance.user-auth',
  title: 'User Sign-in',
  // Design note: the spec names /api/v1/settings/auth/users but not its fields (schemas/areas/applianceAuth.ts).
  description:
    'How the people who browse through this appliance are identified, so that policy and logs can name them.',
  route: '/settings/user-sign-in',
  nav: applianceAuthNav(40),
  endpoint: { path: '/api/v1/settings/auth/users', revision: 'none', save: 'PUT' },
  schema: UserAuthDocument,
  layout: {
    kind: 'form',
    fields: {
      method: { widget: 'segmented' },
      required_group: { showIf: { field: 'method', equals: ['ldap', 'saml'] } },
      reauth_hours: { showIf: { field: 'method', equals: ['ldap', 'saml'] } },
      names_in_logs: { showIf: { field: 'method', equals: ['ldap', 'saml'] } },
    },
  },
  effects: { all: { service: 'Applied by the appliance: how people who browse through it are identified.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
