import { BrowserRulesDocument } from '../../../schemas/areas/webRules';
import { definePolicyArea } from '../../define';
import { BROWSER_RULE_GATES } from '../webFieldGates';
import { patternListHint } from '../policyEnv';

/** Field hints of the browser rule form (also of the global browser rules). */
export const browserRuleRowFields = {
  id: { widget: 'hidden' },
  browsers: { widget: 'multiselect' },
  min_version: { placeholder: '120' },
  user_agent: patternListHint,
  action: { widget: 'segmented' },
  comment: { widget: 'textarea' },
} as const;

export const browserRules = definePolicyArea({
  id: 'web.browser-rules',
  title: 'Browsers and Web Apps',
  // Design note: The spec shows no fields for this call; they are this build's design.
  description:
    'Ordered rules for browsers (Chrome, Edge, Firefox, Safari, others), optionally below an oldest allowed ' +
    'version, and for web applications recognised by their user agent: allow, isolate or block. Traffic from ' +
    'unsupported browsers and non-browser clients that matches no rule gets the action set for unsupported ' +
    'browsers.',
  route: '/policy/web/browsers',
  nav: { group: 'Web', order: 60 },
  endpoint: { path: '/api/policy/v3/rules/bnb/{rev}' },
  schema: BrowserRulesDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'browsers', format: 'count' },
      { field: 'min_version', label: 'Oldest version' },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: browserRuleRowFields,
    newRow: { name: '', enabled: true, browsers: [], min_version: '', user_agent: [], action: 'allow', comment: '' },
    exportable: true,
  },
  read: { any: ['web_policy:read'] },
  // Sub-permission of spec 000 §6: met by web_policy:write, refused by a deny of web_policy:write:bnb.
  fieldGates: BROWSER_RULE_GATES,
  write: { any: ['web_policy:write:bnb'] },
  feature: 'bnb',
  tag: 'web policy',
});
