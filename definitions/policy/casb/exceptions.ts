import { CasbExceptionsDocument } from '../../../schemas/areas/casb';
import { definePolicyArea } from '../../define';
import { policyEnv } from '../policyEnv';

export const casbExceptions = definePolicyArea({
  id: 'casb.exceptions',
  title: 'SaaS Exceptions',
  description:
    'SaaS applications whose traffic skips the SaaS application rules (payload exceptions.list), optionally only for ' +
    'some users, sources or URLs. The exceptions are a list inside the exceptions object, which the table layout of ' +
    'define.ts cannot address, so they are edited as JSON. The spec names the key only; the fields are this build\'s ' +
    'design.',
  route: '/policy/casb/exceptions',
  nav: { group: 'CASB', order: 30 },
  endpoint: { path: '/api/policy/v3/casb/exceptions/{rev}' },
  schema: CasbExceptionsDocument,
  layout: {
    kind: 'form',
    fields: {
      'exceptions.list': { widget: 'json', label: 'Exceptions', help: 'Each exception: id, name, enabled, applications, conditions, comment' },
    },
  },
  read: { any: ['casb_policy:read'] },
  write: { any: ['casb_policy:write'] },
  env: policyEnv,
  feature: 'casb',
  tag: 'casb policy',
});
