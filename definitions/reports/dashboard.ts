/**
 * The dashboard (spec 001 §7 reporting): top-N reports as charts, each datum drilling into the matching events. Each
 * user arranges their own: charts of the report catalogue added, removed and reordered, kept on the server.
 */
import { dashboardLayout, REPORT_READ, reportWidget, saveDashboardLayout } from '../api/reports';
import { defineReport } from '../define';
import { reportCatalogue } from './reportCatalogue';

export const dashboard = defineReport({
  id: 'dashboard.overview',
  title: 'Dashboard',
  description:
    'What happened across your users in the chosen interval. Click a bar, slice or point to open the matching events in the logs. Arrange adds, removes and reorders your charts.',
  route: '/dashboard',
  nav: { label: 'Overview', order: 10 },
  read: REPORT_READ,
  arrange: { get: dashboardLayout, save: saveDashboardLayout, from: reportCatalogue },
  widgets: [
    { ...reportWidget('top_users'), title: 'Top users', chart: 'bar', drillDown: { logType: 'web', param: 'userid' } },
    { ...reportWidget('top_categories_v2'), title: 'Top categories', chart: 'pie', drillDown: { logType: 'web', param: 'cats' } },
    { ...reportWidget('action_summary'), title: 'Action summary', chart: 'line', drillDown: { logType: 'web', param: 'pe_action' } },
    { ...reportWidget('top_risks'), title: 'Top risks', chart: 'gauge', gaugeAngle: 360, drillDown: { logType: 'web', param: 'top_level_risks' } },
    { ...reportWidget('top_domains'), title: 'Top domains', chart: 'bar', drillDown: { logType: 'web', param: 'domain' } },
    {
      ...reportWidget('fwaas_timeline'),
      title: 'Firewall events over time',
      chart: 'stackedBar',
      drillDown: { logType: 'fwaas_logs', param: 'action' },
      logRoute: '/logs/fwaas_logs',
    },
  ],
});
