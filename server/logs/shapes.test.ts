/**
 * The SQL store's web request shapes grouped by text patterns: the same groups as the key the evaluator's matching
 * gives (webTextKey), for values in any case, empty, absent and not ASCII.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextPatternValue } from '../../schemas/evaluate/match';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../types';
import { webTextKey, type WebRequestShape } from './shapes';
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
];
const PATTERNS: TextPatternValue[] = [
  { match: 'contains', value: '/admin/' },
  { match: 'starts_with', value: 'https://a.' },
  { match: 'ends_with', value: '.exe' },
  { match: 'equal', value: 'https://a.example/docs' },
  { match: 'contains', value: '%_' },
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

  it('groups URLs as the evaluator tells them apart, each shape with its newest URL', async () => {
    const shapes = (await sqlLogStore.requestShapes(db, T, NOW - 3_600_000, NOW, ['url'], { url: PATTERNS })) as WebRequestShape[];
    const expected = new Map<string | null, { count: number; newest: string | null }>();
    URLS.forEach((url) => {
      const key = webTextKey(url, PATTERNS);
      expected.set(key, { count: (expected.get(key)?.count ?? 0) + 1, newest: url ?? null });
    });
    expect(shapes.map((s) => [s.count, s.event.url]).sort()).toEqual([...expected.values()].map((g) => [g.count, g.newest]).sort());
    // Case aside, the two admin pages are one shape; the page that is not ASCII is its own.
    expect(expected.size).toBeLessThan(URLS.length);
    expect(shapes.find((s) => s.event.url === 'https://a.example/ädmin/')?.count).toBe(2);
  });
});
