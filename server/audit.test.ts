import { describe, expect, it } from 'vitest';
import { MAX_CHANGES, documentChanges } from './audit';

describe('documentChanges', () => {
  it('names a changed field of a row by the row, and counts a moved row as an order change only', () => {
    const before = { list: [{ id: 'a', name: 'Block games', action: 'block', tags: ['x'] }, { id: 'b', name: 'Allow news', action: 'allow' }], flag: false };
    const after = { list: [{ id: 'b', name: 'Allow news', action: 'allow' }, { id: 'a', name: 'Block games', action: 'isolate', tags: ['x', 'y'] }], flag: true };
    expect(documentChanges(before, after)).toEqual([
      { field: 'list[Block games].action', before: 'block', after: 'isolate' },
      { field: 'list[Block games].tags', before: 'x', after: 'x, y' },
      { field: 'list (order)', before: 'Block games, Allow news', after: 'Allow news, Block games' },
      { field: 'flag', before: 'false', after: 'true' },
    ]);
  });

  it('lists a row added or removed whole, and nothing when only empty values differ', () => {
    const changes = documentChanges({ list: [{ id: 'a', host: 'a.example' }], note: '' }, { list: [{ id: 'b', host: 'b.example' }] });
    expect(changes).toEqual([
      { field: 'list[b] (added)', before: '', after: '{"id":"b","host":"b.example"}' },
      { field: 'list[a] (removed)', before: '{"id":"a","host":"a.example"}', after: '' },
    ]);
    expect(documentChanges({ a: [], b: null }, { a: undefined, b: '' })).toEqual([]);
  });

  it('keeps at most MAX_CHANGES lines, the last saying how many more', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_CHANGES + 20 }, (_, i) => [`f${i}`, i]));
    const changes = documentChanges({}, many);
    expect(changes).toHaveLength(MAX_CHANGES);
    expect(changes.at(-1)!.field).toBe('21 more changes');
  });
});
