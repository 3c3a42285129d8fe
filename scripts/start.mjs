#!/usr/bin/env node
// `npm start`: builds the portal when dist/ is missing or older than its sources, then runs the reference server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['index.html', 'login', 'provider', 'src', 'engine', 'definitions', 'schemas', 'vite.config.ts', 'package-lock.json'];
const STAMP = join('dist', 'index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), st.mtimeMs);
}

export function buildIsStale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newestMtime(s) > built);
}

const codegen = spawnSync('npx', ['tsx', 'codegen/main.ts', '--if-stale'], { stdio: 'inherit' });
if (codegen.status !== 0) process.exit(codegen.status ?? 1);

if (buildIsStale()) {
  console.log('Building the portal (dist/ is missing or older than its sources)…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const env = { NODE_ENV: 'production', PORTAL_PRODUCTION: 'true', ...process.env };
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
