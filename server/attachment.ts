/** Answers sent as a file to save: its content type and its name (RFC 6266). */
import type { FastifyReply } from 'fastify';

/**
 * Marks the answer as the file `name` + `extension`: `filename` is an ASCII fallback (letters, digits, `._-`), and
 * `filename*` the name as the administrator wrote it (UTF-8), with only what no file name may hold replaced.
 */
export function sendAsFile(reply: FastifyReply, name: string, extension: string, contentType: string, fallback = 'export'): void {
  const ascii = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || fallback;
  // eslint-disable-next-line no-control-regex
  const full = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-').trim() || ascii;
  const encoded = encodeURIComponent(`${full}${extension}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  reply.type(contentType).header('content-disposition', `attachment; filename="${ascii}${extension}"; filename*=UTF-8''${encoded}`);
}
