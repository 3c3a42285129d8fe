import { WebThreatsDocument } from '../../../schemas/areas/webThreats';
import { definePolicyArea } from '../../define';

export const webThreats = definePolicyArea({
  id: 'web.threats',
  title: 'Threats',
  // Design note: The spec names the keys list and flash only; the row fields are this build's design. The document's
  // Flash setting (block, isolate or allow Flash content, with excepted sites) is saved back as it was read: this
  // screen edits the list, so its description does not mention a setting the administrator cannot see here.
  description:
    'The action for each threat category (botnet, command and control, malware, phishing and the other threat ' +
    'feeds): allow, isolate or block, and whether the user sees the block page. Each category is listed at most ' +
    'once.',
  route: '/policy/web/threats',
  nav: { group: 'Web', order: 10 },
  endpoint: { path: '/api/policy/v1/rules/risks/{rev}' },
  schema: WebThreatsDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'threat', format: 'enumLabel', flex: 2, sortable: true },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'notify_user', format: 'boolean', center: true },
      { field: 'comment', flex: 2 },
    ],
    rowFields: { id: { widget: 'hidden' }, action: { widget: 'segmented' }, comment: { widget: 'textarea' } },
    newRow: { action: 'block', notify_user: true, comment: '' },
    exportable: true,
  },
  read: { any: ['web_policy:read'] },
  // The sub-permission, not web_policy:write: a full web_policy:write grant still matches it, a grant of only
  // web_policy:write:threats matches it too, and a deny of web_policy:write:threats refuses it (schemas/access.ts).
  write: { any: ['web_policy:write:threats'] },
  tag: 'web policy',
});
