/**
 * The bulk-import rules of spec 002 §2, §5, §8 and §9, pure and headless: the steps and their order, the dialog
 * texts, file checks, parsing a csv or json file into rows, progress and the import row of a file.
 */
import { headerNames, isHeaderRow, parseCsvLines, toCsv } from './csv';

// ---- steps -------------------------------------------------------------------------------------------------------

export type ImportStep = 'importing' | 'processing' | 'confirmation' | 'saving' | 'summary';

/** The steps in order; confirmation only when a prompt is configured. */
export function importSteps(hasPrompt: boolean): ImportStep[] {
  return hasPrompt
    ? ['importing', 'processing', 'confirmation', 'saving', 'summary']
    : ['importing', 'processing', 'saving', 'summary'];
}

/** The step after `step`, or `step` itself at the end. */
export function nextImportStep(step: ImportStep, hasPrompt: boolean): ImportStep {
  const steps = importSteps(hasPrompt);
  return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)] ?? step;
}

/** The step before `step`, or `step` itself at the start. */
export function previousImportStep(step: ImportStep, hasPrompt: boolean): ImportStep {
  const steps = importSteps(hasPrompt);
  return steps[Math.max(steps.indexOf(step) - 1, 0)] ?? step;
}

/** The dialog may be closed by a backdrop click or Escape only at the summary. */
export const importDismissible = (step: ImportStep): boolean => step === 'summary';

// ---- constants and texts -----------------------------------------------------------------------------------------

export const IMPORT_PAGE_SIZE = 3;
export const IMPORT_PAGE_SIZE_OPTIONS = [3, 10, 25, 50, 100] as const;
export const ROWS_PER_PAGE_LABEL = 'Rows per page:';

export const IMPORT_BUTTONS = {
  back: 'Back',
  cancel: 'Cancel',
  continue: 'Continue',
  import: 'Import',
  confirmDelete: 'Yes, Delete',
  close: 'Close',
  download: 'Download',
  viewErrors: 'View Errors',
} as const;

export const IMPORT_TITLES = {
  summary: 'Import Summary',
  processingErrors: 'Processing Errors',
  deletionWarning: 'Deletion Warning',
  confirmation: 'Confirm Import',
  importing: 'Import',
  processing: 'Processing',
  saving: 'Saving',
} as const;

export const IMPORT_MESSAGES = {
  tooManyRows: (max: number) => `Processing failed. Attempt ${max} (or fewer) at a time.`,
  invalidFile: 'Invalid file uploaded',
  partlyProcessed: (correct: number, total: number) =>
    `${correct} of ${total} rows were processed correctly. Only the correct rows will be imported if you proceed. ` +
    'Download the file to see the rows with errors highlighted.',
  deletionWarning: (count: number) =>
    `If you choose to proceed ${count} items will be deleted. This cannot be undone.`,
  confirmation:
    'Once you confirm your changes on the next screen, the selected items will be uploaded. This cannot be undone.',
  /** The confirmation of an import into a table that is saved with the document (the rows are staged, not sent). */
  staged: (count: number) =>
    `${count} ${count === 1 ? 'row is' : 'rows are'} added to the table. Nothing is stored until you select Save; ` +
    'Discard changes removes them again.',
  errorColumn: 'error',
} as const;

// ---- files -------------------------------------------------------------------------------------------------------

export type ImportFileKind = 'csv' | 'json';

const KIND_BY_MIME: Record<string, ImportFileKind> = {
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/x-csv': 'csv',
  'application/vnd.ms-excel': 'csv',
  'application/json': 'json',
  'text/json': 'json',
};

/** The import row of a file: name, fileName (before the last dot), fileExtension (with its dot), size. */
export interface ImportFileRow {
  readonly name: string;
  readonly fileName: string;
  readonly fileExtension: string;
  readonly size: number;
}

export function importFileRow(file: { readonly name: string; readonly size: number }): ImportFileRow {
  const dot = file.name.lastIndexOf('.');
  return dot < 0
    ? { name: file.name, fileName: file.name, fileExtension: '', size: file.size }
    : { name: file.name, fileName: file.name.slice(0, dot), fileExtension: file.name.slice(dot), size: file.size };
}

/** csv or json by extension, else by MIME type; null for anything else (only csv and json are accepted). */
export function importFileKind(file: { readonly name: string; readonly type?: string }): ImportFileKind | null {
  const ext = importFileRow({ name: file.name, size: 0 }).fileExtension.toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.json') return 'json';
  return KIND_BY_MIME[(file.type ?? '').toLowerCase()] ?? null;
}

