import { describe, expect, it } from 'vitest';
import { describeDiff, diffDocuments } from './diffDocuments';

const rows = { field: 'list', key: 'id', rowLabel: (r: Record<string, unknown>) => String(r.destination) };

describe('diffDocuments', () => {
  it('matches table rows by key: added, removed, changed fields, reordered', () => {
    const before = { list: [{ id: 'a', destination: 'a.com', comment: '' }, { id: 'b', destination: 'b.com', comment: '' }, { id: 'c', destination: 'c.com', comment: '' }] };
    const after = { list: [{ id: 'c', destination: 'c.com', comment: 'x' }, { id: 'a', destination: 'a.com', comment: '' }, { id: 'd', destination: 'd.com', comment: '' }] };
    const labels: Record<string, string> = { comment: 'Comment' };
    const diff = diffDocuments(before, after, { rows, fieldLabel: (p) => labels[p] ?? p });
    expect(diff.map(describeDiff)).toEqual([
      'Added: d.com',
      'Removed: b.com',
      'Changed: c.com (Comment: (empty) → x)',
      'The order of the entries changed',
    ]);
  });

  it('compares other fields leaf by leaf', () => {
    const diff = diffDocuments({ mode: 'direct', proxy: { port: 80 }, note: '' }, { mode: 'proxy', proxy: { port: 80 }, note: 'hi' });
    expect(diff.map(describeDiff)).toEqual(['mode: direct → proxy', 'note: (empty) → hi']);
  });

  it('finds nothing when nothing changed', () => {
    const doc = { list: [{ id: 'a', destination: 'a.com' }], flag: true };
    expect(diffDocuments(doc, structuredClone(doc), { rows })).toEqual([]);
  });
});
