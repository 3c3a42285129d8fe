import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedTicker } from './seed';

/**
 * Waits until the file's lines satisfy `ready` (the ticker's thread may start and tick late on a loaded machine; a
 * fixed pause has seen no tick at all there).
 */
async function linesOnceReady(file: string, ready: (lines: string[]) => boolean): Promise<string[]> {
  for (const started = Date.now(); ; ) {
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    if (ready(lines)) return lines;
    if (Date.now() - started > 60_000) throw new Error(`the ticker printed only: ${lines.join(' | ')}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('seeding progress', () => {
  it('prints a line every tick, with events, share and time left, even while the main thread is busy', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ticker-')), 'out');
    const fd = openSync(file, 'w');
    const ticker = seedTicker(50, fd);
    ticker.update({ events: 0, total: 1_020_000, done: 0, next: 0.9, step: 'events' });
    await new Promise((r) => setTimeout(r, 100));
    ticker.update({ events: 250_000, total: 1_020_000, done: 0.25, next: 0.3, step: 'events' });
    await linesOnceReady(file, (lines) => lines.some((l) => l.includes(' 250,000 of ')));
    const count = () => readFileSync(file, 'utf8').split('\n').length;
    const before = count();
    // As a long statement on the main thread would (PGlite runs there).
    const until = Date.now() + 1_000;
    while (Date.now() < until);
    const during = count() - before;
    ticker.update({ events: 1_020_000, total: 1_020_000, done: 0.9, next: 0.95, step: 'indexes' });
    await linesOnceReady(file, (lines) => /building the indexes/.test(lines.at(-1) ?? ''));
    await ticker.stop();
    closeSync(fd);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(during).toBeGreaterThanOrEqual(3);
    expect(lines).toContainEqual(expect.stringMatching(/^Demo logs (2\d|30) %: 250,000 of 1,020,000 events loaded, about \d+ s left$/));
    expect(lines.at(-1)).toMatch(/^Demo logs 9\d %: all 1,020,000 events loaded; building the indexes, about \d+ s left$/);
    const shares = lines.map((l) => Number(/^Demo logs (\d+) %/.exec(l)![1]));
    expect(shares.every((s, i) => i === 0 || s >= shares[i - 1]!)).toBe(true);
  });

  it('never prints a smaller share than before, and says what runs once every event is loaded', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ticker-')), 'out');
    const fd = openSync(file, 'w');
    const ticker = seedTicker(20, fd);
    ticker.update({ events: 0, total: 1_020_000, done: 0, next: 0.76, step: 'events' });
    await linesOnceReady(file, (lines) => lines.length > 0);
    // Fast so far: the extrapolation runs ahead of the work, up to where the step ends.
    ticker.update({ events: 900_000, total: 1_020_000, done: 0.7, next: 0.76, step: 'events' });
    const ahead = (await linesOnceReady(file, (lines) => lines.some((l) => l.startsWith('Demo logs 76 %')))).length;
    // The work reported next is behind what was printed.
    ticker.update({ events: 950_000, total: 1_020_000, done: 0.6, next: 0.76, step: 'events' });
    await linesOnceReady(file, (lines) => lines.length >= ahead + 2);
    ticker.update({ events: 1_020_000, total: 1_020_000, done: 0.75, next: 0.76, step: 'events' });
    await linesOnceReady(file, (lines) => /all 1,020,000 events loaded/.test(lines.at(-1) ?? ''));
    await ticker.stop();
    closeSync(fd);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const shares = lines.map((l) => Number(/^Demo logs (\d+) %/.exec(l)![1]));
    expect(Math.max(...shares)).toBe(76);
    expect(shares.every((s, i) => i === 0 || s >= shares[i - 1]!)).toBe(true);
    // The count and the share never disagree: a full count says what the remaining share is for.
    expect(lines.at(-1)).toMatch(/^Demo logs 76 %: all 1,020,000 events loaded; summarising them, about \d+ s left$/);
    expect(lines.some((l) => /1,020,000 of 1,020,000/.test(l))).toBe(false);
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
