/**
 * The log queries policy evaluation needs, each scoped by tenant: how often each rule decided a request (the
 * deciding-rule field `decided_by` of web and firewall events), and the distinct web request and mail message shapes
 * of a time range with their counts, which the impact of a publish evaluates under both revisions. The SQL store's
 * implementation of `LogStore.ruleHits` and `LogStore.requestShapes` (callers go through `logStoreOf(db)`;
 * ClickHouse's is clickhouse/shapes.ts).
 */
import { textPatternsRead, type CompiledPolicy } from '../../schemas/evaluate/evaluate';
import { WEB_EVENT_ATTRIBUTES, type WebRequestField } from '../../schemas/evaluate/fromEvent';
import { textTest, type TextPatternValue } from '../../schemas/evaluate/match';
import type { RequestAttribute } from '../../schemas/evaluate/types';
import type { Risk } from '../../schemas/logEnums';
import type { Db } from '../types';
import { toNumber } from './sql';

/** Events per deciding rule (`<area>/<list>/<row>`) since `sinceMs`. */
export async function ruleHits(db: Db, tenantId: string, sinceMs: number): Promise<Map<string, number>> {
  const { rows } = await db.query<{ ref: string; n: unknown }>(
    `SELECT event ->> 'decided_by' AS ref, count(*) AS n FROM log_events
      WHERE tenant_id = $1 AND log_type IN ('web', 'firewall') AND ts >= $2 AND event ? 'decided_by'
      GROUP BY 1`,
    [tenantId, sinceMs],
  );
  return new Map(rows.map((r) => [r.ref, toNumber(r.n)]));
}

/**
 * The web event fields a request shape can be grouped by, in the order both stores answer them: every field that gives
 * a request attribute (fromEvent.ts) but the time, since the impact decides each request as if made now.
 */
export const WEB_SHAPE_FIELDS = (Object.keys(WEB_EVENT_ATTRIBUTES) as WebRequestField[]).filter((f): f is Exclude<WebRequestField, 'timestamp'> => f !== 'timestamp');
export type WebShapeField = (typeof WEB_SHAPE_FIELDS)[number];
/** The fields every web shape is grouped by, whatever the policy reads: whose request, which site and categories (the impact's groups). */
export const WEB_SHAPE_ALWAYS: readonly WebShapeField[] = ['userid', 'domain', 'cats'];
/** The web fields that hold a list of values. */
export const WEB_LIST_FIELDS: ReadonlySet<WebShapeField> = new Set(['cats', 'top_level_risks']);

/** The fields a web shape groups by when the policy reads `fields` too, in WEB_SHAPE_FIELDS' order. */
export const webShapeFields = (fields: Iterable<WebShapeField>): WebShapeField[] => {
  const wanted = new Set([...WEB_SHAPE_ALWAYS, ...fields]);
  return WEB_SHAPE_FIELDS.filter((f) => wanted.has(f));
};

/** The web fields that give an attribute of `attributes` (those the policy reads). */
export const webFieldsReading = (attributes: ReadonlySet<RequestAttribute>): WebShapeField[] =>
  WEB_SHAPE_FIELDS.filter((f) => WEB_EVENT_ATTRIBUTES[f].some((a) => attributes.has(a)));

/** The web fields the rules may read through text patterns, and the attribute each gives. */
const WEB_TEXT_FIELDS = { url: 'url', 'user-agent': 'user_agent' } as const satisfies Partial<Record<WebShapeField, RequestAttribute>>;

/**
 * Text fields a web shape groups by which patterns their value matches rather than by the value (a URL is nearly
 * unique per request; whether it contains "/admin/" is what a rule reads), with those patterns, lower-cased.
 */
export type WebShapePatterns = Readonly<Partial<Record<WebShapeField, readonly TextPatternValue[]>>>;

/** The text fields of `fields` that the web rules of `policies` read through text patterns alone, with the patterns. */
export function webShapePatterns(policies: readonly CompiledPolicy[], fields: readonly WebShapeField[]): WebShapePatterns {
  const out: Partial<Record<WebShapeField, readonly TextPatternValue[]>> = {};
  for (const [field, attribute] of Object.entries(WEB_TEXT_FIELDS) as [keyof typeof WEB_TEXT_FIELDS, RequestAttribute][]) {
    const patterns = fields.includes(field) ? textPatternsRead(policies, 'web', attribute) : undefined;
    if (patterns) out[field] = patterns;
  }
  return out;
}

/**
 * What a text field groups by (both stores compute the same in their language): null when the event lacks it; the
 * value itself when it is not ASCII (where the stores' and the evaluator's lower-casing could differ); else "p:" and
 * one digit per pattern, 1 when the lower-cased value is not empty and matches it, as the evaluator's text conditions.
 */
