/**
 * NDJSON bodies (operations with `requestKind: 'ndjson'`, the event ingestion): read up to INGEST_MAX_BYTES (after
 * decoding, when sent with Content-Encoding gzip) and given to the operation as UTF-8 text. A body over the limit is
 * 413; bytes that are not UTF-8, or a NUL, are 400 naming the line; a body that is not gzip as its header says is 400,
 * another Content-Encoding 415.
 */
import type { Readable, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { INGEST_ENCODINGS, INGEST_MAX_BYTES } from '../schemas/areas/ingest';
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

/** The decoder of the body's Content-Encoding (none for `identity`); 415 naming the encodings taken. */
function decoderOf(header: string | undefined): Transform | undefined {
  const encoding = (header ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return undefined;
  if ((INGEST_ENCODINGS as readonly string[]).includes(encoding)) return createGunzip();
  throw new HttpError(415, `Content-Encoding ${header} is not taken: send the batch as it is or with Content-Encoding: gzip.`);
}

const notGzip = () => new HttpError(400, 'The body is not valid gzip (Content-Encoding: gzip): it could not be decompressed.');

export function registerNdjsonBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-ndjson', (request, payload, done) => {
    let decoder: Transform | undefined;
    try {
      decoder = decoderOf(request.headers['content-encoding']);
    } catch (e) {
      payload.resume();
      return done(e as Error);
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let size = 0;
    let failure: Error | undefined;
    let payloadEnded = false;
    let decodedEnded = decoder === undefined;
    let finished = false;
    const finish = (err: Error | null, body?: string) => {
      if (finished) return;
      finished = true;
      done(err, body);
    };
    // Answers once the body is read to its end and decoded (or its decoding given up).
    const settle = () => {
      if (!payloadEnded || (!decodedEnded && !failure)) return;
      if (failure) return finish(failure);
      if (size > INGEST_MAX_BYTES) return finish(tooLarge());
      try {
        finish(null, ndjsonText(Buffer.concat(chunks, size)));
      } catch (e) {
        finish(e as Error);
      }
    };
    // Stops decoding; the rest of the body is read and dropped, so that the sender gets the answer rather than a
    // broken pipe.
    const giveUp = (err: Error) => {
      failure ??= err;
      if (!decoder) return;
      payload.unpipe(decoder);
      decoder.destroy();
      payload.resume();
      settle();
    };
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_MAX) {
        payload.destroy();
        finish(tooLarge());
      }
    });
    payload.on('error', (err) => finish(err));
    payload.on('end', () => {
      payloadEnded = true;
      settle();
    });
    const decoded: Readable = decoder ? payload.pipe(decoder) : payload;
    // A body over the limit is read on and dropped; a compressed one is no longer decoded.
    decoded.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= INGEST_MAX_BYTES) chunks.push(chunk);
      else if (decoder) giveUp(tooLarge());
    });
    if (decoder) {
      decoder.on('error', () => giveUp(notGzip()));
      decoder.on('end', () => {
        decodedEnded = true;
        settle();
      });
    }
  });
}
