/**
 * The SQL store's web request shapes grouped by text patterns: the same groups as the key the evaluator's matching
 * gives (webTextKey), for values in any case, empty, absent and not ASCII; and each shape's newest event as
 * `shapeExamples` finds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regexRequiredLiteral, textTest, type TextPatternValue } from '../../schemas/evaluate/match';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../types';
import { sqlTextTest, webTextKey, type WebRequestShape } from './shapes';
import { asciiValues, portableRegexes } from './testRegex';
import { sqlLogStore } from './sqlStore';

const T = 'tenant-shapes';
const NOW = Date.UTC(2026, 10, 28, 12);
const URLS = [
  'https://A.example/Admin/x',
  'https://a.example/admin/y',
  'https://a.example/ADMIN',
  'https://a.example/x.EXE',
  'https://a.example/docs',
  'https://a.example/DOCS',
  'https://b.example/docs',
  '',
  undefined,
  'https://a.example/ädmin/',
  'https://a.example/ädmin/',
  'https://a.example/%25_admin/',
  'https://a.example/account/2340',
  'https://a.example/account/2340\n',
];
const PATTERNS: TextPatternValue[] = [
  { match: 'contains', value: '/admin/' },
  { match: 'starts_with', value: 'https://a.' },
  { match: 'ends_with', value: '.exe' },
  { match: 'equal', value: 'https://a.example/docs' },
  { match: 'contains', value: '%_' },
  // Tested by the store itself (isPortableRegex); a value with a line break is then grouped by itself.
  { match: 'regex', value: '/account/\\d+$' },
];

describe('web request shapes by text patterns (SQL store)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await db.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [T, 'Shapes']);
    await sqlLogStore.ingest(
      db,
      T,
      'web',
      URLS.map((url, i) => ({ ts: NOW - 60_000 + i, event: { userid: 'ann@example.com', domain: 'a.example', cats: ['50'], ...(url === undefined ? {} : { url }) } })),
    );
  });
  afterAll(async () => db?.close());

  it('groups URLs as the evaluator tells them apart, each shape with its group and one of its URLs, and finds its newest event', async () => {
    const shapes = (await sqlLogStore.requestShapes(db, T, NOW - 3_600_000, NOW, ['url'], { url: PATTERNS })).shapes as WebRequestShape[];
    const expected = new Map<string | null, { count: number; urls: (string | null)[]; newest: { ts: number; url: string | null } }>();
    URLS.forEach((url, i) => {
      const key = webTextKey(url, PATTERNS);
      const seen = expected.get(key);
      expected.set(key, { count: (seen?.count ?? 0) + 1, urls: [...(seen?.urls ?? []), url ?? null], newest: { ts: NOW - 60_000 + i, url: url ?? null } });
    });
    expect(shapes.map((s) => [s.groups.url, s.count]).sort()).toEqual([...expected].map(([key, g]) => [key, g.count]).sort());
    for (const s of shapes) expect(expected.get(s.groups.url!)!.urls).toContain(s.event.url);
    // Case aside, the two admin pages are one shape; the page that is not ASCII is its own.
    expect(expected.size).toBeLessThan(URLS.length);
    expect(shapes.find((s) => s.event.url === 'https://a.example/ädmin/')?.count).toBe(2);
    expect(shapes.find((s) => s.groups.url === webTextKey('https://a.example/admin/y', PATTERNS))?.count).toBe(2);

    // The newest event of each shape: its time and URL, and the URL as the shape's value for its request.
    const examples = await sqlLogStore.shapeExamples(db, T, NOW - 3_600_000, NOW, shapes, ['url'], { url: PATTERNS });
    expect(examples.map((e, i) => [shapes[i]!.count, e?.ts, e && 'url' in e ? [e.url, e.values.url] : e])).toEqual(
      shapes.map((s) => {
        const { count, newest } = expected.get(s.groups.url!)!;
        return [count, newest.ts, [newest.url, newest.url]];
      }),
    );
    // A shape whose events are outside the range has no example.
    expect(await sqlLogStore.shapeExamples(db, T, NOW - 7_200_000, NOW - 3_600_000, shapes.slice(0, 2), ['url'], { url: PATTERNS })).toEqual([undefined, undefined]);
  });

  it('tests a regular expression of the portable subset as the evaluator does', async () => {
    const regexes = portableRegexes(200, 29);
    const values = asciiValues(50, 30);
    const params: string[] = [];
    const param = (v: string) => `$${params.push(v) + 1}::text`;
    const tests = regexes.map((r) => sqlTextTest({ match: 'regex', value: r }, 'v', param));
    const { rows } = await db.query<{ m: boolean[] }>(`SELECT ARRAY[${tests.join(', ')}] AS m FROM unnest($1::text[]) WITH ORDINALITY AS t(v, i) ORDER BY i`, [values, ...params]);
    const evaluator = values.map((v) => regexes.map((r) => textTest({ match: 'regex', value: r })(v.toLowerCase())));
    expect(rows.map((r) => r.m)).toEqual(evaluator);
    // Both answers occur: the comparison says something.
    expect(new Set(evaluator.flat())).toEqual(new Set([true, false]));
  });

  it('looks for the text every match of an expression holds, which every value it matches has', () => {
    const values = asciiValues(300, 7);
    let checked = 0;
    for (const source of portableRegexes(300, 8)) {
      const literal = regexRequiredLiteral(source);
      for (const v of values) {
        if (!literal || !textTest({ match: 'regex', value: source })(v.toLowerCase())) continue;
        expect([source, v, v.toLowerCase().includes(literal)]).toEqual([source, v, true]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
