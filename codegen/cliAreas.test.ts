/**
 * The `portal` command's pieces that need no server: the area list generated from the registry, the YAML it writes
 * (schema order, secrets as references, left-out and empty kept apart), the checks of a file, and the retries on
 * 429 / 503. The command itself runs against the live server in tests/api/cli.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registry } from '../definitions';
import { isDocumentScreen } from '../definitions/define';
import { changeText, CliError, loadArea, retryAfterMs, retryingFetch, toYaml, type CliArea } from '../engine/generated/portal-client/cli';
import { cliAreas } from './cliAreas';

const Row = z.strictObject({
  id: z.string().min(1).meta({ title: 'Id' }),
  host: z.string().meta({ title: 'Host' }),
  comment: z.string().default('').meta({ title: 'Comment' }),
  ports: z.array(z.number().int()).optional().meta({ title: 'Ports' }),
  password: z.string().optional().meta({ title: 'Password', writeOnly: true }),
});
const Document = z.strictObject({ enabled: z.boolean().meta({ title: 'Enabled' }), list: z.array(Row).meta({ title: 'Hosts' }) });

const area: CliArea = {
  id: 'test.hosts',
  title: 'Hosts',
  kind: 'policy',
  file: 'test.hosts.yaml',
  read: 'test.hosts.get',
  save: 'test.hosts.save',
  rows: { field: 'list', key: 'id', labelField: 'host' },
  changes: { rowKeys: { list: 'id' }, rowNames: { list: 'host' }, labels: { 'list.host': 'Host' }, hidden: [], tables: [] },
  schema: z.toJSONSchema(Document, { io: 'input' }),
};

describe('the area list', () => {
  it('holds every policy area and settings page of the portal once, under a file named after its id', () => {
    const areas = cliAreas(registry);
    const portalDocuments = registry.screens.filter(isDocumentScreen).filter((s) => (registry.sectionOf(s)?.application ?? 'portal') === 'portal');
    expect(areas.map((a) => a.id).sort()).toEqual(portalDocuments.map((s) => s.id).sort());
    expect(new Set(areas.map((a) => a.file)).size).toBe(areas.length);
    expect(areas.find((a) => a.id === 'web.ssl-bypass')).toMatchObject({
      kind: 'policy',
      file: 'web.ssl-bypass.yaml',
      rows: { field: 'list', key: 'id', labelField: 'destination' },
      changes: { rowKeys: { list: 'id' }, rowNames: { list: 'destination' }, tables: ['list'] },
    });
    // Where the review finds the names of the ids a field holds: the plan names them the same way.
    expect(areas.find((a) => a.id === 'fwaas.rules')?.names?.['data.services']).toEqual({ read: 'fwaas.services.get', staged: true, rows: 'data', value: 'id', label: 'name' });
  });
});

describe('area files', () => {
  const stored = { enabled: true, list: [{ comment: 'b', host: 'b.example', id: 'r2', password: '********' }, { id: 'r1', host: 'a.example', comment: '', ports: [] }] };

  it('writes keys in the schema order, rows in their order, stored secrets as references and empty lists as empty', () => {
    expect(toYaml(area, stored)).toBe(
      [
        '# Hosts (test.hosts). Exported by portal; plan and apply with `portal plan` / `portal apply`.',
        'enabled: true',
        'list:',
        '  - id: r2',
        '    host: b.example',
        '    comment: b',
        '    password:',
        '      $secret: stored',
        '  - id: r1',
        '    host: a.example',
        '    comment: ""',
        '    ports: []',
        '',
      ].join('\n'),
    );
  });

  it('reads its own output back unchanged, so a plan of an export is empty', () => {
    const loaded = loadArea(area, 'hosts.yaml', toYaml(area, stored));
    expect(changeText(area, stored, loaded.compare)).toEqual([]);
    expect(loaded.send).toEqual(stored);
  });

  it('keeps a left-out field apart from an empty one, and takes a secret from the environment only to send it', () => {
    const text = 'enabled: true\nlist:\n  - id: r1\n    host: a.example\n    password: { $secret: "env:HOST_PASSWORD" }\n  - id: r2\n    host: b.example\n    ports: []\n';
    const loaded = loadArea(area, 'hosts.yaml', text, { HOST_PASSWORD: 's3cret' });
    expect(loaded.send.list).toEqual([
      { id: 'r1', host: 'a.example', comment: '', password: 's3cret' },
      { id: 'r2', host: 'b.example', comment: '', ports: [] },
    ]);
    expect((loaded.compare.list as { password?: string }[])[0]!.password).toBe('********');
    expect(() => loadArea(area, 'hosts.yaml', text, {})).toThrow('hosts.yaml: Hosts (test.hosts): list.0.password: the environment variable HOST_PASSWORD is not set');
  });

  it('refuses a file with the file, the area and each field path', () => {
    const run = () => loadArea(area, 'hosts.yaml', 'enabled: "yes"\nlist:\n  - id: r1\n    host: 7\n');
    expect(run).toThrow(CliError);
    expect(run).toThrow(/hosts\.yaml: Hosts \(test\.hosts\): enabled: .*\nhosts\.yaml: Hosts \(test\.hosts\): list\.0\.host: /);
  });

  it('gives a row written without its key the same key on every run', () => {
    const text = 'enabled: false\nlist:\n  - host: new.example\n';
    const a = loadArea(area, 'hosts.yaml', text).compare.list as { id: string }[];
    const b = loadArea(area, 'hosts.yaml', text).compare.list as { id: string }[];
    expect(a[0]!.id).toMatch(/^row-[0-9a-f]{16}$/);
    expect(b[0]!.id).toBe(a[0]!.id);
  });

  it('describes the changes in the publish review’s words: rows by their name, fields by their label', () => {
    const after = { enabled: false, list: [{ id: 'r1', host: 'a.example', comment: 'new', ports: [] }, { id: 'r3', host: 'c.example', comment: '' }] };
    expect(changeText(area, stored, after)).toEqual(['Enabled: On → Off', 'Hosts: + c.example, − b.example', 'Hosts: “a.example”', '  Comment: (none) → new']);
  });

  it('names a referenced id as the review does when a name is known, and shows it as it is otherwise', () => {
    const names = (path: string, id: string) => (path === 'list.comment' && id === 'new' ? 'The new one' : undefined);
    const after = { ...stored, list: [{ ...stored.list[0]!, comment: 'new' }, stored.list[1]!] };
    expect(changeText(area, stored, after, names)).toEqual(['Hosts: “b.example”', '  Comment: b → The new one']);
    expect(changeText(area, stored, after)).toEqual(['Hosts: “b.example”', '  Comment: b → new']);
  });
});

describe('retries', () => {
  const answers = (...statuses: [number, Record<string, string>?][]) => {
    const calls: number[] = [];
    const fake = (async () => {
      const [status, headers] = statuses[calls.length] ?? [200];
      calls.push(status);
      return new Response(status === 200 ? '{}' : 'busy', { status, headers });
    }) as typeof fetch;
    return { fake, calls };
  };

  it('waits as Retry-After says on 429, backs off on a 503 without it, then answers the success', async () => {
    const { fake, calls } = answers([429, { 'retry-after': '2' }], [503]);
    const waits: number[] = [];
    const res = await retryingFetch(fake, { sleep: async (ms) => void waits.push(ms) })('http://portal.test/x');
    expect(res.status).toBe(200);
    expect(calls).toEqual([429, 503, 200]);
    expect(waits).toEqual([2000, 1000]);
  });

  it('gives up after its retries with the last answer, and never retries another status', async () => {
    const busy = answers([503], [503], [503]);
    expect((await retryingFetch(busy.fake, { retries: 2, sleep: async () => {} })('http://portal.test/x')).status).toBe(503);
    expect(busy.calls).toHaveLength(3);
    const refused = answers([400]);
    expect((await retryingFetch(refused.fake, { sleep: async () => {} })('http://portal.test/x')).status).toBe(400);
    expect(refused.calls).toEqual([400]);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('5')).toBe(5000);
    expect(retryAfterMs(new Date(Date.UTC(2030, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(10_000);
    expect(retryAfterMs(null)).toBeUndefined();
  });
});