export function webTextKey(value: string | null | undefined, patterns: readonly TextPatternValue[]): string | null {
  if (value === null || value === undefined) return null;
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(value)) return `raw:${value}`;
  const lower = value.toLowerCase();
  return `p:${patterns.map((p) => (lower !== '' && textTest(p)(lower) ? '1' : '0')).join('')}`;
}

/**
 * One distinct request shape of the web log: the values of the fields it is grouped by, how many events had them, and
 * the newest of those events.
 */
export interface WebRequestShape {
  readonly kind: 'web';
  /**
   * The shape's fields as logged: a list field's values ([] when absent), another's text or null when absent; a field
   * grouped by patterns holds its newest event's value.
   */
  readonly event: Readonly<Partial<Record<WebShapeField, string | readonly string[] | null>>>;
  readonly count: number;
  /** The newest event of the shape: its time, sequence number and URL. */
  readonly example: { readonly ts: number; readonly seq: number; readonly url: string };
}

/**
 * One distinct message shape of the email log: what the email policy reads of a message (as `emailEventRequest` makes
 * it of an event), whose mailbox it is (the log's user), how many events had it, and the newest of them.
 */
export interface EmailRequestShape {
  readonly kind: 'email';
  readonly userid: string;
  readonly sender: string;
  /** The sender's domain, as logged. */
  readonly domain: string;
  readonly recipient: string;
  /** The attachment's type: the logged file type, else the file name's extension (null: no attachment named). */
  readonly file_type: string | null;
  /** The message's risk when it has links (the link risk of the link rules), else null. */
  readonly link_risk: Risk | null;
  readonly count: number;
  /** The newest event of the shape: its time, sequence number and subject ('' when it has none). */
  readonly example: { readonly ts: number; readonly seq: number; readonly subject: string };
}

export type RequestShape = WebRequestShape | EmailRequestShape;

/**
 * The extension of a file name as the evaluator reads it (`extensionOf`: what follows the last dot, when that dot is
 * not the name's first character), as a regular expression both stores run; they lower-case what it captures.
 */
export const FILE_EXTENSION_PATTERN = '(?s)^.+\\.([^.]+)$';

/**
 * The distinct request shapes between `sinceMs` and `untilMs`: the web log's (grouped by WEB_SHAPE_ALWAYS and
 * `webFields`), then the email log's, each largest first (then newest example first), in one aggregate per log over
 * the range.
 */
export async function requestShapes(
  db: Db,
  tenantId: string,
  sinceMs: number,
  untilMs: number,
  webFields: Iterable<WebShapeField>,
  patterns: WebShapePatterns = {},
): Promise<RequestShape[]> {
  return [...(await webShapes(db, tenantId, sinceMs, untilMs, webShapeFields(webFields), patterns)), ...(await emailShapes(db, tenantId, sinceMs, untilMs))];
}

/** A PostgreSQL test of the evaluator's text pattern `p` on `lower` (an ASCII value, lower-cased); `param` binds a value. */
function sqlTextTest(p: TextPatternValue, lower: string, param: (v: string) => string): string {
  const v = param(p.value);
  switch (p.match) {
    case 'starts_with':
      return `starts_with(${lower}, ${v})`;
    case 'ends_with':
      return `right(${lower}, length(${v})) = ${v}`;
    case 'contains':
      return `strpos(${lower}, ${v}) > 0`;
    default:
      return `${lower} = ${v}`;
  }
}

/**
 * The newest event of a group without sorting the group (an ordered aggregate makes PostgreSQL sort every event of the
 * range by the grouping, on disk past a few hundred thousand): the greatest of "time, sequence number, values" as
 * fixed-width digits then JSON, compared byte by byte. `newestOf` reads it back.
 */
const NEWEST = (values: readonly string[]) =>
  `max((lpad(ts::text, 20, '0') || lpad(seq::text, 20, '0') || json_build_array(${values.join(', ')})::text) COLLATE "C")`;
const newestOf = (packed: string): { seq: number; values: unknown[] } => ({ seq: Number(packed.slice(20, 40)), values: JSON.parse(packed.slice(40)) as unknown[] });

