import { EmailMobileDocument } from '../../../schemas/areas/emailPolicy';
import { definePolicyArea } from '../../define';
import { analysisFacts, EMAIL_CHOICES, RECIPIENT_CONDITION, SENDER_CONDITION } from '../evaluation';
import { capability } from '../../api/tenantUtils';

export const emailMobile = definePolicyArea({
  id: 'email.mobile',
  title: 'Mobile Exceptions',
  // Design note: The spec names the keys (list, reorderingEvents) only; the rule fields are this build's design.
  description:
    'Ordered exceptions for mail read on iOS or Android devices: deliver links and attachments unchanged, isolate ' +
    'links only, or isolate both, by recipient and sender.',
  route: '/policy/email/mobile',
  capabilityNotice: {
    operation: capability,
    capability: 'mobileSupport',
    when: false,
    text: 'Mobile support is off for this tenant: these exceptions apply once your service provider turns it on.',
  },
  nav: { group: 'Email', order: 30 },
  endpoint: { path: '/api/policy/v1/rules/safemail/mobile/{rev}' },
  schema: EmailMobileDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'platforms', format: 'count' },
      { field: 'action', format: 'enumLabel' },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      platforms: { widget: 'checkboxGroup' },
      senders: { widget: 'tags', placeholder: 'name@example.com or example.com' },
      recipients: { widget: 'tags', placeholder: 'name@example.com or example.com' },
      comment: { widget: 'textarea' },
    },
    newRow: { name: '', enabled: true, platforms: ['ios', 'android'], senders: [], recipients: [], action: 'isolate_links', comment: '' },
    exportable: true,
  },
  read: { any: ['email_policy:read'] },
  write: { any: ['email_policy:write'] },
  feature: 'email_policy',
  tag: 'email policy',
  facts: analysisFacts('email.mobile'),
  evaluation: {
    lists: [
      {
        id: 'list',
        title: 'Mobile exceptions',
        rows: 'list',
        enabled: 'enabled',
        order: 'listed',
        conditions: [{ field: 'platforms', label: 'Platforms', kind: 'oneOf', attribute: 'platform' }, RECIPIENT_CONDITION, SENDER_CONDITION],
        action: { field: 'action' },
        decides: 'email',
        tier: 20,
      },
    ],
    choices: [
      ...EMAIL_CHOICES,
      'A mobile exception applies only to a request whose platform is ios or android, and comes before the attachment and link rules: its action replaces theirs for mail read on that device.',
      'The exceptions apply whether or not mobile support is on for the tenant; the tester does not read the capability.',
    ],
  },
});
