import { CasbAppDiscoveryDocument } from '../../../schemas/areas/casb';
import { defineSettingsPage } from '../../define';
import { policyEnv } from '../policyEnv';

export const casbAppDiscovery = defineSettingsPage({
  id: 'casb.app-discovery',
  title: 'Application Discovery',
  description:
    'Whether SaaS applications are discovered, in which traffic (web, firewall, endpoint clients), how long ' +
    'discovered applications are kept (7 to 365 days) and which are never reported. Saved at once, outside the ' +
    'policy revision (the call has no {rev}). The spec shows no fields; they are this build\'s design.',
  route: '/policy/casb/app-discovery',
  nav: { group: 'CASB', order: 40 },
  endpoint: { path: '/api/policy/v3/casb/app_discovery', revision: 'none', save: 'PUT' },
  schema: CasbAppDiscoveryDocument,
  layout: {
    kind: 'form',
    fields: {
      sources: { widget: 'checkboxGroup', showIf: { field: 'enabled', equals: [true] } },
      retention_days: { showIf: { field: 'enabled', equals: [true] } },
      ignored_applications: { widget: 'tags', showIf: { field: 'enabled', equals: [true] } },
    },
  },
  read: { any: ['casb_policy:read'] },
  write: { any: ['casb_policy:write'] },
  env: policyEnv,
  feature: 'casb',
  tag: 'casb policy',
});
