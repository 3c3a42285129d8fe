import { PhishTargetsDocument } from '../../../schemas/areas/emailPolicy';
import { identityOps } from '../../api/identity';
import { smtpUsers } from '../../api/lookups';
import { choicesFrom, definePolicyArea } from '../../define';

export const phishTargets = definePolicyArea({
  id: 'email.phish-targets',
  title: 'Phishing Targets',
  // Design note: Payload safemail_classification. The spec names the key only; the fields are this build's design.
  description:
    'How mail is classified as phishing: the sensitivity, detection of display-name impersonation of the people ' +
    'most likely targeted and of look-alike sender domains, the domains look-alikes imitate, and lure keywords. ' +
    'Each target address is listed once.',
  route: '/policy/email/phish-targets',
  nav: { group: 'Email', order: 60 },
  endpoint: { path: '/api/policy/v1/rules/safemail/phish_targets/{rev}' },
  schema: PhishTargetsDocument,
  layout: {
    kind: 'form',
    fields: {
      'safemail_classification.sensitivity': { widget: 'segmented' },
      // The email domains of the tenant's users as suggestions, each with how many users it has.
      'safemail_classification.protected_domains': {
        widget: 'tags',
        placeholder: 'example.com',
        optionsFrom: choicesFrom(identityOps.directoryDomainsFull, 'domains', 'domain', 'domain', {
          params: { full: 'full' },
          detail: (d) => (d.users === 1 ? '1 user' : `${d.users} users`),
        }),
      },
      'safemail_classification.targets': {
        table: {
          itemLabel: 'target',
          columns: ['address', 'role'],
          // A target is one of the tenant's mailboxes (smtp_users).
          rowFields: { id: { widget: 'hidden' }, address: { widget: 'select', optionsFrom: choicesFrom(smtpUsers, 'users', 'email', 'email') } },
        },
      },
      'safemail_classification.keywords': { widget: 'tags', placeholder: 'wire transfer' },
    },
  },
  read: { any: ['email_policy:read'] },
  write: { any: ['email_policy:write'] },
  feature: 'email_policy',
  tag: 'email policy',
});
