/**
 * NDJSON bodies (operations with `requestKind: 'ndjson'`, the event ingestion): read up to INGEST_MAX_BYTES and given
 * to the operation as UTF-8 text. A body over the limit is 413; bytes that are not UTF-8, or a NUL, are 400 naming the
 * line.
 */
import type { FastifyInstance } from 'fastify';
import { INGEST_MAX_BYTES } from '../schemas/areas/ingest';
import { MESSAGES } from '../schemas/constants';
import { INVALID_CHARACTERS_KEY, INVALID_CHARACTERS_MESSAGE } from '../schemas/safeText';
import { HttpError } from './types';

export const tooLarge = () =>
  new HttpError(413, `The body is over ${INGEST_MAX_BYTES.toLocaleString('en')} bytes, the most one batch may hold: send fewer events per batch.`, {
    limit_bytes: INGEST_MAX_BYTES,
  });

/** 400 for a line that cannot be stored as text (1-based), in the shape of the event validation's errors. */
const badLine = (line: number) =>
  new HttpError(400, `line ${line}: ${INVALID_CHARACTERS_MESSAGE}`, {
    errors: [{ line, path: '', key: INVALID_CHARACTERS_KEY, message: INVALID_CHARACTERS_MESSAGE }],
  });

/** The 1-based line of `buffer` holding byte `offset`. */
function lineAt(buffer: Buffer, offset: number): number {
  let line = 1;
  for (let i = buffer.indexOf(10); i !== -1 && i < offset; i = buffer.indexOf(10, i + 1)) line++;
  return line;
}

/** Decodes the body; 400 at the first line that is not UTF-8 or holds a NUL. */
export function ndjsonText(body: Buffer): string {
  const nul = body.indexOf(0);
  if (nul !== -1) throw badLine(lineAt(body, nul));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Find the first line that does not decode.
    for (let start = 0, line = 1; start <= body.length; line++) {
      const end = body.indexOf(10, start);
      const stop = end === -1 ? body.length : end;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(body.subarray(start, stop));
      } catch {
        throw badLine(line);
      }
      start = stop + 1;
    }
    throw new HttpError(400, MESSAGES.validationFailed);
  }
}

/** A body this far over the limit is not read to its end: the connection is dropped. */
const DRAIN_MAX = 8 * INGEST_MAX_BYTES;

export function registerNdjsonBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-ndjson', (request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (err: Error | null, body?: string) => {
      if (finished) return;
      finished = true;
      done(err, body);
    };
    // A body over the limit is read on and dropped, so that the sender gets the 413 rather than a broken pipe.
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= INGEST_MAX_BYTES) chunks.push(chunk);
      else if (size > DRAIN_MAX) {
        payload.destroy();
        finish(tooLarge());
      }
    });
    payload.on('error', (err) => finish(err));
    payload.on('end', () => {
      if (size > INGEST_MAX_BYTES) return finish(tooLarge());
      try {
        finish(null, ndjsonText(Buffer.concat(chunks, size)));
      } catch (e) {
        finish(e as Error);
      }
    });
  });
}
