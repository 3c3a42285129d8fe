import { ServiceDomainDocument } from '../../schemas/areas/applianceAuth';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceServiceDomain = defineSettingsPage({
  id: 'appliance.service-domain',
  title: 'Service Domain',
  // Design note: the spec names /api/v1/settings/service_domain but not its fields (schemas/areas/applianceAuth.ts).
  description:
    'The DNS name under which browsers reach the isolation service of this appliance. It must resolve to the appliance and match its service certificate.',
  route: '/settings/service-domain',
  nav: applianceNav(15),
  endpoint: { path: '/api/v1/settings/service_domain', revision: 'none', save: 'PUT' },
  schema: ServiceDomainDocument,
  layout: {
    kind: 'form',
    fields: { domain: { placeholder: 'isolation.example.com' }, redirect_http: {} },
  },
  effects: { all: { service: 'Applied by the appliance\'s isolation service: the name browsers reach it by; the connectivity check resolves it.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
