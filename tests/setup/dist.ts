/**
 * The portal's build for the browser suite and the benches: `buildDistIfStale()` builds dist/ when it is missing or
 * older than its sources. Run as a script (`npx tsx tests/setup/dist.ts`), it does so once before `npm test` starts
 * its browser runs side by side, which then find the build current (two builds into one folder at once would mix).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** What the bundle is built from. */
const SOURCES = ['src', 'engine', 'definitions', 'schemas', 'login', 'provider', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Whether dist/ must be (re)built. */
export function distIsStale(root = ROOT): boolean {
  const built = join(root, 'dist', 'index.html');
  const login = join(root, 'dist', 'login', 'index.html');
  if (!existsSync(built) || !existsSync(login)) return true;
  const builtAt = Math.min(statSync(built).mtimeMs, statSync(login).mtimeMs);
  return SOURCES.some((s) => existsSync(join(root, s)) && newestMtime(join(root, s)) > builtAt);
}

/** Builds dist/ (a production build) when it is stale. */
export function buildDistIfStale(): void {
  if (!distIsStale()) return;
  // Vitest sets NODE_ENV=test, which would give a development build of React.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildDistIfStale();
