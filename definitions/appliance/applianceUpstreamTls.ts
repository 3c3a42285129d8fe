import { UpstreamSslDocument } from '../../schemas/areas/applianceCerts';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceUpstreamTls = defineSettingsPage({
  id: 'appliance.upstream-tls',
  title: 'TLS to Web Sites',
  // Design note: the spec names GET/POST /api/v1/settings/ssl but not the fields (schemas/areas/applianceCerts.ts).
  description:
    'How this appliance connects to web sites over TLS: the oldest version and the cipher suites it offers, and ' +
    'whether it checks that a site’s certificate was not revoked. Raising the oldest version or choosing Modern ' +
    'ciphers makes old sites unreachable.',
  route: '/settings/tls-to-sites',
  nav: applianceNav(72),
  endpoint: { path: '/api/v1/settings/ssl', revision: 'none', save: 'POST' },
  schema: UpstreamSslDocument,
  layout: { kind: 'form', fields: { min_version: { widget: 'segmented' }, cipher_profile: {}, check_revocation: {}, allow_legacy_renegotiation: {} } },
  effects: { all: { service: 'Applied by the appliance to its TLS connections to web sites.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
