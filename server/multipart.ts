/**
 * multipart/form-data bodies (RFC 7578) for the operations that take an upload (`requestKind: 'multipart'`). Every
 * part becomes a string field of the parsed body: a text field its value, a file part its content as UTF-8 text
 * (the uploads are JSON and text files), so the operation's zod schema validates it like a JSON body. Parts with the
 * same name, a missing boundary and bytes that are not UTF-8 are refused with a 400.
 */
import { INVALID_CHARACTERS_KEY, INVALID_CHARACTERS_MESSAGE } from '../schemas/safeText';
import { MESSAGES } from '../schemas/constants';
import { HttpError } from './types';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

const refuse = (context: string, path = '', key?: string) =>
  new HttpError(400, MESSAGES.validationFailed, key ? { errors: [{ path, key, message: INVALID_CHARACTERS_MESSAGE }] } : { context });

/** The parts of a multipart/form-data body, by name. */
export function parseMultipart(body: Buffer, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) throw refuse('The multipart body has no boundary.');
  const delimiter = Buffer.from(`--${mark}`);
  const fields: Record<string, string> = {};
  let at = body.indexOf(delimiter);
  if (at < 0) throw refuse('The multipart body has no parts.');
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return fields;
    if (!body.subarray(at, at + 2).equals(CRLF)) throw refuse('A multipart delimiter is not followed by a line break.');
    const headersEnd = body.indexOf(HEADER_END, at);
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), at);
    if (headersEnd < 0 || next < 0 || headersEnd > next) throw refuse('A multipart part is cut short.');
    const headers = body.subarray(at + 2, headersEnd).toString('latin1');
    const name = /content-disposition:\s*form-data;[^\r\n]*?\bname="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined) throw refuse('A multipart part has no name.');
    if (Object.hasOwn(fields, name)) throw refuse(`The part "${name}" is sent twice.`);
    let value: string;
    try {
      value = utf8.decode(body.subarray(headersEnd + HEADER_END.length, next));
    } catch {
      throw refuse('', name, INVALID_CHARACTERS_KEY);
    }
    fields[name] = value;
    at = next + CRLF.length;
  }
}
