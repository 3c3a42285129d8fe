/** Secure Application Access log view (spec 000 §2 logs, §5 filters). */
import { defineLogView } from '../define';
import { LOG_DEFAULT_FILTERS, eventFieldLabels, eventFieldTitles, logColumns, logFilters, logKind } from './logViewParts';

export const saaLogs = defineLogView({
  id: 'logs.saa-logs',
  title: 'Secure Application Access logs',
  description: 'Access to private applications: who reached which application from which device, and whether it was allowed.',
  route: '/logs/saa_logs',
  // Secure Application Access is a service of the cloud (its section is cloud only).
  env: { deployments: ['cloud', 'dev'] },
  nav: { label: 'Secure Application Access', order: 60 },
  ...logKind('saa_logs'),
  columns: logColumns('saa_logs', ['timestamp', 'userid', 'application', 'app_host', 'action', 'device', 'posture', 'country'], ['device', 'posture', 'country']),
  filters: logFilters('saa_logs', ['action', 'userid', 'group', 'application', 'protocol', 'device', 'posture', 'country']),
  fieldTitles: eventFieldTitles('saa_logs'),
  fieldLabels: eventFieldLabels('saa_logs'),
  defaultFilters: LOG_DEFAULT_FILTERS,
});
