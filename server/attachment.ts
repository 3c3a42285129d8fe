/** Answers sent as a file to save: its content type and its name (RFC 6266). */
import type { FastifyReply } from 'fastify';
import { withoutInvisibleCharacters } from '../schemas/safeText';

/**
 * The Content-Disposition of the file `name` + `extension`: `filename` is an ASCII fallback (letters, digits, `._-`),
 * and `filename*` the name as the administrator wrote it (UTF-8), without the characters that could disguise it
 * (bidirectional overrides, zero-width and control characters) and with what no file name may hold replaced.
 */
export function attachmentDisposition(name: string, extension = '', fallback = 'export'): string {
  const visible = withoutInvisibleCharacters(name);
  const ascii = visible.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || fallback;
  const full = visible.replace(/[/\\:*?"<>|]+/g, '-').trim() || ascii;
  const encoded = encodeURIComponent(`${full}${extension}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}${extension}"; filename*=UTF-8''${encoded}`;
}

/** Marks the answer as the file `name` + `extension` (see attachmentDisposition). */
export function sendAsFile(reply: FastifyReply, name: string, extension: string, contentType: string, fallback = 'export'): void {
  reply.type(contentType).header('content-disposition', attachmentDisposition(name, extension, fallback));
}
