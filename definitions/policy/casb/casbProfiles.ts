import { CasbProfilesDocument } from '../../../schemas/areas/casb';
import { definePolicyArea } from '../../define';
import { discoveredAppChoices } from '../../api/reportLookups';

export const casbProfiles = definePolicyArea({
  id: 'casb.profiles',
  title: 'SaaS Profiles',
  // Design note: Payload profiles.list. The spec names the key only; the fields are this build's design.
  description:
    'Which SaaS applications are sanctioned, unsanctioned or unclassified, optionally only for the company\'s own ' +
    'tenants of an application.',
  route: '/policy/casb/profiles',
  nav: { group: 'CASB', order: 20 },
  endpoint: { path: '/api/policy/v3/casb/profiles/{rev}' },
  schema: CasbProfilesDocument,
  layout: {
    kind: 'form',
    fields: {
      'profiles.list': {
        label: 'Profiles',
        table: {
          itemLabel: 'profile',
          columns: ['name', 'type', 'applications', 'tenant_domains'],
          rowFields: {
            id: { widget: 'hidden' },
            type: { widget: 'segmented' },
            applications: { widget: 'tags', optionsFrom: discoveredAppChoices },
            tenant_domains: { widget: 'tags', placeholder: 'example.com' },
            comment: { widget: 'textarea' },
          },
          newRow: { name: '', type: 'sanctioned', applications: [], tenant_domains: [], comment: '' },
        },
      },
    },
  },
  read: { any: ['casb_policy:read'] },
  write: { any: ['casb_policy:write'] },
  feature: 'casb',
  tag: 'casb policy',
});
