import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_EVENT_SCHEMAS, LOG_TYPES, type LogType } from '../../schemas/logs';
import type { Db } from '../types';
import { decodeCursor, encodeCursor } from './cursor';
import { generateLogBatches, logCounts } from './generator';
import { seedLogs } from './seed';
import { answerEvent, logPage, queryRange } from './store';
import { TEST_NOW, TEST_TENANTS, openSeededTestDb } from './testDb';

const DAY = 86_400_000;
const all = { startMs: TEST_NOW - 30 * DAY, endMs: TEST_NOW };
type Row = { ts: number; seq: number; event: Record<string, unknown> };

let db: Db;
beforeAll(async () => {
  db = await openSeededTestDb();
}, 120_000);
afterAll(() => db?.close());

async function stored(tenantId: string, type: LogType): Promise<Row[]> {
  const { rows } = await db.query<{ ts: string; seq: string; event: Record<string, unknown> }>(
    `SELECT ts::text, seq::text, event FROM log_events WHERE tenant_id = $1 AND log_type = $2 ORDER BY ts DESC, seq DESC`,
    [tenantId, type],
  );
  return rows.map((r) => ({ ts: Number(r.ts), seq: Number(r.seq), event: r.event }));
}

/** Every page of a query, following pagingIdentifiers; fails on a page that claims more but returns nothing. */
async function pageThrough(type: LogType, query: Record<string, unknown>, limit: number, tenantId: string = TEST_TENANTS.demo.id) {
  const events: Record<string, unknown>[] = [];
  let after: ReturnType<typeof decodeCursor> | undefined;
  for (let pages = 0; pages < 10_000; pages++) {
    const page = await logPage(db, { tenantId, logType: type, range: all, query, limit, after: after ?? undefined });
    events.push(...page.events.map((e) => e.event));
    if (page.paginate.last_iteration) return events;
    expect(page.events).toHaveLength(limit);
    after = decodeCursor(page.paginate.pagingIdentifiers);
    expect(after).not.toBeNull();
  }
  throw new Error('paging did not end');
}

