/**
 * The shell's start, for the page's entry (src/main.tsx for the portal, src/providerMain.tsx for the provider
 * console), which gives it its application's catalog: reads GET /api/portal/config, then wires the generated
 * operations table and the catalog into the engine (HTTP client, access control, revision, session) and renders the
 * shell. It imports no definition: a screen's definition, with its schema, loads when its route opens (the
 * catalog's loaders).
 */
import '@mantine/core/styles.css';
import './shell/shell.css';
import { Alert, Button, Center, MantineProvider, Stack } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { config as zodConfig } from 'zod/v4/core';
import type { Environment } from '../schemas/access';
import { createAccessControl } from '../engine/core/access';
import { browserCookies } from '../engine/core/cookies';
import { callOperation, configureHttp } from '../engine/core/http';
import { createRevisionStore } from '../engine/core/revision';
import { browserWindowHooks, createSession, type Session } from '../engine/core/session';
import { unsavedChanges } from '../engine/core/unsavedChanges';
import { EngineProvider, type Engine } from '../engine/render/shell/EngineContext';
import { SnackbarHost } from '../engine/render/shell/SnackbarHost';
import { apiClient, loadOperationRoutes, shellOperationRoutes, type OperationOutput } from '../engine/generated/client.gen';
import { AppRoutes } from './App';
import { providerProps } from './theme';
import { AppProvider, ProductNameContext, type AppServices } from './appContext';
import { currentApplication } from './application';
import { applicationCatalog, type Catalog } from './shell/catalog';
import { currentRoute, forceNavigate, startHashLocation, useHashLocation, useHashSearch } from './shell/hashLocation';
import { LeaveConfirmHost } from './shell/LeaveConfirmHost';
import { RestartNoticeHost } from './shell/RestartNoticeHost';
import { pageUrlOf, safeReturnUrl } from './shell/returnUrl';
import { preloadScreen } from './shell/screenDefinition';
import { SpotlightHost } from './shell/SpotlightHost';

// The server's Content-Security-Policy forbids eval, which zod's JIT would try.
// The lazily loaded screens' schemas share this configuration (zod's core module); importing only it keeps zod itself
// out of the first download.
zodConfig({ jitless: true });

const root = createRoot(document.getElementById('root')!);
const application = currentApplication();
let session: Session | undefined;

/**
 * What the HTTP client asks of the session: a 401 signs out; calls made while the user is away are background ones; a
 * changed access stamp has the user read again.
 */
const sessionHooks = {
  onUnauthorized: () => void session?.logout(),
  isBackground: () => session?.userAway() ?? false,
  onAccessStamp: (stamp: string) => session?.noteAccessStamp(stamp),
};
configureHttp({ operations: shellOperationRoutes, loadOperations: loadOperationRoutes, production: true, ...sessionHooks });

function StartupError({ message }: { message: string }) {
  return (
    <MantineProvider {...providerProps}>
      <Center mih="100vh" p="md">
        <Alert color="red" title="The portal could not start" role="alert" maw={520}>
          <Stack gap="sm" align="flex-start">
            {message}
            <Button size="xs" variant="light" onClick={() => window.location.reload()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Center>
    </MantineProvider>
  );
}

/**
 * Another tab signed in or out (the xsrf cookie changed): the page reloads to follow it, except the sign-out page,
 * which would end that new session again; it goes where it would have returned to (or the root) instead.
 */
function followCookieChange() {
  const [path, query = ''] = currentRoute().split('?');
  if (path === '/logout') window.history.replaceState(null, '', pageUrlOf(safeReturnUrl(new URLSearchParams(query).get('returnUrl')) ?? '/'));
  window.location.reload();
}

/** The screen of the route the page opened on starts downloading now, while the session is established. */
function preloadOpenedScreen(catalog: Catalog) {
  const path = currentRoute().split('?')[0];
  const screen = catalog.screens.find((s) => s.route === path);
  if (screen) preloadScreen(screen);
}

/**
 * Starts the shell over the catalog of the page's application (src/generated/catalog*.gen.ts, one per application,
 * so that a page downloads only its own sections' screens); only the sections of the page's application are shown.
 */
export async function startShell(generated: Catalog) {
  const catalog = applicationCatalog(generated, application.id);
  preloadOpenedScreen(catalog);
  let config: OperationOutput<'portal.config'>;
  try {
    config = await apiClient.portalConfig({}, { skip403Snackbar: true, skipUnauthorizedHandling: true });
  } catch (e) {
    root.render(<StartupError message={e instanceof Error ? e.message : String(e)} />);
    return;
  }
  const env: Environment = { deployment: config.deployment, appMode: config.app_mode, production: config.production };
  configureHttp({ operations: shellOperationRoutes, loadOperations: loadOperationRoutes, production: env.production, ...sessionHooks });

  const onPrem = env.deployment === 'on_prem';
  const access = createAccessControl(env);
  const revision = createRevisionStore(callOperation);
  session = createSession({
    env,
    call: callOperation,
    cookies: browserCookies(),
    access,
    ops: application.session ?? {
      ...(onPrem
        ? { userInfo: 'dashboard.userInfo', logout: 'dashboard.logoutPost', cookieRefresh: 'dashboard.cookieRefresh' }
        : { userInfo: 'auth.userInfo', logout: 'auth.logoutPost', cookieRefresh: 'auth.cookieRefresh' }),
      multiTenant: 'tenantUtils.multiTenant',
      savePortalVersion: 'lookups.savePortalVersion',
      terms: 'tenantUtils.tosStatus',
      acceptTerms: 'tenantUtils.acceptTos',
    },
    onInactive: () => forceNavigate(`/logout?timeout=true&returnUrl=${encodeURIComponent(currentRoute())}`),
    window: { ...browserWindowHooks(), reload: followCookieChange },
  });
  session.subscribe((s) => {
    if (s.status === 'logged_out') revision.reset();
  });

  const engine: Engine = { call: callOperation, access, revision, unsaved: unsavedChanges };
  const services: AppServices = {
    catalog,
    config,
    env,
    session,
    application,
    loginOperation: onPrem ? 'dashboard.login' : 'auth.login',
  };
  startHashLocation(unsavedChanges);

  root.render(
    <StrictMode>
      <MantineProvider {...providerProps}>
        <EngineProvider engine={engine}>
          <AppProvider value={services}>
            <ProductNameContext.Provider value={application.title ?? config.product_name}>
              <Router hook={useHashLocation} searchHook={useHashSearch}>
                <AppRoutes />
              </Router>
              <LeaveConfirmHost />
            </ProductNameContext.Provider>
          </AppProvider>
        </EngineProvider>
        <SnackbarHost />
        <SpotlightHost />
        <RestartNoticeHost />
      </MantineProvider>
    </StrictMode>,
  );
  await session.init();
}
