import { describe, expect, it } from 'vitest';
import { MAX_CHANGES, MAX_DIFF_CHARS, documentChanges, saveChanges } from './audit';

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

describe('saveChanges', () => {
  it('keeps the top-level fields a save changed, whole, before and after; nothing when nothing changed', () => {
    const before = { list: [{ id: 'a', name: 'A' }], bypass: [], note: 'x' };
    const after = { list: [{ id: 'a', name: 'B' }], bypass: [], note: 'x', extra: true };
    expect(saveChanges(before, after)).toEqual({ diff: { before: { list: before.list }, after: { list: after.list, extra: true } } });
    expect(saveChanges(before, structuredClone(before))).toEqual({});
  });

  it('keeps a save too large for one event as lines instead', () => {
    const big = Array.from({ length: 4000 }, (_, i) => ({ id: `r${i}`, name: `Rule ${i}`, comment: 'c'.repeat(40) }));
    const changes = saveChanges({ list: [] }, { list: big });
    expect(JSON.stringify(big).length).toBeGreaterThan(MAX_DIFF_CHARS);
    expect(changes.diff).toBeUndefined();
    expect(changes.changes).toHaveLength(MAX_CHANGES);
  });
});
