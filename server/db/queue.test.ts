import { describe, expect, it } from 'vitest';
import { INTERACTIVE_TURNS, PriorityQueue, QueryAbortedError } from './queue';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('PriorityQueue', () => {
  it('runs one job at a time, interactive jobs before waiting heavy ones', async () => {
    const q = new PriorityQueue();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(`start ${name}`);
      await tick();
      order.push(`end ${name}`);
      return name;
    };
    const all = [
      q.schedule(job('heavy 1'), true),
      q.schedule(job('heavy 2'), true),
      q.schedule(job('heavy 3'), true),
      q.schedule(job('sign-in'), false),
    ];
    expect(await Promise.all(all)).toEqual(['heavy 1', 'heavy 2', 'heavy 3', 'sign-in']);
    // The sign-in waited for the heavy job already running only.
    expect(order).toEqual(['start heavy 1', 'end heavy 1', 'start sign-in', 'end sign-in', 'start heavy 2', 'end heavy 2', 'start heavy 3', 'end heavy 3']);
  });

  it('gives a waiting heavy job a turn after every INTERACTIVE_TURNS interactive jobs, so a busy portal cannot starve reports', async () => {
    const q = new PriorityQueue();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await tick();
    };
    const blocker = q.schedule(job('running'), false);
    const heavy = [q.schedule(job('report 1'), true), q.schedule(job('report 2'), true)];
    const interactive = Array.from({ length: 2 * INTERACTIVE_TURNS + 1 }, (_, i) => q.schedule(job(`read ${i + 1}`), false));
    await Promise.all([blocker, ...heavy, ...interactive]);
    const reads = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `read ${from + i}`);
    expect(order).toEqual([
      'running',
      ...reads(1, INTERACTIVE_TURNS - 1),
      'report 1',
      ...reads(INTERACTIVE_TURNS, 2 * INTERACTIVE_TURNS - 1),
      'report 2',
      ...reads(2 * INTERACTIVE_TURNS, 2 * INTERACTIVE_TURNS + 1),
    ]);
  });

  it('drops a job whose signal aborted before its turn, and refuses one aborted already', async () => {
    const q = new PriorityQueue();
    const ran: string[] = [];
    const controller = new AbortController();
    const first = q.schedule(async () => void (await tick(), ran.push('first')), true);
    const dropped = q.schedule(async () => void ran.push('dropped'), true, controller.signal);
    controller.abort();
    await first;
    await expect(dropped).rejects.toBeInstanceOf(QueryAbortedError);
    await expect(q.schedule(async () => 1, true, controller.signal)).rejects.toBeInstanceOf(QueryAbortedError);
    expect(ran).toEqual(['first']);
  });

  it('runs a call made from inside a running job at once instead of waiting for itself', async () => {
    const q = new PriorityQueue();
    const outer = q.schedule(async () => `outer(${await q.schedule(async () => 'inner', false)})`, false);
    expect(await outer).toBe('outer(inner)');
  });
});
