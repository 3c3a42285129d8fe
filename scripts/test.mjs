#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure. Installs Debian's Chromium for the
// browser tests when it is missing and we run as root; otherwise says how to get it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Debian's Chromium is needed for the browser tests and ${CHROMIUM} is missing.\n` +
        'Install it as root with:  apt-get update && apt-get install -y chromium',
    );
    process.exit(1);
  }
  run('install chromium', 'apt-get', ['update', '-qq']);
  run('install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' });
}

ensureChromium();
run('generated files (the committed contract docs/openapi.json must be current)', 'npx', ['tsx', 'codegen/main.ts', '--check']);
run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);

const report = join(mkdtempSync(join(tmpdir(), 'portal-test-')), 'vitest.json');
run('unit, component, api and e2e tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
const result = JSON.parse(readFileSync(report, 'utf8'));
if (result.numTotalTests === 0) {
  console.error('No test ran.');
  process.exit(1);
}
console.log(`\n${result.numPassedTests} passed, ${result.numFailedTests} failed, ${result.numPendingTests} skipped`);
