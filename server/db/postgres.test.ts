import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../types';
import { openPostgres } from './postgres';

const url = process.env.DATABASE_URL;

/** What PostgreSQL runs now for this test (its queries carry a marker). */
async function running(db: Db, marker: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1 AND pid <> pg_backend_pid()`,
    [`%${marker}%`],
  );
  return Number(rows[0]?.n ?? 0);
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('The condition never held.');
}

describe.skipIf(!url)('PostgreSQL heavy reads', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPostgres(url!);
  });
  afterAll(() => db?.close());

  // A heavy transaction (the impact's shape reads, with settings of their own) is cancelled the same way.
  const asked = {
    'a heavy read': (heavy: Db, text: string) => heavy.query(text),
    'a heavy transaction': (heavy: Db, text: string) =>
      heavy.transaction(async (tx) => {
        await tx.exec("SET LOCAL work_mem = '64MB'");
        return tx.query(text);
      }),
  };
  it.each(Object.entries(asked))('%s whose caller goes away is cancelled on the server, and the pool serves the next one', async (_, ask) => {
    const marker = `cancel_me_${Date.now()}`;
    const showWorkMem = () => db.heavy().transaction((tx) => tx.query<{ work_mem: string }>('SHOW work_mem'));
    const before = await showWorkMem();
    const controller = new AbortController();
    const outcome = ask(db.heavy(controller.signal), `SELECT pg_sleep(120), '${marker}'`).then(
      () => 'answered',
      () => 'failed',
    );
    await until(async () => (await running(db, marker)) === 1);
    controller.abort();
    expect(await outcome).toBe('failed');
    await until(async () => (await running(db, marker)) === 0);
    expect((await db.heavy().query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    // What the transaction set ended with it.
    expect(await showWorkMem()).toEqual(before);
  });
});
