/**
 * Rule table benchmark: a DataTable of 10,000 rule rows (multiple selection, reorderable) in headless Chromium: mount
 * (call → first paint), a scripted scroll to the end (BENCH_SCROLL_STEP px per frame: frames, p95 and worst frame,
 * long tasks), and renaming one visible row (time to paint, and how many rows re-rendered: the table memoises rows by
 * tracking key, so it should be one). Medians of BENCH_TABLE_RUNS runs (default 5) after a warm-up.
 */
import type { Bench, ScrollResult } from './harness/main';
import { median, openHarness } from './harness/serve';

const ROWS = 10_000;
const RUNS = Number(process.env.BENCH_TABLE_RUNS ?? 5);
const STEP = Number(process.env.BENCH_SCROLL_STEP ?? 2000);

declare const bench: Bench;

const harness = await openHarness();
const { page } = harness;
const mounts: number[] = [];
const scrolls: ScrollResult[] = [];
const edits: { ms: number; rowsRendered: number }[] = [];
try {
  for (let run = 0; run < 1 + RUNS; run++) {
    const mount = await page.evaluate((n) => bench.mountTable(n), ROWS);
    const scroll = await page.evaluate((step) => bench.scrollTable(step), STEP);
    if (!scroll.reachedEnd) throw new Error('The scroll did not reach the last row.');
    const edit = await page.evaluate((index) => bench.editRow(index), ROWS - 2);
    if (!edit.shown) throw new Error('The edited row was not painted.');
    if (run === 0) continue;
    mounts.push(mount);
    scrolls.push(scroll);
    edits.push(edit);
  }
} finally {
  await harness.close();
}

const m = (pick: (s: ScrollResult) => number) => median(scrolls.map(pick));
console.log(`${harness.chromium}; ${ROWS.toLocaleString('en')} rows, ${RUNS} runs (medians)`);
console.log(`  mount                      ${median(mounts).toFixed(1).padStart(8)} ms`);
console.log(
  `  scroll to the end          ${m((s) => s.ms).toFixed(0).padStart(8)} ms in ${m((s) => s.frames)} frames of ${STEP} px; ` +
    `p95 frame ${m((s) => s.p95FrameMs).toFixed(1)} ms, worst ${m((s) => s.maxFrameMs).toFixed(1)} ms; ` +
    `${m((s) => s.longTasks)} long tasks (${m((s) => s.longTaskMs).toFixed(0)} ms); ${m((s) => s.rowsPerFrame).toFixed(1)} row renders per frame`,
);
console.log(
  `  edit one row → paint       ${median(edits.map((e) => e.ms)).toFixed(1).padStart(8)} ms; rows re-rendered: ${Math.max(...edits.map((e) => e.rowsRendered))} (most in any run)`,
);
