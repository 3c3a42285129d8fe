import { AuthSettingsDocument } from '../../../schemas/areas/tenantSettings';
import { defineSettingsPage } from '../../define';

export const authSettings = defineSettingsPage({
  id: 'settings.authentication',
  title: 'User Authentication',
  // Design note: The spec names the call (auth) only; the fields are this build's design.
  description:
    'How users of the service are identified: no authentication, a SAML 2.0 identity provider (entity id, sign-in ' +
    'address and signing certificate required) or OpenID Connect (issuer, client id and a write-only client ' +
    'secret required); how long a sign-in lasts and which sites need none.',
  route: '/settings/authentication',
  nav: { group: 'Authentication', order: 20 },
  endpoint: { path: '/api/settings/v1/tenants/auth', revision: 'none', save: 'PUT' },
  schema: AuthSettingsDocument,
  layout: {
    kind: 'form',
    groups: ['General', 'SAML', 'OpenID Connect'],
    fields: {
      method: { group: 'General', widget: 'segmented' },
      session_hours: { group: 'General' },
      exempt_domains: { group: 'General', widget: 'tags', placeholder: 'example.com' },
      'saml.entity_id': { group: 'SAML', showIf: { field: 'method', equals: ['saml'] } },
      'saml.sso_url': { group: 'SAML', showIf: { field: 'method', equals: ['saml'] } },
      'saml.certificate': { group: 'SAML', widget: 'textarea', showIf: { field: 'method', equals: ['saml'] } },
      'oidc.issuer': { group: 'OpenID Connect', showIf: { field: 'method', equals: ['oidc'] } },
      'oidc.client_id': { group: 'OpenID Connect', showIf: { field: 'method', equals: ['oidc'] } },
      'oidc.client_secret': { group: 'OpenID Connect', widget: 'secret', writeOnly: true, showIf: { field: 'method', equals: ['oidc'] } },
    },
  },
  effects: { all: { service: 'Applied by the isolation service: how users who browse through it sign in (administrators of this portal sign in as Administrator Access says).' } },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'tenant settings',
});
