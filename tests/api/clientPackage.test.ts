/**
 * The client package for scripts (`npm run codegen` writes it to engine/generated/portal-client): a script outside
 * the repository imports it by its package name, compiles against its types (a wrong parameter name does not
 * compile), signs in and reads and tries to save a policy area on the live server, and gets what the API answers.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_PACKAGE_DIR } from '../../codegen/client';
import { ROOT } from '../../codegen/load';
import { ACCOUNTS, baseUrl, signedIn, SSL_BYPASS, stagedRev } from './helpers';

const run = promisify(execFile);
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

const SCRIPT = `import { portalClient, PortalError } from 'portal-client';

const portal = portalClient({ baseUrl: process.env.PORTAL_URL! });
await portal.signIn('auditor', process.env.PORTAL_PASSWORD!);
const { staged_rev_id: rev } = await portal.policyRevision();
const doc = await portal.webSslBypassGet({ params: { rev } });
let refused: number | undefined;
try {
  await portal.webSslBypassSave({ params: { rev }, body: doc });
} catch (e) {
  if (e instanceof PortalError) refused = e.status;
}
console.log(JSON.stringify({ rev, destinations: doc.list.map((entry) => entry.destination), refused }));
`;

let dir: string;

/** Type-checks a script in the scratch project. */
const compile = (file: string, text: string) => {
  writeFileSync(join(dir, file), text);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2023',
        lib: ['ES2023', 'DOM'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        typeRoots: [join(ROOT, 'node_modules/@types')],
        types: ['node'],
      },
      files: [file],
    }),
  );
  return run(bin('tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: dir }).then(
    () => '',
    (e: { stdout: string }) => e.stdout,
  );
};

beforeAll(() => {
  // A project of its own outside the repository, with the package installed under its name.
  dir = mkdtempSync(join(tmpdir(), 'portal-script-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(ROOT, CLIENT_PACKAGE_DIR), join(dir, 'node_modules/portal-client'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'a-script', private: true, type: 'module' }));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the client package', { timeout: 120_000 }, () => {
  it('compiles a script against its types, and refuses a parameter the operation does not take', async () => {
    expect(await compile('script.ts', SCRIPT)).toBe('');
    const typo = await compile('typo.ts', SCRIPT.replace('webSslBypassGet({ params: { rev } })', 'webSslBypassGet({ params: { revision: rev } })'));
    expect(typo).toMatch(/typo\.ts.*error TS2353: Object literal may only specify known properties, and 'revision' does not exist/);
  });

  it('runs the script against the live server: it reads what the API answers, and a save is refused for an auditor', async () => {
    writeFileSync(join(dir, 'script.ts'), SCRIPT);
    const { stdout } = await run(bin('tsx'), ['script.ts'], { cwd: dir, env: { ...process.env, PORTAL_URL: baseUrl(), PORTAL_PASSWORD: ACCOUNTS.auditor } });
    const out = JSON.parse(stdout.trim()) as { rev: number; destinations: string[]; refused?: number };
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const expected = (await admin.get(`${SSL_BYPASS}/${rev}`)).body as { list: { destination: string }[] };
    expect(out.rev).toBe(rev);
    expect(out.destinations).toEqual(expected.list.map((e) => e.destination));
    expect(out.destinations.length).toBeGreaterThan(0);
    expect(out.refused).toBe(403);
  });
});
