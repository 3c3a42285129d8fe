import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { webLogs } from '../../../definitions/logs/webLogs';
import { MESSAGES } from '../../../schemas/constants';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError, type CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import type { LogViewDef } from '../../../definitions/define';
import type { ScreenLookup } from '../publish/revisionDiff';
import type { LogUrlQuery } from './logController';
import { LogView } from './LogView';

const PAGE = 50;
const event = (n: number, userid = 'alice') => ({
  timestamp: new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString(),
  userid,
  group: 'Staff',
  src_ip: '10.0.0.1',
  country: 'DE',
  domain: `site${n}.example`,
  url: `https://site${n}.example/`,
  method: 'GET',
  status: 200,
  protocol: 'https',
  cats: ['56'],
  webroot_cats: ['1'],
  pe_action: n % 2 ? 'safeview' : 'block',
  rule_name: 'Default',
  risk_score: 'R',
  top_level_risks: [],
  browser: 'Firefox',
  browser_version: '130',
  ua_type: 'browser',
  'user-agent': 'Mozilla',
  bytes: 1000,
  is_casb: false,
  is_casb_ddl: false,
});
const pageOf = (from: number, userid: string, last: boolean) => ({
  events: Array.from({ length: PAGE }, (_, i) => ({ event: event(from + i, userid) })),
  paginate: { pagingIdentifiers: last ? '' : `after-${from + PAGE}`, last_iteration: last },
});

function setup(opts: { fail?: unknown; onPrem?: boolean; initial?: LogUrlQuery; view?: LogViewDef; screens?: ScreenLookup } = {}) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    // The lookup lists that name category ids.
    if (id.startsWith('logs.categories.')) {
      const name = id.slice('logs.categories.'.length);
      return { name, categories: name === 'webroot-cats' ? [{ value: '1', label: 'Productivity' }] : [{ value: '56', label: 'Travel' }] };
    }
    calls.push([id, input]);
    if (opts.fail) throw opts.fail;
    const userid = String((input?.query?.userid as string[] | undefined)?.[0] ?? 'alice');
    if (id === 'logs.web.query') return pageOf(0, userid, false);
    if (id === 'logs.web.next') return pageOf(PAGE, userid, true);
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  const engine = { call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() };
  const urls: LogUrlQuery[] = [];
  function Harness() {
    const [query, setQuery] = useState<LogUrlQuery>(opts.initial ?? { interval: '7d' });
    return (
      <LogView
        screen={opts.view ?? webLogs}
        screens={opts.screens}
        query={query}
        setQuery={(q) => {
          urls.push(q);
          setQuery(q);
        }}
        onPrem={opts.onPrem ?? false}
        managementStation={false}
      />
    );
  }
  renderUi(
    <EngineProvider engine={engine}>
      <Harness />
    </EngineProvider>,
  );
  return { calls, urls, user: userEvent.setup() };
}

const rows = () => within(screen.getByRole('table', { name: 'Web logs' })).getAllByRole('row').slice(1);

