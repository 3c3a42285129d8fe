/**
 * The report catalogue (spec 001 §7 reporting, §9 intervals): every report of the catalogue in its group, opened one
 * at a time as its chart over the chosen interval, narrowed by the filters of its log kind, and drilling from top
 * categories and users into their domains, from alert types into their users, and from evasive threats into the
 * users facing them.
 */
import { REPORT_READ } from '../api/reports';
import { defineReport, type ReportWidgetDef } from '../define';
import type { ReportName } from '../../schemas/reports';
import { catalogueWidget } from './reportParts';

const pie = { chart: 'pie' } as const;

/** Groups of the catalogue, in the order the screen lists them; each report of schemas/reports.ts is in one. */
const GROUPS: readonly { title: string; reports: readonly (ReportName | [ReportName, Partial<Pick<ReportWidgetDef, 'chart' | 'title' | 'gaugeAngle'>>])[] }[] = [
  {
    title: 'Web',
    reports: [
      'top_categories_v2',
      ['top_categories', { title: 'Top categories (earlier category list)' }],
      'top_users',
      'top_groups',
      'group_users',
      'top_domains',
      ['action_summary', { chart: 'line' }],
      ['top_risks', { chart: 'gauge', gaugeAngle: 360 }],
      'risks_averted',
      'top_risk_sources',
      'top_risk_users',
      'top_vulnerable_servers',
      'top_category_domains',
      'top_user_domains',
    ],
  },
  {
    title: 'Email',
    reports: [
      'smtp_by_date',
      'smtp_size_by_date',
      ['smtp_actions', pie],
      'smtp_reasons',
      'smtp_top_senders',
      'smtp_top_recipients',
      'smtp_top_sender_domains',
      'emails_rewritten',
      ['top_actions_email', pie],
      'top_threats_email',
      'top_lures_email',
      'top_attachments_email',
      ['top_scan_results_email', pie],
      'top_recipients_email',
      'top_senders_email',
    ],
  },
  { title: 'File scanning', reports: ['top_response_risks', ['top_scan_results', pie], 'top_files', 'scan_heat'] },
  {
    title: 'Cloud applications (CASB)',
    reports: [
      'casb_top_apps',
      'casb_top_categories',
      ['casb_profile_types', pie],
      'casb_top_users',
      'casb_app_users',
      'casb_bandwidth_apps',
      'casb_unsanctioned_apps',
      'casb_ddl_apps',
      'casb_timeline',
    ],
  },
  {
    title: 'Data loss prevention (DLP)',
    reports: [
      'dlp_top_users',
      'dlp_top_rules',
      ['dlp_actions', pie],
      'dlp_top_domains',
      'dlp_alert_types',
      'top_alert_type_users',
      ['dlp_sub_event_types', pie],
      'dlp_top_apps',
      'dlp_timeline',
    ],
  },
  {
    title: 'Firewall',
    reports: [
      ['fwaas_actions', pie],
      ['fwaas_request_types', pie],
      'fwaas_top_sources',
      'fwaas_top_destinations',
      'fwaas_top_ports',
      'fwaas_top_applications',
      'fwaas_top_rules',
      'fwaas_top_users',
      'fwaas_top_countries',
      'fwaas_bandwidth_users',
      'fwaas_timeline',
    ],
  },
  {
    title: 'Bandwidth',
    reports: [
      'top_bandwidth_users',
      'top_bandwidth_domains',
      'top_bandwidth_categories_v2',
      ['top_bandwidth_categories', { title: 'Top bandwidth categories (earlier category list)' }],
    ],
  },
  { title: 'Protocols', reports: [['top_protocols', pie]] },
  {
    title: 'Browsers and user agents',
    reports: ['top_browsers', 'top_browser_versions', 'top_non_browser_ua', ['top_ua_type', pie], 'top_ua'],
  },
  {
    title: 'Threat evasion',
    reports: ['heat_summary', 'heat_techniques', 'heat_lures', 'heat_users', 'heat_domains', 'heat_timeline'],
  },
  { title: 'Private access', reports: ['saa_top_applications', 'saa_top_users', ['saa_actions', pie], 'saa_timeline'] },
];

export const reportCatalogue = defineReport({
  id: 'dashboard.catalogue',
  title: 'Report catalogue',
  description:
    'Every report, by area: pick one to see it as a chart over the chosen interval, narrow it with filters, and click a datum to go deeper (a category or a user to its domains, an alert type to its users) or to the matching events.',
  route: '/dashboard/catalogue',
  nav: { label: 'Report catalogue', order: 15 },
  read: REPORT_READ,
  widgets: GROUPS.flatMap((g) => g.reports.map((r) => (typeof r === 'string' ? catalogueWidget(r) : catalogueWidget(r[0], r[1])))),
  groups: GROUPS.map((g) => ({ title: g.title, reports: g.reports.map((r) => (typeof r === 'string' ? r : r[0])) })),
});
