/**
 * Form benchmark: FormView against @rjsf/core on the same generated schema (500 and 2,000 fields) in headless
 * Chromium: mount time (call → first paint after the commit) and keystroke-to-paint (one character typed into a text
 * field near the end of the form → first paint after the input is handled). Medians after a warm-up; the ratio is
 * rjsf / ours, so above 1 means ours is faster. BENCH_FORM_RUNS sets the measured rounds (default 7: one mount and
 * three keystrokes each); BENCH_FORM_SIZES overrides the sizes (e.g. "500").
 */
import type { Bench, FormKind } from './harness/main';
import { median, openHarness } from './harness/serve';

const RUNS = Number(process.env.BENCH_FORM_RUNS ?? 7);
const SIZES = (process.env.BENCH_FORM_SIZES ?? '500,2000').split(',').map(Number);
const KINDS: readonly FormKind[] = ['ours', 'rjsf'];
const WARMUP = 2;
const KEYS_PER_ROUND = 3;

declare const bench: Bench;
declare const keystroke: Promise<number>;

const harness = await openHarness();
const { page } = harness;

async function mountTime(kind: FormKind, n: number): Promise<number> {
  return page.evaluate(([k, size]) => bench.mountForm(k, size), [kind, n] as const);
}

async function keystrokeTime(): Promise<number> {
  await page.evaluate(() => bench.armKeystroke());
  await page.keyboard.press('a');
  return page.evaluate(() => keystroke);
}

interface Figure {
  readonly n: number;
  readonly metric: 'mount' | 'keystroke';
  readonly ours: number;
  readonly rjsf: number;
}
const figures: Figure[] = [];

try {
  console.log(`${harness.chromium}; ${RUNS} mounts and ${RUNS * KEYS_PER_ROUND} keystrokes per figure (medians, ms)`);
  for (const n of SIZES) {
    const mounts: Record<FormKind, number[]> = { ours: [], rjsf: [] };
    const keys: Record<FormKind, number[]> = { ours: [], rjsf: [] };
    // Rounds alternate the two implementations, so that drift in the machine's load colours both alike.
    for (let round = 0; round < WARMUP + RUNS; round++) {
      for (const kind of KINDS) {
        const ms = await mountTime(kind, n);
        const selector = await page.evaluate(([k, size]) => bench.target(k, size), [kind, n] as const);
        // Scroll down as a person would until the field is there (FormView renders far-off fields on approach).
        while (!(await page.$(selector))) {
          await page.mouse.wheel(0, 2000);
          await page.waitForTimeout(50);
        }
        await page.focus(selector);
        const typed: number[] = [];
        for (let i = 0; i < 1 + KEYS_PER_ROUND; i++) typed.push(await keystrokeTime());
        const value = await page.inputValue(selector);
        if (!value.endsWith('a'.repeat(typed.length))) throw new Error(`${kind}: the keystrokes did not reach ${selector} ("${value}")`);
        if (round < WARMUP) continue;
        mounts[kind].push(ms);
        // The first key press after focusing pays for the focus (caret, scroll into view): not counted.
        keys[kind].push(...typed.slice(1));
      }
    }
    for (const metric of ['mount', 'keystroke'] as const) {
      const source = metric === 'mount' ? mounts : keys;
      figures.push({ n, metric, ours: median(source.ours), rjsf: median(source.rjsf) });
    }
  }
} finally {
  await harness.close();
}

console.log('\n  fields  measure              FormView       @rjsf/core   ratio rjsf/ours');
for (const f of figures) {
  console.log(
    `  ${String(f.n).padStart(6)}  ${(f.metric === 'mount' ? 'mount' : 'keystroke → paint').padEnd(18)} ${f.ours.toFixed(1).padStart(9)} ms ${f.rjsf.toFixed(1).padStart(12)} ms ${`${(f.rjsf / f.ours).toFixed(2)}×`.padStart(12)}`,
  );
}
const lost = figures.filter((f) => f.ours >= f.rjsf);
if (lost.length) {
  console.log(`\n  FormView is not faster on: ${lost.map((f) => `${f.n} fields ${f.metric}`).join(', ')}`);
  process.exitCode = 1;
}
