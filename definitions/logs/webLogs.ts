/** Web log view (spec 000 §2 logs, §5 filters). */
import { WEB_ACTION_COLOURS, RISK_COLOURS } from '../../schemas/logEnums';
import { webEventRequest } from '../../schemas/evaluate/fromEvent';
import { evaluate } from '../api/evaluate';
import { defineLogView, eventAction, traceAnswer } from '../define';
import { verdictPanels } from '../policy/testRequest';
import { LOG_DEFAULT_FILTERS, LOG_LOOKUPS, eventFieldLabels, eventFieldTitles, logColumns, logFilters, logKind, sandboxReportDownload } from './logViewParts';

export const webLogs = defineLogView({
  id: 'logs.web',
  title: 'Web logs',
  description: 'Web requests of your users: who went where, what the policy did and why. Filter, page back through the interval and export every event the filters match.',
  route: '/logs/web',
  nav: { label: 'Web', order: 10 },
  ...logKind('web'),
  columns: logColumns('web', ['timestamp', 'userid', 'domain', 'url', 'pe_action', 'risk_score', 'country', 'rule_name'], ['risk_score', 'country', 'rule_name'], {
    pe_action: WEB_ACTION_COLOURS,
    risk_score: RISK_COLOURS,
  }),
  filters: logFilters('web', ['pe_action', 'userid', 'domain', 'group', 'risk_score', 'top_level_risks', 'threat_category', 'cats', 'country', 'protocol', 'ua_type', 'av_scan_result', 'is_casb', 'casb_app_name', 'lure_category', 'heat_evasion_techniques']),
  fieldTitles: eventFieldTitles('web'),
  fieldLabels: eventFieldLabels('web'),
  lookups: LOG_LOOKUPS,
  defaultFilters: LOG_DEFAULT_FILTERS,
  eventDownloads: [sandboxReportDownload('web')],
  eventAction: eventAction(evaluate, 'web', {
    label: 'Why?',
    description: 'How the published and the staged policy decide this request, rule by rule.',
    body: (event) => ({ ...webEventRequest(event), revisions: ['published' as const, 'staged' as const] }),
    answer: traceAnswer(evaluate, verdictPanels),
  }),
});