async function webShapes(db: Db, tenantId: string, sinceMs: number, untilMs: number, fields: readonly WebShapeField[], patterns: WebShapePatterns): Promise<WebRequestShape[]> {
  const params: unknown[] = [tenantId, sinceMs, untilMs];
  const param = (v: string) => `$${params.push(v)}::text`;
  // Field names come from WEB_SHAPE_FIELDS alone; each column is named by its position (f: what it groups by, v: the
  // value of a field grouped by patterns). A list field groups by its JSON array, absent as empty.
  const columns = fields.map((f, i) => {
    if (WEB_LIST_FIELDS.has(f)) return `coalesce(event -> '${f}', '[]'::jsonb) AS f${i}`;
    const own = patterns[f];
    if (!own) return `event ->> '${f}' AS f${i}`;
    const value = `(event ->> '${f}')`;
    const bits = own.map((p) => `CASE WHEN ${value} <> '' AND ${sqlTextTest(p, `lower(${value})`, param)} THEN '1' ELSE '0' END`);
    return `CASE WHEN ${value} IS NULL THEN NULL WHEN octet_length(${value}) <> length(${value}) THEN 'raw:' || ${value}
                 ELSE ${["'p:'", ...bits].join(' || ')} END AS f${i}, ${value} AS v${i}`;
  });
  const valued = fields.flatMap((f, i) => (patterns[f] && !WEB_LIST_FIELDS.has(f) ? [i] : []));
  const keys = fields.map((_, i) => `f${i}`).join(', ');
  const { rows } = await db.query<Record<string, string | string[] | null> & { n: unknown; ts: unknown; newest: string }>(
    `SELECT ${keys}, count(*) AS n, max(ts) AS ts, ${NEWEST(['url', ...valued.map((i) => `v${i}`)])} AS newest
       FROM (SELECT ${columns.join(', ')}, event ->> 'url' AS url, ts, seq
               FROM log_events WHERE tenant_id = $1 AND log_type = 'web' AND ts >= $2 AND ts <= $3) e
      GROUP BY ${keys}`,
    params,
  );
  const shapes = rows.map((r) => {
    const newest = newestOf(r.newest);
    const row: Record<string, unknown> = { ...r };
    valued.forEach((i, k) => (row[`v${i}`] = newest.values[k + 1]));
    return {
      kind: 'web' as const,
      event: Object.fromEntries(fields.map((f, i) => [f, shapeValue(f, i, row, patterns)])),
      count: toNumber(r.n),
      example: { ts: toNumber(r.ts), seq: newest.seq, url: newest.values[0] as string },
    };
  });
  return shapes.sort(largestFirst);
}

/** Largest first, then newest example first (the order both stores answer shapes in). */
const largestFirst = (a: RequestShape, b: RequestShape) => b.count - a.count || b.example.ts - a.example.ts || b.example.seq - a.example.seq;

/** A web shape's value of field `f` (column `i`) from its row (see WebRequestShape.event). */
export function shapeValue(f: WebShapeField, i: number, row: Readonly<Record<string, unknown>>, patterns: WebShapePatterns): string | readonly string[] | null {
  const key = (row[`f${i}`] ?? null) as string | readonly string[] | null;
  if (WEB_LIST_FIELDS.has(f)) return key ?? [];
  return patterns[f] && key !== null ? ((row[`v${i}`] ?? null) as string | null) : key;
}

async function emailShapes(db: Db, tenantId: string, sinceMs: number, untilMs: number): Promise<EmailRequestShape[]> {
  const { rows } = await db.query<{
    userid: string;
    sender: string;
    domain: string;
    recipient: string;
    file_type: string | null;
    link_risk: Risk | null;
    n: unknown;
    ts: unknown;
    newest: string;
  }>(
    `SELECT userid, sender, domain, recipient, file_type, link_risk, count(*) AS n, max(ts) AS ts, ${NEWEST(['subject'])} AS newest
       FROM (SELECT event ->> 'userid' AS userid, event ->> 'sender' AS sender, event ->> 'domain' AS domain,
                    event ->> 'recipient' AS recipient,
                    coalesce(nullif(event ->> 'file_type', ''), lower(substring(event ->> 'file_name' from $4))) AS file_type,
                    CASE WHEN (event ->> 'urls')::numeric > 0 THEN event ->> 'risk_score' END AS link_risk,
                    coalesce(event ->> 'subject', '') AS subject, ts, seq
               FROM log_events WHERE tenant_id = $1 AND log_type = 'email' AND ts >= $2 AND ts <= $3) e
      GROUP BY userid, sender, domain, recipient, file_type, link_risk`,
    [tenantId, sinceMs, untilMs, FILE_EXTENSION_PATTERN],
  );
  const shapes = rows.map((r) => {
    const newest = newestOf(r.newest);
    return {
      kind: 'email' as const,
      userid: r.userid,
      sender: r.sender,
      domain: r.domain,
      recipient: r.recipient,
      file_type: r.file_type,
      link_risk: r.link_risk,
      count: toNumber(r.n),
      example: { ts: toNumber(r.ts), seq: newest.seq, subject: newest.values[0] as string },
    };
  });
  return shapes.sort(largestFirst);
}