describe('seeded generator', () => {
  it('is deterministic for a plan and spreads kinds by the mix', () => {
    const plan = { tenantName: 'Demo Corp', admins: ['admin'], total: 3_000, now: TEST_NOW, days: 30, seed: 3 };
    const a = [...generateLogBatches(plan, 500)];
    const b = [...generateLogBatches(plan, 500)];
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const counts = Object.fromEntries(LOG_TYPES.map((t) => [t, 0]));
    for (const batch of a) counts[batch.logType]! += batch.rows.length;
    expect(counts).toEqual(logCounts(3_000));
    expect(counts.web).toBeGreaterThan(counts.email!);
  });

  it('writes events that match their schema, inside the 30 days before now, in ascending time per kind', async () => {
    for (const type of LOG_TYPES) {
      const rows = await stored(TEST_TENANTS.demo.id, type);
      expect(rows.length, type).toBe(logCounts(TEST_TENANTS.demo.events)[type]);
      for (const r of rows.slice(0, 300)) LOG_EVENT_SCHEMAS[type].parse(answerEvent(type, r.ts, r.event));
      expect(rows.every((r) => r.ts >= all.startMs && r.ts < TEST_NOW)).toBe(true);
      const bySeq = [...rows].sort((x, y) => x.seq - y.seq);
      expect(bySeq.every((r, i) => i === 0 || r.ts >= bySeq[i - 1]!.ts), type).toBe(true);
    }
  });

  it('uses the spec’s values: isolation, Skip-Inspection DLP, risks, threat categories, evasion techniques', async () => {
    const web = (await stored(TEST_TENANTS.demo.id, 'web')).map((r) => r.event);
    const actions = new Set(web.map((e) => e.pe_action));
    for (const a of ['allow', 'block', 'safeview', 'bypass', 'direct', 'readonly']) expect(actions).toContain(a);
    expect(new Set(web.map((e) => e.risk_score))).toEqual(new Set(['G', 'Y', 'R']));
    expect(web.some((e) => e.threat_category === 'phishing')).toBe(true);
    expect(web.some((e) => Array.isArray(e.heat_evasion_techniques))).toBe(true);
    expect(web.some((e) => e.is_casb === true && e.casb_profile_type === 'unsanctioned')).toBe(true);
    const dlp = (await stored(TEST_TENANTS.demo.id, 'dlp')).map((r) => r.event);
    expect(new Set(dlp.map((e) => e.action))).toEqual(new Set(['allow', 'block', 'log']));
  });

  it('seeds each tenant once: a second run loads nothing and the secondary indexes are back', async () => {
    const again = await seedLogs(db, [
      { tenantId: TEST_TENANTS.demo.id, kind: 'small', plan: { tenantName: 'Demo Corp', admins: ['admin'], total: 10, now: TEST_NOW, days: 1, seed: 1 } },
    ]);
    expect(again).toEqual([]);
    const { rows } = await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'log_events'`);
    expect(rows.map((r) => r.indexname)).toEqual(expect.arrayContaining(['log_events_userid', 'log_events_domain', 'log_events_sha256']));
  });
});

describe('log pages', () => {
  it("answers each event's fields in the order of its kind's schema, then any others by name, whatever order the store kept", async () => {
    for (const type of LOG_TYPES) {
      const schemaOrder = Object.keys(LOG_EVENT_SCHEMAS[type].shape);
      const [event] = (await logPage(db, { tenantId: TEST_TENANTS.demo.id, logType: type, range: all, query: {}, limit: 1 })).events.map((e) => e.event);
      const keys = Object.keys(event!);
      expect(keys, type).toEqual(schemaOrder.filter((k) => keys.includes(k)));
    }
    const fields = Object.keys(LOG_EVENT_SCHEMAS.web.shape);
    const backwards = Object.fromEntries([['zz_extra', 1], ['aa_extra', 2], ...fields.map((k) => [k, k]).reverse()]);
    expect(Object.keys(answerEvent('web', 0, backwards))).toEqual([...fields, 'aa_extra', 'zz_extra']);
  });

  it('pages through every event once, newest first, with opaque paging identifiers', async () => {
    const expected = await stored(TEST_TENANTS.demo.id, 'email');
    const events = await pageThrough('email', {}, 137);
    expect(events.map((e) => e.message_id)).toEqual(expected.map((r) => r.event.message_id));
    const times = events.map((e) => Date.parse(e.timestamp as string));
    expect(times.every((t, i) => i === 0 || t <= times[i - 1]!)).toBe(true);
  });

  it('keeps events of one millisecond apart by their sequence', async () => {
    await db.query(
      `INSERT INTO log_events (tenant_id, log_type, ts, event) SELECT $1, 'audit', $2, jsonb_build_object('user', 'same-ms-' || i, 'tenant', 'Demo Corp', 'action', 'login', 'result', 'success', 'ip', '10.0.0.1') FROM generate_series(1, 5) i`,
      [TEST_TENANTS.demo.id, TEST_NOW - 1000],
    );
    const users = (await pageThrough('audit', {}, 2)).map((e) => e.user).filter((u) => String(u).startsWith('same-ms-'));
    expect(users).toEqual(['same-ms-5', 'same-ms-4', 'same-ms-3', 'same-ms-2', 'same-ms-1']);
  });

  it.each([
    ['one value', { pe_action: 'block' }, (e: Record<string, unknown>) => e.pe_action === 'block'],
    ['+-joined values', { pe_action: 'block+safeview' }, (e: Record<string, unknown>) => ['block', 'safeview'].includes(e.pe_action as string)],
    ['repeated values with isolate', { pe_action: ['allow', 'isolate'] }, (e: Record<string, unknown>) => ['allow', 'safeview'].includes(e.pe_action as string)],
    ['all', { pe_action: 'all', risk_score: '' }, () => true],
    ['a list field', { cats: '14,50' }, (e: Record<string, unknown>) => (e.cats as string[]).some((c) => c === '14' || c === '50')],
    ['a yes/no field with another filter', { is_casb: 'true', risk_score: 'Y+R' }, (e: Record<string, unknown>) => e.is_casb === true && e.risk_score !== 'G'],
    ['an exclusion', { not_pe_action: 'block' }, (e: Record<string, unknown>) => e.pe_action !== 'block'],
    ['an exclusion of repeated values with isolate', { not_pe_action: ['allow', 'isolate'] }, (e: Record<string, unknown>) => !['allow', 'safeview'].includes(e.pe_action as string)],
    ['an exclusion of a list field', { not_cats: '14+50' }, (e: Record<string, unknown>) => !(e.cats as string[]).some((c) => c === '14' || c === '50')],
    ['an exclusion of "all" or nothing', { not_pe_action: 'all', not_cats: '' }, () => true],
    ['a yes/no exclusion', { not_is_casb: 'false' }, (e: Record<string, unknown>) => e.is_casb === true],
    ['a filter and an exclusion of one parameter', { cats: '14,50', not_cats: '50' }, (e: Record<string, unknown>) => (e.cats as string[]).includes('14') && !(e.cats as string[]).includes('50')],
    // Events without the field stay: most web events have no threat category and no evasion technique.
    ['an exclusion of an optional field', { not_threat_category: 'phishing' }, (e: Record<string, unknown>) => e.threat_category !== 'phishing'],
    ['an exclusion of an optional list field', { not_heat_evasion_techniques: 'HTML Smuggling' }, (e: Record<string, unknown>) => !((e.heat_evasion_techniques ?? []) as string[]).includes('HTML Smuggling')],
  ])('filters on %s', async (_label, query, keep) => {
    const expected = (await stored(TEST_TENANTS.demo.id, 'web')).map((r) => r.event).filter(keep);
    const events = await pageThrough('web', query, 500);
    expect(events.length).toBe(expected.length);
    expect(events.every(keep)).toBe(true);
  });

  it('keeps the events without the field an exclusion names, and drops only those holding a value', async () => {
    const web = (await stored(TEST_TENANTS.demo.id, 'web')).map((r) => r.event);
    const without = web.filter((e) => e.threat_category === undefined).length;
    const phishing = web.filter((e) => e.threat_category === 'phishing').length;
    expect(without).toBeGreaterThan(0);
    expect(phishing).toBeGreaterThan(0);
    const events = await pageThrough('web', { not_threat_category: 'phishing' }, 1000);
    expect(events.filter((e) => e.threat_category === undefined)).toHaveLength(without);
    expect(events).toHaveLength(web.length - phishing);
  });

  it('filters one user through its index and answers only that tenant', async () => {
    const [someone] = (await stored(TEST_TENANTS.demo.id, 'web')).map((r) => r.event.userid as string);
    const events = await pageThrough('web', { userid: someone }, 50);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.userid === someone)).toBe(true);
    expect(await pageThrough('web', { userid: someone }, 50, TEST_TENANTS.other.id)).toEqual([]);
    const other = await pageThrough('web', {}, 1000, TEST_TENANTS.other.id);
    expect(other.length).toBe(logCounts(TEST_TENANTS.other.events).web);
    expect(other.every((e) => String(e.userid).endsWith('@othercorp.example'))).toBe(true);
  });

  it('returns an empty last page, and an empty identifier when nothing matches', async () => {
    const page = await logPage(db, { tenantId: TEST_TENANTS.demo.id, logType: 'web', range: all, query: { domain: 'no.such.example' }, limit: 10 });
    expect(page).toEqual({ events: [], paginate: { pagingIdentifiers: '', last_iteration: true } });
  });
});

describe('ranges and cursors', () => {
  it('reads start and end as inclusive unix seconds, and falls back to the interval ending now', () => {
    expect(queryRange({ start: 100, end: 200 }, 0)).toEqual({ startMs: 100_000, endMs: 200_999 });
    expect(queryRange({}, 1_000_000_000_000)).toEqual({ startMs: 1_000_000_000_000 - 7 * DAY, endMs: 1_000_000_000_000 });
    expect(queryRange({ interval: '24h', end: 1_000 }, 0)).toEqual({ startMs: 1_000_999 - DAY, endMs: 1_000_999 });
    expect(queryRange({ interval: '2024-02' }, 0)).toEqual({ startMs: Date.UTC(2024, 1, 1), endMs: Date.UTC(2024, 2, 1) - 1 });
  });

  it('round-trips a cursor and refuses anything it did not issue', () => {
    const c = { ts: 1_715_774_400_123, seq: 42 };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor('not base64!')).toBeNull();
    expect(decodeCursor(Buffer.from('{"ts":"1","seq":2}').toString('base64url'))).toBeNull();
    expect(decodeCursor(Buffer.from('[1,2]').toString('base64url'))).toBeNull();
  });
});
