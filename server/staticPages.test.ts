import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRegistry } from '../definitions/registry';
import { buildApp } from './app';
import type { Db } from './types';

// Page routes never touch the store.
const db = { kind: 'pglite' } as Db;
const env = { deployment: 'cloud', appMode: 'cloud', production: true } as const;
const registry = createRegistry({ sections: [], screens: [], operations: [] });

function appWith(files: Record<string, string>) {
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
    const asset = await built.inject({ url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
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
