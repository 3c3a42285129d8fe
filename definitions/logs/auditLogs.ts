/** Audit log view (spec 000 §2 logs, §5 filters). */
import { defineLogView } from '../define';
import { LOG_DEFAULT_FILTERS, eventFieldLabels, eventFieldTitles, logColumns, logFilters, logKind } from './logViewParts';

export const auditLogs = defineLogView({
  id: 'logs.audit',
  title: 'Audit logs',
  description: 'What administrators did in this portal: sign-ins, saves and publishes, with their result and source address.',
  route: '/logs/audit',
  nav: { label: 'Audit', order: 30 },
  ...logKind('audit'),
  columns: logColumns('audit', ['timestamp', 'user', 'action', 'result', 'area', 'ip', 'details'], ['ip']),
  filters: logFilters('audit', ['action', 'result', 'userid', 'src_ip', 'area']),
  screenFields: ['area'],
  fieldTitles: eventFieldTitles('audit'),
  fieldLabels: eventFieldLabels('audit'),
  defaultFilters: LOG_DEFAULT_FILTERS,
});
