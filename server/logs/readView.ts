/**
 * What a caller's log reads hide, and how: one value per request ({@link LogReadView}), applied by every read of the
 * tenant's events (log pages and so every export made from them, reports and their drill-downs, insights, past and
 * instant report files, the log collector's read). Two rules feed it:
 *
 * - Restricted logs (the tenant capability `restricted_logs`, spec 000 §7 tenant capability details): while the
 *   service provider has it on, events answer without who they were (user names, mailbox addresses, client
 *   addresses) — "Hidden" — and top-N reports by user or address number their rows ("Hidden user 1", ...).
 * - Anonymised user names (the tenant's General setting `anonymize_users`): while it is on, user names and mailbox
 *   addresses answer as a stable pseudonym ("User 3f9a1c2b7d04"): the same name gives the same pseudonym on every page,
 *   report and file, so one user can still be followed, and the name cannot be read back from it. It is applied as
 *   events are read, nothing stored is rewritten: turning the setting off shows the names again.
 *
 * Both may be on at once; restricted wins for the fields it hides. Searching or filtering events or reports by a
 * hidden or pseudonymised field is refused (400 naming each parameter), since a match would tell who did what. The
 * audit log lists the administrators' own actions and stays whole.
 *
 * The pseudonym is the first 6 bytes (12 hex digits) of HMAC-SHA-256(key, name) with a key of the tenant's own: 32 random bytes
 * made on first use and kept in the tenant's server-side values (`tenant_values`, name `log_pseudonym_key`). No call
 * answers the key; it goes with the tenant's data (deleted with the tenant, copied by a database backup).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { globalSettings } from '../../definitions/settings/tenant/globalSettings';
import { LOG_FILTERS, excludeParam, type LogType } from '../../schemas/logs';
import { MESSAGES } from '../../schemas/constants';
import type { ReportResult, ReportSpec } from '../../schemas/reports';
import { readSettingsDocument } from '../documents';
import { HttpError, type Db } from '../types';

/** What a hidden value reads as. */
export const HIDDEN_VALUE = 'Hidden';

/** The fields restricted logs hide per log kind: who the user was and where from. */
export const RESTRICTED_FIELDS: Readonly<Record<LogType, readonly string[]>> = {
  web: ['userid', 'src_ip'],
  email: ['userid', 'recipient'],
  audit: [],
  dlp: ['userid', 'src_ip'],
  fwaas_logs: ['userid', 'src_ip'],
  saa_logs: ['userid', 'src_ip'],
};

/** The fields anonymised user names pseudonymise per log kind: user names and mailbox addresses. */
export const ANONYMISED_FIELDS: Readonly<Record<LogType, readonly string[]>> = {
  web: ['userid'],
  email: ['userid', 'recipient'],
  audit: [],
  dlp: ['userid'],
  fwaas_logs: ['userid'],
  saa_logs: ['userid'],
};

/** What one caller's log reads hide and how. */
export interface LogReadView {
  /** Restricted logs: user names, mailbox and client addresses read as {@link HIDDEN_VALUE}. */
  readonly restricted: boolean;
  /** Anonymised user names: the pseudonym of a name; undefined while names are shown. */
  readonly pseudonym?: (name: string) => string;
}

/** A read that hides nothing. */
export const OPEN_VIEW: LogReadView = { restricted: false };

/** Whether the tenant's logs are restricted (the provider's capability, read from the caller's session). */
export const logsRestricted = (capabilities: Readonly<Record<string, unknown>>): boolean => capabilities.restricted_logs === true;

const KEY_NAME = 'log_pseudonym_key';
const keys = new WeakMap<Db, Map<string, Buffer>>();

