/**
 * The log queries policy evaluation needs, each scoped by tenant: how often each rule decided a request (the
 * deciding-rule field `decided_by` of web and firewall events), and the distinct web request and mail message shapes
 * of a time range with their counts, which the impact of a publish evaluates under both revisions. The SQL store's
 * implementation of `LogStore.ruleHits` and `LogStore.requestShapes` (callers go through `logStoreOf(db)`;
 * ClickHouse's is clickhouse/shapes.ts).
 */
import { textPatternsRead, type CompiledPolicy } from '../../schemas/evaluate/evaluate';
import { WEB_EVENT_ATTRIBUTES, type WebRequestField } from '../../schemas/evaluate/fromEvent';
import { portableRegexIn, regexRequiredLiteral, textTest, type TextPatternValue } from '../../schemas/evaluate/match';
import type { ImpactKind } from '../../schemas/evaluate/impact';
import { CANONICAL_IPV4, type WebEventTest, type WebRowFilter } from './rowFilter';
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

/** Whether text patterns hold a regular expression (the stores test one as the evaluator does: `isPortableRegex`). */
export const hasRegex = (patterns: readonly TextPatternValue[]) => patterns.some((p) => p.match === 'regex');

/**
 * What a text field groups by (both stores compute the same in their language): null when the event lacks it; the
 * value itself when it is not ASCII (where the stores' and the evaluator's lower-casing could differ) or, with a
 * regular expression among the patterns, holds a line break (where their regular expressions could differ); else "p:"
 * and one digit per pattern, 1 when the lower-cased value is not empty and matches it, as the evaluator's text
 * conditions.
 */
export function webTextKey(value: string | null | undefined, patterns: readonly TextPatternValue[]): string | null {
  if (value === null || value === undefined) return null;
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(value) || (hasRegex(patterns) && /[\r\n]/.test(value))) return `raw:${value}`;
  const lower = value.toLowerCase();
  return `p:${patterns.map((p) => (lower !== '' && textTest(p)(lower) ? '1' : '0')).join('')}`;
}

/** The newest event of a web shape: its time, sequence number and URL, and its values of the fields grouped by patterns. */
export interface WebShapeExample {
  readonly ts: number;
  readonly seq: number;
  readonly url: string;
  readonly values: Readonly<Partial<Record<WebShapeField, string | null>>>;
}

/**
 * One distinct request shape of the web log: the values of the fields it is grouped by, how many events had them, and,
 * where the store finds it in the same pass, the newest of those events (else `LogStore.shapeExamples` finds it).
 */
export interface WebRequestShape {
  readonly kind: 'web';
  /**
   * The shape's fields as logged: a list field's values ([] when absent), another's text or null when absent; a field
   * grouped by patterns holds one of its events' values (any: the policy decides them all alike), the store's choice.
   */
  readonly event: Readonly<Partial<Record<WebShapeField, string | readonly string[] | null>>>;
  /** The group of each field grouped by patterns (`webTextKey`), the same on every store; null when absent. */
  readonly groups: Readonly<Partial<Record<WebShapeField, string | null>>>;
  readonly count: number;
  readonly example?: WebShapeExample;
}

/** The newest event of a mail shape: its time, sequence number and subject ('' when it has none). */
export interface EmailShapeExample {
  readonly ts: number;
  readonly seq: number;
  readonly subject: string;
}

/**
 * One distinct message shape of the email log: what the email policy reads of a message (as `emailEventRequest` makes
 * it of an event), whose mailbox it is (the log's user), how many events had it, and (as for web shapes) its newest.
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
  readonly example?: EmailShapeExample;
}

export type RequestShape = WebRequestShape | EmailRequestShape;

/**
 * The extension of a file name as the evaluator reads it (`extensionOf`: what follows the last dot, when that dot is
 * not the name's first character), as a regular expression both stores run; they lower-case what it captures.
 */
export const FILE_EXTENSION_PATTERN = '(?s)^.+\\.([^.]+)$';

/** Which shapes `requestShapes` reads: of which kinds (both by default), and of the web log only the events `web` admits. */
export interface ShapeScope {
  readonly kinds?: readonly ImpactKind[];
  /** Absent: every web event. */
  readonly web?: WebRowFilter;
}

/** The request shapes found, and how many web events in the range the scope's filter left out. */
export interface ShapesFound {
  readonly shapes: RequestShape[];
  readonly webLeftOut: number;
}

