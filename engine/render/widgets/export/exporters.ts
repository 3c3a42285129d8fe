/**
 * Client-side exports (spec 002 §1, §7): CSV and JSON downloaded as files, and PNG images of an element or a
 * chart (its own dataURI). Every download raises the download snackbar, or its error.
 */
import type { DownloadSpec, FileDownloadSpec } from '../../../../definitions/define';
import { withoutInvisibleCharacters } from '../../../../schemas/safeText';
import { toCsv, type CsvOptions } from '../../../core/csv';
import type { CallInput, CallOptions, DownloadedFile } from '../../../core/http';
import type { OperationRef, TypedCall } from '../../../core/call';
import { notifyDownload } from '../snackbars';

/** `name` with `extension` (".csv") appended unless it already ends with it. */
export function withExtension(name: string, extension: string): string {
  return name.toLowerCase().endsWith(extension.toLowerCase()) ? name : `${name}${extension}`;
}

/** Saves a blob under a file name through a temporary link; the name cannot disguise itself (see withoutInvisibleCharacters). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = withoutInvisibleCharacters(fileName);
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoking at once can cancel the download in some browsers; a tick later is safe.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

function download(make: () => Blob, fileName: string): boolean {
  try {
    downloadBlob(make(), fileName);
    notifyDownload();
    return true;
  } catch (error) {
    notifyDownload(error);
    return false;
  }
}

/** What an action saves: a file made from the answer, or the file the answer is. */
export type AnyDownloadSpec<A, R> = DownloadSpec<A, R> | FileDownloadSpec<R>;

/** Whether the answer is saved as the file the server sends (its bytes, type and name). */
export const isFileDownload = <A, R>(spec: AnyDownloadSpec<A, R>): spec is FileDownloadSpec<R> => 'file' in spec && spec.file === true;

/**
 * Saves an action's answer as the file its definition describes. A file answer (`FileDownloadSpec`, called with
 * `downloadCallOptions`) keeps its bytes and content type, under the name the server gave, else the definition's. Any
 * other answer: the name from the answer (and the row of a row action, and the query sent), the content type, and the
 * text (a field of the answer, else the whole answer as indented JSON).
 */
export function downloadAnswer<A, R>(spec: AnyDownloadSpec<A, R>, answer: A, row: R, query: Readonly<Record<string, string>> = {}): boolean {
  try {
    if (isFileDownload(spec)) {
      const file = answer as DownloadedFile;
      downloadBlob(file.blob, file.fileName ?? spec.fileName(row, query));
      notifyDownload();
      return true;
    }
    const text = spec.content ? spec.content(answer) : `${JSON.stringify(answer, null, 2)}\n`;
    downloadBlob(new Blob([text], { type: spec.contentType }), spec.fileName(answer, row, query));
    notifyDownload();
    return true;
  } catch (error) {
    notifyDownload(error);
    return false;
  }
}

/** The options a download's call is made with: a file answer is read as a file. */
export const downloadCallOptions = (spec: AnyDownloadSpec<never, never>): CallOptions => (isFileDownload(spec) ? { asFile: true } : {});

/**
 * Calls `operation` for a download and saves its answer (a refusal raises the download's error notice). The query
 * sent is what the file name is made from. Resolves with whether a file was saved.
 */
export async function callAndDownload<R>(call: TypedCall, operation: OperationRef, input: CallInput, spec: AnyDownloadSpec<never, R>, row: R): Promise<boolean> {
  let answer: unknown;
  try {
    answer = await call(operation, input, downloadCallOptions(spec as AnyDownloadSpec<never, never>));
  } catch (error) {
    notifyDownload(error);
    return false;
  }
  return downloadAnswer(spec, answer as never, row, queryStrings(input.query));
}

/** A call's query as the strings it was sent as. */
export const queryStrings = (query: CallInput['query']): Readonly<Record<string, string>> =>
  Object.fromEntries(Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));

/** Downloads rows as CSV (optional `$` header row, pipe-joined object cells, formula cells neutralised). */
export function exportCsv(
  rows: readonly Readonly<Record<string, unknown>>[],
  fileName: string,
  options: CsvOptions = {},
): boolean {
  return download(() => new Blob([toCsv(rows, options)], { type: 'text/csv;charset=utf-8' }), withExtension(fileName, '.csv'));
}

/** Downloads any value as pretty-printed JSON. */
export function exportJson(data: unknown, fileName: string): boolean {
  return download(
    () => new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }),
    withExtension(fileName, '.json'),
  );
}

/** A data URL as a Blob. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', body = ''] = dataUrl.split(',', 2);
  const mime = /data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  if (!head.includes(';base64')) return new Blob([decodeURIComponent(body)], { type: mime });
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: mime });
}

/** What the PNG export needs of a drawn chart: its image. */
export interface ChartImageSource {
  dataURI(options?: { scale?: number; width?: number }): Promise<{ imgURI: string } | { blob: Blob }>;
}

/** Downloads a chart as PNG through its own `dataURI()`. */
export async function exportChartPng(chart: ChartImageSource, fileName: string, scale = 2): Promise<boolean> {
  try {
    const image = await chart.dataURI({ scale });
    downloadBlob('blob' in image ? image.blob : dataUrlToBlob(image.imgURI), withExtension(fileName, '.png'));
    notifyDownload();
    return true;
  } catch (error) {
    notifyDownload(error);
    return false;
  }
}

/** Copies the computed style of every element onto its clone, so the snapshot looks as on screen. */
function inlineStyles(source: Element, target: Element): void {
  const style = getComputedStyle(source);
  const declarations = Array.from(style, (name) => `${name}:${style.getPropertyValue(name)};`).join('');
  if (target instanceof HTMLElement || target instanceof SVGElement) target.setAttribute('style', declarations);
  const from = source.children;
  const to = target.children;
  for (let i = 0; i < from.length && i < to.length; i++) inlineStyles(from[i]!, to[i]!);
}

/** An SVG document that draws the element (with its computed styles) through a foreignObject. */
export function elementSvg(element: HTMLElement, width: number, height: number): string {
  const clone = element.cloneNode(true) as HTMLElement;
  inlineStyles(element, clone);
  clone.setAttribute('xmlns', 'http://www.w3.org/1999/xhtml');
  const markup = new XMLSerializer().serializeToString(clone);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<foreignObject x="0" y="0" width="100%" height="100%">${markup}</foreignObject></svg>`
  );
}

/** A PNG data URL of an element as it is shown, at `scale` device pixels per CSS pixel. */
export async function elementToPng(element: HTMLElement, scale = 2, background = '#ffffff'): Promise<string> {
  const { width, height } = element.getBoundingClientRect();
  const svg = elementSvg(element, Math.ceil(width), Math.ceil(height));
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The image could not be drawn.'));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await loaded;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The image could not be drawn.');
  context.fillStyle = background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  context.drawImage(image, 0, 0);
  return canvas.toDataURL('image/png');
}

/** Downloads a PNG of an element. */
export async function exportElementPng(element: HTMLElement, fileName: string, scale = 2): Promise<boolean> {
  try {
    downloadBlob(dataUrlToBlob(await elementToPng(element, scale)), withExtension(fileName, '.png'));
    notifyDownload();
    return true;
  } catch (error) {
    notifyDownload(error);
    return false;
  }
}
