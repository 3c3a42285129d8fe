/**
 * The server as a process of its own (`server/main.ts`), for tests that need another process than the test's: one
 * killed with SIGKILL (no shutdown hook runs), or one beside an in-process server on the same database, whose memory
 * it does not share.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SERVER_VARS } from './start-server';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const running: ChildProcess[] = [];

/** Kills the servers `spawnServer` started that are still running (a test file's afterEach or afterAll). */
export function killSpawnedServers(): void {
  for (const child of running.splice(0)) child.kill('SIGKILL');
}

/**
 * Starts `server/main.ts` on `store` (DATA_DIR or DATABASE_URL) with the seed size; resolves with the child, once it
 * listens its URL, and `output(re)`, which resolves once its standard output matches.
 */
export function spawnServer(
  store: Record<string, string>,
  seed: 'small' | 'full' = 'small',
): { child: ChildProcess; url: Promise<string>; output: (re: RegExp) => Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...TEST_SERVER_VARS, ...store, PORTAL_SEED: seed, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const output = (re: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => re.test(out) && resolve();
      check();
      child.stdout!.on('data', check);
      child.on('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before printing ${re}: ${out.slice(-2000)}`)));
    });
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before listening: ${err.slice(-2000)}`)));
  });
  return { child, url, output };
}

/** Kills the server with SIGKILL; resolves once it has exited. */
export const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
