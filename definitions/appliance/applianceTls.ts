import { TlsDocument } from '../../schemas/areas/appliance';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceTls = defineSettingsPage({
  id: 'appliance.tls',
  title: 'TLS',
  // Design note: the spec names /api/v1/settings/enable_tls but not the fields.
  description:
    'Whether the services of this appliance accept only encrypted connections, the oldest TLS version they accept ' +
    'and whether browsers are told to use HTTPS only (HSTS).',
  route: '/settings/tls',
  nav: applianceNav(70),
  endpoint: { path: '/api/v1/settings/enable_tls', revision: 'none', save: 'PUT' },
  schema: TlsDocument,
  layout: { kind: 'form', fields: { enabled: {}, min_version: { widget: 'segmented' }, hsts: {} } },
  effects: { all: { service: 'Applied by the appliance\'s services: the TLS they accept and HSTS.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
