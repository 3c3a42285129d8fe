/**
 * Client-side exports (spec 002 §1, §7): CSV and JSON downloaded as files, and PNG images of an element or an
 * apexcharts chart. Every download raises the download snackbar, or its error.
 */
import type { DownloadSpec } from '../../../../definitions/define';
import { toCsv, type CsvOptions } from '../../../core/csv';
import { notifyDownload } from '../snackbars';

/** `name` with `extension` (".csv") appended unless it already ends with it. */
export function withExtension(name: string, extension: string): string {
  return name.toLowerCase().endsWith(extension.toLowerCase()) ? name : `${name}${extension}`;
}

/** Saves a blob under a file name through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
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

/**
 * Saves an action's answer as the file its definition describes: the name from the answer (and the row of a row
 * action), the content type, and the text (a field of the answer, else the whole answer as indented JSON).
 */
export function downloadAnswer<A, R>(spec: DownloadSpec<A, R>, answer: A, row: R): boolean {
  try {
    const text = spec.content ? spec.content(answer) : `${JSON.stringify(answer, null, 2)}\n`;
    downloadBlob(new Blob([text], { type: spec.contentType }), spec.fileName(answer, row));
    notifyDownload();
    return true;
  } catch (error) {
    notifyDownload(error);
    return false;
  }
}

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

/** The part of an apexcharts instance the PNG export uses. */
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