describe('LogView', () => {
  it('shows loading, then the first page; scrolling to the end adds the next page to the loaded ones', async () => {
    const { calls } = setup();
    expect(screen.getByRole('status', { name: 'Loading events' })).toBeTruthy();
    await screen.findByText('50 events loaded');
    expect(rows()[0]!.textContent).toContain('site0.example');
    fireEvent.scroll(screen.getByTestId('log-scroll'));
    await screen.findByText('100 events');
    expect(calls.map(([id]) => id)).toEqual(['logs.web.query', 'logs.web.next']);
    expect(calls[1]![1]!.body).toEqual({ pagingIdentifiers: 'after-50' });
    expect(calls[1]![1]!.query).toEqual(calls[0]![1]!.query);
  });

  it('resets the loaded events when a filter changes, and sends the filter', async () => {
    const { calls, urls, user } = setup();
    await screen.findByText('50 events loaded');
    fireEvent.scroll(screen.getByTestId('log-scroll'));
    await screen.findByText('100 events');
    await user.click(screen.getByRole('button', { name: '+ Add filter' }));
    await user.click(await screen.findByRole('button', { name: 'User' }));
    await user.type(await screen.findByRole('textbox', { name: 'User' }), 'bob{Enter}');
    await waitFor(() => expect(urls.at(-1)).toMatchObject({ userid: 'bob', interval: '7d' }));
    await screen.findByText('50 events loaded');
    expect(calls.at(-1)![0]).toBe('logs.web.query');
    expect(calls.at(-1)![1]!.query).toMatchObject({ userid: ['bob'] });
  });

  it('shows a field that holds a screen id by the screen’s title, in the table and the drawer', async () => {
    const titles: Record<string, string> = { Default: 'Default web policy' };
    const screens: ScreenLookup = (id) => (titles[id] ? { title: titles[id], load: () => Promise.reject(new Error('not loaded')) } : undefined);
    const { user } = setup({ view: { ...webLogs, screenFields: ['rule_name'] }, screens });
    await screen.findByText('50 events loaded');
    expect(rows()[0]!.textContent).toContain('Default web policy');
    await user.click(rows()[0]!);
    const details = await screen.findByRole('table', { name: 'Event details' });
    expect(within(details).getByRole('row', { name: /Rule/ }).textContent).toContain('Default web policy');
  });

  it('opens an event in the drawer with the enumerations’ labels', async () => {
    const { user } = setup();
    await screen.findByText('50 events loaded');
    await user.click(rows()[1]!);
    const details = await screen.findByRole('table', { name: 'Event details' });
    expect(within(details).getByRole('row', { name: /Action/ }).textContent).toContain('Isolate');
    expect(within(details).getByRole('row', { name: /^Risk High/ }).textContent).toContain('High');
    expect(within(details).getByRole('row', { name: /User-agent type/ }).textContent).toContain('Browser');
    // Category ids read by their names from the lookup lists, as the category filter offers them.
    const value = (name: RegExp) => within(within(details).getByRole('row', { name })).getAllByRole('cell')[0]!.textContent;
    expect(value(/^Categories/)).toBe('Travel');
    expect(value(/^Category groups/)).toBe('Productivity');
  });

  it('keeps the interval in the URL', async () => {
    const { urls, calls, user } = setup();
    await screen.findByText('50 events loaded');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interval' }), 'Last 24 hours');
    expect(urls.at(-1)).toMatchObject({ interval: '24h' });
    await waitFor(() => expect(calls).toHaveLength(2));
    const q = calls[1]![1]!.query as { start: number; end: number };
    expect(q.end - q.start).toBe(86_400);
  });

  it('takes a month and year as the interval: the request covers that month', async () => {
    const { urls, calls, user } = setup();
    await screen.findByText('50 events loaded');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interval' }), 'A month');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-02' } });
    expect(urls.at(-1)).toMatchObject({ interval: '2026-02' });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]![1]!.query).toMatchObject({ start: Date.UTC(2026, 1, 1) / 1000, end: Date.UTC(2026, 2, 1) / 1000 - 1 });
  });

  it('shows an action as a badge in the colour the definition gives its value, other columns as text', async () => {
    setup();
    await screen.findByText('50 events loaded');
    const header = within(screen.getByRole('table', { name: 'Web logs' })).getAllByRole('columnheader').map((h) => h.textContent);
    const cell = (row: number, column: string) => within(rows()[row]!).getAllByRole('cell')[header.indexOf(column)]!;
    const badge = (row: number, column: string) => cell(row, column).querySelector<HTMLElement>('.mantine-Badge-root');
    expect(badge(0, 'Action')?.textContent).toBe('Block');
    expect(badge(0, 'Action')?.getAttribute('style')).toContain('red-7');
    expect(badge(1, 'Action')?.textContent).toBe('Isolate');
    expect(badge(1, 'Action')?.getAttribute('style')).toContain('blue-7');
    expect(badge(0, 'Domain')).toBeNull();
    expect(cell(0, 'Domain').textContent).toBe('site0.example');
  });

  it('shows country names in the table', async () => {
    setup();
    await screen.findByText('50 events loaded');
    expect(rows()[0]!.textContent).toContain('Germany');
  });

  it('shows the error in the view; on-prem a 500 reads the local-logs text', async () => {
    setup({ fail: new ApiError(500, 'Internal Server Error'), onPrem: true });
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.onPremLogsDisabled);
    expect(screen.getByText('Data loading failed. Please ensure that Local Logs are enabled in the Settings > Logs/Alerts page.')).toBeTruthy();
  });

  it('shows the server’s message for other failures', async () => {
    setup({ fail: new ApiError(403, 'Access denied') });
    expect((await screen.findByRole('alert')).textContent).toContain('Access denied');
  });

  it('exports every event the filters match, page after page, after saying the cap; with labels when chosen', async () => {
    const blobs: Blob[] = [];
    const create = vi.fn((b: Blob) => (blobs.push(b), 'blob:x'));
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: () => {} });
    const { calls, user } = setup({ initial: { interval: '7d', userid: 'carol', not_cats: '14' } });
    await screen.findByText('50 events loaded');
    // What the screen shows: its filters and exclusions.
    expect(calls[0]![1]!.query).toMatchObject({ userid: ['carol'], not_cats: ['14'] });
    await user.click(screen.getByRole('button', { name: 'Export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export events' });
    expect(dialog.textContent).toContain('up to 100,000 events');
    await user.click(within(dialog).getByRole('radio', { name: /With labels/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain('100 events exported');
    // The same calls the view makes: the first page with the filters, then the next by its paging identifier.
    expect(calls.slice(-2).map(([id, input]) => [id, input?.query, input?.body])).toEqual([
      ['logs.web.query', calls[0]![1]!.query, undefined],
      ['logs.web.next', calls[0]![1]!.query, { pagingIdentifiers: 'after-50' }],
    ]);
    const lines = (await blobs[0]!.text()).split('\r\n');
    expect(lines).toHaveLength(102);
    expect(lines[0]).toMatch(/^Time,/);
    expect(lines[1]).toContain('carol');
    expect(lines[1]).toContain('Travel');
    expect(lines[2]).toContain('Isolate');
  });

  it('exports as stored with the $ header by default', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} });
    const { user } = setup();
    await screen.findByText('50 events loaded');
    await user.click(screen.getByRole('button', { name: 'Export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export events' });
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await within(dialog).findByRole('status');
    const text = await blobs[0]!.text();
    expect(text.split('\r\n')[0]).toMatch(/^\$timestamp,\$userid,/);
    expect(text).toContain(',safeview,');
    expect(text).toContain(',56,');
  });

  it('filters by a value from the event drawer, naming it by its label', async () => {
    const { urls, calls, user } = setup();
    await screen.findByText('50 events loaded');
    await user.click(rows()[0]!);
    const details = await screen.findByRole('table', { name: 'Event details' });
    // A field no filter reads offers nothing.
    expect(within(details).queryByRole('button', { name: 'Filter by URL' })).toBeNull();
    await user.click(within(details).getByRole('button', { name: 'Filter by Categories' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Filter by “Travel”' }));
    expect(urls.at(-1)).toMatchObject({ cats: '56', interval: '7d' });
    await waitFor(() => expect(calls.at(-1)![1]!.query).toMatchObject({ cats: ['56'] }));
  });

  it('excludes a value from the event drawer: sends not_<param>, shows its own chip by name, ✕ removes it', async () => {
    const { urls, calls, user } = setup({ initial: { interval: '7d', pe_action: 'block' } });
    await screen.findByText('50 events loaded');
    await user.click(rows()[0]!);
    const details = await screen.findByRole('table', { name: 'Event details' });
    await user.click(within(details).getByRole('button', { name: 'Filter by Categories' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Exclude “Travel”' }));
    expect(urls.at(-1)).toMatchObject({ not_cats: '56', pe_action: 'block', interval: '7d' });
    await waitFor(() => expect(calls.at(-1)![1]!.query).toMatchObject({ not_cats: ['56'], pe_action: ['block'] }));
    expect(calls.at(-1)![1]!.query).not.toHaveProperty('cats');
    const bar = screen.getByRole('search', { name: 'Web logs filters' });
    const chips = () => within(bar).queryAllByRole('button', { name: /^Change filter/ }).map((b) => b.textContent);
    await waitFor(() => expect(chips()).toEqual(['Action: Block', 'Category is not Travel']));
    // A second value joins the exclusion.
    await user.click(rows()[1]!);
    await user.click(within(await screen.findByRole('table', { name: 'Event details' })).getByRole('button', { name: 'Filter by Action' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Exclude “Isolate”' }));
    expect(urls.at(-1)).toMatchObject({ not_pe_action: 'safeview', pe_action: 'block' });
    await waitFor(() => expect(chips()).toEqual(['Action: Block', 'Action is not Isolate', 'Category is not Travel']));
    await user.click(within(bar).getByRole('button', { name: 'Remove filter Category is not Travel' }));
    expect(urls.at(-1)).not.toHaveProperty('not_cats');
    await waitFor(() => expect(calls.at(-1)![1]!.query).not.toHaveProperty('not_cats'));
    expect(calls.at(-1)![1]!.query).toMatchObject({ not_pe_action: ['safeview'], pe_action: ['block'] });
  });

  it('filters by a cell’s value from the keyboard: arrows move between values, Enter opens the menu', async () => {
    const { urls, user } = setup();
    await screen.findByText('50 events loaded');
    const header = within(screen.getByRole('table', { name: 'Web logs' })).getAllByRole('columnheader').map((h) => h.textContent);
    rows()[1]!.focus();
    for (let i = 0; i <= header.indexOf('Action'); i++) await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Isolate');
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Filter by “Isolate”' });
    await user.click(item);
    expect(urls.at(-1)).toMatchObject({ pe_action: 'safeview' });
    // No drawer opened on the way.
    expect(screen.queryByRole('table', { name: 'Event details' })).toBeNull();
  });

  it('shows active filters as chips named by labels, one row until expanded; a chip’s ✕ removes its filter', async () => {
    const initial = { interval: '7d', cats: '56', pe_action: 'block', userid: 'ann', domain: 'a.example', country: 'DE' };
    const { urls, user } = setup({ initial });
    await screen.findByText('50 events loaded');
    const bar = screen.getByRole('search', { name: 'Web logs filters' });
    const chips = () => within(bar).queryAllByRole('button', { name: /^Change filter/ }).map((b) => b.textContent);
    // Category names come from their lookup, which answers on its own.
    await waitFor(() => expect(chips()).toEqual(['Action: Block', 'User: ann', 'Domain: a.example', 'Category: Travel']));
    await user.click(within(bar).getByRole('button', { name: 'Show all (5)' }));
    expect(chips()).toContain('Country: Germany');
    await user.click(within(bar).getByRole('button', { name: 'Remove filter Action: Block' }));
    expect(urls.at(-1)).not.toHaveProperty('pe_action');
    expect(urls.at(-1)).toMatchObject({ cats: '56', userid: 'ann' });
  });
});
