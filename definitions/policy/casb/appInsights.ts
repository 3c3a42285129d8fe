import { casbInsightOps } from '../../api/casbInsights';
import { reportLookupOps } from '../../api/reportLookups';
import { choicesFrom, defineCollection } from '../../define';

export const APP_INSIGHTS_ROUTE = '/policy/casb/insights';

export const appInsights = defineCollection({
  id: 'casb.app-insights',
  title: 'Application Insights',
  description:
    'What is known of a SaaS application\'s security practices: certifications, where its data is kept, past breaches, ' +
    'sign-in, sharing and the administrators\' activity log, each with its risk. Use it to decide whether to sanction the application.',
  route: APP_INSIGHTS_ROUTE,
  nav: { group: 'CASB', order: 55 },
  read: { any: ['casb_policy:read'] },
  feature: 'casb',
  scope: { param: 'id', label: 'Application', choices: choicesFrom(reportLookupOps.appRequestCounts, 'applications', 'id', 'name') },
  operations: { list: casbInsightOps.appRepInsights },
  items: 'insights',
  itemKey: 'aspect',
  columns: [
    { field: 'aspect', flex: 1, sortable: true },
    { field: 'finding', flex: 3, truncate: false },
    { field: 'level', label: 'Risk', format: 'enumLabel', colors: { low: 'green', medium: 'orange', high: 'red' }, sortable: true },
  ],
  emptyText: 'Nothing is known of this application yet.',
});