/** The tenant's pseudonym key, made once on first use (two callers at once keep the first one made). */
async function pseudonymKey(db: Db, tenantId: string): Promise<Buffer> {
  const cached = keys.get(db)?.get(tenantId);
  if (cached) return cached;
  const read = async () =>
    (await db.query<{ body: { key?: unknown } }>('SELECT body FROM tenant_values WHERE tenant_id = $1 AND name = $2', [tenantId, KEY_NAME])).rows[0]?.body.key;
  let stored = await read();
  if (typeof stored !== 'string') {
    await db.query(
      `INSERT INTO tenant_values (tenant_id, name, body, updated_at, updated_by) VALUES ($1, $2, $3, now(), 'system')
       ON CONFLICT (tenant_id, name) DO NOTHING`,
      [tenantId, KEY_NAME, JSON.stringify({ key: randomBytes(32).toString('base64') })],
    );
    stored = await read();
  }
  if (typeof stored !== 'string') throw new Error(`No pseudonym key for tenant ${tenantId}`);
  const key = Buffer.from(stored, 'base64');
  if (!keys.has(db)) keys.set(db, new Map());
  keys.get(db)!.set(tenantId, key);
  return key;
}

/** "User " and the first 6 bytes (hex) of HMAC-SHA-256(key, name). */
export const pseudonymWith = (key: Buffer) => (name: string): string => `User ${createHmac('sha256', key).update(name, 'utf8').digest('hex').slice(0, 12)}`;

/** The view of a caller of the tenant: restricted from the session's capabilities (when given), anonymised from its settings. */
export async function logReadViewOf(db: Db, tenantId: string, capabilities?: Readonly<Record<string, unknown>>): Promise<LogReadView> {
  const restricted = capabilities !== undefined && logsRestricted(capabilities);
  const { doc } = await readSettingsDocument(db, tenantId, globalSettings);
  if (!doc.anonymize_users) return { restricted };
  const pseudonym = pseudonymWith(await pseudonymKey(db, tenantId));
  const seen = new Map<string, string>();
  return {
    restricted,
    pseudonym: (name) => {
      let p = seen.get(name);
      if (p === undefined) seen.set(name, (p = pseudonym(name)));
      return p;
    },
  };
}

/** The fields of a log kind a view hides or pseudonymises, each with the key of its refusal. */
function hiddenFields(view: LogReadView, type: LogType): Map<string, 'restrictedLogs' | 'anonymisedUsers'> {
  const out = new Map<string, 'restrictedLogs' | 'anonymisedUsers'>();
  if (view.pseudonym) for (const f of ANONYMISED_FIELDS[type]) out.set(f, 'anonymisedUsers');
  if (view.restricted) for (const f of RESTRICTED_FIELDS[type]) out.set(f, 'restrictedLogs');
  return out;
}

/** Whether user names are neither searched nor answered (insights). */
export const hidesUsers = (view: LogReadView): boolean => view.restricted || view.pseudonym !== undefined;

const refusal = (key: 'restrictedLogs' | 'anonymisedUsers', field: string, what: 'events' | 'reports') =>
  key === 'restrictedLogs'
    ? `This tenant's logs hide ${field === 'src_ip' ? 'client addresses' : 'who its users are'}: ${what} cannot be ${what === 'events' ? 'searched' : 'filtered'} by them.`
    : `User names are anonymised in this tenant's logs: ${what} cannot be ${what === 'events' ? 'searched' : 'filtered'} by ${field === 'recipient' ? 'recipient' : 'user'}.`;

/** Refuses a query that filters on, or excludes by (`not_p`), a hidden or pseudonymised field (400 naming each such parameter). */
export function refuseHiddenFilters(view: LogReadView, type: LogType, query: Readonly<Record<string, unknown>>): void {
  const hidden = hiddenFields(view, type);
  if (hidden.size === 0) return;
  const filters: Readonly<Record<string, { readonly field: string }>> = LOG_FILTERS[type];
  const errors = Object.entries(filters)
    .flatMap(([param, spec]) => [param, excludeParam(param)].map((p) => [p, spec] as const))
    .filter(([param, spec]) => hidden.has(spec.field) && isSet(query[param]))
    .map(([param, spec]) => ({ path: `query.${param}`, key: hidden.get(spec.field)!, message: refusal(hidden.get(spec.field)!, spec.field, 'events') }));
  if (errors.length > 0) throw new HttpError(400, MESSAGES.validationFailed, { errors });
}

