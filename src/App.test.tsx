import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { catalog } from './generated/catalog.gen';
import { DEMO_ROLES } from '../schemas/demoRoles';
import type { Environment } from '../schemas/access';
import type { MultiTenantInfo } from '../schemas/areas/lookups';
import type { SessionUser } from '../schemas/auth';
import { renderUi } from '../tests/setup/component';
import { createAccessControl } from '../engine/core/access';
import type { CallInput } from '../engine/core/http';
import { createRevisionStore, type CallFn } from '../engine/core/revision';
import type { Session, SessionState } from '../engine/core/session';
import { createStore } from '../engine/core/store';
import { createUnsavedChanges } from '../engine/core/unsavedChanges';
import { EngineProvider } from '../engine/render/shell/EngineContext';
import { AppRoutes } from './App';
import { PORTAL_APPLICATION } from './application';
import { AppProvider } from './appContext';
import type { Catalog } from './shell/catalog';
import { startHashLocation, useHashLocation, useHashSearch } from './shell/hashLocation';

const env: Environment = { deployment: 'cloud', appMode: 'cloud', production: true };
const config = { deployment: 'cloud', app_mode: 'cloud', production: true, product_name: 'Isolation Admin Portal' } as const;

const webadmin: SessionUser = {
  uid: 'u-web',
  username: 'webadmin',
  first_name: 'Wendy',
  last_name: 'Web',
  tenant_name: 'Demo Corp',
  tid: 't1',
  roles: { read: [...DEMO_ROLES.webadmin.read], write: [...DEMO_ROLES.webadmin.write] },
  capabilities: { portal2: true, rbac: true },
  show_change_password: false,
  status_ui_v2: true,
  appliance_manager_ui_v2: true,
  portal_v2: true,
  session_logout_days: 0.042,
};

function fakeSession(state: SessionState): Session {
  const store = createStore(state);
  return {
    ...store,
    init: async () => store.getState(),
    acceptTerms: async () => store.setState((s) => ({ ...s, termsToAccept: undefined })),
    whileLoggingIn: (login) => login(),
    noteAccessStamp: () => {},
    logout: async () => store.setState({ status: 'logged_out', user: undefined, error: undefined }),
    userAway: () => false,
    dispose: () => {},
  };
}

function renderAt(route: string, user: SessionUser | undefined, shellCatalog: Catalog = catalog, extra: Partial<SessionState> = {}) {
  window.location.hash = `#${route}`;
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === 'policy.revision') return { staged_rev_id: 2, rev_id: 1, state: 'staged', updated_at: '2025-01-01T00:00:00.000Z' };
    if (id === 'policy.changes') return { rev_id: 2, base_rev_id: 1, areas: [{ screen_id: 'web.ssl-bypass', before: { list: [] }, after: { list: [] } }] };
    if (id === 'auth.authParams') {
      return { login_url: '/idp/authorize', redirect_uri: 'http://localhost/', client_id: 'portal', csrf_token: '2|x|y|1', scope: 'openid' };
    }
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl(env);
  if (user) access.setUser(user);
  const session = fakeSession({ status: user ? 'logged_in' : 'logged_out', user, error: undefined, ...extra });
  const unsaved = createUnsavedChanges();
  startHashLocation(unsaved);
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved }}>
      <AppProvider value={{ catalog: shellCatalog, config, env, session, application: PORTAL_APPLICATION, loginOperation: 'auth.login' }}>
        <Router hook={useHashLocation} searchHook={useHashSearch}>
          <AppRoutes />
        </Router>
      </AppProvider>
    </EngineProvider>,
  );
  return { calls };
}

afterEach(() => vi.restoreAllMocks());

describe('terms of service at sign-in', () => {
  const termsToAccept = { title: 'Acceptable use policy', text: 'Use the service for work only.', version: 2 };

  it('shows only the terms until the user accepts them; then the portal', async () => {
    renderAt('/dashboard', webadmin, catalog, { termsToAccept });
    const dialog = await screen.findByRole('dialog', { name: 'Acceptable use policy' });
    expect(dialog.textContent).toContain('Use the service for work only.');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Acceptable use policy' })).toBeNull();
  });

  it('signs the user out when they decline', async () => {
    renderAt('/dashboard', webadmin, catalog, { termsToAccept });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline and sign out' }));
    await waitFor(() => expect(window.location.hash).toBe('#/logout'));
  });
});

