/**
 * Global set-up of the browser suite: builds the portal when dist/ is missing or older than its sources, starts a
 * reference server (cloud, production, so sign-in runs the single sign-on flow) and hands its URL to the tests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startTestServer, makeStoreTemplates, type TestServer } from './start-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

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

let server: TestServer | undefined;
let removeTemplates: (() => void) | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (distIsStale()) {
    // Vitest sets NODE_ENV=test, which would give a development build of React.
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  removeTemplates = makeStoreTemplates();
  server = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'cloud', PORTAL_PRODUCTION: 'true' } });
  project.provide('baseUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.close();
  removeTemplates?.();
}
