/**
 * A save racing a publish of the same revision (issue 12, reproduction 1): on PostgreSQL under READ COMMITTED a save
 * could land in the revision just published. Runs on its own server and store (on PostgreSQL: its own schema), so
 * its hundred publishes leave the shared test server's data alone.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../setup/start-server';
import { SSL_BYPASS, signedIn, type ApiClient } from './helpers';

const ROUNDS = 100;
const SCHEMA = 'publish_race';

let server: TestServer;
let admin: ApiClient;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) await adminQuery(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`);
  const own = url && `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`;
  server = await startTestServer(own ? { env: { DATABASE_URL: own } } : {});
  admin = await signedIn('admin', server.url);
});

afterAll(async () => {
  await server?.close();
  if (process.env.DATABASE_URL) await adminQuery(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
});

interface Doc {
  list: { id: string; destination: string; comment: string; enabled: boolean }[];
  rev_id: number;
  state: string;
  updated_at: string;
}

const rules = async () => (await admin.get('/api/policy/v1/rules')).body as { staged_rev_id: number; rev_id: number; state: string };
const read = async (rev: number) => (await admin.get(`${SSL_BYPASS}/${rev}`)).body as Doc;
const save = (doc: Doc, id: string) =>
  admin.put(`${SSL_BYPASS}/${doc.rev_id}`, { body: { ...doc, list: [...doc.list, { id, destination: `${id}.example.com`, comment: '', enabled: true }] } });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a save racing a publish', { timeout: 300_000 }, () => {
  it(`never lands in a published revision (${ROUNDS} rounds)`, async () => {
    const accepted: { id: string; rev: number; updated_at: string }[] = [];
    let published = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const before = await rules();
      let rev = before.staged_rev_id;
      if (before.state !== 'staged') {
        const staging = await save(await read(rev), `stage-${round}`);
        expect(staging.status).toBe(200);
        accepted.push({ id: `stage-${round}`, rev, updated_at: staging.body.updated_at });
        ({ staged_rev_id: rev } = await rules());
      }
      const fresh = await read(rev);
      const [pub, saved] = await Promise.all([
        admin.post(`/api/policy/v1/rules/${rev}`, { body: { reason: `Race round ${round}` } }),
        pause(round % 9).then(() => save(fresh, `race-${round}`)),
      ]);
      expect(pub.status).toBe(200);
      expect(pub.body).toMatchObject({ rev_id: rev, staged_rev_id: rev + 1, state: 'published' });
      published++;
      // A save the publish overtook targets a revision that is no longer the working one: 409, never 200 into it.
      expect([200, 409]).toContain(saved.status);
      if (saved.status === 200) {
        expect(saved.body).toMatchObject({ rev_id: rev, state: 'staged' });
        accepted.push({ id: `race-${round}`, rev, updated_at: saved.body.updated_at });
      }
    }
    expect(published).toBe(ROUNDS);

    // Every accepted save is in the revision it answered, and was made before that revision was published.
    const publishedAt = new Map<number, number>();
    for (let offset = 0; offset <= ROUNDS; offset += 100) {
      const page = (await admin.get(`/api/policy/v1/revisions?limit=100&offset=${offset}`)).body.revisions as { rev_id: number; published_at: string }[];
      for (const h of page) publishedAt.set(h.rev_id, Date.parse(h.published_at));
    }
    for (const a of accepted) {
      expect((await read(a.rev)).list.map((e) => e.id)).toContain(a.id);
      const at = publishedAt.get(a.rev);
      if (at !== undefined) expect(Date.parse(a.updated_at)).toBeLessThanOrEqual(at);
    }
    const { staged_rev_id } = await rules();
    const working = (await read(staged_rev_id)).list.map((e) => e.id);
    expect(accepted.filter((a) => !working.includes(a.id))).toEqual([]);

    const late = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM policy_documents d JOIN policy_revisions r USING (tenant_id, rev_id)
        WHERE r.published_at IS NOT NULL AND d.updated_at > r.published_at`,
    );
    expect(late.rows[0]!.n).toBe(0);
    const stagedButPublished = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM policy_revisions WHERE published_at IS NOT NULL AND state = 'staged'`,
    );
    expect(stagedButPublished.rows[0]!.n).toBe(0);
  });

  it('is refused by the store itself: no document row is written into a published revision', async () => {
    const { rows } = await server.db.query<{ tenant_id: string; rev_id: number }>(
      'SELECT tenant_id, rev_id FROM policy_revisions WHERE published_at IS NOT NULL ORDER BY rev_id DESC LIMIT 1',
    );
    const { tenant_id, rev_id } = rows[0]!;
    await expect(
      server.db.query(
        `INSERT INTO policy_documents (tenant_id, screen_id, rev_id, body, updated_at, updated_by) VALUES ($1, 'web.ssl-bypass', $2, '{"list":[]}', now(), 'x')
         ON CONFLICT (tenant_id, screen_id, rev_id) DO UPDATE SET body = excluded.body`,
        [tenant_id, rev_id],
      ),
    ).rejects.toThrow(/is published/);
    await expect(
      server.db.query(`UPDATE policy_revisions SET state = 'staged' WHERE tenant_id = $1 AND rev_id = $2`, [tenant_id, rev_id]),
    ).rejects.toThrow(/policy_revisions_published_state/);
  });
});
