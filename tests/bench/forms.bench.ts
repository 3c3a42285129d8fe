/**
 * Form benchmark: FormView against @rjsf/core configured as the portal's JSON-schema form (the same Mantine
 * templates and widgets, the same zod validator, validation on change) on the same generated schema and page, at 20,
 * 100, 500 and 2,000 fields. Measured on the page: first paint, every field in the DOM, keystroke → paint on the
 * first and on the last text field, submit with one field in ten invalid → every error painted, and a save the
 * server refuses (400 with one field in ten) → every field error painted. Runs interleave the two forms (the order
 * alternates per round); the figure is the median of BENCH_FORM_RUNS rounds (default 5) after one warm-up round.
 * Ratios are ours / rjsf: below 1 favours FormView. BENCH_FORM_SIZES overrides the sizes (e.g. "500").
 */
import { cpus, loadavg } from 'node:os';
import type { Bench, FormKind, MountFigures } from './harness/main';
import { median, openHarness } from './harness/serve';

const RUNS = Number(process.env.BENCH_FORM_RUNS ?? 5);
const SIZES = (process.env.BENCH_FORM_SIZES ?? '20,100,500,2000').split(',').map(Number);
const WARMUP = 1;
const KEYS = 3;

declare const bench: Bench;
declare const keystroke: Promise<number>;

const MEASURES = ['first paint', 'every field in the DOM', 'keystroke → paint, first field', 'keystroke → paint, last field', 'submit → errors painted', 'server 400 → errors painted'] as const;
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

async function round(kind: FormKind, n: number, into: Samples): Promise<void> {
  const mounted: MountFigures = await page.evaluate(([k, size]) => bench.mountForm(k, size, 'valid'), [kind, n] as const);
  into['first paint'].push(mounted.firstPaint);
  into['every field in the DOM'].push(mounted.allFields);
  const { first, last } = await page.evaluate((k) => bench.targets(k), kind);
  into['keystroke → paint, first field'].push(await typing(first));
  into['keystroke → paint, last field'].push(await typing(last));
  into['server 400 → errors painted'].push(await page.evaluate(() => bench.submit(true)));
  await page.evaluate(([k, size]) => bench.mountForm(k, size, 'invalid'), [kind, n] as const);
  into['submit → errors painted'].push(await page.evaluate(() => bench.submit(false)));
}

const results: { n: number; measure: Measure; ours: number; rjsf: number }[] = [];
const load = loadavg().map((l) => l.toFixed(2)).join(' ');
try {
  for (const n of SIZES) {
    const samples: Record<FormKind, Samples> = { ours: empty(), rjsf: empty() };
    for (let r = 0; r < WARMUP + RUNS; r++) {
      // Alternate which form goes first, so drift in the machine's load colours both alike.
      const order: FormKind[] = r % 2 === 0 ? ['ours', 'rjsf'] : ['rjsf', 'ours'];
      for (const kind of order) {
        const into = r < WARMUP ? empty() : samples[kind];
        await round(kind, n, into);
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
    `load average at start ${load}, at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}; median of ${RUNS} interleaved rounds after ${WARMUP} warm-up`,
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
