/**
 * Upload box rules (spec 002 §5, §8), headless: the configured file types, the MIME-or-extension check, one file
 * unless multiple is allowed, and the two snackbar messages with their durations.
 */
import { SNACKBAR_INVALID_FILE_TYPE_MS, SNACKBAR_MULTIPLE_UPLOAD_MS } from '../../../../schemas/constants';

/** A file-type dictionary entry (spec 002 §3). */
export interface FileTypeEntry {
  readonly name: string;
  /** With the leading dot, lower case. */
  readonly fileExtensions: readonly string[];
  readonly fileMimeTypes: readonly string[];
  /** Names `file(1)` gives the content, for a server-side magic check. */
  readonly fileMagicNames?: readonly string[];
}

/** The upload types the spec lists. */
export const UPLOAD_FILE_TYPES = {
  txt: { name: 'Text', fileExtensions: ['.txt'], fileMimeTypes: ['text/plain'], fileMagicNames: ['ASCII text'] },
  csv: {
    name: 'CSV',
    fileExtensions: ['.csv'],
    fileMimeTypes: ['text/csv', 'application/csv', 'text/x-csv', 'application/vnd.ms-excel'],
    fileMagicNames: ['CSV text', 'ASCII text'],
  },
  crt: {
    name: 'Certificate',
    fileExtensions: ['.crt', '.cer'],
    fileMimeTypes: ['application/x-x509-ca-cert', 'application/pkix-cert', 'application/x-x509-user-cert'],
    fileMagicNames: ['PEM certificate'],
  },
  pem: {
    name: 'PEM',
    fileExtensions: ['.pem'],
    fileMimeTypes: ['application/x-pem-file', 'application/x-x509-ca-cert'],
    fileMagicNames: ['PEM certificate'],
  },
  json: { name: 'JSON', fileExtensions: ['.json'], fileMimeTypes: ['application/json', 'text/json'], fileMagicNames: ['JSON data'] },
  png: { name: 'PNG image', fileExtensions: ['.png'], fileMimeTypes: ['image/png'], fileMagicNames: ['PNG image data'] },
  jpg: { name: 'JPEG image', fileExtensions: ['.jpg', '.jpeg'], fileMimeTypes: ['image/jpeg'], fileMagicNames: ['JPEG image data'] },
  gif: { name: 'GIF image', fileExtensions: ['.gif'], fileMimeTypes: ['image/gif'], fileMagicNames: ['GIF image data'] },
  svg: { name: 'SVG image', fileExtensions: ['.svg'], fileMimeTypes: ['image/svg+xml'], fileMagicNames: ['SVG Scalable Vector Graphics image'] },
  updatepackage: { name: 'Update package', fileExtensions: ['.updatepackage'], fileMimeTypes: [] },
  settings: { name: 'Exported settings', fileExtensions: ['.settings'], fileMimeTypes: [] },
} as const satisfies Record<string, FileTypeEntry>;
export type UploadFileType = keyof typeof UPLOAD_FILE_TYPES;

export const UPLOAD_MESSAGES = {
  invalidType: { message: 'Invalid file type uploaded', duration: SNACKBAR_INVALID_FILE_TYPE_MS },
  multiple: { message: 'multiple file upload not supported', duration: SNACKBAR_MULTIPLE_UPLOAD_MS },
} as const;

/** Types that say nothing about the content; the extension decides then, as when no type is given. */
const UNTYPED = new Set(['', 'application/octet-stream']);

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** The MIME type is checked; the extension only when the browser gives no type. */
export function isAcceptedFile(file: { readonly name: string; readonly type: string }, types: readonly FileTypeEntry[]): boolean {
  const mime = file.type.toLowerCase();
  if (!UNTYPED.has(mime)) return types.some((t) => t.fileMimeTypes.includes(mime));
  const ext = extensionOf(file.name);
  return ext !== '' && types.some((t) => t.fileExtensions.includes(ext));
}

export type UploadCheck<F> =
  | { readonly ok: true; readonly files: readonly F[] }
  | { readonly ok: false; readonly reason: 'type' | 'multiple'; readonly message: string; readonly duration: number };

/** Checks dropped or picked files: one file unless multiple is allowed, and every file of a configured type. */
export function checkUpload<F extends { readonly name: string; readonly type: string }>(
  files: readonly F[],
  types: readonly FileTypeEntry[],
  multiple: boolean,
): UploadCheck<F> {
  if (!multiple && files.length > 1) return { ok: false, reason: 'multiple', ...UPLOAD_MESSAGES.multiple };
  if (!files.every((f) => isAcceptedFile(f, types))) return { ok: false, reason: 'type', ...UPLOAD_MESSAGES.invalidType };
  return { ok: true, files };
}

/** The `accept` attribute of the file input: every extension and MIME type of the configured types. */
export const acceptAttribute = (types: readonly FileTypeEntry[]): string =>
  [...new Set(types.flatMap((t) => [...t.fileExtensions, ...t.fileMimeTypes]))].join(',');
