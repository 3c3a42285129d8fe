/**
 * The snackbar kinds of spec 002 §8 on top of the core's queue: save (success or error), download ('Downloading
 * file ...' or an error), copy ('The ... has been copied to the clipboard.') and template (a text with `$1`, `$2` …
 * filled in). Durations are spec 002 §9's.
 */
import { SNACKBAR_DEFAULT_MS, SNACKBAR_DOWNLOAD_MS } from '../../../schemas/constants';
import { showSnackbar, type SnackbarKind } from '../../core/snackbar';

export const SNACKBAR_TEXTS = {
  saved: 'Your changes have been saved.',
  saveFailed: 'Your changes could not be saved.',
  downloading: 'Downloading file ...',
  downloadFailed: 'The file could not be downloaded.',
  copied: (what: string) => `The ${what} has been copied to the clipboard.`,
  copyFailed: (what: string) => `The ${what} could not be copied to the clipboard.`,
} as const;

const messageOf = (error: unknown): string | undefined =>
  error instanceof Error ? error.message : typeof error === 'string' && error !== '' ? error : undefined;

/** Save result: a success, or an error with its message (the default texts when none is given). */
export function notifySave(result: { readonly ok: boolean; readonly message?: string }): number {
  return showSnackbar({
    kind: result.ok ? 'success' : 'error',
    message: result.message ?? (result.ok ? SNACKBAR_TEXTS.saved : SNACKBAR_TEXTS.saveFailed),
    duration: SNACKBAR_DEFAULT_MS,
  });
}

/** A download starting ('Downloading file ...'), or its failure when an error is given. */
export function notifyDownload(error?: unknown): number {
  const failed = error !== undefined;
  return showSnackbar({
    kind: failed ? 'error' : 'info',
    message: failed ? (messageOf(error) ?? SNACKBAR_TEXTS.downloadFailed) : SNACKBAR_TEXTS.downloading,
    duration: SNACKBAR_DOWNLOAD_MS,
  });
}

/** 'The <what> has been copied to the clipboard.', or the failure text. */
export function notifyCopy(what: string, ok = true): number {
  return showSnackbar({
    kind: ok ? 'success' : 'error',
    message: ok ? SNACKBAR_TEXTS.copied(what) : SNACKBAR_TEXTS.copyFailed(what),
    duration: SNACKBAR_DEFAULT_MS,
  });
}

/** Fills `$1`, `$2` … with the values in order; a token without a value stays as it is. */
export function fillTemplate(template: string, values: readonly (string | number)[]): string {
  return template.replace(/\$(\d+)/g, (token, n: string) => {
    const value = values[Number(n) - 1];
    return value === undefined ? token : String(value);
  });
}

/** A templated message, e.g. `notifyTemplate('$1 rules were imported', [12])`. */
export function notifyTemplate(
  template: string,
  values: readonly (string | number)[],
  options: { readonly kind?: SnackbarKind; readonly duration?: number } = {},
): number {
  return showSnackbar({
    kind: options.kind ?? 'info',
    message: fillTemplate(template, values),
    duration: options.duration ?? SNACKBAR_DEFAULT_MS,
  });
}

/** Copies text to the clipboard and says so; resolves to whether it worked. */
export async function copyToClipboard(text: string, what: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notifyCopy(what);
    return true;
  } catch {
    notifyCopy(what, false);
    return false;
  }
}
