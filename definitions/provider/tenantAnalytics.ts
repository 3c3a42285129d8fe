import { providerInsightOps } from '../api/providerInsights';
import { defineCollection } from '../define';
import { providerRead, tenantPageNav, tenantScope } from './common';

export const tenantAnalytics = defineCollection({
  id: 'provider.tenant-analytics',
  title: 'Tenant analytics',
  description:
    'How the tenant uses the service: its administrators\' actions and sign-ins per day over the chosen number of days ' +
    '(1 to 90), and how many of its users hold each role.',
  route: '/tenants/analytics',
  nav: { ...tenantPageNav(70, 'logging'), label: 'Analytics' },
  read: providerRead,
  scope: tenantScope,
  operations: { list: providerInsightOps.tenantAnalytics },
  items: 'charts',
  itemKey: 'id',
  filters: ['days'],
  charts: { title: 'title', points: 'points', summary: 'summary' },
  emptyText: 'No activity is recorded for the tenant.',
});
