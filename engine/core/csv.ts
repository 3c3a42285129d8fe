/**
 * CSV rules of spec 002 §5 and §7, pure and headless. Writing: an optional header row of `$`-prefixed field names,
 * object cells as the truthy keys joined with a pipe, and cells that a spreadsheet would run as a formula neutralised.
 * Reading: lines split on newlines, blank lines dropped, cells split on commas and trimmed.
 */
import { neutraliseCell, quoteCell } from '../../schemas/csv';

/** Marks a header cell; a row whose cells all start with it is a header, not data. */
export const CSV_HEADER_PREFIX = '$';
/** Joins the truthy keys of an object-valued cell. */
export const CSV_OBJECT_JOINER = '|';

/**
 * One value as cell text: nothing for null and undefined, numbers and booleans as written (a negative number is
 * data, not a formula), arrays joined with a pipe, objects as their truthy keys joined with a pipe, text neutralised.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return neutraliseCell(value.map((v) => cellText(v)).join(CSV_OBJECT_JOINER));
  if (typeof value === 'object') {
    return neutraliseCell(
      Object.entries(value)
        .filter(([, v]) => Boolean(v))
        .map(([k]) => k)
        .join(CSV_OBJECT_JOINER),
    );
  }
  return neutraliseCell(String(value));
}

export interface CsvOptions {
  /** Fields to write, in order; defaults to the keys of the first row. */
  readonly columns?: readonly string[];
  /** Write a first row of `$`-prefixed field names. */
  readonly header?: boolean;
}

/** Rows of records as CSV text, lines ending in CRLF. */
export function toCsv(rows: readonly Readonly<Record<string, unknown>>[], options: CsvOptions = {}): string {
  const columns = options.columns ?? Object.keys(rows[0] ?? {});
  const lines: string[] = [];
  if (options.header) lines.push(columns.map((c) => quoteCell(`${CSV_HEADER_PREFIX}${c}`)).join(','));
  for (const row of rows) lines.push(columns.map((c) => quoteCell(cellText(row[c]))).join(','));
  return lines.map((l) => `${l}\r\n`).join('');
}

/**
 * Cells of one line, split on commas and trimmed. A cell in double quotes may hold commas and doubled quotes (as
 * `toCsv` writes them); unquoted text is split exactly as the spec says.
 */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** The spec's reading rule: lines split on newlines, blank lines dropped, cells split on commas and trimmed. */
export function parseCsvLines(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .map(splitCsvLine);
}

/** A row whose every cell starts with `$` is a header row and is not counted as data. */
export function isHeaderRow(cells: readonly string[]): boolean {
  return cells.length > 0 && cells.every((c) => c.startsWith(CSV_HEADER_PREFIX));
}

/** The field names of a header row, without their `$`. */
export const headerNames = (cells: readonly string[]): string[] => cells.map((c) => c.slice(CSV_HEADER_PREFIX.length));
