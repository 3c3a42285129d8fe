/** DLP log view (spec 000 §2 logs, §5 filters). */
import { DLP_ACTION_COLOURS, RISK_COLOURS } from '../../schemas/logEnums';
import { defineLogView } from '../define';
import { LOG_DEFAULT_FILTERS, eventFieldLabels, eventFieldTitles, logColumns, logFilters, logKind } from './logViewParts';

export const dlpLogs = defineLogView({
  id: 'logs.dlp',
  title: 'DLP logs',
  description: 'Data loss prevention matches: which rule and dictionary matched whose upload or message, and what was done.',
  route: '/logs/dlp',
  nav: { label: 'DLP', order: 40 },
  ...logKind('dlp'),
  columns: logColumns('dlp', ['timestamp', 'userid', 'domain', 'action', 'sub_event_type', 'alert_sub_type', 'rule_name', 'risk_score'], ['alert_sub_type', 'rule_name', 'risk_score'], {
    action: DLP_ACTION_COLOURS,
    risk_score: RISK_COLOURS,
  }),
  filters: logFilters('dlp', ['action', 'sub_event_type', 'alert_sub_type', 'userid', 'group', 'domain', 'rule_name', 'dictionary', 'risk_score']),
  fieldTitles: eventFieldTitles('dlp'),
  fieldLabels: eventFieldLabels('dlp'),
  defaultFilters: LOG_DEFAULT_FILTERS,
});
