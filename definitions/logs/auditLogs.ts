/** Audit log view (spec 000 §2 logs, §5 filters). */
import { defineLogView } from '../define';
import { LOG_DEFAULT_FILTERS, eventFieldLabels, eventFieldTitles, logColumns, logFilters, logKind } from './logViewParts';

export const auditLogs = defineLogView({
  id: 'logs.audit',
  title: 'Audit logs',
  description:
    'What administrators and API tokens did in this portal: sign-ins (and failed ones), saves, publishes and rollbacks, ' +
    'role, user and API token changes and each use of a token, with who, when and from which address. Open an event ' +
    'to see what a save or a role or user change changed, field by field, before and after.',
  route: '/logs/audit',
  nav: { label: 'Audit', order: 30 },
  ...logKind('audit'),
  columns: logColumns('audit', ['timestamp', 'user', 'kind', 'action', 'result', 'area', 'ip', 'details'], ['kind', 'area', 'ip']),
  filters: logFilters('audit', ['kind', 'action', 'result', 'userid', 'src_ip', 'area']),
  screenFields: ['area'],
  fieldTitles: eventFieldTitles('audit'),
  fieldLabels: eventFieldLabels('audit'),
  defaultFilters: LOG_DEFAULT_FILTERS,
});
