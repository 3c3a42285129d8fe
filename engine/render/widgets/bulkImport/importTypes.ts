/** The bulk-import dialog's public shapes (see BulkImportDialog.tsx). */
import type { ImportRow, ImportRowError } from '../../../core/bulkImport';

/**
 * The confirmation step: the deletion warning (with the count of items that go), the import confirmation of an
 * upload, or the note that the rows are only added to the table and stored with its Save (`stage`).
 */
export type ImportPrompt =
  | { readonly kind: 'delete'; readonly count: number }
  | { readonly kind: 'confirm' }
  | { readonly kind: 'stage' };

export interface ImportCounts {
  readonly created: number;
  readonly errors: number;
}

export interface ImportSaveResult {
  readonly created: number;
  readonly errors: readonly ImportRowError[];
}

export interface BulkImportDialogProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  /** Called once saving finishes, with what was created and how many rows failed. */
  readonly onComplete?: (summary: ImportCounts & { readonly total: number }) => void;
  /** Title of the importing step. */
  readonly title?: string;
  /** The fields of a row, in the order a header-less csv gives them. */
  readonly columns: readonly string[];
  readonly columnLabels?: Readonly<Record<string, string>>;
  /** More rows than this aborts the import with the row-limit snackbar. */
  readonly maxRows: number;
  readonly prompt?: ImportPrompt;
  /** Checks one row: an error message, or null when it is correct. */
  readonly processRow: (row: ImportRow) => string | null | Promise<string | null>;
  /**
   * Checks the rows that passed `processRow` together (with what is already stored): the rows that clash, such as
   * duplicates of an existing entry or of an earlier file row. Runs once, after every row was checked.
   */
  readonly checkRows?: (rows: readonly ImportRow[]) => readonly ImportRowError[];
  /** Saves the correct rows, reporting progress; resolves to the count created and the rows that failed. */
  readonly save: (rows: readonly ImportRow[], progress: (counts: ImportCounts) => void) => Promise<ImportSaveResult>;
  /** Name of the downloaded file with the errors highlighted. */
  readonly errorFileName?: string;
}
