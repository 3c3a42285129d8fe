/**
 * The ClickHouse store's reads for policy evaluation (`LogStore.ruleHits`, `LogStore.requestShapes`): the same
 * answers as the SQL store's (../shapes.ts), over the Distributed event table.
 */
import type { ImpactKind } from '../../../schemas/evaluate/impact';
import type { Risk } from '../../../schemas/logEnums';
import { portableRegexIn, type TextPatternValue } from '../../../schemas/evaluate/match';
import { CANONICAL_IPV4, type WebEventTest, type WebRowFilter } from '../rowFilter';
import {
  FILE_EXTENSION_PATTERN,
  hasRegex,
  WEB_LIST_FIELDS,
  webShapeFields,
  type EmailRequestShape,
  type ShapeScope,
  type ShapesFound,
  type WebRequestShape,
  type WebShapeField,
  type WebShapePatterns,
} from '../shapes';
import { join, raw, sql, type Sql } from './bind';
import type { ClickHouse } from './client';
import { has, list, text } from './columns';

/** A field's text, or NULL when the event has none (as PostgreSQL's `event ->> field`). */
const field = (f: string) => sql`if(${has(f)}, ${text(f)}, NULL)`;

/** Events per deciding rule (`<area>/<list>/<row>`) since `sinceMs`. */
export async function ruleHits(ch: ClickHouse, tenantId: string, sinceMs: number): Promise<Map<string, number>> {
  const rows = await ch.rows<{ ref: string; n: string }>(
    sql`SELECT ${text('decided_by')} AS ref, count() AS n FROM ${raw(ch.config.database)}.log_events
         WHERE tenant_id = ${tenantId} AND log_type IN ('web', 'firewall') AND ts >= ${sinceMs} AND ${has('decided_by')}
         GROUP BY ref`,
  );
  return new Map(rows.map((r) => [r.ref, Number(r.n)]));
}

/**
 * The distinct request shapes between `sinceMs` and `untilMs`: the web log's, then the email log's, each with its
 * newest event.
 */
export async function requestShapes(
  ch: ClickHouse,
  tenantId: string,
  sinceMs: number,
  untilMs: number,
  webFields: Iterable<WebShapeField>,
  patterns: WebShapePatterns = {},
  scope: ShapeScope = {},
): Promise<ShapesFound> {
  const kinds = scope.kinds ?? ['web', 'email'];
  const web = kinds.includes('web') ? await webShapes(ch, tenantId, sinceMs, untilMs, webShapeFields(webFields), patterns, scope.web) : { shapes: [], webLeftOut: 0 };
  return { shapes: [...web.shapes, ...(kinds.includes('email') ? await emailShapes(ch, tenantId, sinceMs, untilMs) : [])], webLeftOut: web.webLeftOut };
}

/** `LogStore.eventCount`, as ../shapes.ts's. */
export async function eventCount(ch: ClickHouse, tenantId: string, kind: ImpactKind, sinceMs: number, untilMs: number): Promise<number> {
  const [row] = await ch.rows<{ n: string }>(
    sql`SELECT count() AS n FROM ${raw(ch.config.database)}.log_events WHERE tenant_id = ${tenantId} AND log_type = ${kind} AND ts >= ${sinceMs} AND ts <= ${untilMs}`,
  );
  return Number(row!.n);
}

/**
 * The test of the evaluator's text pattern `p` on `lower` (an ASCII value without line breaks, lower-cased), as
 * ../shapes.ts's sqlTextTest; a regular expression is one `isPortableRegex` accepts.
 */
export function textTest(p: TextPatternValue, lower: Sql): Sql {
  switch (p.match) {
    case 'starts_with':
      return sql`substring(${lower}, 1, length(${p.value})) = ${p.value}`;
    case 'ends_with':
      return sql`(length(${lower}) >= length(${p.value}) AND substring(${lower}, length(${lower}) - length(${p.value}) + 1) = ${p.value})`;
    case 'contains':
      return sql`position(${lower}, ${p.value}) > 0`;
    case 'regex':
      return sql`match(${lower}, ${`(?i)${portableRegexIn(p.value, 're2')}`})`;
    default:
      return sql`${lower} = ${p.value}`;
  }
}

