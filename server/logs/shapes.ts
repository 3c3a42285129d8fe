/**
 * The log queries policy evaluation needs, each scoped by tenant: how often each rule decided a request (the
 * deciding-rule field `decided_by` of web and firewall events), and the distinct web request and mail message shapes
 * of a time range with their counts, which the impact of a publish evaluates under both revisions. The SQL store's
 * implementation of `LogStore.ruleHits` and `LogStore.requestShapes` (callers go through `logStoreOf(db)`;
 * ClickHouse's is clickhouse/shapes.ts).
 */
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

/** One distinct request shape of the web log: the attributes the policy reads, how many events had it, and one of them. */
export interface WebRequestShape {
  readonly kind: 'web';
  readonly userid: string;
  readonly group: string;
  readonly src_ip: string;
  readonly domain: string;
  readonly cats: readonly string[];
  readonly country: string;
  readonly browser: string;
  readonly file_type: string | null;
  readonly count: number;
  /** The newest event of the shape: its time and sequence number. */
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
 * The distinct request shapes between `sinceMs` and `untilMs`: the web log's, then the email log's, each largest first
 * (then newest example first), in one aggregate per log over the range.
 */
export async function requestShapes(db: Db, tenantId: string, sinceMs: number, untilMs: number): Promise<RequestShape[]> {
  return [...(await webShapes(db, tenantId, sinceMs, untilMs)), ...(await emailShapes(db, tenantId, sinceMs, untilMs))];
}

async function webShapes(db: Db, tenantId: string, sinceMs: number, untilMs: number): Promise<WebRequestShape[]> {
  const { rows } = await db.query<{
    userid: string;
    grp: string;
    src_ip: string;
    domain: string;
    cats: string[] | null;
    country: string;
    browser: string;
    file_type: string | null;
    n: unknown;
    ts: unknown;
    seq: unknown;
    url: string;
  }>(
    `SELECT userid, grp, src_ip, domain, cats, country, browser, file_type, count(*) AS n,
            max(ts) AS ts, (array_agg(seq ORDER BY ts DESC, seq DESC))[1] AS seq,
            (array_agg(url ORDER BY ts DESC, seq DESC))[1] AS url
       FROM (SELECT event ->> 'userid' AS userid, event ->> 'group' AS grp, event ->> 'src_ip' AS src_ip,
                    event ->> 'domain' AS domain, event ->> 'country' AS country,
                    event ->> 'browser' AS browser, event ->> 'file_type' AS file_type, event ->> 'url' AS url, ts, seq,
                    ARRAY(SELECT jsonb_array_elements_text(event -> 'cats')) AS cats
               FROM log_events WHERE tenant_id = $1 AND log_type = 'web' AND ts >= $2 AND ts <= $3) e
      GROUP BY userid, grp, src_ip, domain, cats, country, browser, file_type
      ORDER BY n DESC, ts DESC, seq DESC`,
    [tenantId, sinceMs, untilMs],
  );
  return rows.map((r) => ({
    kind: 'web',
    userid: r.userid,
    group: r.grp,
    src_ip: r.src_ip,
    domain: r.domain,
    cats: r.cats ?? [],
    country: r.country,
    browser: r.browser,
    file_type: r.file_type,
    count: toNumber(r.n),
    example: { ts: toNumber(r.ts), seq: toNumber(r.seq), url: r.url },
  }));
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
    seq: unknown;
    subject: string;
  }>(
    `SELECT userid, sender, domain, recipient, file_type, link_risk, count(*) AS n,
            max(ts) AS ts, (array_agg(seq ORDER BY ts DESC, seq DESC))[1] AS seq,
            (array_agg(subject ORDER BY ts DESC, seq DESC))[1] AS subject
       FROM (SELECT event ->> 'userid' AS userid, event ->> 'sender' AS sender, event ->> 'domain' AS domain,
                    event ->> 'recipient' AS recipient,
                    coalesce(nullif(event ->> 'file_type', ''), lower(substring(event ->> 'file_name' from $4))) AS file_type,
                    CASE WHEN (event ->> 'urls')::numeric > 0 THEN event ->> 'risk_score' END AS link_risk,
                    coalesce(event ->> 'subject', '') AS subject, ts, seq
               FROM log_events WHERE tenant_id = $1 AND log_type = 'email' AND ts >= $2 AND ts <= $3) e
      GROUP BY userid, sender, domain, recipient, file_type, link_risk
      ORDER BY n DESC, ts DESC, seq DESC`,
    [tenantId, sinceMs, untilMs, FILE_EXTENSION_PATTERN],
  );
  return rows.map((r) => ({
    kind: 'email',
    userid: r.userid,
    sender: r.sender,
    domain: r.domain,
    recipient: r.recipient,
    file_type: r.file_type,
    link_risk: r.link_risk,
    count: toNumber(r.n),
    example: { ts: toNumber(r.ts), seq: toNumber(r.seq), subject: r.subject },
  }));
}
