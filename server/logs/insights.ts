/**
 * GET /api/insights/v1/q (001 §7): what the tenant's web traffic says about a piece of text. Users, domains and
 * categories whose name contains `q`, ranked by events (src=web) or bytes (src=bandwidth), and the traffic of all
 * of them over time; every match carries the log filter it drills into.
 */
import { visibleCategories } from '../../schemas/logs';
import { REPORT_INTERVAL_DEFAULT, type InsightsQuery, type InsightsResult } from '../../schemas/reports';
import type { Db } from '../types';
import { CATEGORIES_V2 } from './catalog';
import { bucketStarts } from './reports';
import { Params, jsonField, textField } from './sql';
import { queryRange } from './store';

/** `%q%` for ILIKE, with the pattern characters of q taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const labelOf = new Map(CATEGORIES_V2.map((c) => [c.value, c.label]));

/** What a search reads, whichever store runs it: its range, the bounds of its series and the categories it names. */
export function insightsScope(query: InsightsQuery, now: number) {
  const interval = query.interval ?? REPORT_INTERVAL_DEFAULT;
  const range = queryRange(query, now, interval);
  const needle = query.q.toLowerCase();
  const catIds = visibleCategories(CATEGORIES_V2)
    .filter((c) => c.label.toLowerCase().includes(needle))
    .map((c) => c.value);
  return { range, starts: bucketStarts(interval, range), catIds };
}

/** The answer from the matches (best first per field) and the matching traffic per bucket (`b`, 1-based). */
export function insightsResult(
  query: InsightsQuery,
  scope: ReturnType<typeof insightsScope>,
  matches: readonly { field: 'userid' | 'domain' | 'cats'; key: string; value: number | string }[],
  buckets: readonly { b: number | string; value: number | string }[],
): InsightsResult {
  const series = scope.starts.map((b) => ({ ts: Math.floor(b / 1000), value: 0 }));
  for (const r of buckets) {
    const point = series[Number(r.b) - 1];
    if (point) point.value += Number(r.value);
  }
  return {
    q: query.q,
    src: query.src,
    start: Math.floor(scope.range.startMs / 1000),
    end: Math.floor(scope.range.endMs / 1000),
    total: series.reduce((a, b) => a + b.value, 0),
    matches: matches.map((r) => ({
      field: r.field,
      key: r.key,
      label: r.field === 'cats' ? (labelOf.get(r.key) ?? r.key) : r.key,
      value: Number(r.value),
      drillDown: { logType: 'web' as const, param: r.field, value: r.key },
    })),
    series,
  };
}

/**
 * `hideUsers` (restricted logs or anonymised user names, server/logs/readView.ts): user names are neither searched nor
 * answered; events before `sinceMs` are past retention.
 */
export async function runInsights(db: Db, tenantId: string, query: InsightsQuery, now: number, hideUsers = false, sinceMs = 0): Promise<InsightsResult> {
  const scope = insightsScope(query, now);
  const { range, starts, catIds } = scope;

  /** The shared part of both queries, with its placeholders numbered in `p`. */
  const common = (p: Params) => ({
    where: [`tenant_id = ${p.add(tenantId)}`, `log_type = 'web'`, `ts >= ${p.add(Math.max(range.startMs, sinceMs))}`, `ts <= ${p.add(range.endMs)}`].join(' AND '),
    like: p.add(containing(query.q)),
    cats: p.add(catIds),
  });
  const metric = query.src === 'bandwidth' ? `coalesce(sum(${textField('bytes')}::bigint), 0)::float8` : 'count(*)::float8';

  const p = new Params();
  const { where, like, cats } = common(p);
  const limit = p.add(query.limit);
  const { rows } = await db.query<{ field: 'userid' | 'domain' | 'cats'; key: string; value: number }>(
    `(SELECT 'userid' AS field, ${textField('userid')} AS key, ${metric} AS value FROM log_events
       WHERE ${where} AND ${hideUsers ? 'false' : `${textField('userid')} ILIKE ${like}`} GROUP BY 2 ORDER BY 3 DESC, 2 LIMIT ${limit})
     UNION ALL
     (SELECT 'domain', ${textField('domain')}, ${metric} FROM log_events
       WHERE ${where} AND ${textField('domain')} ILIKE ${like} GROUP BY 2 ORDER BY 3 DESC, 2 LIMIT ${limit})
     UNION ALL
     (SELECT 'cats', d.k, ${metric} FROM log_events CROSS JOIN LATERAL jsonb_array_elements_text(${jsonField('cats')}) AS d (k)
       WHERE ${where} AND d.k = ANY(${cats}::text[]) GROUP BY 2 ORDER BY 3 DESC, 2 LIMIT ${limit})`,
    p.values,
  );

  const s = new Params();
  const all = common(s);
  const { rows: buckets } = await db.query<{ b: number; value: number }>(
    `SELECT width_bucket(ts, ${s.add(starts)}::bigint[]) AS b, ${metric} AS value FROM log_events
      WHERE ${all.where} AND (${hideUsers ? 'false' : `${textField('userid')} ILIKE ${all.like}`} OR ${textField('domain')} ILIKE ${all.like}
        OR ${jsonField('cats')} ?| ${all.cats}::text[])
      GROUP BY 1`,
    s.values,
  );
  return insightsResult(query, scope, rows, buckets);
}
