/**
 * Every statement the ClickHouse store sends to the cluster (Debian's 18.16) also parses and answers alike on a
 * current engine: chdb, the embedded ClickHouse of npm (of the background passes' builds, repeated per shard, tenant,
 * kind and day with other values, each shape twice: UNCOMPARED_PER_SHAPE). chdb is large, so it is not a dependency
 * of the project: CI installs it into a folder of its own and names it in CHDB_PATH (with CLICKHOUSE_URL for the
 * cluster).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_TYPES } from '../../../schemas/logs';
import { reportFilters, REPORT_NAMES, reportSpec } from '../../../schemas/reports';
import { WEB_SHAPE_FIELDS } from '../shapes';
import { openSeededTestDb, TEST_NOW, TEST_TENANTS } from '../testDb';
import { ClickHouse, clickHouseConfig } from './client';
import { CLUSTER_KINDS, ingestTable } from './columns';
import { HEAD_READS } from './heads';
import { deleteRows } from './passes';
import { ClickHouseLogStore } from './store';
import { dropScratchDatabase, scratchDatabase } from './testCluster';

const url = process.env.CLICKHOUSE_URL;
const chdbPath = process.env.CHDB_PATH;

interface Sent {
  readonly statement: string;
  readonly body: string | undefined;
  readonly answer: string;
}

/** The cluster connection, keeping every statement it sent and the answer it got. */
class Recording extends ClickHouse {
  readonly sent: Sent[] = [];
  protected override async post(shard: number, statement: string, body?: string, signal?: AbortSignal): Promise<string> {
    const answer = await super.post(shard, statement, body, signal);
    this.sent.push({ statement, body, answer });
    return answer;
  }
}

/** One shard's tables in place of the Distributed ones (chdb runs no server for them to reach). */
const DISTRIBUTED = [
  'log_events',
  'log_user_events',
  'log_hourly',
  'log_daily_users',
  'log_rollups',
  'log_rollups_daily',
  'log_drills',
  'log_drills_daily',
  'log_day_bits',
  'log_hour_bits',
  'log_heads',
  'log_head_tails',
  'log_filter_days',
  'log_filter_hours',
  ...CLUSTER_KINDS.map((k) => ingestTable(k)),
];
const local = (text: string) => text.replace(new RegExp(`\\.(${DISTRIBUTED.join('|')})\\b(?!_)`, 'g'), '.$1_local');

/** A statement with its values taken out: statements of one shape differ in the values bound alone. */
const shapeOf = (text: string) => text.replace(/'(?:[^'\\]|\\.)*'/g, "''").replace(/\b\d+(\.\d+)?\b/g, '0');

/**
 * How many statements of one shape run when they are not compared (the passes' builds of a shard's rows, and reads of
 * them): the builds repeat one statement per shard, tenant, kind and day, and would take most of the check's time.
 */
const UNCOMPARED_PER_SHAPE = 2;

/** Rows of an answer, order aside (groups come in any order without ORDER BY). */
function rowsOf(statement: string, answer: string): unknown[] {
  if (/FORMAT JSON$/.test(statement)) {
    let parsed: { data: unknown[]; totals?: unknown };
    try {
      parsed = JSON.parse(answer) as typeof parsed;
    } catch {
      // chdb 3.4 writes the parts of an empty answer WITH TOTALS out of order: no rows, and its totals object.
      const totals = /"totals":\s*(\{[^}]*\})/.exec(answer);
      if (!totals || !/"rows": 0,/.test(answer)) throw new Error(`Not a JSON answer: ${answer.slice(0, 500)}`);
      parsed = { data: [], totals: JSON.parse(totals[1]!) };
    }
    return [...parsed.data.map((r) => JSON.stringify(r)).sort(), JSON.stringify(parsed.totals ?? null)];
  }
  return answer.split('\n').filter(Boolean).map((l) => JSON.stringify(JSON.parse(l))).sort();
}

