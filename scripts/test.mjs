#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure. Installs Debian's headless Chromium for
// the browser tests when it is missing and we run as root; otherwise says how to get it.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The browser suite runs on Debian's headless shell, or on Chromium itself when only that is installed (about twice
// the processor time: tests/e2e/helpers.ts).
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = '/usr/bin/chromium';

function run(label, cmd, args, extraEnv = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (r.status !== 0) {
    console.error(`✖ ${label} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status ?? 1);
  }
}

function ensureChromium() {
  if (existsSync(HEADLESS_SHELL)) return;
  if (process.getuid?.() !== 0) {
    if (existsSync(CHROMIUM)) {
      console.warn('The browser tests run on Chromium: Debian\'s chromium-headless-shell would take about half the time.');
      return;
    }
    console.error(
      `Debian's headless Chromium is needed for the browser tests and ${HEADLESS_SHELL} is missing.\n` +
        'Install it as root with:  apt-get update && apt-get install -y chromium-headless-shell',
    );
    process.exit(1);
  }
  run('install chromium', 'apt-get', ['update', '-qq']);
  run('install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { DEBIAN_FRONTEND: 'noninteractive' });
}

ensureChromium();
run('generated files (the committed contract docs/openapi.json must be current)', 'npx', ['tsx', 'codegen/main.ts', '--check']);
run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);

// The unit and component tests first (two workers), then the API and browser suites side by side: each drives its
// own server and mostly waits on it, so run one after the other they leave a core idle (21 min against 13).
const reports = mkdtempSync(join(tmpdir(), 'portal-test-'));
const vitestArgs = (name, projects) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, `${name}.json`)}`,
];
run('unit and component tests', 'npx', [...vitestArgs('fast', ['unit', 'component', 'component-mocks']), '--maxWorkers=2']);

/** Runs a command with each line of its output prefixed by its name; resolves with its exit status. */
function runPrefixed(name, cmd, args) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
// One folder of seeded stores for both runs (tests/setup/start-server.ts): a configuration both start servers of is
// seeded once, not once in each. CI names a folder of its own that its run on the cluster shares too.
const ownTemplates = !process.env.PORTAL_TEST_STORE_TEMPLATES;
if (ownTemplates) process.env.PORTAL_TEST_STORE_TEMPLATES = mkdtempSync(join(tmpdir(), 'portal-templates-'));
const statuses = await Promise.all([
  runPrefixed('api', 'npx', vitestArgs('api', ['api'])),
  runPrefixed('e2e', 'npx', vitestArgs('e2e', ['e2e'])),
]);
if (ownTemplates) rmSync(process.env.PORTAL_TEST_STORE_TEMPLATES, { recursive: true, force: true });

const totals = { passed: 0, failed: 0, skipped: 0, total: 0 };
for (const name of ['fast', 'api', 'e2e']) {
  const file = join(reports, `${name}.json`);
  if (!existsSync(file)) continue;
  const result = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  totals.skipped += result.numPendingTests;
  totals.total += result.numTotalTests;
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (statuses.some((s) => s !== 0)) {
  console.error(`✖ tests failed (api exit ${statuses[0]}, e2e exit ${statuses[1]}).`);
  process.exit(1);
}
if (totals.total === 0) {
  console.error('No test ran.');
  process.exit(1);
}
