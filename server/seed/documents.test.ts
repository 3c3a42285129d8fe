import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry } from '../../definitions';
import { DEMO_TENANTS } from './demo';
import { loadSeedDocuments } from './documents';

describe('seed documents', () => {
  const documents = loadSeedDocuments(registry);

  it.each(documents.map((d) => [d.file, d] as const))('%s names a document screen and is valid for every demo tenant', (_file, d) => {
    expect(d.screen).toBeDefined();
    for (const t of DEMO_TENANTS) expect(() => d.forTenant(t.name)).not.toThrow();
  });

  it('gives Demo Corp 8 to 12 SSL bypass entries with stable unique ids, and Other Corp a list of its own', () => {
    const bypass = documents.find((d) => d.file === 'web.ssl-bypass.json')!;
    const demo = bypass.forTenant('Demo Corp')!.list as { id: string; destination: string }[];
    const other = bypass.forTenant('Other Corp')!.list as { id: string; destination: string }[];
    expect(demo.length).toBeGreaterThanOrEqual(8);
    expect(demo.length).toBeLessThanOrEqual(12);
    expect(new Set(demo.map((e) => e.id)).size).toBe(demo.length);
    expect(demo.map((e) => e.destination)).toEqual(expect.arrayContaining(['10.20.0.0/16', '203.0.113.10']));
    expect(other.map((e) => e.destination).filter((d) => demo.some((e) => e.destination === d))).toEqual([]);
  });

  it('reports the file, screen and field of an invalid seed document', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-'));
    writeFileSync(join(dir, 'web.ssl-bypass.json'), JSON.stringify({ list: [{ id: 'x', destination: 'not a host' }] }));
    const [d] = loadSeedDocuments(registry, dir);
    expect(() => d!.forTenant('Demo Corp')).toThrow(/web\.ssl-bypass\.json is not a valid web\.ssl-bypass for Demo Corp[\s\S]*list\[0\]\.destination/);
  });
});
