/**
 * Shared by the server benchmarks: the reference server in its own process (`server/main.ts`, as in production; a
 * load generator sharing the server's event loop measures its own queueing) and a sign-in over the API.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free loopback port. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** Starts `server/main.ts` in a child process and resolves once `/healthz` answers. */
export async function startServerProcess(vars: Record<string, string | undefined>, timeoutMs = 300_000): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error', ...vars },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (waited > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within ${timeoutMs / 1000} s`);
    }
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs in over the API (as admin unless told); answers the headers of later calls (cookie, XSRF). */
export async function signIn(url: string, username = 'admin', password = 'admin-demo'): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  keep(await fetch(`${url}/api/portal/config`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${url}/api/auth/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(), 'X-XSRFToken': jar.get('_xsrf')! },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  keep(res);
  return { cookie: cookie(), 'X-XSRFToken': jar.get('_xsrf')! };
}
