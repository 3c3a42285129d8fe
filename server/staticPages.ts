/**
 * The built portal (`dist/`), its login module at `/login/` and `/d/`, the provider console at `/provider/`, and the
 * generated docs at `/docs/`.
 * Downloads: the build writes brotli and gzip copies beside each file (vite.config.ts), sent to browsers that accept
 * them; hashed assets (`/assets/*-<hash>.js`) are cached for a year as immutable, the HTML pages are revalidated on
 * every visit (`no-cache`), so a new build is picked up at once.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APPLIANCE_SETTINGS_PATH } from '../schemas/constants';
import { sendPage } from './pages';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The pre-compressed copies, in order of preference, with the encoding they carry. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Whether the request accepts an encoding (`br`, `gzip`), ignoring those refused with q=0. */
function accepts(request: FastifyRequest, encoding: string): boolean {
  const header = request.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    return name?.trim() === encoding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

async function sendHtml(request: FastifyRequest, reply: FastifyReply, file: string) {
  if (!existsSync(file)) {
    return sendPage(reply, 503, 'The portal is not built', 'Run `npm run build` (or `npm start`, which builds what is missing), then reload this page.');
  }
  reply.type('text/html; charset=utf-8').header('Cache-Control', REVALIDATE).header('Vary', 'Accept-Encoding');
  const encoded = ENCODINGS.find((e) => accepts(request, e.name) && existsSync(file + e.suffix));
  if (encoded) return reply.header('Content-Encoding', encoded.name).send(await readFile(file + encoded.suffix));
  return reply.send(await readFile(file));
}

export function registerStaticPages(app: FastifyInstance, dirs: { distDir: string; docsDir: string }): void {
  const { distDir, docsDir } = dirs;
  const portal = join(distDir, 'index.html');
  const login = join(distDir, 'login', 'index.html');
  app.get('/', (request, reply) => sendHtml(request, reply, portal));
  app.get('/index.html', (request, reply) => sendHtml(request, reply, portal));
  // The same portal on the appliance-settings path, whose empty root opens Settings on premises (spec 000 §2).
  app.get(APPLIANCE_SETTINGS_PATH, (request, reply) => sendHtml(request, reply, portal));
  app.get(APPLIANCE_SETTINGS_PATH.slice(0, -1), (_request, reply) => reply.redirect(APPLIANCE_SETTINGS_PATH, 301));
  // The login module: cloud sign-in lands on /login/, on-prem on /d/ (spec 000 §2).
  for (const path of ['/login', '/d']) {
    app.get(`${path}/`, (request, reply) => sendHtml(request, reply, login));
    app.get(path, (_request, reply) => reply.redirect(`${path}/`, 301));
  }
  // The provider console: the same shell showing the console's sections (src/application.ts).
  const provider = join(distDir, 'provider', 'index.html');
  app.get('/provider/', (request, reply) => sendHtml(request, reply, provider));
  app.get('/provider', (_request, reply) => reply.redirect('/provider/', 301));
  if (existsSync(distDir)) {
    app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : REVALIDATE),
    });
  }
  const site = join(docsDir, 'site');
  if (existsSync(site)) {
    // A returnUrl of /docs is a full page load (spec 000 §2); the static site lives under /docs/.
    app.get('/docs', (_request, reply) => reply.redirect('/docs/', 301));
    app.register(fastifyStatic, { root: site, prefix: '/docs/', decorateReply: false, index: 'index.html', redirect: true });
  }
}