// ---- parsing -----------------------------------------------------------------------------------------------------

/** One imported row: values by column, and its 1-based line (or array position) in the file. */
export interface ImportRow {
  readonly line: number;
  readonly values: Readonly<Record<string, string>>;
}

export type ImportParseResult =
  | { readonly ok: true; readonly rows: ImportRow[] }
  | { readonly ok: false; readonly reason: 'invalidFile' | 'tooManyRows'; readonly message: string };

export interface ImportParseOptions {
  /** Columns of the target rows, in the order a header-less csv lists them. */
  readonly columns: readonly string[];
  /** More rows than this aborts the import. */
  readonly maxRows: number;
}

const asCell = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v).trim();

/**
 * The column names of a header row: `$`-prefixed cells (the export's header), or cells that each name a column
 * (`sender,comment`, in any case); null when the row is data.
 */
function headerOf(cells: readonly string[] | undefined, columns: readonly string[]): string[] | null {
  if (cells === undefined) return null;
  if (isHeaderRow(cells)) return headerNames(cells);
  const byName = new Map(columns.map((c) => [c.toLowerCase(), c]));
  const names = cells.map((c) => byName.get(c.trim().toLowerCase()));
  return names.every((n) => n !== undefined) ? names : null;
}

function csvRows(text: string, columns: readonly string[]): ImportRow[] {
  const lines = parseCsvLines(text);
  const header = headerOf(lines[0], columns);
  const names = header ?? columns;
  const data = header ? lines.slice(1) : lines;
  return data.map((cells, i) => ({
    line: i + 1,
    values: Object.fromEntries(columns.map((c) => [c, cells[names.indexOf(c)] ?? ''])),
  }));
}

function jsonRows(text: string, columns: readonly string[]): ImportRow[] | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(data)) return null;
  const rows: ImportRow[] = [];
  for (const [i, item] of data.entries()) {
    if (Array.isArray(item)) {
      rows.push({ line: i + 1, values: Object.fromEntries(columns.map((c, j) => [c, asCell(item[j])])) });
    } else if (item !== null && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      rows.push({ line: i + 1, values: Object.fromEntries(columns.map((c) => [c, asCell(record[c])])) });
    } else return null;
  }
  return rows;
}

/**
 * Parses an import file. A csv header row (every cell starting with `$`, as the export writes it, or every cell a
 * column name such as `sender,comment`) maps cells to columns by name and is not counted; without it cells map by
 * position. Json must be an array of objects or of arrays. A file that yields no
 * row, or is not csv / json, is an invalid file; more rows than `maxRows` aborts the import.
 */
export function parseImportFile(text: string, kind: ImportFileKind | null, options: ImportParseOptions): ImportParseResult {
  const rows = kind === 'csv' ? csvRows(text, options.columns) : kind === 'json' ? jsonRows(text, options.columns) : null;
  if (rows === null || rows.length === 0) {
    return { ok: false, reason: 'invalidFile', message: IMPORT_MESSAGES.invalidFile };
  }
  if (rows.length > options.maxRows) {
    return { ok: false, reason: 'tooManyRows', message: IMPORT_MESSAGES.tooManyRows(options.maxRows) };
  }
  return { ok: true, rows };
}

// ---- progress and results ----------------------------------------------------------------------------------------

export interface ImportProgress {
  readonly created: number;
  readonly errors: number;
  readonly total: number;
}

/** Progress in percent: created plus errors over total, 0 to 100. */
export function importProgressPercent({ created, errors, total }: ImportProgress): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, ((created + errors) / total) * 100));
}

/** A row that failed processing or saving, with the message to show. */
export interface ImportRowError {
  readonly line: number;
  readonly message: string;
}

/**
 * The file with its errors highlighted: every row with a trailing `error` column that holds the row's message
 * (empty for correct rows), error rows first so they are seen at once; header row with `$` names.
 */
export function errorReportCsv(
  rows: readonly ImportRow[],
  errors: readonly ImportRowError[],
  columns: readonly string[],
): string {
  const byLine = new Map(errors.map((e) => [e.line, e.message]));
  const ordered = [...rows].sort((a, b) => Number(byLine.has(b.line)) - Number(byLine.has(a.line)) || a.line - b.line);
  return toCsv(
    ordered.map((r) => ({ ...r.values, [IMPORT_MESSAGES.errorColumn]: byLine.get(r.line) ?? '' })),
    { columns: [...columns, IMPORT_MESSAGES.errorColumn], header: true },
  );
}