/** A value outside ASCII. */
const nonAscii = (v: Sql) => sql`length(${v}) != lengthUTF8(${v})`;
/** A text value the patterns' tests do not decide as the evaluator would, as ../shapes.ts's sqlUntested. */
const untested = (v: Sql, patterns: readonly TextPatternValue[]) =>
  join([nonAscii(v), ...(hasRegex(patterns) ? [sql`position(${v}, ${'\n'}) > 0`, sql`position(${v}, ${'\r'}) > 0`] : [])], ' OR ');

/** `WebEventTest` as ../shapes.ts's sqlEventTest. */
function eventTest(t: WebEventTest): Sql {
  const oneOf = (v: Sql, values: readonly string[]) => join([nonAscii(v), ...(values.length ? [sql`has(${values}, lower(${v}))`] : [])], ' OR ');
  switch (t.op) {
    case 'in':
      return sql`(${has(t.field)} AND (${oneOf(text(t.field), t.values)}))`;
    case 'listHas':
      return sql`arrayExists(x -> ${oneOf(raw('x'), t.values)}, ${list(t.field)})`;
    case 'domain': {
      const d = text('domain');
      return sql`(NOT ${has('domain')} OR ${join([nonAscii(d), ...t.bases.map((b) => sql`position(lower(${d}), ${b}) > 0`)], ' OR ')})`;
    }
    case 'text': {
      const v = text(t.field);
      return sql`(${has(t.field)} AND ${v} != '' AND (${join([untested(v, t.patterns), ...t.patterns.map((p) => textTest(p, sql`lower(${v})`))], ' OR ')}))`;
    }
    case 'present':
      return sql`(${has(t.field)} AND ${text(t.field)} != '')`;
    case 'address': {
      const v = text(t.field);
      const tests = [sql`NOT match(${v}, ${CANONICAL_IPV4})`, ...t.prefixes.map((p) => sql`substring(${v}, 1, ${p.length}) = ${p}`)];
      return sql`(${t.absent ? sql`NOT ${has(t.field)} OR ` : raw('')}(${has(t.field)} AND (${join(tests, ' OR ')})))`;
    }
    case 'any':
      return sql`(${join(t.of.map(eventTest), ' OR ')})`;
  }
}

/** `WebRowFilter` as ../shapes.ts's sqlRowFilter. */
const rowFilter = (filter: WebRowFilter): Sql => (filter.length ? join(filter.map((tests) => sql`(${join(tests.map(eventTest), ' AND ')})`), ' OR ') : raw('0'));

