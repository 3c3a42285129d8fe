/**
 * The evaluator's log reads (rule hits, request shapes, their newest events) answer alike on the ClickHouse and the
 * SQL store, on the same events, and so does the impact of a publish made of them (needs the cluster: CLICKHOUSE_URL,
 * as `npm run clickhouse:start` prints it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../../definitions';
import { isDocumentScreen } from '../../../definitions/define';
import { policyModel } from '../../../definitions/policy/evaluation';
import { attributesRead, compilePolicy } from '../../../schemas/evaluate/evaluate';
import { textTest } from '../../../schemas/evaluate/match';
import { ImpactTally } from '../../../schemas/evaluate/impact';
import { examplesFound, impactShape, shapesToReplay } from '../../modules/evaluate';
import { loadSeedDocuments } from '../../seed/documents';
import type { Db } from '../../types';
import type { LogStore } from '../logStore';
import { DAY_MS } from '../rollups';
import { WEB_SHAPE_FIELDS, webFieldsReading, webShapePatterns, webTextKey, type RequestShape, type WebShapeField, type WebShapePatterns } from '../shapes';
import { sqlLogStore } from '../sqlStore';
import { openSeededTestDb, TEST_NOW, TEST_TENANTS } from '../testDb';
import { asciiValues, portableRegexes } from '../testRegex';
import { randomWebEvents, randomWebRows } from '../testRows';
import { webRowFilter } from '../rowFilter';
import { join, sql } from './bind';
import { clickHouseConfig } from './client';
import { textTest as storeTextTest } from './shapes';
import { ClickHouseLogStore } from './store';
import { dropScratchDatabase, scratchDatabase } from './testCluster';

const url = process.env.CLICKHOUSE_URL;
const ROW_FILTER_TENANT = 'tenant-row-filter';

describe.skipIf(!url)('ClickHouse store: the evaluator reads', () => {
  let db: Db;
  let store: ClickHouseLogStore;

  beforeAll(async () => {
    db = await openSeededTestDb();
    // Shapes the seed does not make: fields absent (no group, file type or categories), and one deciding rule.
    const t = TEST_NOW - 3_600_000;
    await sqlLogStore.ingest(db, TEST_TENANTS.demo.id, 'web', [
      { ts: t, event: { userid: 'odd@demo.example', domain: 'odd.example', url: 'https://odd.example/1', decided_by: 'web/rules/odd' } },
      { ts: t + 1, event: { userid: 'odd@demo.example', domain: 'odd.example', url: 'https://odd.example/2', decided_by: 'web/rules/odd' } },
      { ts: t + 1, event: { domain: 'odd.example', url: 'https://odd.example/3', cats: ['50', '7'], file_type: 'exe' } },
      // URLs and user agents for the text patterns: case, empty, not ASCII.
      ...['https://Odd2.example/Admin/', 'https://odd2.example/admin/', 'https://odd2.example/ädmin/', '', 'https://odd2.example/x.EXE'].map((u, i) => ({
        ts: t + 2 + i,
        event: { userid: 'odd@demo.example', domain: 'odd2.example', url: u, 'user-agent': i % 2 ? 'curl/8' : 'Mozilla/5.0 ünï' },
      })),
    ]);
    // Mail whose attachment type comes from its file name, or from nowhere; with and without links and a subject.
    const mail = (event: Record<string, unknown>) => ({ userid: 'odd@demo.example', sender: 'x@odd-mail.example', domain: 'odd-mail.example', recipient: 'odd@demo.example', subject: 'Odd', urls: 0, risk_score: 'G', ...event });
    await sqlLogStore.ingest(db, TEST_TENANTS.demo.id, 'email', [
      { ts: t, event: mail({ file_name: 'Run.E29', urls: 2, risk_score: 'R' }) },
      { ts: t + 1, event: mail({ file_name: 'archive.tar.GZ', file_type: '' }) },
      { ts: t + 2, event: mail({ file_name: '.bashrc' }) },
      { ts: t + 3, event: mail({ subject: undefined }) },
      { ts: t + 3, event: mail({ file_name: 'x.pdf', file_type: 'PDF', urls: 1, risk_score: 'Y' }) },
    ]);
    // Random web events of values in any case, absent, empty and outside ASCII, for the row filters.
    await db.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [ROW_FILTER_TENANT, 'Row filter']);
    await sqlLogStore.ingest(db, ROW_FILTER_TENANT, 'web', randomWebEvents(600, 31).map((event, i) => ({ ts: TEST_NOW - 60_000 + i, event })));
    store = new ClickHouseLogStore(clickHouseConfig({ CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: scratchDatabase('portal_t') }));
    // The new store takes the SQL store's events, with their times and sequence numbers.
    await store.start(db);
  }, 300_000);
  afterAll(async () => {
    await store?.close();
    if (store) await dropScratchDatabase(store.ch);
    await db?.close();
  });

  it.each(Object.values(TEST_TENANTS))('rule hits of $name', async ({ id }) => {
    for (const days of [1, 7, 30]) {
      const since = TEST_NOW - days * DAY_MS;
      const sql = await sqlLogStore.ruleHits(db, id, since);
      // Only the demo tenant's policy decides requests by rule.
      if (id === TEST_TENANTS.demo.id) expect(sql.size).toBeGreaterThan(0);
      expect(new Map([...(await store.ruleHits(db, id, since))].sort())).toEqual(new Map([...sql].sort()));
    }
    expect((await store.ruleHits(db, TEST_TENANTS.demo.id, TEST_NOW - DAY_MS)).get('web/rules/odd')).toBe(2);
  });

  /** Shapes without their examples, in one order whatever order a store gave them in. */
  /**
   * The shapes as grouped, in one order: a field grouped by patterns by its group (each store picks its own value of
   * the group, which `inGroups` checks).
   */
  const canonical = (shapes: readonly RequestShape[]) =>
    shapes
      .map(({ example: _, ...s }) => JSON.stringify(s.kind === 'web' ? { ...s, event: { ...s.event, ...s.groups } } : s))
      .sort()
      .map((s) => JSON.parse(s) as unknown);
  const inGroups = (shapes: readonly RequestShape[], patterns: WebShapePatterns) =>
    shapes.every((s) => s.kind === 'email' || Object.entries(s.groups).every(([f, group]) => webTextKey(s.event[f as WebShapeField] as string | null, patterns[f as WebShapeField]!) === group));
  /** Most events first, then newest first (the examples ClickHouse gives with its shapes). */
  const newestFirst = (shapes: readonly RequestShape[]) => [...shapes].sort((a, b) => b.count - a.count || b.example!.ts - a.example!.ts || b.example!.seq - a.example!.seq);

  it.each(Object.values(TEST_TENANTS))('request shapes of $name, by the fewest and by every field, and their newest events', async ({ id }) => {
    const patterns: WebShapePatterns = {
      url: [
        { match: 'contains', value: '/admin/' },
        { match: 'ends_with', value: '.exe' },
        { match: 'starts_with', value: 'https://odd2.' },
        { match: 'equal', value: 'https://odd.example/1' },
      ],
      'user-agent': [{ match: 'starts_with', value: 'curl/' }],
    };
    for (const [fields, byPatterns] of [[[], {}], [WEB_SHAPE_FIELDS, {}], [WEB_SHAPE_FIELDS, patterns]] as const) {
      for (const [from, to] of [
        [TEST_NOW - 7 * DAY_MS, TEST_NOW],
        [TEST_NOW - 2 * DAY_MS, TEST_NOW - DAY_MS],
      ] as const) {
        const { shapes: sql } = await sqlLogStore.requestShapes(db, id, from, to, fields, byPatterns);
        expect(sql.filter((s) => s.kind === 'web').length).toBeGreaterThan(10);
        expect(sql.filter((s) => s.kind === 'email').length).toBeGreaterThan(0);
        const { shapes: ch } = await store.requestShapes(db, id, from, to, fields, byPatterns);
        expect(canonical(ch)).toEqual(canonical(sql));
        expect([inGroups(sql, byPatterns), inGroups(ch, byPatterns)]).toEqual([true, true]);
        // The SQL store finds the newest event of a shape as ClickHouse gives it with the shape (the largest shapes,
        // as the impact shows, and a few of one event).
        const sample = newestFirst(ch).filter((s, i) => i < 40 || i % 97 === 0);
        expect(await sqlLogStore.shapeExamples(db, id, from, to, sample, fields, byPatterns)).toEqual(sample.map((s) => s.example));
      }
    }
    // By the patterns: the two admin pages (case aside) are one shape, the page that is not ASCII its own.
    const odd2 = newestFirst((await store.requestShapes(db, TEST_TENANTS.demo.id, TEST_NOW - DAY_MS, TEST_NOW, ['url'], { url: patterns.url })).shapes).filter(
      (s) => s.kind === 'web' && s.event.domain === 'odd2.example',
    );
    expect(odd2.map((s) => s.kind === 'web' && [s.event.url, s.count])).toEqual([
      ['https://odd2.example/admin/', 2],
      ['https://odd2.example/x.EXE', 1],
      ['', 1],
      ['https://odd2.example/ädmin/', 1],
    ]);
    const odd = async (fields: readonly WebShapeField[]) =>
      newestFirst((await store.requestShapes(db, TEST_TENANTS.demo.id, TEST_NOW - DAY_MS, TEST_NOW, fields)).shapes).filter((s) => s.kind === 'web' && s.event.domain === 'odd.example');
    // By the fields every shape has: the first two events are one shape, its example the newer one.
    expect(await odd([])).toEqual([
      { kind: 'web', event: { userid: 'odd@demo.example', domain: 'odd.example', cats: [] }, groups: {}, count: 2, example: expect.objectContaining({ url: 'https://odd.example/2' }) },
      { kind: 'web', event: { userid: null, domain: 'odd.example', cats: ['50', '7'] }, groups: {}, count: 1, example: expect.objectContaining({ url: 'https://odd.example/3' }) },
    ]);
    // By the URL and the file type too: three shapes (newest first), absent fields null.
    expect((await odd(['url', 'file_type'])).map((s) => s.kind === 'web' && [s.event, s.count])).toEqual([
      [{ url: 'https://odd.example/3', domain: 'odd.example', userid: null, cats: ['50', '7'], file_type: 'exe' }, 1],
      [{ url: 'https://odd.example/2', domain: 'odd.example', userid: 'odd@demo.example', cats: [], file_type: null }, 1],
      [{ url: 'https://odd.example/1', domain: 'odd.example', userid: 'odd@demo.example', cats: [], file_type: null }, 1],
    ]);
    const mail = newestFirst((await store.requestShapes(db, TEST_TENANTS.demo.id, TEST_NOW - DAY_MS, TEST_NOW, [])).shapes).filter((s) => s.kind === 'email' && s.domain === 'odd-mail.example');
    expect(mail.map((s) => s.kind === 'email' && [s.file_type, s.link_risk, s.count, s.example!.subject])).toEqual([
      [null, null, 2, ''],
      ['PDF', 'Y', 1, 'Odd'],
      ['gz', null, 1, 'Odd'],
      ['e29', 'R', 1, 'Odd'],
    ]);
  });

  it('a row filter leaves out the same web events on either store, and the same shapes remain', async () => {
    const range = [ROW_FILTER_TENANT, TEST_NOW - DAY_MS, TEST_NOW] as const;
    let filtered = 0;
    for (const rows of randomWebRows(60, 32)) {
      const web = webRowFilter(rows);
      if (!web) continue;
      filtered++;
      const sql = await sqlLogStore.requestShapes(db, ...range, WEB_SHAPE_FIELDS, {}, { kinds: ['web'], web });
      const ch = await store.requestShapes(db, ...range, WEB_SHAPE_FIELDS, {}, { kinds: ['web'], web });
      expect([ch.webLeftOut, canonical(ch.shapes)]).toEqual([sql.webLeftOut, canonical(sql.shapes)]);
      expect(sql.webLeftOut + sql.shapes.reduce((n, s) => n + s.count, 0)).toBe(600);
    }
    expect(filtered).toBeGreaterThan(20);
  });

  it('the impact of a publish: the same summary, examples included, from either store', async () => {
    // Demo Corp's seeded policy, and a staged revision that also blocks search engines (category 7) for everyone.
    const model = policyModel(registry.screens.filter(isDocumentScreen));
    const docs = Object.fromEntries(
      loadSeedDocuments(registry)
        .filter((d) => d.screen && model.areas.some((a) => a.id === d.screen!.id))
        .map((d) => [d.screen!.id, d.forTenant('Demo Corp')]),
    ) as Record<string, { list: Record<string, unknown>[] }>;
    const staged = structuredClone(docs);
    staged['web.exceptions']!.list.unshift({ id: 'x', name: 'Block search', enabled: true, action: 'block', transferDirection: 'all', conditions: { categories: ['7'] } });
    const revisions = [compilePolicy(model, docs), compilePolicy(model, staged)] as const;
    const fields = webFieldsReading(attributesRead(revisions, 'web'));
    const patterns = webShapePatterns(revisions, fields);
    const range = [TEST_TENANTS.demo.id, TEST_NOW - 7 * DAY_MS, TEST_NOW] as const;
    const impact = async (from: LogStore) => {
      const tally = new ImpactTally(...revisions, TEST_NOW);
      const shapes = await shapesToReplay(from, db, range, tally, fields, patterns);
      shapes.forEach((s, i) => tally.add(impactShape(s, i)));
      return tally.summary(await examplesFound(from, db, range, shapes, tally, fields, patterns));
    };
    const sql = await impact(sqlLogStore);
    expect(sql.changed).toBeGreaterThan(0);
    expect(sql.by_domain.flatMap((g) => g.examples).length).toBeGreaterThan(0);
    // Only the requests of search engines replayed; the others (most) counted.
    expect(sql.web_unmatched).toBeGreaterThan((sql.events - sql.email_events) / 2);
    expect(await impact(store)).toEqual(sql);
  });

  it('tests a regular expression of the portable subset as the evaluator does', async () => {
    const regexes = portableRegexes(200, 29);
    const values = asciiValues(50, 30);
    const rows = await store.ch.rows<{ v: string; m: number[] }>(
      sql`SELECT v, [${join(
        regexes.map((r) => storeTextTest({ match: 'regex', value: r }, sql`lower(v)`)),
        ', ',
      )}] AS m FROM (SELECT arrayJoin(${values}) AS v)`,
    );
    const evaluator = values.map((v) => regexes.map((r) => (textTest({ match: 'regex', value: r })(v.toLowerCase()) ? 1 : 0)));
    const answered = new Map(rows.map((r) => [r.v, r.m.map(Number)]));
    expect(values.map((v) => answered.get(v))).toEqual(evaluator);
    expect(new Set(evaluator.flat())).toEqual(new Set([0, 1]));
  });
});
