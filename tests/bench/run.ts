/**
 * `npm run bench [-- <name filter>]`: runs every `*.bench.ts` under tests/bench, one child process each (so one
 * benchmark's memory and caches do not colour the next), with the server's Node flags (the benchmarks that run it run
 * it in their own process), and fails when any of them fails. Each prints its own table.
 * The generated files the benchmarks import are brought up to date first (a fresh clone has none).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/serverFlags.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');

function benchFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? benchFiles(join(dir, e.name)) : e.name.endsWith('.bench.ts') ? [join(dir, e.name)] : []))
    .sort();
}

const filters = process.argv.slice(2);
const files = benchFiles(HERE).filter((f) => filters.length === 0 || filters.some((x) => relative(HERE, f).includes(x)));
if (files.length === 0) {
  console.error(`No benchmark matches ${filters.join(', ')}.`);
  process.exit(1);
}
const codegen = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'codegen', 'main.ts'), '--if-stale'], { stdio: 'inherit', cwd: ROOT });
if (codegen.status !== 0) process.exit(codegen.status ?? 1);
const failed: string[] = [];
for (const file of files) {
  const name = relative(ROOT, file);
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', file], { stdio: 'inherit', cwd: ROOT, env: process.env });
  console.log(`${r.status === 0 ? '✓' : '✗'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (r.status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
