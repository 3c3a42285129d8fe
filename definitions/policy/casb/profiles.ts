import { CasbProfilesDocument } from '../../../schemas/areas/casb';
import { definePolicyArea } from '../../define';
import { policyEnv } from '../policyEnv';

export const casbProfiles = definePolicyArea({
  id: 'casb.profiles',
  title: 'SaaS Profiles',
  description:
    'Which SaaS applications are sanctioned, unsanctioned or unclassified (payload profiles.list), optionally only ' +
    'for the company\'s own tenants of an application. The profiles are a list inside the profiles object, which ' +
    'the table layout of define.ts cannot address, so they are edited as JSON. The spec names the key only; the ' +
    'fields are this build\'s design.',
  route: '/policy/casb/profiles',
  nav: { group: 'CASB', order: 20 },
  endpoint: { path: '/api/policy/v3/casb/profiles/{rev}' },
  schema: CasbProfilesDocument,
  layout: {
    kind: 'form',
    fields: {
      'profiles.list': { widget: 'json', label: 'Profiles', help: 'Each profile: id, name, type (sanctioned, unclassified, unsanctioned), applications, tenant_domains, comment' },
    },
  },
  read: { any: ['casb_policy:read'] },
  write: { any: ['casb_policy:write'] },
  env: policyEnv,
  feature: 'casb',
  tag: 'casb policy',
});
