import { describe, expect, it } from 'vitest';
import type { LogFetchers, LogPage } from './logController';
import { createExportWriter, pageAllEvents } from './logExport';

type E = Record<string, unknown>;
const page = (from: number, size: number, last: boolean): LogPage<E> => ({
  events: Array.from({ length: size }, (_, i) => ({ event: { n: from + i } })),
  paginate: { pagingIdentifiers: last ? '' : `after-${from + size}`, last_iteration: last },
});

function fetchers(pages: number, size = 10) {
  const calls: string[] = [];
  const f: LogFetchers<E> = {
    first: async () => (calls.push('first'), page(0, size, pages === 1)),
    next: async (_q, id) => {
      calls.push(id);
      const from = Number(id.slice('after-'.length));
      return page(from, size, from / size === pages - 1);
    },
  };
  return { f, calls };
}

describe('pageAllEvents', () => {
  it('pages through every page by its paging identifier, reporting the rows so far', async () => {
    const { f, calls } = fetchers(3);
    const seen: number[] = [];
    const run = await pageAllEvents(f, {}, (_e, rows) => seen.push(rows), { cap: 1000, signal: new AbortController().signal });
    expect(run).toEqual({ rows: 30, capped: false });
    expect(seen).toEqual([10, 20, 30]);
    expect(calls).toEqual(['first', 'after-10', 'after-20']);
  });

  it('stops at the cap, says so, and asks for no page beyond it', async () => {
    const { f, calls } = fetchers(5);
    const run = await pageAllEvents(f, {}, () => {}, { cap: 25, signal: new AbortController().signal });
    expect(run).toEqual({ rows: 25, capped: true });
    expect(calls).toHaveLength(3);
  });

  it('stops when aborted', async () => {
    const { f, calls } = fetchers(5);
    const abort = new AbortController();
    const done = pageAllEvents(f, {}, (_e, rows) => rows >= 20 && abort.abort(), { cap: 1000, signal: abort.signal });
    await expect(done).rejects.toThrow();
    expect(calls).toHaveLength(2);
  });
});

describe('createExportWriter', () => {
  const spec = {
    fields: ['action', 'user'],
    title: (f: string) => ({ action: 'Action', user: 'User' })[f] ?? f,
    text: (f: string, v: unknown) => (f === 'action' && v === 'safeview' ? 'Isolate' : String(v)),
  };

  it('writes the $ header and the stored values, neutralising formula cells', () => {
    const w = createExportWriter('csv', 'codes', spec);
    const text = w.page([{ action: 'safeview', user: '=HYPERLINK("x")', cats: ['14', '56'] }]) + w.end();
    expect(text).toBe('$action,$user,$cats\r\nsafeview,"\'=HYPERLINK(""x"")",14|56\r\n');
  });

  it('writes titles and labels when asked', () => {
    const w = createExportWriter('csv', 'labels', spec);
    expect(w.page([{ action: 'safeview', user: '-1+1' }])).toBe("Action,User\r\nIsolate,'-1+1\r\n");
  });

  it('writes JSON over several pages as one array', () => {
    const w = createExportWriter('json', 'labels', spec);
    const text = w.page([{ action: 'safeview', user: 'a' }]) + w.page([{ action: 'block', user: 'b' }]) + w.end();
    expect(JSON.parse(text)).toEqual([
      { Action: 'Isolate', User: 'a' },
      { Action: 'block', User: 'b' },
    ]);
  });
});