describe('portal routes', () => {
  it('sends a signed-out user to login with the returnUrl, which starts single sign-on', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { calls } = renderAt('/policy/web/ssl-bypass', undefined);
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(window.location.hash).toBe(`#/login?returnUrl=${encodeURIComponent('/policy/web/ssl-bypass')}`);
    expect(calls.map(([id]) => id)).toEqual(['auth.authParams']);
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/idp/authorize');
    expect(form.method).toBe('post');
    const fields = Object.fromEntries([...form.querySelectorAll('input')].map((i) => [i.name, i.value]));
    expect(Object.keys(fields)).toEqual(['redirect_uri', 'client_id', 'csrf_token', 'scope']);
    expect(new URL(fields.redirect_uri!).searchParams.get('returnUrl')).toBe('/#/policy/web/ssl-bypass');
  });

  it('sends force_udb from the login route query to auth_params', async () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { calls } = renderAt('/login?force_udb=true', undefined);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]![1]).toEqual({ body: { force_udb: 'true' } });
  });

  it('takes a signed-in user from the root to the dashboard and its report widgets', async () => {
    renderAt('/', webadmin);
    // The dashboard's view and its report definitions are lazy chunks: the first import can take seconds in jsdom.
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Top users' })).toBeTruthy();
    expect(window.location.hash).toBe('#/dashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard | Isolation Admin Portal'));
  });

  it('lists only the areas the role may use, and highlights Publish with the count of changed areas for a web-policy writer', async () => {
    renderAt('/dashboard', webadmin);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    // Sections and groups are collapsible entries; the current section (the dashboard) is open.
    const entries = within(nav).getAllByRole('button').map((b) => b.textContent);
    expect(entries).toEqual(expect.arrayContaining(['Dashboard', 'Policy', 'Logs']));
    expect(entries).not.toContain('Settings');
    expect(entries).not.toContain('Contact');
    expect(within(nav).getByRole('button', { name: 'Dashboard' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('button', { name: 'Policy' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(within(nav).getByRole('button', { name: 'Policy' }));
    fireEvent.click(await within(nav).findByRole('button', { name: 'Web' }));
    expect(await within(nav).findByRole('link', { name: 'SSL Bypass' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Storage Profiles' })).toBeNull();
    const revision = await screen.findByRole('group', { name: 'Policy revision' });
    expect(within(revision).getByText('Unpublished changes')).toBeTruthy();
    const publish = within(revision).getByRole('button', { name: /^Review and publish/ });
    await waitFor(() => expect(within(publish).getByText('1')).toBeTruthy());
  });

  it('counts the tenant association requests in the header for those who may approve them, not for readers', async () => {
    const multiTenant: MultiTenantInfo = { role: 'primary', associations: [], pending_approvals: 2 };
    const admin: SessionUser = { ...webadmin, uid: 'u-admin', username: 'admin', roles: { read: [...DEMO_ROLES.admin.read], write: [...DEMO_ROLES.admin.write] } };
    renderAt('/nowhere', admin, catalog, { multiTenant });
    const waiting = await screen.findByRole('button', { name: '2 requests' });
    fireEvent.click(waiting);
    await waitFor(() => expect(window.location.hash).toBe('#/settings/tenant-associations'));
  });

  it('shows an auditor, who may not approve them, no count of association requests', async () => {
    const multiTenant: MultiTenantInfo = { role: 'primary', associations: [], pending_approvals: 2 };
    const auditor: SessionUser = { ...webadmin, uid: 'u-aud', username: 'auditor', roles: { read: [...DEMO_ROLES.auditor.read], write: [] } };
    renderAt('/nowhere', auditor, catalog, { multiTenant });
    expect(await screen.findByRole('group', { name: 'Signed-in user' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /requests?$/ })).toBeNull();
  });

  it('refuses an area the role may not use', async () => {
    renderAt('/settings', webadmin);
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeTruthy();
  });

  it('signs out on the logout route and explains an inactivity time-out', async () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    renderAt('/logout?timeout=true&returnUrl=%2Fpolicy', webadmin);
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeTruthy();
    expect(screen.getByText('You were signed out after a period of inactivity.')).toBeTruthy();
    screen.getByRole('button', { name: 'Sign in again' }).click();
    await waitFor(() => expect(window.location.hash).toBe(`#/login?returnUrl=${encodeURIComponent('/policy')}`));
  });

  it("loads a screen's definition only when its route opens, and shows it", async () => {
    const loads: string[] = [];
    const watched: Catalog = {
      ...catalog,
      screens: catalog.screens.map((s) => ({ ...s, load: () => (loads.push(s.id), s.load()) })),
    };
    renderAt('/dashboard', webadmin, watched);
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(loads).toEqual([]);
    window.location.hash = '#/policy/web/ssl-bypass';
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    // The first import of the definition and view modules is slow under a loaded test runner.
    expect(await screen.findByRole('heading', { level: 1, name: 'SSL Bypass' })).toBeTruthy();
    expect(loads).toEqual(['web.ssl-bypass']);
  });

  it('says so, with a retry, when a screen cannot be downloaded', async () => {
    const broken: Catalog = {
      ...catalog,
      screens: catalog.screens.map((s) => (s.id === 'web.exceptions' ? { ...s, load: () => Promise.reject(new Error('Failed to fetch')) } : s)),
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/policy/web/exceptions', webadmin, broken);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This page could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('Failed to fetch')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the 404 page for an unknown route', async () => {
    renderAt('/no/such/route', webadmin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Error 404 - Page Not Found' })).toBeTruthy();
  });
});
