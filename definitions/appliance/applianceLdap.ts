import { LdapDocument } from '../../schemas/areas/applianceAuth';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceAuthNav, applianceRead, applianceTag, applianceWrite } from './common';

const on = { field: 'enabled', equals: [true] } as const;

export const applianceLdap = defineSettingsPage({
  id: 'appliance.ldap',
  title: 'Directory (LDAP)',
  // Design note: the spec names /api/v1/settings/auth/ldap but not its fields (schemas/areas/applianceAuth.ts).
  description:
    'The LDAP or Active Directory server that checks the passwords of administrators and users who sign in with a directory account, and how users and their groups are found in it.',
  route: '/settings/ldap',
  nav: applianceAuthNav(10),
  endpoint: { path: '/api/v1/settings/auth/ldap', revision: 'none', save: 'PUT' },
  schema: LdapDocument,
  layout: {
    kind: 'form',
    groups: ['Server', 'Search'],
    fields: {
      enabled: { group: 'Server' },
      server: { group: 'Server', placeholder: 'ldap.example.com', showIf: on },
      port: { group: 'Server', showIf: on },
      security: { group: 'Server', showIf: on },
      timeout_seconds: { group: 'Server', showIf: on },
      base_dn: { group: 'Search', placeholder: 'ou=People,dc=example,dc=com', showIf: on },
      bind_dn: { group: 'Search', placeholder: 'cn=gateway,ou=Services,dc=example,dc=com', showIf: on },
      bind_password: { group: 'Search', widget: 'password', writeOnly: true, showIf: on },
      user_attribute: { group: 'Search', showIf: on },
      group_attribute: { group: 'Search', showIf: on },
    },
  },
  effects: { all: { service: 'Applied by the appliance\'s sign-in service: passwords of directory accounts are checked against this server.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