/** The filter names of report jobs (instant and scheduled reports) a view hides, over every log kind. */
export function hiddenReportFilters(view: LogReadView): Map<string, 'restrictedLogs' | 'anonymisedUsers'> {
  const out = new Map<string, 'restrictedLogs' | 'anonymisedUsers'>();
  for (const type of Object.keys(RESTRICTED_FIELDS) as LogType[]) for (const [f, k] of hiddenFields(view, type)) if (out.get(f) !== 'restrictedLogs') out.set(f, k);
  return out;
}

/** Refuses a report job (an instant report) whose filters name a hidden or pseudonymised field (400 naming each filter). */
export function refuseHiddenReportFilters(view: LogReadView, filters: Readonly<Record<string, unknown>>): void {
  const hidden = hiddenReportFilters(view);
  const errors = Object.entries(filters)
    .filter(([param, value]) => hidden.has(param) && isSet(value))
    .map(([param]) => ({ path: `filters.${param}`, key: hidden.get(param)!, message: refusal(hidden.get(param)!, param, 'reports') }));
  if (errors.length > 0) throw new HttpError(400, MESSAGES.validationFailed, { errors });
}

const isSet = (v: unknown): boolean => (Array.isArray(v) ? v.some(isSet) : v !== undefined && v !== '' && v !== 'all');

/** The event as the view reads it: hidden fields replaced, user names pseudonymised. */
export function viewEvent<E extends Readonly<Record<string, unknown>>>(view: LogReadView, type: LogType, event: E): E {
  const hidden = hiddenFields(view, type);
  const changes: [string, unknown][] = [];
  for (const [field, key] of hidden) {
    const value = event[field];
    if (value === undefined) continue;
    if (key === 'restrictedLogs') changes.push([field, HIDDEN_VALUE]);
    else if (typeof value === 'string' && value !== '') changes.push([field, view.pseudonym!(value)]);
  }
  return changes.length === 0 ? event : { ...event, ...Object.fromEntries(changes) };
}

/**
 * A top-N report grouped by a hidden field answers its rows numbered instead of named ("Hidden user 1", ...): the
 * shares stay readable, who they are does not. Grouped by a pseudonymised field, each row is its pseudonym.
 */
export function viewTop(view: LogReadView, spec: ReportSpec, result: ReportResult): ReportResult {
  if (result.kind !== 'top' || typeof spec.dimension !== 'string') return result;
  const key = hiddenFields(view, spec.logType).get(spec.dimension);
  if (key === undefined) return result;
  if (key === 'anonymisedUsers') {
    return { ...result, data: result.data.map((d) => ({ ...d, key: view.pseudonym!(d.key), label: view.pseudonym!(d.key) })) };
  }
  const what = spec.dimension === 'src_ip' ? 'address' : 'user';
  return { ...result, data: result.data.map((d, i) => ({ key: `${HIDDEN_VALUE} ${what} ${i + 1}`, label: `${HIDDEN_VALUE} ${what} ${i + 1}`, value: d.value })) };
}

/**
 * User names outside a log kind's events (the publish impact's changes per user), as the view shows users: numbered
 * while restricted, pseudonyms while anonymised, else as they are.
 */
export function viewUserNames(view: LogReadView, names: readonly string[]): string[] {
  if (view.restricted) return names.map((_, i) => `${HIDDEN_VALUE} user ${i + 1}`);
  return view.pseudonym ? names.map(view.pseudonym) : [...names];
}

/** Whether a top-N row key is one restricted logs numbered ("Hidden user 3"): not a name. */
export const isHiddenKey = (key: string): boolean => /^Hidden (user|address) \d+$/.test(key);
