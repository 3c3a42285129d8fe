/**
 * Form benchmark: FormView against @rjsf/core configured as the portal's JSON-schema form (the same Mantine
 * templates and widgets, the same zod validator, validation on change) on the same generated schema and page, at 20,
 * 100, 500 and 2,000 fields. Measured on the page: first paint, every field in the DOM, keystroke → paint on the
 * first and on the last text field, submit with one field in ten invalid → every error painted, and a save the
 * server refuses (400 with one field in ten) → every field error painted; for both submits also the time until the
 * errors are in the DOM (the work, without the wait for the frame that shows it). Runs interleave the two forms (the
 * order alternates per round); the figure is the median of BENCH_FORM_RUNS rounds (default 5; three times as many up
 * to 100 fields) after one warm-up round. The two submits click 200 ms after the form was mounted (not while the
 * browser still draws the mount), at the same point of a frame in both forms' runs of a round, spread over a frame
 * across the rounds: a paint waits for the next 60 Hz frame, so a fixed point would favour whichever form's click
 * came later.
 * Ratios are ours / rjsf: below 1 favours FormView. BENCH_FORM_SIZES overrides the sizes (e.g. "500").
 */
import { cpus, loadavg } from 'node:os';
import type { Bench, FormKind, MountFigures } from './harness/main';
import { median, openHarness } from './harness/serve';

const RUNS = Number(process.env.BENCH_FORM_RUNS ?? 5);
/**
 * Rounds at a size: three times RUNS up to 100 fields, where a measure is about one frame and when the browser draws
 * that frame wanders by more than the two forms differ; a round there takes well under a second.
 */
const roundsAt = (n: number) => (n <= 100 ? RUNS * 3 : RUNS);
const SIZES = (process.env.BENCH_FORM_SIZES ?? '20,100,500,2000').split(',').map(Number);
const WARMUP = 1;
const KEYS = 3;

declare const bench: Bench;
declare const keystroke: Promise<number>;

const MEASURES = [
  'first paint',
  'every field in the DOM',
  'keystroke → paint, first field',
  'keystroke → paint, last field',
  'submit → errors painted',
  'submit → errors in the DOM',
  'server 400 → errors painted',
  'server 400 → errors in the DOM',
] as const;
type Measure = (typeof MEASURES)[number];
type Samples = Record<Measure, number[]>;
const empty = (): Samples => Object.fromEntries(MEASURES.map((m) => [m, []])) as unknown as Samples;

const harness = await openHarness();
const { page } = harness;

/** Median time of KEYS key presses into the field (the first press after focusing pays for the focus: not counted). */
async function typing(selector: string): Promise<number> {
  await page.focus(selector);
  const times: number[] = [];
  for (let i = 0; i <= KEYS; i++) {
    await page.evaluate(() => bench.armKeystroke());
    await page.keyboard.press('a');
    times.push(await page.evaluate(() => keystroke));
  }
  const value = await page.inputValue(selector);
  if (!value.endsWith('a'.repeat(KEYS + 1))) throw new Error(`the keystrokes did not reach ${selector} ("${value}")`);
  return median(times.slice(1));
}

/** A frame at 60 Hz: the rounds' clicks are spread over it (see the harness's submit). */
const FRAME_MS = 1000 / 60;

async function round(kind: FormKind, n: number, into: Samples, phase: number): Promise<void> {
  const mounted: MountFigures = await page.evaluate(([k, size]) => bench.mountForm(k, size, 'valid'), [kind, n] as const);
  into['first paint'].push(mounted.firstPaint);
  into['every field in the DOM'].push(mounted.allFields);
  const { first, last } = await page.evaluate((k) => bench.targets(k), kind);
  into['keystroke → paint, first field'].push(await typing(first));
  into['keystroke → paint, last field'].push(await typing(last));
  const refused = await page.evaluate((p) => bench.submit(true, p), phase);
  into['server 400 → errors painted'].push(refused.painted);
  into['server 400 → errors in the DOM'].push(refused.inDom);
  await page.evaluate(([k, size]) => bench.mountForm(k, size, 'invalid'), [kind, n] as const);
  const submitted = await page.evaluate((p) => bench.submit(false, p), phase);
  into['submit → errors painted'].push(submitted.painted);
  into['submit → errors in the DOM'].push(submitted.inDom);
}

const results: { n: number; measure: Measure; ours: number; rjsf: number }[] = [];
const load = loadavg().map((l) => l.toFixed(2)).join(' ');
try {
  for (const n of SIZES) {
    const samples: Record<FormKind, Samples> = { ours: empty(), rjsf: empty() };
    const runs = roundsAt(n);
    for (let r = 0; r < WARMUP + runs; r++) {
      // Alternate which form goes first, so drift in the machine's load colours both alike.
      const order: FormKind[] = r % 2 === 0 ? ['ours', 'rjsf'] : ['rjsf', 'ours'];
      // Both forms click at the same point of a frame; the rounds spread that point over the frame.
      const phase = Math.round((((r - WARMUP + runs) % runs) / runs) * FRAME_MS);
      for (const kind of order) {
        const into = r < WARMUP ? empty() : samples[kind];
        await round(kind, n, into, phase);
      }
    }
    for (const measure of MEASURES) results.push({ n, measure, ours: median(samples.ours[measure]), rjsf: median(samples.rjsf[measure]) });
  }
} finally {
  await harness.close();
}

const cpu = cpus();
console.log(
  `\n${new Date().toISOString().slice(0, 10)}; ${harness.chromium}; ${cpu.length} × ${cpu[0]?.model.trim()}; ` +
    `load average at start ${load}, at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}; median of ${RUNS} interleaved rounds (${RUNS * 3} up to 100 fields) after ${WARMUP} warm-up`,
);
console.log('\n| measure | fields | FormView | @rjsf/core | ours / rjsf |\n| --- | ---: | ---: | ---: | ---: |');
for (const measure of MEASURES) {
  for (const r of results.filter((x) => x.measure === measure)) {
    console.log(`| ${measure} | ${r.n} | ${r.ours.toFixed(1)} ms | ${r.rjsf.toFixed(1)} ms | ${(r.ours / r.rjsf).toFixed(2)} |`);
  }
}

// Targets: never slower than rjsf; at 500 and 2,000 fields at least 2× faster on submit and on every field in the
// DOM; keystroke → paint on the last field of 2,000 within a 60 Hz frame.
const missed = results.filter(
  (r) =>
    r.ours > r.rjsf ||
    (r.n >= 500 && ['submit → errors painted', 'every field in the DOM'].includes(r.measure) && r.ours * 2 > r.rjsf) ||
    (r.n === 2000 && r.measure === 'keystroke → paint, last field' && r.ours > 16),
);
if (missed.length) {
  console.log(`\nTargets missed: ${missed.map((r) => `${r.measure} at ${r.n} fields`).join('; ')}`);
  process.exitCode = 1;
}
