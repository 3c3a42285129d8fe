import { describe, expect, it } from 'vitest';
import { encodedBatches, threadedBatches } from './batchThread';

describe('the demo events made on a thread of their own', () => {
  it('yields the very batches made on the main thread, in order, and ends', async () => {
    // More batches than the thread keeps ready, so the load's requests for more are what carries it to the end.
    const plan = { tenantName: 'Thread Corp', admins: ['admin'], total: 65_000, now: Date.UTC(2026, 10, 25), days: 30, seed: 7 };
    const threaded = [];
    for await (const batch of threadedBatches(plan)) threaded.push(batch);
    const inline = [...encodedBatches(plan)];
    expect(threaded.length).toBeGreaterThan(4);
    expect(threaded.reduce((n, b) => n + b.ts.length, 0)).toBe(65_000);
    expect(threaded).toEqual(inline);
  });

  it('ends when the load stops early, with the batch it took being the first one', async () => {
    const plan = { tenantName: 'Thread Corp', admins: ['admin'], total: 65_000, now: Date.UTC(2026, 10, 25), days: 30, seed: 7 };
    const taken = [];
    for await (const batch of threadedBatches(plan)) {
      taken.push(batch);
      break;
    }
    expect(taken).toEqual([[...encodedBatches(plan)][0]]);
  });
});
