import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedTicker } from './seed';

describe('seeding progress', () => {
  it('prints a line every tick, with events, share and time left, even while the main thread is busy', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ticker-')), 'out');
    const fd = openSync(file, 'w');
    const ticker = seedTicker(50, fd);
    ticker.update({ events: 0, total: 1_020_000, done: 0, next: 0.9, step: 'events' });
    await new Promise((r) => setTimeout(r, 100));
    ticker.update({ events: 250_000, total: 1_020_000, done: 0.25, next: 0.3, step: 'events' });
    await new Promise((r) => setTimeout(r, 100));
    const count = () => readFileSync(file, 'utf8').split('\n').length;
    const before = count();
    // As a long statement on the main thread would (PGlite runs there).
    const until = Date.now() + 400;
    while (Date.now() < until);
    const during = count() - before;
    ticker.update({ events: 1_020_000, total: 1_020_000, done: 0.9, next: 0.95, step: 'indexes' });
    await new Promise((r) => setTimeout(r, 150));
    await ticker.stop();
    closeSync(fd);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(during).toBeGreaterThanOrEqual(3);
    expect(lines).toContainEqual(expect.stringMatching(/^Demo logs: 250,000 of 1,020,000 events \((2\d|30) %\), about \d+ s left$/));
    expect(lines.at(-1)).toMatch(/^Demo logs: 1,020,000 of 1,020,000 events loaded; building the indexes \((9\d) %\), about \d+ s left$/);
    const shares = lines.map((l) => Number(/\((\d+) %\)/.exec(l)![1]));
    expect(shares.every((s, i) => i === 0 || s >= shares[i - 1]!)).toBe(true);
  });

  it('prints nothing when nothing is seeded', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ticker-')), 'out');
    const fd = openSync(file, 'w');
    const ticker = seedTicker(20, fd);
    await new Promise((r) => setTimeout(r, 100));
    await ticker.stop();
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});
