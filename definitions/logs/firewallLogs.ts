/** Firewall log view (spec 000 §2 logs, §5 filters). */
import { FIREWALL_ACTION_COLOURS } from '../../schemas/logEnums';
import { defineLogView } from '../define';
import { LOG_DEFAULT_FILTERS, eventFieldLabels, eventFieldTitles, logColumns, logFilters, logKind } from './logViewParts';

export const firewallLogs = defineLogView({
  id: 'logs.fwaas-logs',
  title: 'Firewall logs',
  description: 'Connections through the firewall: source, destination, application and the rule that decided.',
  route: '/logs/fwaas_logs',
  nav: { label: 'Firewall', order: 50 },
  ...logKind('fwaas_logs'),
  columns: logColumns('fwaas_logs', ['timestamp', 'userid', 'src_ip', 'dst_ip', 'dst_port', 'protocol', 'application', 'action', 'rule_name'], ['protocol', 'application', 'rule_name'], {
    action: FIREWALL_ACTION_COLOURS,
  }),
  filters: logFilters('fwaas_logs', ['action', 'request_type', 'userid', 'group', 'src_ip', 'dst_ip', 'dst_port', 'protocol', 'application', 'rule_name', 'country']),
  fieldTitles: eventFieldTitles('fwaas_logs'),
  fieldLabels: eventFieldLabels('fwaas_logs'),
  defaultFilters: LOG_DEFAULT_FILTERS,
});
