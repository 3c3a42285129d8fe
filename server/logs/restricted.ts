/**
 * Restricted logs (the tenant capability `restricted_logs`, spec 000 §7 tenant capability details): while the service
 * provider has it on, the events of the tenant's users answer without who they were (user names, mailbox addresses,
 * client addresses), to every administrator of the tenant, on every page and so in every export made from the pages;
 * top-N reports by user or address (charts, insights, past and instant report files) number their rows instead of
 * naming them. Searching events or reports by those fields is refused, since a match would tell who did what. The
 * audit log lists the administrators' own actions and stays whole.
 */
import { LOG_FILTERS, type LogType } from '../../schemas/logs';
import { MESSAGES } from '../../schemas/constants';
import type { ReportResult, ReportSpec } from '../../schemas/reports';
import { HttpError } from '../types';

/** What a hidden value reads as. */
export const HIDDEN_VALUE = 'Hidden';

/** The fields hidden per log kind: who the user was and where from. */
export const RESTRICTED_FIELDS: Readonly<Record<LogType, readonly string[]>> = {
  web: ['userid', 'src_ip'],
  email: ['userid', 'recipient'],
  audit: [],
  dlp: ['userid', 'src_ip'],
  fwaas_logs: ['userid', 'src_ip'],
  saa_logs: ['userid', 'src_ip'],
};

/** Whether the tenant's logs are restricted (the provider's capability, read from the caller's session). */
export const logsRestricted = (capabilities: Readonly<Record<string, unknown>>): boolean => capabilities.restricted_logs === true;

/** Refuses a query that filters on a hidden field (400 naming each such parameter). */
export function refuseRestrictedFilters(type: LogType, query: Readonly<Record<string, unknown>>): void {
  const hidden = new Set(RESTRICTED_FIELDS[type]);
  const filters: Readonly<Record<string, { readonly field: string }>> = LOG_FILTERS[type];
  const errors = Object.entries(filters)
    .filter(([param, spec]) => hidden.has(spec.field) && isSet(query[param]))
    .map(([param, spec]) => ({
      path: `query.${param}`,
      key: 'restrictedLogs',
      message: `This tenant's logs hide ${spec.field === 'src_ip' ? 'client addresses' : 'who its users are'}: events cannot be searched by them.`,
    }));
  if (errors.length > 0) throw new HttpError(400, MESSAGES.validationFailed, { errors });
}

/** Refuses a report job (an instant report) whose filters name a hidden field (400 naming each filter). */
export function refuseRestrictedReportFilters(filters: Readonly<Record<string, unknown>>): void {
  const hidden = new Set(Object.values(RESTRICTED_FIELDS).flat());
  const errors = Object.entries(filters)
    .filter(([param, value]) => hidden.has(param) && isSet(value))
    .map(([param]) => ({ path: `filters.${param}`, key: 'restrictedLogs', message: 'This tenant\'s logs hide who its users are: reports cannot be filtered by them.' }));
  if (errors.length > 0) throw new HttpError(400, MESSAGES.validationFailed, { errors });
}

const isSet = (v: unknown): boolean => (Array.isArray(v) ? v.some(isSet) : v !== undefined && v !== '' && v !== 'all');

/** The event with its hidden fields replaced. */
export function hideRestricted<E extends Readonly<Record<string, unknown>>>(type: LogType, event: E): E {
  const fields = RESTRICTED_FIELDS[type].filter((f) => event[f] !== undefined);
  if (fields.length === 0) return event;
  return { ...event, ...Object.fromEntries(fields.map((f) => [f, HIDDEN_VALUE])) };
}

/**
 * A top-N report grouped by a hidden field answers its rows numbered instead of named ("Hidden user 1", ...): the
 * shares stay readable, who they are does not.
 */
export function hideRestrictedTop(spec: ReportSpec, result: ReportResult): ReportResult {
  if (result.kind !== 'top' || typeof spec.dimension !== 'string' || !RESTRICTED_FIELDS[spec.logType].includes(spec.dimension)) return result;
  const what = spec.dimension === 'src_ip' ? 'address' : 'user';
  return { ...result, data: result.data.map((d, i) => ({ key: `${HIDDEN_VALUE} ${what} ${i + 1}`, label: `${HIDDEN_VALUE} ${what} ${i + 1}`, value: d.value })) };
}
