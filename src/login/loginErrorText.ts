import { MESSAGES } from '../../schemas/constants';

/**
 * The text of a failed sign-in (spec 002 §8): the error's message, else the server error's `msg`, else
 * "An error occurred."; a `$1` in it becomes the error's `delay` (seconds of throttling) when there is one.
 */
export function loginErrorText(error: unknown): string {
  const e = (error ?? {}) as { message?: unknown; msg?: unknown; delay?: unknown; body?: { msg?: unknown; delay?: unknown } };
  const text =
    (typeof e.message === 'string' && e.message) ||
    (typeof e.body?.msg === 'string' && e.body.msg) ||
    (typeof e.msg === 'string' && e.msg) ||
    MESSAGES.loginFailedDefault;
  const delay = e.delay ?? e.body?.delay;
  return delay !== undefined && delay !== null && text.includes('$1') ? text.replaceAll('$1', String(delay)) : text;
}
