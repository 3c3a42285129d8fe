import { EmailIsolationDocument } from '../../../schemas/areas/emailPolicy';
import { smtpGroups } from '../../api/lookups';
import { choicesFrom, definePolicyArea } from '../../define';
import { analysisFacts, EMAIL_CHOICES, RECIPIENT_CONDITION, SENDER_CONDITION } from '../evaluation';

export const emailIsolation = definePolicyArea({
  id: 'email.isolation',
  title: 'Risk-based Isolation',
  // Design note: The spec names the keys (list, reorderingEvents) only; the rule fields are this build's design.
  description:
    'Ordered rules for links in mail by the risk of the linked site (low, medium, high), sender and recipient: ' +
    'open directly, isolate, isolate read-only (no typing, against credential phishing) or block.',
  route: '/policy/email/isolation',
  nav: { group: 'Email', order: 40 },
  endpoint: { path: '/api/policy/v1/rules/safemail/isolation/{rev}' },
  schema: EmailIsolationDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'risks', label: 'Link risk', format: 'count' },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      risks: { widget: 'checkboxGroup' },
      senders: { widget: 'tags', placeholder: 'name@example.com or example.com' },
      recipients: { widget: 'tags', placeholder: 'name@example.com or example.com' },
      recipient_groups: { widget: 'dualList', optionsFrom: choicesFrom(smtpGroups, 'groups', 'name', 'name') },
      comment: { widget: 'textarea' },
    },
    newRow: { name: '', enabled: true, risks: ['R'], senders: [], recipients: [], recipient_groups: [], action: 'safeview', comment: '' },
    exportable: true,
  },
  read: { any: ['email_policy:read'] },
  write: { any: ['email_policy:write'] },
  feature: 'email_policy',
  tag: 'email policy',
  facts: analysisFacts('email.isolation'),
  evaluation: {
    lists: [
      {
        id: 'list',
        title: 'Link isolation rules',
        rows: 'list',
        enabled: 'enabled',
        order: 'listed',
        conditions: [
          { field: 'risks', label: 'Link risk', kind: 'oneOf', attribute: 'link_risk' },
          SENDER_CONDITION,
          { ...RECIPIENT_CONDITION, label: 'Recipients or their mail groups', also: { field: 'recipient_groups', label: 'group', attribute: 'recipient_groups' } },
        ],
        action: { field: 'action' },
        decides: 'email',
        tier: 30,
      },
    ],
    choices: [
      ...EMAIL_CHOICES,
      'A link rule applies only to mail with a link of one of its risk levels; the link risk is that of the riskiest linked site.',
      'A rule naming recipients and recipient mail groups applies to a recipient that is named or belongs to one of the groups; a group that no longer exists matches nobody.',
    ],
  },
});
