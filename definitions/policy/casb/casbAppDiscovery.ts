import { CasbAppDiscoveryDocument } from '../../../schemas/areas/casb';
import { defineSettingsPage } from '../../define';
import { discoveredAppChoices } from '../../api/reportLookups';

export const casbAppDiscovery = defineSettingsPage({
  id: 'casb.app-discovery',
  title: 'Application Discovery',
  // Design note: The call has no {rev}, so it is saved outside the policy revision. The spec shows no fields; they
  // are this build's design.
  description:
    'Whether SaaS applications are discovered, in which traffic (web, firewall, endpoint clients), how long ' +
    'discovered applications are kept (7 to 365 days) and which are never reported. Takes effect when saved: this ' +
    'setting is not part of the policy revision and needs no Publish.',
  route: '/policy/casb/app-discovery',
  nav: { group: 'CASB', order: 40 },
  endpoint: { path: '/api/policy/v3/casb/app_discovery', revision: 'none', save: 'PUT' },
  schema: CasbAppDiscoveryDocument,
  layout: {
    kind: 'form',
    fields: {
      sources: { widget: 'checkboxGroup', showIf: { field: 'enabled', equals: [true] } },
      retention_days: { showIf: { field: 'enabled', equals: [true] } },
      ignored_applications: { widget: 'tags', optionsFrom: discoveredAppChoices, showIf: { field: 'enabled', equals: [true] } },
    },
  },
  effects: { all: { service: 'Applied by the isolation service: it discovers applications in the traffic and keeps them.' } },
  read: { any: ['casb_policy:read'] },
  write: { any: ['casb_policy:write'] },
  feature: 'casb',
  tag: 'casb policy',
});
