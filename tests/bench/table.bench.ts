/**
 * Rule table benchmark, like against like: the same 10,000 rule rows in the engine's DataTable and in a plain
 * @tanstack/react-virtual table with native inputs (harness/table.tsx), on one page build in headless Chromium.
 * Rounds alternate the two tables (and which goes first), so drift in the machine's load colours both alike; each
 * figure is the median of BENCH_TABLE_RUNS rounds (default 5) after a warm-up round. Measured: mount (call → first
 * paint), frame times while scrolling 400 px per frame (the first BENCH_SLOW_FRAMES frames, default 400) and 2,000 px
 * per frame (to the end), and renaming one row (time to paint, rows re-rendered). Ratios are ours / plain: below 1
 * favours the DataTable.
 */
import { cpus, loadavg } from 'node:os';
import type { Bench } from './harness/main';
import { median, openHarness } from './harness/serve';
import type { ScrollResult, TableKind } from './harness/table';

const ROWS = 10_000;
const RUNS = Number(process.env.BENCH_TABLE_RUNS ?? 5);
const SLOW_FRAMES = Number(process.env.BENCH_SLOW_FRAMES ?? 400);
const KINDS: readonly TableKind[] = ['ours', 'plain'];

declare const bench: Bench;

interface Round {
  readonly mount: number;
  readonly slow: ScrollResult;
  readonly fast: ScrollResult;
  readonly edit: { ms: number; rowsRendered: number };
}

const load = loadavg()[0]!.toFixed(1);
const harness = await openHarness();
const { page } = harness;
const rounds: Record<TableKind, Round[]> = { ours: [], plain: [] };
try {
  for (let round = 0; round < 1 + RUNS; round++) {
    const order = round % 2 ? [...KINDS].reverse() : KINDS;
    for (const kind of order) {
      const mount = await page.evaluate(([k, n]) => bench.mountTable(k, n), [kind, ROWS] as const);
      const slow = await page.evaluate((frames) => bench.scrollTable(400, frames), SLOW_FRAMES);
      const fast = await page.evaluate(() => bench.scrollTable(2000));
      if (!fast.reachedEnd) throw new Error(`${kind}: the scroll did not reach the last row.`);
      const edit = await page.evaluate((index) => bench.editRow(index), ROWS - 2);
      if (!edit.shown) throw new Error(`${kind}: the edited row was not painted.`);
      if (round > 0) rounds[kind].push({ mount, slow, fast, edit });
    }
  }
} finally {
  await harness.close();
}

const med = (kind: TableKind, pick: (r: Round) => number) => median(rounds[kind].map(pick));
const lines: [string, (r: Round) => number][] = [
  ['mount → first paint', (r) => r.mount],
  ['400 px/frame: frame p50', (r) => r.slow.p50FrameMs],
  ['400 px/frame: frame p95', (r) => r.slow.p95FrameMs],
  ['2,000 px/frame: frame p50', (r) => r.fast.p50FrameMs],
  ['2,000 px/frame: frame p95', (r) => r.fast.p95FrameMs],
  ['2,000 px/frame: worst frame', (r) => r.fast.maxFrameMs],
  ['edit one row → paint', (r) => r.edit.ms],
];
console.log(
  `${harness.chromium}; ${cpus().length} × ${cpus()[0]?.model.trim()}; load ${load} at start; ${new Date().toISOString().slice(0, 16)}Z`,
);
console.log(`${ROWS.toLocaleString('en')} rows; medians of ${RUNS} interleaved rounds; ratio = DataTable / plain (below 1 favours the DataTable)\n`);
console.log(`  ${'measure'.padEnd(28)} ${'DataTable'.padStart(10)} ${'plain'.padStart(10)} ${'ratio'.padStart(7)}`);
for (const [name, pick] of lines) {
  const ours = med('ours', pick);
  const plain = med('plain', pick);
  console.log(`  ${name.padEnd(28)} ${`${ours.toFixed(1)} ms`.padStart(10)} ${`${plain.toFixed(1)} ms`.padStart(10)} ${`${(ours / plain).toFixed(2)}×`.padStart(7)}`);
}
const perFrame = (kind: TableKind) => med(kind, (r) => r.fast.rowsPerFrame).toFixed(1);
console.log(`  row renders per 2,000 px frame: DataTable ${perFrame('ours')}, plain ${perFrame('plain')}`);
console.log(
  `  rows re-rendered by one edit (most in any round): DataTable ${Math.max(...rounds.ours.map((r) => r.edit.rowsRendered))}, plain ${Math.max(...rounds.plain.map((r) => r.edit.rowsRendered))}`,
);
