/**
 * The cell rules every CSV writer shares, the screens' exports (engine/core/csv.ts) and the server's report files:
 * formula neutralisation (OWASP CSV injection) and RFC 4180 quoting.
 */

/** Leading characters that make a spreadsheet read a cell as a formula: = + - @ tab, carriage return, NUL. */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/** Prefixes a text cell that a spreadsheet would run as a formula with a single quote, so it is shown, never run. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Quotes a cell that holds a comma, a quote or a line break (RFC 4180). */
export function quoteCell(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One scalar as a written cell: numbers and booleans as they are (a negative number is data), text neutralised. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  return quoteCell(typeof value === 'string' ? neutraliseCell(value) : String(value));
}
