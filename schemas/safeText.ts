/**
 * The one rule every string the server accepts obeys: no NUL character and no lone UTF-16 surrogate. PostgreSQL
 * refuses NUL in text and jsonb, and a lone surrogate has no UTF-8 form (it would be refused, or stored as U+FFFD).
 *
 * A walker over the raw input (body, query, path parameters), rather than a refinement on each zod string: it covers
 * every string of every operation at once, including object keys, records and free-form JSON values that no zod
 * string schema describes, and a schema added tomorrow cannot forget it. It runs before the zod parse, so transforms
 * and defaults never see such a string.
 */
import type { FieldError } from './http';

export const INVALID_CHARACTERS_KEY = 'invalidCharacters';
export const INVALID_CHARACTERS_MESSAGE = 'The text holds a character that cannot be stored (a NUL or an unpaired UTF-16 surrogate).';

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNSAFE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the text holds a NUL or a lone surrogate. */
export const hasUnsafeCharacters = (text: string): boolean => UNSAFE.test(text);

/**
 * A field error for every string (value or object key) below `value` that breaks the rule, with the dotted path of
 * the field (`prefix.` first when given, as the API's query and params errors have).
 */
export function unsafeTextErrors(value: unknown, prefix?: string): FieldError[] {
  const errors: FieldError[] = [];
  const error = (path: readonly (string | number)[]) => {
    const dotted = path.map(String).join('.');
    errors.push({ path: prefix ? (dotted ? `${prefix}.${dotted}` : prefix) : dotted, key: INVALID_CHARACTERS_KEY, message: INVALID_CHARACTERS_MESSAGE });
  };
  // A stack rather than recursion: no input, however deep, can overflow the call stack here.
  // A bad key is stacked as a marker, so that errors come in the order of the fields.
  const BAD_KEY = Symbol('bad key');
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (v === BAD_KEY) error(path);
    else if (typeof v === 'string') {
      if (hasUnsafeCharacters(v)) error(path);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...path, i]]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v).reverse()) {
        stack.push(hasUnsafeCharacters(k) ? [BAD_KEY, [...path, k.replace(UNSAFE_GLOBAL, '\uFFFD')]] : [item, [...path, k]]);
      }
    }
  }
  return errors;
}

/** How deep lists and objects may nest in a body: far beyond any document, far below what a recursive walk survives. */
export const MAX_BODY_DEPTH = 100;
export const TOO_DEEP_KEY = 'tooDeep';
export const TOO_DEEP_MESSAGE = `The body nests lists and objects deeper than ${MAX_BODY_DEPTH} levels.`;

/**
 * Whether the JSON text nests arrays and objects deeper than `limit`: one pass over the characters, before the text is
 * parsed, so that nothing (the parser, a walk, the store) ever meets such a value. Brackets inside strings do not count.
 */
export function jsonNestsDeeperThan(text: string, limit = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Characters a file name must not hold because they change how it is shown, not what it says: C0 and C1 controls,
 * bidirectional marks, embeddings, overrides and isolates (U+202E shows `x\u202Egpj.exe` as `xexe.jpg`), zero-width
 * characters and the byte-order mark, and line and paragraph separators.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** `name` without the characters that could disguise it as a file name (see INVISIBLE). */
export const withoutInvisibleCharacters = (name: string): string => name.replace(INVISIBLE, '');

// An error path must itself be storable and printable: a bad key is named with its bad characters replaced.
const UNSAFE_GLOBAL = new RegExp(UNSAFE.source, 'g');