/**
 * The distinct request shapes between `sinceMs` and `untilMs`, in no particular order: the web log's (grouped by
 * WEB_SHAPE_ALWAYS and `webFields`), then the email log's, in one aggregate per log over the range. They come without
 * examples: finding each shape's newest event in the same pass cost PGlite as much as the counting (see SHAPE_SETTINGS);
 * `shapeExamples` finds them for the few shapes the impact shows.
 */
export async function requestShapes(
  db: Db,
  tenantId: string,
  sinceMs: number,
  untilMs: number,
  webFields: Iterable<WebShapeField>,
  patterns: WebShapePatterns = {},
  scope: ShapeScope = {},
): Promise<ShapesFound> {
  const kinds = scope.kinds ?? ['web', 'email'];
  return db.transaction(async (tx) => {
    await tx.exec(SHAPE_SETTINGS);
    const web = kinds.includes('web') ? await webShapes(tx, tenantId, sinceMs, untilMs, webShapeFields(webFields), patterns, scope.web) : { shapes: [], webLeftOut: 0 };
    return { shapes: [...web.shapes, ...(kinds.includes('email') ? await emailShapes(tx, tenantId, sinceMs, untilMs) : [])], webLeftOut: web.webLeftOut };
  });
}

/** `LogStore.eventCount`: the kind's events in the range, counted along the index. */
export async function eventCount(db: Db, tenantId: string, kind: ImpactKind, sinceMs: number, untilMs: number): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM log_events WHERE ${RANGE(kind)}`, [tenantId, sinceMs, untilMs]);
  return Number(rows[0]!.n);
}

/**
 * How the shape queries run, and why they are written as they are. A million events make a few hundred thousand
 * shapes, which PostgreSQL counts fastest in a hash table (about 120 MB for a million web events; past work_mem times
 * hash_mem_multiplier it goes on in partitions on disk). Left to itself it sorts every event of the range by the
 * grouping instead (on disk, or along an index of one of its fields), since it expects nearly a group per event; and
 * compiling the expressions (JIT) costs more than it saves on this one pass. Each field is read out of the event once
 * (an inner query that the planner cannot merge into the outer one, OFFSET 0: merged, a URL was read out of the JSON
 * once per test of it), and each shape comes back as one JSON text (PGlite hands rows over column by column, which
 * cost it more per row than the aggregate). Measured in docs/benchmarks.md (2026-11-30).
 */
const SHAPE_SETTINGS = "SET LOCAL work_mem = '64MB'; SET LOCAL enable_sort = off; SET LOCAL enable_incremental_sort = off; SET LOCAL jit = off";

/**
 * A PostgreSQL test of the evaluator's text pattern `p` on `value` (an ASCII value), lower-cased as the evaluator reads
 * it; `param` binds a value. A prefix or suffix test lower-cases only the characters it compares (a URL or user agent
 * is long, and lower-casing it whole for each pattern was a third of the query on PGlite).
 */
export function sqlTextTest(p: TextPatternValue, value: string, param: (v: string) => string): string {
  if (p.match === 'regex') {
    // The text every match holds is looked for first: PostgreSQL's engine runs an expression on each value in full.
    const literal = regexRequiredLiteral(p.value);
    const test = `${value} ~* ${param(portableRegexIn(p.value, 'postgres'))}`;
    return literal ? `CASE WHEN strpos(lower(${value}), ${param(literal)}) > 0 THEN ${test} ELSE false END` : test;
  }
  const v = param(p.value);
  switch (p.match) {
    case 'starts_with':
      return `lower(left(${value}, length(${v}))) = ${v}`;
    case 'ends_with':
      return `lower(right(${value}, length(${v}))) = ${v}`;
    case 'contains':
      return `strpos(lower(${value}), ${v}) > 0`;
    default:
      return `lower(${value}) = ${v}`;
  }
}

/** A value outside ASCII. */
const sqlNonAscii = (v: string) => `octet_length(${v}) <> length(${v})`;

/**
 * A text value the patterns' tests in SQL do not decide as the evaluator would (`webTextKey` groups it by itself): one
 * outside ASCII, or with a line break while the patterns hold a regular expression.
 */
const sqlUntested = (value: string, patterns: readonly TextPatternValue[]) =>
  [sqlNonAscii(value), ...(hasRegex(patterns) ? [`strpos(${value}, chr(10)) > 0`, `strpos(${value}, chr(13)) > 0`] : [])].join(' OR ');

/** `webTextKey` in SQL, of the text `value` (an expression). */
function sqlTextKey(value: string, patterns: readonly TextPatternValue[], param: (v: string) => string): string {
  const bits = patterns.map((p) => `CASE WHEN ${value} <> '' AND ${sqlTextTest(p, value, param)} THEN '1' ELSE '0' END`);
  return `CASE WHEN ${value} IS NULL THEN NULL WHEN ${sqlUntested(value, patterns)} THEN 'raw:' || ${value} ELSE ${["'p:'", ...bits].join(' || ')} END`;
}

/** `WebEventTest` in SQL, on the row's `event`: true or false, never NULL. */
function sqlEventTest(t: WebEventTest, param: (v: string) => string): string {
  const oneOf = (v: string, values: readonly string[]) => [sqlNonAscii(v), ...(values.length ? [`lower(${v}) IN (${values.map(param).join(', ')})`] : [])].join(' OR ');
  switch (t.op) {
    case 'in':
      return `coalesce(${oneOf(`(event ->> '${t.field}')`, t.values)}, false)`;
    case 'listHas': {
      // The list's JSON text holds `"v"` exactly where an element is v (no value holds a character JSON escapes).
      const list = `(event -> '${t.field}')::text`;
      return `coalesce(${[sqlNonAscii(list), ...t.values.map((v) => `strpos(lower(${list}), ${param(`"${v}"`)}) > 0`)].join(' OR ')}, false)`;
    }
    case 'domain': {
      const d = `(event ->> 'domain')`;
      return `coalesce(${[`${d} IS NULL`, sqlNonAscii(d), ...t.bases.map((b) => `strpos(lower(${d}), ${param(b)}) > 0`)].join(' OR ')}, true)`;
    }
    case 'text': {
      const v = `(event ->> '${t.field}')`;
      return `coalesce(${v} <> '' AND (${[sqlUntested(v, t.patterns), ...t.patterns.map((p) => sqlTextTest(p, v, param))].join(' OR ')}), false)`;
    }
    case 'present':
      return `coalesce((event ->> '${t.field}') <> '', false)`;
    case 'address': {
      const v = `(event ->> '${t.field}')`;
      const tests = [`${v} !~ ${param(CANONICAL_IPV4)}`, ...t.prefixes.map((p) => `left(${v}, ${p.length}) = ${param(p)}`)];
      return `coalesce(${[...(t.absent ? [`${v} IS NULL`] : []), ...tests].join(' OR ')}, false)`;
    }
    case 'any':
      return `(${t.of.map((x) => sqlEventTest(x, param)).join(' OR ')})`;
  }
}

/** `WebRowFilter` in SQL: whether one row's tests all hold. */
export const sqlRowFilter = (filter: WebRowFilter, param: (v: string) => string): string =>
  filter.length ? filter.map((tests) => `(${tests.map((t) => sqlEventTest(t, param)).join(' AND ')})`).join(' OR ') : 'false';

/** What a web shape's field `f` is read as from an event: a list field's JSON array (absent: empty), another's text. */
const webFieldSql = (f: WebShapeField) => (WEB_LIST_FIELDS.has(f) ? `coalesce(event -> '${f}', '[]'::jsonb)` : `(event ->> '${f}')`);

/** Binds values as numbered parameters after the tenant and the range ($1–$3). */
function binder(tenantId: string, sinceMs: number, untilMs: number) {
  const params: unknown[] = [tenantId, sinceMs, untilMs];
  return { params, param: (v: string) => `$${params.push(v)}::text` };
}

const RANGE = (logType: 'web' | 'email') => `tenant_id = $1 AND log_type = '${logType}' AND ts >= $2 AND ts <= $3`;

async function webShapes(
  db: Db,
  tenantId: string,
  sinceMs: number,
  untilMs: number,
  fields: readonly WebShapeField[],
  patterns: WebShapePatterns,
  filter: WebRowFilter | undefined,
): Promise<{ shapes: WebRequestShape[]; webLeftOut: number }> {
  const { params, param } = binder(tenantId, sinceMs, untilMs);
  // Field names come from WEB_SHAPE_FIELDS alone; each column is named by its position (c: the field as read, f: what
  // the shape groups by, v: the value of a field grouped by patterns, one of its group's).
  const keys = fields.map((f, i) => {
    const own = patterns[f];
    return own && !WEB_LIST_FIELDS.has(f) ? `${sqlTextKey(`c${i}`, own, param)} AS f${i}, c${i} AS v${i}` : `c${i} AS f${i}`;
  });
  const valued = fields.flatMap((f, i) => (patterns[f] && !WEB_LIST_FIELDS.has(f) ? [i] : []));
  const groups = fields.map((_, i) => `f${i}`).join(', ');
  // Any value of the group: any_value (PostgreSQL 16 on, PGlite) keeps the first; max compares each (a second a million
  // events on PGlite).
  const [version] = (await db.query<{ v: string }>("SELECT current_setting('server_version_num') AS v")).rows;
  const anyOf = (v: string) => (Number(version!.v) >= 160000 ? `any_value(${v})` : `max(${v})`);
  // With a filter, the events it leaves out are one group of their own (m false, every field NULL, none read out of
  // the event), counted in the same pass: one snapshot gives both.
  const events = filter
    ? `(SELECT ${sqlRowFilter(filter, param)} AS m, event FROM log_events WHERE ${RANGE('web')} OFFSET 0) x`
    : `(SELECT true AS m, event FROM log_events WHERE ${RANGE('web')}) x`;
  const read = (f: WebShapeField) => (filter ? `CASE WHEN m THEN ${webFieldSql(f)} END` : webFieldSql(f));
  const { rows } = await db.query<{ s: string }>(
    `SELECT json_build_array(m, ${groups}, count(*)${valued.map((i) => `, ${anyOf(`v${i}`)}`).join('')})::text AS s
       FROM (SELECT m, ${keys.join(', ')}
               FROM (SELECT m, ${fields.map((f, i) => `${read(f)} AS c${i}`).join(', ')} FROM ${events} OFFSET 0) c) e
      GROUP BY m, ${groups}`,
    params,
  );
  // A few hundred thousand rows: read in plain loops.
  const shapes: WebRequestShape[] = [];
  let webLeftOut = 0;
  for (const { s } of rows) {
    const [m, ...r] = JSON.parse(s) as [boolean, ...(string | readonly string[] | null)[]];
    if (!m) {
      webLeftOut += r[fields.length] as unknown as number;
      continue;
    }
    const event: Partial<Record<WebShapeField, string | readonly string[] | null>> = {};
    const grouped: Partial<Record<WebShapeField, string | null>> = {};
    for (let i = 0; i < fields.length; i++) event[fields[i]!] = r[i]!;
    // The values of the fields grouped by patterns come after the count.
    for (let k = 0; k < valued.length; k++) {
      const f = fields[valued[k]!]!;
      grouped[f] = event[f] as string | null;
      event[f] = r[fields.length + 1 + k]!;
    }
    shapes.push({ kind: 'web' as const, event, groups: grouped, count: r[fields.length] as unknown as number });
  }
  return { shapes, webLeftOut };
}

/** What a mail shape is grouped by, as read from an event; `extension` binds FILE_EXTENSION_PATTERN. */
const emailShapeSql = (extension: string) =>
  ({
    userid: `(event ->> 'userid')`,
    sender: `(event ->> 'sender')`,
    domain: `(event ->> 'domain')`,
    recipient: `(event ->> 'recipient')`,
    file_type: `coalesce(nullif(event ->> 'file_type', ''), lower(substring(event ->> 'file_name' from ${extension})))`,
    link_risk: `CASE WHEN (event ->> 'urls')::numeric > 0 THEN event ->> 'risk_score' END`,
  }) as const;
const EMAIL_SHAPE_FIELDS = ['userid', 'sender', 'domain', 'recipient', 'file_type', 'link_risk'] as const satisfies readonly (keyof ReturnType<typeof emailShapeSql>)[];

async function emailShapes(db: Db, tenantId: string, sinceMs: number, untilMs: number): Promise<EmailRequestShape[]> {
  const { params, param } = binder(tenantId, sinceMs, untilMs);
  const read = emailShapeSql(param(FILE_EXTENSION_PATTERN));
  const { rows } = await db.query<{ s: string }>(
    `SELECT json_build_array(${EMAIL_SHAPE_FIELDS.join(', ')}, count(*))::text AS s
       FROM (SELECT ${EMAIL_SHAPE_FIELDS.map((f) => `${read[f]} AS ${f}`).join(', ')} FROM log_events WHERE ${RANGE('email')}) e
      GROUP BY ${EMAIL_SHAPE_FIELDS.join(', ')}`,
    params,
  );
  return rows.map(({ s }) => {
    const [userid, sender, domain, recipient, file_type, link_risk, count] = JSON.parse(s) as [string, string, string, string, string | null, Risk | null, number];
    return { kind: 'email' as const, userid, sender, domain, recipient, file_type, link_risk, count };
  });
}

/** Shapes whose examples one query finds (each a subquery of its own). */
const EXAMPLES_PER_QUERY = 100;

/** `expression` equals `value`, a missing value (null) included. */
const sqlEquals = (expression: string, value: string | null, param: (v: string) => string) => (value === null ? `${expression} IS NULL` : `${expression} = ${param(value)}`);

/**
 * The newest event of each of `shapes` (as `requestShapes` gave them, with the same fields and patterns) between
 * `sinceMs` and `untilMs`, in their order; undefined for a shape whose events have gone since (past retention). One
 * query walks each shape's user's events backwards along the index by user (a few hundred shapes at most: the
 * examples the impact shows).
 */
export async function shapeExamples(
  db: Db,
  tenantId: string,
  sinceMs: number,
  untilMs: number,
  shapes: readonly RequestShape[],
  webFields: Iterable<WebShapeField>,
  patterns: WebShapePatterns = {},
): Promise<(WebShapeExample | EmailShapeExample | undefined)[]> {
  const fields = webShapeFields(webFields);
  const valued = fields.filter((f) => patterns[f] && !WEB_LIST_FIELDS.has(f));
  const found: (WebShapeExample | EmailShapeExample | undefined)[] = shapes.map(() => undefined);
  for (let from = 0; from < shapes.length; from += EXAMPLES_PER_QUERY) {
    const { params, param } = binder(tenantId, sinceMs, untilMs);
    let mail: ReturnType<typeof emailShapeSql> | undefined; // bound once a mail shape needs it (an unused parameter has no type)
    const parts = shapes.slice(from, from + EXAMPLES_PER_QUERY).map((shape, k) => {
      let where: string[];
      let shown: string;
      if (shape.kind === 'web') {
        where = fields.filter((f) => f !== 'userid').map((f) => {
          const value = shape.event[f] ?? null;
          if (WEB_LIST_FIELDS.has(f)) return `${webFieldSql(f)} = ${param(JSON.stringify(value ?? []))}::jsonb`;
          const own = patterns[f];
          return own ? sqlEquals(sqlTextKey(webFieldSql(f), own, param), webTextKey(value as string | null, own), param) : sqlEquals(webFieldSql(f), value as string | null, param);
        });
        shown = `event ->> 'url' AS text, json_build_array(${valued.map(webFieldSql).join(', ')})::text AS vals`;
      } else {
        mail ??= emailShapeSql(param(FILE_EXTENSION_PATTERN));
        where = EMAIL_SHAPE_FIELDS.filter((f) => f !== 'userid').map((f) => sqlEquals(mail![f], shape[f], param));
        shown = `coalesce(event ->> 'subject', '') AS text, NULL AS vals`;
      }
      // The user's events newest first (OFFSET 0 keeps the planner from choosing another index by the other fields,
      // which read every event of the site), the first that has the shape's other fields.
      const user = sqlEquals(`(event ->> 'userid')`, (shape.kind === 'web' ? (shape.event.userid as string | null) : shape.userid) ?? null, param);
      return `(SELECT ${from + k} AS i, ts, seq, ${shown}
                 FROM (SELECT ts, seq, event FROM log_events WHERE ${RANGE(shape.kind)} AND ${user} ORDER BY ts DESC, seq DESC OFFSET 0) e
                WHERE ${['true', ...where].join(' AND ')} LIMIT 1)`;
    });
    // Without a sort the planner walks the user's index backwards; compiling a hundred subqueries (JIT) took seconds.
    const { rows } = await db.transaction(async (tx) => {
      await tx.exec(SHAPE_SETTINGS);
      return tx.query<{ i: number; ts: unknown; seq: unknown; text: string; vals: string | null }>(parts.join(' UNION ALL '), params);
    });
    for (const r of rows) {
      const shape = shapes[r.i]!;
      const at = { ts: toNumber(r.ts), seq: toNumber(r.seq) };
      if (shape.kind === 'email') found[r.i] = { ...at, subject: r.text };
      else {
        const values = JSON.parse(r.vals!) as (string | null)[];
        found[r.i] = { ...at, url: r.text, values: Object.fromEntries(valued.map((f, k) => [f, values[k] ?? null])) };
      }
    }
  }
  return found;
}
