/**
 * Collections about one item of another list (the provider console's tenant pages) and lists with filters: the
 * scope chosen above the screen reaches every call, filters become the list's query, a dry run is shown before an
 * action applies, and bulk actions ask once for the selected rows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CollectionDef } from '../../../definitions/define';
import { tenantCapabilities } from '../../../definitions/provider/tenantCapabilities';
import { tenants } from '../../../definitions/provider/tenants';
import { tenantTerms } from '../../../definitions/provider/tenantTerms';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import type { CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import type { LogUrlQuery } from '../log/logController';
import { EngineProvider } from '../shell/EngineContext';
import { SnackbarHost } from '../shell/SnackbarHost';
import { CollectionView } from './CollectionView';

const tenant = (tid: string, name: string, disabled = false) => ({ tid, name, disabled, users: 2, capabilities: {}, session_logout_days: 7 });
const list = { status: 'Success', tenants: [tenant('t1', 'Acme'), tenant('t2', 'Beta'), tenant('t3', 'Gone', true)] };
const caps = (value: boolean) => ({
  status: 'Success',
  dry_run: false,
  capabilities: { reports: value },
  entries: [{ name: 'reports', value, kind: 'switch' }],
  changes: [],
});

function setup(def: CollectionDef, answers: Record<string, unknown>, initial: LogUrlQuery = {}) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (!(id in answers)) throw new Error(`unexpected ${id}`);
    const answer = answers[id];
    return typeof answer === 'function' ? (answer as (input?: CallInput) => unknown)(input) : answer;
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['provider'], write: ['provider'] }, capabilities: { rbac: true } });
  const urls: LogUrlQuery[] = [];
  function Harness() {
    const [query, setQuery] = useState<LogUrlQuery>(initial);
    return (
      <CollectionView
        screen={def}
        query={query}
        setQuery={(q) => {
          urls.push(q);
          setQuery(q);
        }}
      />
    );
  }
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <Harness />
      <SnackbarHost />
    </EngineProvider>,
  );
  return { calls, urls, user: userEvent.setup() };
}

describe('collection scope, filters, dry run and bulk actions', () => {
  it('lists the scoped tenant\'s capabilities, shows the dry run of turning one off and applies it when confirmed', async () => {
    let value = true;
    const { calls, user } = setup(
      tenantCapabilities,
      {
        'provider.tenants.list': list,
        'provider.capabilities.get': () => caps(value),
        'provider.capabilities.patch': (input?: CallInput) => {
          if (input?.query?.DryRun === 'true') return { ...caps(value), dry_run: true, changes: [{ name: 'reports', before: true, after: false }] };
          value = false;
          return caps(false);
        },
      },
      { tid: 't2' },
    );
    await screen.findByRole('cell', { name: 'reports' });
    expect(calls.find(([id]) => id === 'provider.capabilities.get')?.[1]).toMatchObject({ params: { tid: 't2' } });
    expect(screen.getByRole('cell', { name: 'On' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Actions for reports' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off reports' });
    expect(within(dialog).getByText('reports: on → off')).toBeTruthy();
    expect(value).toBe(true);
    const dry = calls.find(([id, input]) => id === 'provider.capabilities.patch' && input?.query?.DryRun === 'true')!;
    expect(dry[1]).toMatchObject({ params: { tid: 't2' }, body: { capabilities: { reports: false } } });

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await screen.findByText('reports is off.');
    expect(value).toBe(false);
    await screen.findByRole('cell', { name: 'Off' });
  });

  it('asks for a tenant before showing anything when none is chosen', async () => {
    sessionStorage.clear();
    const { calls } = setup(tenantCapabilities, { 'provider.tenants.list': list });
    await screen.findByText('No tenant chosen');
    expect(screen.getByText(/This page shows one tenant at a time: pick it in the list above/)).toBeTruthy();
    expect(calls.map(([id]) => id)).toEqual(['provider.tenants.list']);
  });

  it('sends the filters as the list\'s query and disables the selected tenants after one question', async () => {
    const disabled: unknown[] = [];
    const { calls, user, urls } = setup(tenants, {
      'provider.tenants.list': list,
      'provider.commands.disableTenant': (input?: CallInput) => {
        disabled.push(input?.body);
        return { status: 'Success', tenant: tenant('t1', 'Acme', true) };
      },
    });
    await screen.findByRole('link', { name: 'Acme' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ac');
    await waitFor(() => expect(urls.at(-1)).toMatchObject({ search: 'ac' }));
    await waitFor(() => expect(calls.some(([id, input]) => id === 'provider.tenants.list' && input?.query?.search === 'ac')).toBe(true));

    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    // Only the enabled one of the two can be disabled.
    await user.click(screen.getByRole('button', { name: 'Disable (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Acme: its 2 users are signed out/)).toBeTruthy();
    expect(disabled).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await screen.findByText('Acme is disabled.');
    expect(disabled).toEqual([{ tid: 't1' }]);
  });

  it('a form read from the server starts again from what it answers after a save, so a second save sends the new stamp', async () => {
    let stamp = '2026-01-01T00:00:00.000Z';
    const terms = () => ({ status: 'Success', enabled: false, title: 'Acceptable use', text: '', version: 1, accept_every_days: 0, updated_at: stamp, updated_by: 'admin' });
    const { calls, user } = setup(
      tenantTerms,
      {
        'provider.tenants.list': list,
        'provider.tenantTos.get': () => terms(),
        'provider.tenantTos.save': () => {
          stamp = new Date(Date.parse(stamp) + 1000).toISOString();
          return terms();
        },
      },
      { tid: 't1' },
    );
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(save);
    await screen.findByText('The terms of service are saved.');
    await waitFor(() => expect(calls.filter(([id]) => id === 'provider.tenantTos.get')).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter(([id]) => id === 'provider.tenantTos.save')).toHaveLength(2));
    const sent = calls.filter(([id]) => id === 'provider.tenantTos.save').map(([, input]) => (input?.body as { updated_at: string }).updated_at);
    expect(sent).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z']);
  });
});