async function webShapes(
  ch: ClickHouse,
  tenantId: string,
  sinceMs: number,
  untilMs: number,
  fields: readonly WebShapeField[],
  patterns: WebShapePatterns,
  filter: WebRowFilter | undefined,
): Promise<{ shapes: WebRequestShape[]; webLeftOut: number }> {
  // As the SQL store: f<i> is what the shape groups by; e<i> (a field grouped by patterns) its newest event's value,
  // which is also the value the shape is decided by.
  const valued = fields.filter((f) => patterns[f] && !WEB_LIST_FIELDS.has(f));
  const columns = fields.map((f, i) => {
    if (WEB_LIST_FIELDS.has(f)) return sql`${list(f)} AS ${raw(`f${i}`)}`;
    const own = patterns[f];
    if (!own) return sql`${field(f)} AS ${raw(`f${i}`)}`;
    const value = text(f);
    const bits = own.map((p) => sql`if(${value} != '' AND ${textTest(p, sql`lower(${value})`)}, '1', '0')`);
    return sql`if(${has(f)}, if(${untested(value, own)}, concat('raw:', ${value}), concat(${join([sql`'p:'`, ...bits], ', ')})), NULL) AS ${raw(`f${i}`)},
               argMax(${field(f)}, (ts, seq)) AS ${raw(`e${i}`)}`;
  });
  const keys = raw(fields.map((_, i) => `f${i}`).join(', '));
  const range = sql`tenant_id = ${tenantId} AND log_type = 'web' AND ts >= ${sinceMs} AND ts <= ${untilMs}`;
  // The events the filter leaves out are counted apart (the SQL store counts them in the same pass).
  const admits = filter && rowFilter(filter);
  const admitted = admits ? sql`${range} AND (${admits})` : range;
  const leftOut = admits ? await ch.rows<{ n: string }>(sql`SELECT count() AS n FROM ${raw(ch.config.database)}.log_events WHERE ${range} AND NOT (${admits})`) : [{ n: '0' }];
  const rows = await ch.rows<Record<string, string | string[] | null> & { n: string; last_ts: string; last_seq: string; last_url: string | null }>(
    sql`SELECT ${join(columns, ', ')}, count() AS n, max(ts) AS last_ts, argMax(seq, (ts, seq)) AS last_seq,
               argMax(${field('url')}, (ts, seq)) AS last_url
          FROM ${raw(ch.config.database)}.log_events
         WHERE ${admitted}
         GROUP BY ${keys}`,
  );
  const shapes = rows.map((r) => ({
    kind: 'web',
    event: Object.fromEntries(fields.map((f, i) => [f, (valued.includes(f) && r[`f${i}`] !== null ? r[`e${i}`] : r[`f${i}`]) ?? (WEB_LIST_FIELDS.has(f) ? [] : null)])),
    groups: Object.fromEntries(valued.map((f) => [f, r[`f${fields.indexOf(f)}`] as string | null])),
    count: Number(r.n),
    example: {
      ts: Number(r.last_ts),
      seq: Number(r.last_seq),
      url: r.last_url!,
      values: Object.fromEntries(valued.map((f) => [f, (r[`e${fields.indexOf(f)}`] ?? null) as string | null])),
    },
  })) satisfies WebRequestShape[];
  return { shapes, webLeftOut: Number(leftOut[0]!.n) };
}

async function emailShapes(ch: ClickHouse, tenantId: string, sinceMs: number, untilMs: number): Promise<EmailRequestShape[]> {
  type Row = Record<'userid' | 'sender' | 'domain' | 'recipient' | 'file_type', string | null> & {
    link_risk: Risk | null;
    last_subject: string;
    n: string;
    last_ts: string;
    last_seq: string;
  };
  // The subject as text ('' when absent), not NULL: argMax skips NULLs, where PostgreSQL's array_agg keeps them.
  const rows = await ch.rows<Row>(
    sql`SELECT ${field('userid')} AS userid, ${field('sender')} AS sender, ${field('domain')} AS domain, ${field('recipient')} AS recipient,
               coalesce(nullIf(${text('file_type')}, ''), nullIf(lowerUTF8(extract(${text('file_name')}, ${FILE_EXTENSION_PATTERN})), '')) AS file_type,
               if(toFloat64OrZero(${text('urls')}) > 0, ${field('risk_score')}, NULL) AS link_risk,
               count() AS n, max(ts) AS last_ts, argMax(seq, (ts, seq)) AS last_seq, argMax(${text('subject')}, (ts, seq)) AS last_subject
          FROM ${raw(ch.config.database)}.log_events
         WHERE tenant_id = ${tenantId} AND log_type = 'email' AND ts >= ${sinceMs} AND ts <= ${untilMs}
         GROUP BY userid, sender, domain, recipient, file_type, link_risk`,
  );
  return rows.map((r) => ({
    kind: 'email',
    userid: r.userid!,
    sender: r.sender!,
    domain: r.domain!,
    recipient: r.recipient!,
    file_type: r.file_type,
    link_risk: r.link_risk,
    count: Number(r.n),
    example: { ts: Number(r.last_ts), seq: Number(r.last_seq), subject: r.last_subject },
  }));
}
