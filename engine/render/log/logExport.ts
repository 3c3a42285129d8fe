/**
 * Exporting every event a log view's filters match (headless): the same first-page and next-page calls the view
 * makes, page after page by `pagingIdentifiers`, each page turned into text at once (CSV lines or JSON records) so
 * only the file's text is held, up to a cap the admin is told before starting, and stopped by an abort signal.
 */
import { CSV_HEADER_PREFIX, cellText as csvCell } from '../../core/csv';
import { quoteCell } from '../../../schemas/csv';
import type { LogFetchers } from './logController';
import { exportCell } from './logFormat';

/** The most events one export writes. */
export const EXPORT_ROW_CAP = 100_000;

export type ExportFormat = 'csv' | 'json';

/** How the file holds values: as the API gives them (the `$` header of the export format), or as the screen reads them. */
export type ExportValues = 'codes' | 'labels';

type LogEvent = Readonly<Record<string, unknown>>;

export interface ExportFields {
  /** Fields in the order the file writes them (further fields of the events follow). */
  readonly fields: readonly string[];
  /** The title of a field (the labelled file's header). */
  readonly title: (field: string) => string;
  /** A value as the screen shows it (enumeration labels, names of ids). */
  readonly text: (field: string, value: unknown) => string;
}

/** Turns pages of events into the parts of one file; the header follows the fields known at the first page. */
export function createExportWriter(format: ExportFormat, values: ExportValues, spec: ExportFields) {
  let columns: string[] | null = null;
  let count = 0;
  const record = (e: LogEvent): Record<string, unknown> =>
    values === 'codes'
      ? { ...e }
      : Object.fromEntries(columns!.filter((f) => e[f] !== undefined).map((f) => [spec.title(f), spec.text(f, e[f])]));
  return {
    /** The text of one page of events (the header or the opening bracket first). */
    page(events: readonly LogEvent[]): string {
      let out = '';
      if (columns === null) {
        const seen = new Set(spec.fields);
        for (const e of events) for (const k of Object.keys(e)) seen.add(k);
        columns = [...seen];
        if (format === 'csv') {
          const header = columns.map((c) => (values === 'codes' ? `${CSV_HEADER_PREFIX}${c}` : spec.title(c)));
          out += `${header.map((h) => quoteCell(csvCell(h))).join(',')}\r\n`;
        } else out += '[';
      }
      for (const e of events) {
        if (format === 'csv') {
          const cells = columns.map((c) => csvCell(values === 'codes' ? exportCell(e[c]) : e[c] === undefined ? '' : spec.text(c, e[c])));
          out += `${cells.map(quoteCell).join(',')}\r\n`;
        } else out += `${count > 0 ? ',' : ''}\n  ${JSON.stringify(record(e))}`;
        count++;
      }
      return out;
    },
    /** The text that closes the file. */
    end(): string {
      if (format === 'csv') return '';
      return columns === null ? '[]\n' : '\n]\n';
    },
  };
}

export interface ExportRun {
  /** Events written. */
  readonly rows: number;
  /** The cap stopped the export before the last page. */
  readonly capped: boolean;
}

/**
 * Pages through the events of `request` and hands each page's events to `onPage`, at most `cap` in all. Rejects with
 * the signal's reason when aborted, or with the call's error.
 */
export async function pageAllEvents<E>(
  fetchers: LogFetchers<E>,
  request: Record<string, string | number | string[]>,
  onPage: (events: readonly E[], rowsSoFar: number) => void,
  options: { readonly cap: number; readonly signal: AbortSignal },
): Promise<ExportRun> {
  const { cap, signal } = options;
  let rows = 0;
  let page = await fetchers.first(request);
  for (;;) {
    signal.throwIfAborted();
    const events = page.events.slice(0, cap - rows).map((e) => e.event);
    rows += events.length;
    onPage(events, rows);
    const last = page.paginate.last_iteration || page.paginate.pagingIdentifiers === '';
    if (last) return { rows, capped: false };
    if (rows >= cap) return { rows, capped: true };
    signal.throwIfAborted();
    page = await fetchers.next(request, page.paginate.pagingIdentifiers);
  }
}
