import { SamlDocument } from '../../schemas/areas/applianceAuth';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceAuthNav, applianceRead, applianceTag, applianceWrite } from './common';

const on = { field: 'enabled', equals: [true] } as const;

export const applianceSaml = defineSettingsPage({
  id: 'appliance.saml',
  title: 'Single Sign-on (SAML)',
  // Design note: the spec names /api/v1/settings/auth/saml but not its fields (schemas/areas/applianceAuth.ts).
  description:
    'The identity provider that administrators and users who sign in with single sign-on are sent to, and how their user name and groups are read from its answer.',
  route: '/settings/saml',
  nav: applianceAuthNav(20),
  endpoint: { path: '/api/v1/settings/auth/saml', revision: 'none', save: 'PUT' },
  schema: SamlDocument,
  layout: {
    kind: 'form',
    fields: {
      enabled: {},
      idp_entity_id: { placeholder: 'https://idp.example.com/metadata', showIf: on },
      sso_url: { placeholder: 'https://idp.example.com/sso', showIf: on },
      idp_certificate: { widget: 'textarea', placeholder: '-----BEGIN CERTIFICATE-----', showIf: on },
      username_attribute: { showIf: on },
      groups_attribute: { showIf: on },
      sign_requests: { showIf: on },
    },
  },
  effects: { all: { service: 'Applied by the appliance\'s sign-in service: the identity provider single sign-on uses.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
