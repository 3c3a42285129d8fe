import { describe, expect, it } from 'vitest';
import { formatCell, humanise, normaliseColumns } from './columns';

describe('columns', () => {
  it('take labels from the field name unless given', () => {
    expect(humanise('fileName')).toBe('File name');
    expect(humanise('text_color')).toBe('Text color');
    expect(normaliseColumns(['name', { field: 'size', label: 'Bytes' }]).map((c) => c.label)).toEqual(['Name', 'Bytes']);
  });
  it('share the width by flex', () => {
    const cols = normaliseColumns([{ field: 'a', flex: 3 }, { field: 'b', flex: 1 }, 'c']);
    expect(cols.map((c) => c.width)).toEqual(['75%', '25%', undefined]);
  });
  it('format values', () => {
    expect(formatCell(true, { format: 'boolean' })).toBe('Yes');
    expect(formatCell([1, 2], { format: 'count' })).toBe('2');
    expect(formatCell(2048, { format: 'bytes' })).toBe('2 KB');
    expect(formatCell('safeview', { format: 'enumLabel', labels: { safeview: 'Isolate' } })).toBe('Isolate');
    expect(formatCell(['a', 'b'], {})).toBe('a, b');
    expect(formatCell(null, {})).toBe('');
  });
});
