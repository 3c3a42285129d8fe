/**
 * The isolation services of an on-premises appliance (spec 000 §2 routes `web` and `safemail`, spec 002 §7
 * `/api/v1/settings/{web, safemail, attachments}`): served only on the appliance that runs the service, saved with a
 * stamp, bad values refused with their path and nothing changed, kept across a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../setup/start-server';
import { signedIn } from './helpers';

const WEB = '/api/v1/settings/web';
const SAFEMAIL = '/api/v1/settings/safemail';
const ATTACHMENTS = '/api/v1/settings/attachments';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('web isolation service settings on a web appliance', () => {
  // Starts the appliance twice: a server start takes tens of seconds on a loaded machine.
  it('reads the defaults, refuses a bad port with its path changing nothing, saves a good change that survives a restart', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-web-service-'));
    dirs.push(dir);
    const start = () => startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview', DATA_DIR: dir } });
    let server = await start();
    try {
      const admin = await signedIn('admin', server.url);
      const first = await admin.get(WEB);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ explicit_proxy: true, proxy_port: 3128, unmatched_action: 'isolate', sessions_per_user: 10 });

      const bad = await admin.put(WEB, { body: { ...first.body, proxy_port: 70000, sessions_per_user: 0 } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['proxy_port', 'sessions_per_user']);
      expect((await admin.get(WEB)).body).toEqual(first.body);

      const saved = await admin.put(WEB, { body: { ...first.body, proxy_port: 8080, allow_clipboard_out: true } });
      expect(saved.status, saved.text).toBe(200);
      const stale = await admin.put(WEB, { body: { ...first.body, proxy_port: 9090 } });
      expect(stale.status).toBe(409);

      expect((await admin.get(SAFEMAIL)).status).toBe(404);
      await server.close();
      server = await start();
      const again = await signedIn('admin', server.url);
      expect((await again.get(WEB)).body).toMatchObject({ proxy_port: 8080, allow_clipboard_out: true });
    } finally {
      await server.close();
    }
  });
});

describe('mail isolation service settings on a mail appliance', () => {
  it('saves protected domains and attachment handling, refusing a bad domain and an unknown action', { timeout: 180_000 }, async () => {
    const server = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safemail' } });
    try {
      const admin = await signedIn('admin', server.url);
      const mail = (await admin.get(SAFEMAIL)).body;
      expect(mail).toMatchObject({ protected_domains: [], link_action: 'read_only', downstream_port: 25 });
      const badMail = await admin.put(SAFEMAIL, { body: { ...mail, protected_domains: ['example.com', 'not a domain'] } });
      expect(badMail.status).toBe(400);
      expect(badMail.body.errors.map((e: { path: string }) => e.path)).toEqual(['protected_domains.1']);
      const goodMail = await admin.put(SAFEMAIL, { body: { ...mail, protected_domains: ['example.com'], downstream_host: 'mx.example.com' } });
      expect(goodMail.status, goodMail.text).toBe(200);
      expect((await admin.get(SAFEMAIL)).body).toMatchObject({ protected_domains: ['example.com'], downstream_host: 'mx.example.com' });

      const files = (await admin.get(ATTACHMENTS)).body;
      expect(files).toMatchObject({ action: 'isolate', encrypted_action: 'ask', blocked_types: [] });
      expect((await admin.put(ATTACHMENTS, { body: { ...files, action: 'quarantine' } })).status).toBe(400);
      const goodFiles = await admin.put(ATTACHMENTS, { body: { ...files, action: 'convert', blocked_types: ['exe', 'js'] } });
      expect(goodFiles.status, goodFiles.text).toBe(200);
      expect((await admin.get(WEB)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('in the cloud', () => {
  // The suite's own server is the cloud deployment.
  it('serves no appliance service settings', async () => {
    const admin = await signedIn('admin');
    for (const path of [WEB, SAFEMAIL, ATTACHMENTS]) expect((await admin.get(path)).status, path).toBe(404);
  });
});
