import { reportLookupOps } from '../../api/reportLookups';
import { defineCollection } from '../../define';
import { APP_INSIGHTS_ROUTE } from './appInsights';

export const discoveredApps = defineCollection({
  id: 'casb.discovered-apps',
  title: 'Discovered Applications',
  description:
    'The SaaS applications your users reached in the last 30 days, most requested first, with how many requests and ' +
    'users each had and its profile. Open an application to see what is known of its security before you sanction it ' +
    'or write a rule for it.',
  route: '/policy/casb/discovered',
  nav: { group: 'CASB', order: 50 },
  read: { any: ['casb_policy:read'] },
  feature: 'casb',
  operations: { list: reportLookupOps.appRequestCounts },
  items: 'applications',
  itemKey: 'id',
  columns: [
    { field: 'name', label: 'Application', flex: 2, sortable: true, link: { route: APP_INSIGHTS_ROUTE, param: 'id' } },
    { field: 'category', flex: 1, sortable: true },
    { field: 'profile_type', format: 'enumLabel', colors: { sanctioned: 'green', unclassified: 'gray', unsanctioned: 'red' }, sortable: true },
    { field: 'requests', format: 'count', sortable: true, reverseSort: true },
    { field: 'users', format: 'count', sortable: true, reverseSort: true },
  ],
  emptyText: 'No SaaS application was reached in the last 30 days.',
});
