import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createRegistry } from '../definitions/registry';
import { buildApp } from './app';
import { IMMUTABLE, REVALIDATE } from './staticPages';
import type { Db } from './types';

// Page routes never touch the store.
const db = { kind: 'pglite' } as Db;
const env = { deployment: 'cloud', appMode: 'cloud', production: true } as const;
const registry = createRegistry({ sections: [], screens: [], operations: [] });

function appWith(files: Record<string, string | Buffer>) {
  const root = mkdtempSync(join(tmpdir(), 'pages-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return buildApp({ db, env, registry, modules: [], distDir: join(root, 'dist'), docsDir: join(root, 'docs') });
}

describe('pages', () => {
  const built = appWith({
    'dist/index.html': '<title>portal</title>',
    'dist/login/index.html': '<title>login</title>',
    'dist/assets/app-1a2b.js': 'console.log(1)',
    'docs/site/index.html': '<title>docs</title>',
  });
  const bare = appWith({});
  afterAll(async () => {
    await built.close();
    await bare.close();
  });

  it('serve the portal at /, the login module at /login/ and /d/, and assets statically', async () => {
    expect((await built.inject({ url: '/' })).body).toBe('<title>portal</title>');
    expect((await built.inject({ url: '/login/' })).body).toBe('<title>login</title>');
    expect((await built.inject({ url: '/d/' })).body).toBe('<title>login</title>');
    expect((await built.inject({ url: '/login' })).headers.location).toBe('/login/');
    // The appliance-settings path (spec 000 §2): the same portal, whose empty root then opens Settings on premises.
    expect((await built.inject({ url: '/appliance-settings/' })).body).toBe('<title>portal</title>');
    expect((await built.inject({ url: '/appliance-settings' })).headers.location).toBe('/appliance-settings/');
    const asset = await built.inject({ url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  it('send the build\'s brotli or gzip copy to a browser that accepts it, and the plain file otherwise', async () => {
    const code = 'console.log("compressed");'.repeat(10);
    const page = '<title>portal, compressed</title>';
    const app = appWith({
      'dist/index.html': page,
      'dist/index.html.br': brotliCompressSync(page),
      'dist/index.html.gz': gzipSync(page),
      'dist/assets/big-9f8e.js': code,
      'dist/assets/big-9f8e.js.br': brotliCompressSync(code),
      'dist/assets/big-9f8e.js.gz': gzipSync(code),
    });
    try {
      const br = await app.inject({ url: '/assets/big-9f8e.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(code);
      const gz = await app.inject({ url: '/assets/big-9f8e.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(code);
      const plain = await app.inject({ url: '/assets/big-9f8e.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(code);

      const html = await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(html.headers['content-encoding']).toBe('gzip');
      expect(html.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(html.rawPayload).toString()).toBe(page);
    } finally {
      await app.close();
    }
  });

  it('cache hashed assets for a year as immutable, and make the pages revalidate', async () => {
    expect((await built.inject({ url: '/assets/app-1a2b.js' })).headers['cache-control']).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/login/', '/d/']) expect((await built.inject({ url })).headers['cache-control']).toBe(REVALIDATE);
  });

  it('serve the generated docs site at /docs/', async () => {
    expect((await built.inject({ url: '/docs/' })).body).toBe('<title>docs</title>');
    expect((await bare.inject({ url: '/docs/' })).statusCode).toBe(404);
  });

  it('say to run npm run build when the portal is not built', async () => {
    for (const url of ['/', '/login/']) {
      const res = await bare.inject({ url });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('npm run build');
    }
  });

  it('answer a missing file with 404', async () => {
    expect((await built.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
