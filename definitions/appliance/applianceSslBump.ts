import { SslBumpDocument } from '../../schemas/areas/appliance';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceSslBump = defineSettingsPage({
  id: 'appliance.ssl-bump',
  title: 'SSL Inspection',
  // Design note: the spec names GET/POST /api/v1/settings/ssl_bump but not the fields.
  description:
    'Whether this appliance decrypts HTTPS traffic with its own CA so that policy can inspect it, the name of that ' +
    'CA, whether sites with invalid certificates are blocked, host names never decrypted (up to 500) and an ' +
    'optional OCSP responder address.',
  route: '/settings/ssl-inspection',
  nav: applianceNav(80),
  endpoint: { path: '/api/v1/settings/ssl_bump', revision: 'none', save: 'POST' },
  schema: SslBumpDocument,
  layout: {
    kind: 'form',
    fields: {
      enabled: {},
      ca_common_name: {},
      block_invalid_certificates: {},
      bypass_hosts: { widget: 'tags', placeholder: 'bank.example.com' },
      ocsp_url: { placeholder: 'http://ocsp.example.com' },
    },
  },
  effects: { all: { service: 'Applied by the appliance to the HTTPS traffic it inspects.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
