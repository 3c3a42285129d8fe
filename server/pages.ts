/** The few HTML pages the server writes itself (no script, so they pass the Content-Security-Policy). */
import type { FastifyReply } from 'fastify';
import { PRODUCT_NAME } from '../schemas/constants';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Answers a minimal HTML page with a heading, a paragraph and a link back to the portal. */
export function sendPage(reply: FastifyReply, status: number, title: string, text: string): FastifyReply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} | ${escape(PRODUCT_NAME)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
</head><body><h1>${escape(title)}</h1><p>${escape(text)}</p><p><a href="/">Back to the portal</a></p></body></html>
`;
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}
