import { RuntimeAnalysisDocument } from '../../../schemas/areas/webRules';
import { choicesFrom, definePolicyArea } from '../../define';
import { scopeFieldHints } from '../policyEnv';
import { capability } from '../../api/tenantUtils';
import { raThreats } from '../../api/lookups';

export const runtimeAnalysis = definePolicyArea({
  id: 'web.runtime-analysis',
  title: 'Runtime Threat Analysis',
  // Design note: Payload runtimeAnalysis. The spec names the key only; the rule fields are this build's design.
  description:
    'Ordered rules that analyse pages while they run in isolation for highly evasive threats (HTML smuggling, ' +
    'password-protected files, dynamic content, legitimate-site abuse, URL obfuscation, captcha gating): the ' +
    'protection level, the techniques looked for at the Custom level, the threat types found in the page (cryptominers, ' +
    'keyloggers, fake login forms and others) the rule acts on, and the action on a detection.',
  route: '/policy/web/runtime-analysis',
  capabilityNotice: {
    operation: capability,
    capability: 'runtime_analysis',
    when: false,
    text: 'Runtime threat analysis is off for this tenant: these rules apply once your service provider turns it on.',
  },
  nav: { group: 'Web', order: 70 },
  endpoint: { path: '/api/policy/v3/rules/runtime_analysis/{rev}' },
  schema: RuntimeAnalysisDocument,
  layout: {
    kind: 'table',
    rows: 'runtimeAnalysis',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'protection_level', format: 'enumLabel', sortable: true },
      { field: 'action', format: 'enumLabel' },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      techniques: { widget: 'checkboxGroup', showIf: { field: 'protection_level', equals: ['custom'] } },
      threats: { widget: 'multiselect', optionsFrom: choicesFrom(raThreats, 'threats', 'value', 'label'), placeholder: 'Every threat type' },
      action: { widget: 'segmented' },
      comment: { widget: 'textarea' },
      ...scopeFieldHints,
    },
    newRow: { name: '', enabled: true, scope: {}, protection_level: 'moderate', techniques: [], threats: [], action: 'safeview', comment: '' },
    exportable: true,
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  tag: 'web policy',
});
