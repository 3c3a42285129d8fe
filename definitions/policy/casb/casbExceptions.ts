import { CasbExceptionsDocument } from '../../../schemas/areas/casb';
import { definePolicyArea } from '../../define';
import { conditionFieldHints } from '../policyEnv';
import { discoveredAppChoices } from '../../api/reportLookups';

export const casbExceptions = definePolicyArea({
  id: 'casb.exceptions',
  title: 'SaaS Exceptions',
  // Design note: Payload exceptions.list. The spec names the key only; the fields are this build's design.
  description:
    'SaaS applications whose traffic skips the SaaS application rules, optionally only for some users, sources or ' +
    'URLs.',
  route: '/policy/casb/exceptions',
  nav: { group: 'CASB', order: 30 },
  endpoint: { path: '/api/policy/v3/casb/exceptions/{rev}' },
  schema: CasbExceptionsDocument,
  layout: {
    kind: 'form',
    fields: {
      'exceptions.list': {
        label: 'Exceptions',
        table: {
          itemLabel: 'exception',
          columns: ['name', 'applications', 'enabled', 'comment'],
          rowFields: {
            id: { widget: 'hidden' },
            applications: { widget: 'tags', optionsFrom: discoveredAppChoices },
            comment: { widget: 'textarea' },
            ...conditionFieldHints,
          },
          newRow: { name: '', enabled: true, applications: [], conditions: {}, comment: '' },
        },
      },
    },
  },
  read: { any: ['casb_policy:read'] },
  write: { any: ['casb_policy:write'] },
  feature: 'casb',
  tag: 'casb policy',
});
