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
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v === 'string') {
      if (hasUnsafeCharacters(v)) error(path);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...path, i]));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (hasUnsafeCharacters(k)) error([...path, k.replace(UNSAFE_GLOBAL, '\uFFFD')]);
        else walk(item, [...path, k]);
      }
    }
  };
  walk(value, []);
  return errors;
}

// An error path must itself be storable and printable: a bad key is named with its bad characters replaced.
const UNSAFE_GLOBAL = new RegExp(UNSAFE.source, 'g');
