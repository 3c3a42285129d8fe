import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../types';
import { Lease } from './lease';
import { migrate } from './migrate';
import { openPglite } from './pglite';

describe('a lease of the SQL store', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('has one holder at a time, and goes to the next once given back', async () => {
    const [a, b] = [new Lease(db, 'one at a time'), new Lease(db, 'one at a time')];
    await a.take();
    expect(a.isHeld).toBe(true);
    expect(await b.tryTake()).toBe(false);
    // The other waits, told once, and has it once the first gives it back.
    const waiting = vi.fn();
    const taken = b.take({ pollMs: 20, waiting });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(waiting).toHaveBeenCalledTimes(1);
    expect(b.isHeld).toBe(false);
    await a.release();
    await taken;
    expect([a.isHeld, b.isHeld]).toEqual([false, true]);
    expect(await a.tryTake()).toBe(false);
    await b.release();
    // Another name is another lease.
    expect(await new Lease(db, 'another').tryTake()).toBe(true);
  });

  it('is no longer held once its renewals have failed past its time', async () => {
    // The holder's database goes out of reach after the lease is taken: every renewal fails.
    let reachable = true;
    const flaky: Db = { ...db, query: (text, params) => (reachable ? db.query(text, params) : Promise.reject(new Error('connection lost'))) };
    const lease = new Lease(flaky, 'unreachable', 300);
    await lease.take();
    reachable = false;
    expect(lease.isHeld).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lease.isHeld).toBe(false);
    // Back in reach, it stays lost: another may have taken it meanwhile.
    reachable = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(lease.isHeld).toBe(false);
    await lease.release();
  });

  it('goes to another once its holder stops renewing it past its time, and the stalled holder learns it lost it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stalled = new Lease(db, 'expiring', 300);
      await stalled.take();
      // The holder stalls (its renewals do not run) past the lease's time: another takes it.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const next = new Lease(db, 'expiring', 60_000);
      expect(await next.tryTake()).toBe(true);
      // The stalled holder's next renewal finds it taken, and it stays lost.
      vi.advanceTimersByTime(100);
      await vi.waitFor(() => expect(stalled.isHeld).toBe(false));
      vi.advanceTimersByTime(1_000);
      expect(await stalled.tryTake()).toBe(false);
      await stalled.release();
      expect(await next.tryTake()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
