import { describe, expect, it } from 'vitest';
import { diffDocuments } from './diffDocuments';

const rows = { field: 'list', key: 'id', rowLabel: (r: Record<string, unknown>) => String(r.destination) };

describe('diffDocuments', () => {
  it('matches table rows by key: added, removed, changed fields, reordered', () => {
    const before = { list: [{ id: 'a', destination: 'a.com', comment: '' }, { id: 'b', destination: 'b.com', comment: '' }, { id: 'c', destination: 'c.com', comment: '' }] };
    const after = { list: [{ id: 'c', destination: 'c.com', comment: 'x' }, { id: 'a', destination: 'a.com', comment: '' }, { id: 'd', destination: 'd.com', comment: '' }] };
    const labels: Record<string, string> = { comment: 'Comment' };
    const diff = diffDocuments(before, after, { rows, fieldLabel: (p) => labels[p] ?? p });
    expect(diff).toEqual([
      { kind: 'rowAdded', row: 'd.com' },
      { kind: 'rowRemoved', row: 'b.com' },
      { kind: 'rowChanged', row: 'c.com', fields: [{ field: 'Comment', before: '', after: 'x' }] },
      { kind: 'rowsReordered' },
    ]);
  });

  it('compares other fields leaf by leaf', () => {
    const diff = diffDocuments({ mode: 'direct', proxy: { port: 80 }, note: '' }, { mode: 'proxy', proxy: { port: 80 }, note: 'hi' });
    expect(diff).toEqual([
      { kind: 'fieldChanged', field: 'mode', before: 'direct', after: 'proxy' },
      { kind: 'fieldChanged', field: 'note', before: '', after: 'hi' },
    ]);
  });

  it('finds nothing when nothing changed', () => {
    const doc = { list: [{ id: 'a', destination: 'a.com' }], flag: true };
    expect(diffDocuments(doc, structuredClone(doc), { rows })).toEqual([]);
  });
});
