import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { neutraliseCell } from '../../schemas/csv';
import { cellText, isHeaderRow, parseCsvLines, splitCsvLine, toCsv } from './csv';

describe('writing csv', () => {
  it('writes an optional header row of $-prefixed field names', () => {
    const rows = [{ name: 'a', size: 1 }];
    expect(toCsv(rows)).toBe('a,1\r\n');
    expect(toCsv(rows, { header: true })).toBe('$name,$size\r\na,1\r\n');
  });
  it('writes the given columns in their order, empty for missing values', () => {
    expect(toCsv([{ a: 1, b: 2 }, { a: 3 }], { columns: ['b', 'a'] })).toBe('2,1\r\n,3\r\n');
    expect(toCsv([], { columns: ['a'], header: true })).toBe('$a\r\n');
    expect(toCsv([])).toBe('');
  });
  it('joins the truthy keys of an object cell with a pipe', () => {
    expect(cellText({ read: true, write: false, admin: 1, none: 0, label: '' })).toBe('read|admin');
    expect(toCsv([{ perms: { read: true, write: true } }])).toBe('read|write\r\n');
    expect(cellText({})).toBe('');
  });
  it('joins array cells with a pipe and writes null as empty', () => {
    expect(cellText(['a', 'b'])).toBe('a|b');
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText(false)).toBe('false');
  });
  it.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx', '\0x'])('neutralises a text cell starting with %j', (v) => {
    expect(cellText(v)).toBe(`'${v}`);
    expect(neutraliseCell(v).startsWith("'")).toBe(true);
  });
  it('leaves numbers and other text alone', () => {
    expect(cellText(-5)).toBe('-5');
    expect(cellText('a=b')).toBe('a=b');
    expect(cellText(' =x')).toBe(' =x');
  });
  it('quotes cells with commas, quotes or line breaks', () => {
    expect(toCsv([{ a: 'x,y', b: 'say "hi"', c: 'l1\nl2' }])).toBe('"x,y","say ""hi""","l1\nl2"\r\n');
  });
  it('neutralises a formula hidden in an object key', () => {
    expect(cellText({ '=evil': true })).toBe("'=evil");
  });
});

describe('reading csv', () => {
  it('splits lines on newlines, drops blank lines, splits and trims cells', () => {
    expect(parseCsvLines('a, b ,c\n\n  \r\nd,e\rf\n')).toEqual([['a', 'b', 'c'], ['d', 'e'], ['f']]);
    expect(parseCsvLines('')).toEqual([]);
    expect(parseCsvLines('\uFEFFa,b')).toEqual([['a', 'b']]);
  });
  it('keeps empty cells between commas', () => {
    expect(splitCsvLine('a,,b,')).toEqual(['a', '', 'b', '']);
  });
  it('reads quoted cells as toCsv writes them', () => {
    expect(splitCsvLine('"x,y", "say ""hi""" ,z')).toEqual(['x,y', 'say "hi"', 'z']);
  });
  it('round-trips single-line text through toCsv', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string().filter((s) => !/[\r\n]/.test(s) && s === s.trim() && !/^[=+\-@\t\0]/.test(s)), {
          minLength: 1,
          maxLength: 5,
        }),
        (cells) => {
          const record = Object.fromEntries(cells.map((c, i) => [`c${i}`, c]));
          const line = toCsv([record]).replace(/\r\n$/, '');
          return JSON.stringify(splitCsvLine(line)) === JSON.stringify(cells);
        },
      ),
    );
  });
  it('treats a row whose cells all start with $ as a header', () => {
    expect(isHeaderRow(['$name', '$size'])).toBe(true);
    expect(isHeaderRow(['$name', 'size'])).toBe(false);
    expect(isHeaderRow([])).toBe(false);
  });
});
