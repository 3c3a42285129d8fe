import { risk, risks } from '../../api/lookups';
import { choicesFrom, defineCollection } from '../../define';

/** The risk type's level and what it stands for, under its name in the choice. */
const riskTypeChoices = choicesFrom(risks, 'risks', 'name', 'name', {
  detail: (r) => `${r.level.charAt(0).toUpperCase()}${r.level.slice(1)} risk: ${r.description}`,
});

// Design note: the spec names the calls (risks and risks/{name}, e.g. risks/Vulnerable Service) but no screen. Rules
// name risk types by name (threats of exceptions, bandwidth, inspection and others); this read-only screen shows what
// one of them covers, so an administrator knows what a rule naming it matches.
export const riskTypes = defineCollection({
  id: 'web.risk-types',
  title: 'Risk Types',
  description:
    'What each risk type that rules can name stands for: its level and the entries it covers (for Vulnerable Service, ' +
    'the vulnerable server software by port and protocol). The service keeps these lists up to date; they cannot be edited.',
  route: '/policy/web/risk-types',
  nav: { group: 'Web', order: 12 },
  read: { any: ['web_policy:read'] },
  scope: { param: 'risk', label: 'Risk type', choices: riskTypeChoices },
  operations: { list: risk },
  items: 'entries',
  itemKey: 'entry',
  columns: [{ field: 'entry', label: 'What it covers', flex: 1, sortable: true, truncate: false }],
  emptyText: 'This risk type lists no entries.',
});
