/** Labels of the enumerated event fields per log kind: the same words in logs, reports and charts. */
import {
  ALERT_SUB_TYPE_LABELS,
  AUDIT_ACTION_LABELS,
  AV_SCAN_RESULT_LABELS,
  CASB_PROFILE_TYPE_LABELS,
  DLP_ACTION_LABELS,
  EMAIL_ACTION_LABELS,
  EMAIL_REASON_LABELS,
  EMAIL_SMTP_ACTION_LABELS,
  FILE_DECRYPTED_LABELS,
  FIREWALL_ACTION_LABELS,
  FIREWALL_REQUEST_TYPE_LABELS,
  RISK_LABELS,
  SAA_ACTION_LABELS,
  SUB_EVENT_TYPE_LABELS,
  THREAT_CATEGORY_LABELS,
  UA_TYPE_LABELS,
  WEB_ACTION_LABELS,
  type Labels,
} from './logEnums';
import type { LogType } from './logs';

const ACTION_LABELS: Readonly<Record<LogType, Labels>> = {
  web: WEB_ACTION_LABELS,
  email: EMAIL_ACTION_LABELS,
  audit: AUDIT_ACTION_LABELS,
  dlp: DLP_ACTION_LABELS,
  fwaas_logs: FIREWALL_ACTION_LABELS,
  saa_logs: SAA_ACTION_LABELS,
};

const FIELD_LABELS: Readonly<Record<string, Labels>> = {
  pe_action: WEB_ACTION_LABELS,
  risk_score: RISK_LABELS,
  threat_category: THREAT_CATEGORY_LABELS,
  av_scan_result: AV_SCAN_RESULT_LABELS,
  casb_profile_type: CASB_PROFILE_TYPE_LABELS,
  ua_type: UA_TYPE_LABELS,
  alert_sub_type: ALERT_SUB_TYPE_LABELS,
  sub_event_type: SUB_EVENT_TYPE_LABELS,
  smtp_action: EMAIL_SMTP_ACTION_LABELS,
  reason: EMAIL_REASON_LABELS,
  request_type: FIREWALL_REQUEST_TYPE_LABELS,
  file_decrypted: FILE_DECRYPTED_LABELS,
};

/** The labels of an enumerated field of events of `logType` (its action field by kind); undefined for free text. */
export function fieldLabels(logType: LogType, field: string): Labels | undefined {
  return field === 'action' ? ACTION_LABELS[logType] : FIELD_LABELS[field];
}
