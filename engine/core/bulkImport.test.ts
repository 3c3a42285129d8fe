import { describe, expect, it } from 'vitest';
import {
  errorReportCsv,
  IMPORT_MESSAGES,
  importDismissible,
  importFileKind,
  importFileRow,
  importProgressPercent,
  importSteps,
  nextImportStep,
  parseImportFile,
  previousImportStep,
} from './bulkImport';
import { parseCsvLines, toCsv } from './csv';

const columns = ['destination', 'comment'];

describe('steps', () => {
  it('run importing, processing, confirmation only with a prompt, saving, summary', () => {
    expect(importSteps(true)).toEqual(['importing', 'processing', 'confirmation', 'saving', 'summary']);
    expect(importSteps(false)).toEqual(['importing', 'processing', 'saving', 'summary']);
  });
  it('move one step at a time and stop at the ends', () => {
    expect(nextImportStep('processing', true)).toBe('confirmation');
    expect(nextImportStep('processing', false)).toBe('saving');
    expect(nextImportStep('summary', false)).toBe('summary');
    expect(previousImportStep('saving', true)).toBe('confirmation');
    expect(previousImportStep('saving', false)).toBe('processing');
    expect(previousImportStep('importing', false)).toBe('importing');
  });
  it('allow backdrop and Escape only at the summary', () => {
    expect(importSteps(true).filter(importDismissible)).toEqual(['summary']);
  });
});

describe('files', () => {
  it('accept only csv and json, by extension or MIME type', () => {
    expect(importFileKind({ name: 'rules.CSV', type: '' })).toBe('csv');
    expect(importFileKind({ name: 'rules.json' })).toBe('json');
    expect(importFileKind({ name: 'rules', type: 'text/csv' })).toBe('csv');
    expect(importFileKind({ name: 'data', type: 'application/json' })).toBe('json');
    expect(importFileKind({ name: 'rules.txt', type: 'text/plain' })).toBeNull();
    expect(importFileKind({ name: 'rules.xlsx', type: '' })).toBeNull();
  });
  it('split the import row name before the last dot, the extension keeping its dot', () => {
    expect(importFileRow({ name: 'rules.v2.csv', size: 10 })).toEqual({
      name: 'rules.v2.csv',
      fileName: 'rules.v2',
      fileExtension: '.csv',
      size: 10,
    });
    expect(importFileRow({ name: 'README', size: 0 })).toMatchObject({ fileName: 'README', fileExtension: '' });
  });
});

describe('parsing', () => {
  const opts = { columns, maxRows: 3 };
  it('reads csv cells by position, trimmed, blank lines dropped', () => {
    const r = parseImportFile('a.com , first\n\nb.com,second\n', 'csv', opts);
    expect(r).toEqual({
      ok: true,
      rows: [
        { line: 1, values: { destination: 'a.com', comment: 'first' } },
        { line: 2, values: { destination: 'b.com', comment: 'second' } },
      ],
    });
  });
  it('does not count a $-header row and maps cells by its names', () => {
    const r = parseImportFile('$comment,$destination\nx,a.com\ny,b.com\nz,c.com', 'csv', opts);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.rows).toHaveLength(3);
      expect(r.rows[0]!.values).toEqual({ destination: 'a.com', comment: 'x' });
    }
  });
  it('reads a header row of plain column names (any case, any order) as the header, not as data', () => {
    const r = parseImportFile('Comment, destination\nx,a.com\n', 'csv', opts);
    expect(r).toEqual({ ok: true, rows: [{ line: 1, values: { destination: 'a.com', comment: 'x' } }] });
    // A first row naming something else is data.
    expect(parseImportFile('destination,note\na.com,x', 'csv', opts)).toMatchObject({ ok: true, rows: [{ values: { destination: 'destination' } }, {}] });
  });
  it('reads back what the table export writes (header row, extra columns, quoted cells)', () => {
    const table = [
      { id: 'r1', destination: 'a.com', comment: 'first, with a comma', enabled: true },
      { id: 'r2', destination: 'b.com', comment: 'say "hi"', enabled: false },
    ];
    const r = parseImportFile(toCsv(table, { header: true }), 'csv', opts);
    expect(r).toEqual({
      ok: true,
      rows: table.map((t, i) => ({ line: i + 1, values: { destination: t.destination, comment: t.comment } })),
    });
  });
  it('aborts with the limit message when there are more rows than the maximum', () => {
    const r = parseImportFile('a\nb\nc\nd', 'csv', opts);
    expect(r).toEqual({ ok: false, reason: 'tooManyRows', message: 'Processing failed. Attempt 3 (or fewer) at a time.' });
  });
  it('needs at least one row', () => {
    expect(parseImportFile('\n  \n', 'csv', opts)).toMatchObject({ ok: false, message: 'Invalid file uploaded' });
    expect(parseImportFile('$a,$b\n', 'csv', opts)).toMatchObject({ ok: false, reason: 'invalidFile' });
    expect(parseImportFile('[]', 'json', opts)).toMatchObject({ ok: false, reason: 'invalidFile' });
  });
  it('reads json arrays of objects or of arrays', () => {
    const objects = parseImportFile('[{"destination":"a.com","comment":"x","extra":1},{"destination":"b.com"}]', 'json', opts);
    expect(objects).toMatchObject({ ok: true, rows: [{ values: { destination: 'a.com', comment: 'x' } }, { values: { comment: '' } }] });
    const arrays = parseImportFile('[["a.com","x"]]', 'json', opts);
    expect(arrays).toMatchObject({ ok: true, rows: [{ line: 1, values: { destination: 'a.com', comment: 'x' } }] });
  });
  it('refuses broken json, a non-array and files of other kinds', () => {
    expect(parseImportFile('{', 'json', opts)).toMatchObject({ reason: 'invalidFile' });
    expect(parseImportFile('{"a":1}', 'json', opts)).toMatchObject({ reason: 'invalidFile' });
    expect(parseImportFile('[1,2]', 'json', opts)).toMatchObject({ reason: 'invalidFile' });
    expect(parseImportFile('a,b', null, opts)).toMatchObject({ reason: 'invalidFile' });
  });
});

describe('progress, texts and the error report', () => {
  it('counts created plus errors over total', () => {
    expect(importProgressPercent({ created: 1, errors: 1, total: 4 })).toBe(50);
    expect(importProgressPercent({ created: 0, errors: 0, total: 0 })).toBe(0);
    expect(importProgressPercent({ created: 5, errors: 0, total: 4 })).toBe(100);
  });
  it('use the spec texts', () => {
    expect(IMPORT_MESSAGES.deletionWarning(4)).toBe('If you choose to proceed 4 items will be deleted. This cannot be undone.');
    expect(IMPORT_MESSAGES.confirmation).toBe(
      'Once you confirm your changes on the next screen, the selected items will be uploaded. This cannot be undone.',
    );
    expect(IMPORT_MESSAGES.partlyProcessed(2, 3)).toContain(
      'rows were processed correctly. Only the correct rows will be imported if you proceed',
    );
  });
  it('highlights the error rows in the downloaded file', () => {
    const rows = [
      { line: 1, values: { destination: 'a.com', comment: 'ok' } },
      { line: 2, values: { destination: 'bad host', comment: '' } },
    ];
    const lines = parseCsvLines(errorReportCsv(rows, [{ line: 2, message: 'Enter a valid domain' }], columns));
    expect(lines).toEqual([
      ['$destination', '$comment', '$error'],
      ['bad host', '', 'Enter a valid domain'],
      ['a.com', 'ok', ''],
    ]);
  });
});
