/** The built portal (`dist/`), its login module at `/login/` and `/d/`, and the generated docs at `/docs/`. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendPage } from './pages';

async function sendHtml(reply: FastifyReply, file: string) {
  if (!existsSync(file)) {
    return sendPage(reply, 503, 'The portal is not built', 'Run `npm run build` (or `npm start`, which builds what is missing), then reload this page.');
  }
  return reply.type('text/html; charset=utf-8').send(await readFile(file));
}

export function registerStaticPages(app: FastifyInstance, dirs: { distDir: string; docsDir: string }): void {
  const { distDir, docsDir } = dirs;
  const portal = join(distDir, 'index.html');
  const login = join(distDir, 'login', 'index.html');
  app.get('/', (_request, reply) => sendHtml(reply, portal));
  app.get('/index.html', (_request, reply) => sendHtml(reply, portal));
  // The login module: cloud sign-in lands on /login/, on-prem on /d/ (spec 000 §2).
  for (const path of ['/login', '/d']) {
    app.get(`${path}/`, (_request, reply) => sendHtml(reply, login));
    app.get(path, (_request, reply) => reply.redirect(`${path}/`, 301));
  }
  if (existsSync(distDir)) app.register(fastifyStatic, { root: distDir, index: false, wildcard: true });
  const site = join(docsDir, 'site');
  if (existsSync(site)) {
    // A returnUrl of /docs is a full page load (spec 000 §2); the static site lives under /docs/.
    app.get('/docs', (_request, reply) => reply.redirect('/docs/', 301));
    app.register(fastifyStatic, { root: site, prefix: '/docs/', decorateReply: false, index: 'index.html', redirect: true });
  }
}