describe.skipIf(!url || !chdbPath)('every ClickHouse statement on a current engine (chdb)', () => {
  // Made only when the suite runs: vitest collects a skipped suite's body too.
  const config = url ? clickHouseConfig({ CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: scratchDatabase('portal_c') }) : (undefined as never);
  const recording = url ? new Recording(config) : (undefined as never);
  afterAll(async () => {
    await dropScratchDatabase(recording);
  });

  it('parses every statement and gives the same answers', { timeout: 600_000 }, async () => {
    // A tenth of the seed: every statement and kind of answer, at a tenth of the time.
    const db = await openSeededTestDb(0.1);
    const store = new ClickHouseLogStore(config, recording);
    const T = TEST_TENANTS.demo.id;
    const longTails = HEAD_READS.longTails;
    try {
      await store.start(db);
      // The heads of past days and hours, built here rather than by the background passes (whose statements would
      // come in among the reads'), so that top-N reports read them. Their statements are run below, not compared: a
      // shard's heads and stamps are not one engine's.
      await store.heads.close();
      await store.heads.build({ now: TEST_NOW, settled: false, minEvents: 20 });
      // So too the rows per filter value of the days before the last 20, which reports with one such filter read (a
      // month's report reads those from the rows and the rest from the events). Of the days it builds by the hour, only the
      // hours of three events or more: every shape of an hour's build and read, without a build of each of their hours.
      await store.filterDays.close();
      expect(await store.filterDays.build({ now: TEST_NOW - 20 * 86_400_000, settled: false, minEvents: 1, minHourEvents: 3 })).toBeGreaterThan(0);
      HEAD_READS.longTails = 0;
      const from = recording.sent.length;
      const top = (await store.report(db, T, 'top_users', { interval: '30d', limit: 1 }, TEST_NOW)) as { data: { key: string }[] };
      // A drill-down of one value reads its rows; of two categories, the events.
      const drill: Record<string, string[]> = { cats: ['50', '50+2'], userid: [top.data[0]!.key], alert_sub_type: ['ssn'] };
      for (const name of REPORT_NAMES) {
        const { requires: need, kind } = reportSpec(name);
        // A week in another zone by the hour changes the statements of a series or a heat map; a top-N's differ in values only.
        const week = { interval: '7d' as const, limit: 3, timezone: 'Europe/Berlin', granularity: 'PT1H' as const };
        for (const q of [{ interval: '30d' as const, limit: 10 }, ...(kind === 'series' || kind === 'heatmap' ? [week] : [])]) {
          for (const value of need ? drill[need]! : [undefined]) await store.report(db, T, name, need ? { ...q, [need]: value } : q, TEST_NOW);
          if (!need && reportFilters(reportSpec(name).logType).group) await store.report(db, T, name, { ...q, group: 'Sales' }, TEST_NOW);
          // An action, and one excluded (the rollup's rows less the action's).
          if (!need && reportFilters(reportSpec(name).logType).pe_action)
            for (const f of [{ pe_action: ['block', 'isolate'] }, { not_pe_action: 'block' }]) await store.report(db, T, name, { ...q, ...f }, TEST_NOW);
        }
      }
      const range = { startMs: TEST_NOW - 30 * 86_400_000, endMs: TEST_NOW };
      for (const logType of LOG_TYPES) await store.logPage(db, { tenantId: T, logType, range, query: {}, limit: 50, after: { ts: TEST_NOW - 86_400_000, seq: 1e15 } });
      await store.logPage(db, { tenantId: T, logType: 'web', range, query: { cats: ['50', '2'], action: 'block' }, limit: 50 });
      await store.logPage(db, { tenantId: T, logType: 'web', range, query: { not_cats: '50', not_pe_action: 'block+isolate', not_threat_category: 'phishing' }, limit: 50 });
      await store.insights(db, T, { q: 'news', src: 'bandwidth', limit: 5, interval: '30d' }, TEST_NOW, false);
      await store.fileSightings(db, T, ['aa', 'bb'], 0);
      await store.sandbox(db, T, 'aa', 'f1', 0);
      await store.collect(db, T, 'dlp', { ts: 0, seq: 0 }, 100);
      await store.ruleHits(db, T, range.startMs);
      await store.requestShapes(db, T, range.startMs, range.endMs, WEB_SHAPE_FIELDS);
      const patterns = [...['starts_with', 'ends_with', 'contains', 'equal', 'regex'].map((match) => ({ match, value: "/o'k" })), { match: 'regex', value: "\\bo'\\s*\\S\\b" }];
      await store.requestShapes(db, T, range.startMs, range.endMs, WEB_SHAPE_FIELDS, { url: patterns, 'user-agent': patterns });
      // A row filter of every test (the impact's changed rows).
      await store.requestShapes(db, T, range.startMs, range.endMs, WEB_SHAPE_FIELDS, {}, {
        web: [
          [
            { op: 'in', field: 'country', values: ["o'k", 'de'] },
            { op: 'listHas', field: 'cats', values: ['7'] },
            { op: 'domain', bases: ["o'k.example"] },
            { op: 'text', field: 'url', patterns },
            { op: 'present', field: 'file_type' },
            { op: 'address', field: 'domain', absent: true, prefixes: ['10.', "1'"] },
            { op: 'any', of: [{ op: 'in', field: 'userid', values: [] }, { op: 'in', field: 'group', values: ['sales'] }] },
          ],
        ],
      });
      await store.ingest(db, T, 'web', [{ ts: TEST_NOW - 1000, event: { userid: "o'hara", domain: 'x.example', bytes: 5, cats: ['1'] } }]);
      // The queue's insert, and the look-up of the rows the shards hold and the recount of their rollups that a drain
      // after a failed insert makes (the recount's statements are made from the views' text as the shard keeps it).
      await store.queue.settled(db, T);
      const entry = { id: 0, tenantId: T, logType: 'web', key: "key-o'hara", minTs: TEST_NOW - 1000, maxTs: TEST_NOW, rows: '', events: 0 } as const;
      // With an entry days older beside it: two scopes.
      const older = { ...entry, id: 1, key: 'key-older', minTs: TEST_NOW - 9 * 86_400_000, maxTs: TEST_NOW - 9 * 86_400_000 };
      await store.heldRows('web', [entry, older]);
      await store.recount('web', [entry, older], (work) => work());
      await store.dropBefore(db, TEST_TENANTS.other.id, TEST_NOW - 20 * 86_400_000);
      // The passes' deletes of builds left behind: the heads' look-up of them, and deletes of both kinds of rows (of
      // builds that do not exist: their statements, checked below).
      await store.heads.prune();
      await deleteRows(recording, 0, 'log_head_tails_local', ['tenant_id', 'rollup', 'by_key', 'span', 'span_start', 'build'], [[T, 'r', '', 3_600_000, TEST_NOW, 1], ["o'k", 'r', "o'k", 1, 2, 3]]);
      await deleteRows(recording, 0, 'log_filter_days_local', ['tenant_id', 'build'], [["o'k", 1]]);

      const chdb = (await import(pathToFileURL(join(chdbPath!, 'node_modules/chdb/index.js')).href)) as {
        Session: new () => { query(q: string, format?: string): string; cleanup(): void };
      };
      const session = new chdb.Session();
      try {
        const run = (text: string) => session.query(text, 'JSONEachRow');
        run('SET output_format_json_quote_64bit_integers = 1');
        // Retention's deletes are checked as statements; the rewrite of every part they touch is the cluster's work.
        run('SET mutations_sync = 0');
        // The store's statements in the order it sent them (its migrations first): changes and inserts run, reads
        // after the start compared.
        let compared = 0;
        let headReads = 0;
        // The heads' reads of a top with events excluded (their rows subtracted).
        let headReadsLess = 0;
        let filterReads = 0;
        let hourReads = 0;
        const altered = new Set<string>();
        const shapes = new Map<string, number>();
        /** Whether a statement that is not compared is one more of a shape already run UNCOMPARED_PER_SHAPE times. */
        const repeated = (text: string) => {
          const shape = shapeOf(text);
          const n = (shapes.get(shape) ?? 0) + 1;
          shapes.set(shape, n);
          return n > UNCOMPARED_PER_SHAPE;
        };
        let skipped = 0;
        for (const [i, s] of recording.sent.entries()) {
          const text = local(s.statement);
          // The passes' builds of the heads and of the rows per filter value (only read, not compared, below).
          if (s.body === undefined && /^\s*INSERT INTO \w+\.log_(head|filter_)\w*_local\b/.test(text) && repeated(text)) {
            skipped++;
            continue;
          }
          // The Distributed tables and their changes: chdb has the local tables alone.
          if (/ENGINE = Distributed/.test(text) || /^\s*ALTER TABLE \w+\.(log_events|log_hourly|log_daily_users|log_rollups|log_drills)\s/.test(s.statement)) continue;
          if (s.body !== undefined) {
            run(`${text}\n${s.body}`);
            continue;
          }
          if (!/^\s*SELECT/i.test(text)) {
            // The migrations run on every shard; chdb is one: a column is added once.
            if (/^\s*ALTER TABLE/i.test(text) && altered.has(text)) continue;
            altered.add(text);
            run(text);
            continue;
          }
          if (i < from || /system\.(parts|tables|columns)\b/.test(text)) continue;
          // Run, not compared: a read of one shard's own tables (the rows per filter value's builds and stamps) answers
          // for that shard alone, and the heads and rows per filter value of a shard's build hold that shard's events,
          // where chdb holds every shard's in one table (each build replayed here counted all of them).
          if (/\.log_head|\.log_filter_(days|hours)\b/.test(s.statement) || /\.\w+_local\b/.test(s.statement)) {
            if (repeated(text)) {
              skipped++;
              continue;
            }
            session.query(text.replace(/\nFORMAT \w+$/, ''), 'JSONEachRow');
            if (/FROM \w+\.log_heads_local WHERE/.test(text)) headReads++;
            if (/FROM \w+\.log_heads_local WHERE/.test(text) && text.includes('-toInt64(')) headReadsLess++;
            if (/FROM \w+\.log_filter_hours_local\b/.test(text)) hourReads++;
            if (/FROM \w+\.log_filter_days_local\b/.test(text)) filterReads++;
            continue;
          }
          const format = /FORMAT JSON$/.test(text) ? 'JSON' : 'JSONEachRow';
          const answer = session.query(text.replace(/\nFORMAT \w+$/, ''), format);
          expect(rowsOf(text, answer), text.slice(0, 300)).toEqual(rowsOf(s.statement, s.answer));
          compared++;
        }
        expect(compared).toBeGreaterThan(REPORT_NAMES.length);
        expect(skipped).toBeGreaterThan(0);
        expect(headReads).toBeGreaterThan(0);
        expect(headReadsLess).toBeGreaterThan(0);
        expect(filterReads).toBeGreaterThan(0);
        expect(hourReads).toBeGreaterThan(0);
      } finally {
        session.cleanup();
      }
    } finally {
      HEAD_READS.longTails = longTails;
      await store.close();
      await db.close();
    }
  });
});
