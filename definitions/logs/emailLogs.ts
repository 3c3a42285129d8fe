/** Email log view (spec 000 §2 logs, §5 filters). */
import { EMAIL_ACTION_COLOURS, RISK_COLOURS } from '../../schemas/logEnums';
import { emailEventRequest } from '../../schemas/evaluate/fromEvent';
import { evaluate } from '../api/evaluate';
import { defineLogView, eventAction, traceAnswer } from '../define';
import { verdictPanels } from '../policy/testRequest';
import { LOG_DEFAULT_FILTERS, eventFieldLabels, eventFieldTitles, logColumns, logFilters, logKind, sandboxReportDownload } from './logViewParts';

export const emailLogs = defineLogView({
  id: 'logs.email',
  title: 'Email logs',
  description: 'Mail that passed the email gateway: sender, recipient, what was done to it and why.',
  route: '/logs/email',
  nav: { label: 'Email', order: 20 },
  ...logKind('email'),
  columns: logColumns('email', ['timestamp', 'sender', 'recipient', 'subject', 'action', 'reason', 'risk_score'], ['reason', 'risk_score'], {
    action: EMAIL_ACTION_COLOURS,
    risk_score: RISK_COLOURS,
  }),
  filters: logFilters('email', ['action', 'smtp_action', 'reason', 'sender', 'recipient', 'domain', 'risk_score', 'threat_category', 'av_scan_result', 'lure_category']),
  fieldTitles: eventFieldTitles('email'),
  fieldLabels: eventFieldLabels('email'),
  defaultFilters: LOG_DEFAULT_FILTERS,
  eventAction: eventAction(evaluate, 'email', {
    label: 'Why?',
    description: 'How the published and the staged email policy decide this message, rule by rule.',
    body: (event) => ({ ...emailEventRequest(event), revisions: ['published' as const, 'staged' as const] }),
    answer: traceAnswer(evaluate, verdictPanels),
  }),
  eventDownloads: [sandboxReportDownload('email')],
});
