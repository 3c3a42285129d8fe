#!/usr/bin/env node
// `npm start`: builds the portal when dist/ is missing or older than its sources, then runs the reference server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { setInterval, clearInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_NODE_FLAGS } from './serverFlags.mjs';
import { readyLines, portalAddress } from './startLines.mjs';

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
  // The build prints nothing until it ends: a line every 5 s says it is still going.
  const started = Date.now();
  const ticking = setInterval(() => console.log(`Building the portal: ${Math.round((Date.now() - started) / 1000)} s so far…`), 5_000);
  const status = await new Promise((resolve) => {
    spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' }).on('exit', (code) => resolve(code ?? 1));
  });
  clearInterval(ticking);
  if (status !== 0) process.exit(status);
}

const env = { NODE_ENV: 'production', PORTAL_PRODUCTION: 'true', ...process.env };
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));

// The first start seeds the demo data for a while: once the server answers, say where to sign in and how.
const health = `${portalAddress(env).replace('//localhost:', '//127.0.0.1:').replace(/\/(d\/)?$/, '')}/healthz`;
const answers = () =>
  new Promise((resolve) => {
    get(health, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    }).on('error', () => resolve(false));
  });
while (!(await answers())) await sleep(500);
for (const line of readyLines(env)) console.log(line);
