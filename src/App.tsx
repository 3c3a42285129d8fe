/**
 * The portal's routes (spec 000 §2): login and logout for everyone; every other route needs a session and is
 * redirected to login with a returnUrl otherwise. Signed in: the root redirect, every section with its access rule,
 * every screen of the generated catalog (its definition and view load when the route opens), insights, and the 404
 * page for anything else.
 */
import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { lazy, Suspense, use, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import type { SectionDef } from '../definitions/define';
import { buildNavigation, rootRedirect, sectionRoute } from '../engine/core/navigation';
import { operationAccess } from '../engine/generated/client.gen';
import { lazyComponent } from '../engine/render/lazyComponent';
import { useEngine, useStore } from '../engine/render/shell/EngineContext';
import { useApp } from './appContext';
import { AccessDeniedPage } from './pages/AccessDeniedPage';
import { ExternalRedirect } from './pages/ExternalRedirect';
import { LoginRoute } from './pages/LoginRoute';
import { LogoutPage } from './pages/LogoutPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { SectionPage } from './pages/SectionPage';
import { AppLayout } from './shell/AppLayout';
import type { CatalogScreen } from './shell/catalog';
import { navigate } from './shell/hashLocation';
import { ScreenLoadBoundary } from './shell/ScreenLoadBoundary';
import { SectionWelcome } from './shell/SectionWelcome';
import { preloadScreen, screenDefinition, screenPageModule } from './shell/screenDefinition';
import { TENANT_ASSOCIATIONS_ROUTE } from './shell/UserMenu';

/** The contact form's section (spec 000 §2 route contact-form); an application without it offers no contact link. */
const CONTACT_SECTION = 'contact-form';

// Preloaded with the route (preloadScreen): drawn without suspending once it is there.
const { Component: ScreenPage } = lazyComponent(() => screenPageModule().then((m) => m.ScreenPage));

const pageLoader = (
  <Center py="xl">
    <Loader role="status" aria-label="Loading" />
  </Center>
);

// Shown once per new version of the tenant's terms: downloaded only then.
const TermsDialog = lazy(() => import('./shell/TermsDialog').then((m) => ({ default: m.TermsDialog })));

const InsightsPage = lazy(() => import('./pages/InsightsPage').then((m) => ({ default: m.InsightsPage })));

const accessOf = (id: string) => {
  const rule = operationAccess[id];
  return typeof rule === 'object' ? rule : undefined;
};
const publishRule = accessOf('policy.publish');
const insightsRule = accessOf('reports.insights');

/** A screen's page once its definition (with the schema) has loaded; suspends until then. */
function LazyScreen({ screen }: { screen: CatalogScreen }) {
  // The page and the view download while the definition does, not after it.
  preloadScreen(screen);
  return <ScreenPage screen={use(screenDefinition(screen))} />;
}

function RootRedirect() {
  const { catalog } = useApp();
  const { access } = useEngine();
  const target = rootRedirect(catalog, access, window.location.pathname);
  return target ? (
    <Redirect to={target} replace />
  ) : (
    <AccessDeniedPage title="Nothing to show" text="Your role gives access to no area of this portal. Ask an administrator for access." />
  );
}

/** The signed-in shell: layout, navigation and the routes of the catalog. */
function Shell() {
  const { catalog, session, env, config, application } = useApp();
  const { access, revision } = useEngine();
  // Subscribed so the navigation follows changes of the user's access.
  useStore(access);
  const { user, multiTenant, termsToAccept } = useStore(session);
  const [location] = useLocation();
  const navigation = buildNavigation(catalog, access);
  const policyEnv = application.policyRevision && (env.deployment !== 'on_prem' || env.appMode === 'management_station');

  useEffect(() => {
    // Dashboard, policy and settings resolve the revision first (spec 000 §2); the header shows its state.
    if (policyEnv) revision.ensure().catch(() => {});
  }, [policyEnv, revision]);

  const guarded = (allowed: boolean, page: ReactNode) => (allowed ? page : <AccessDeniedPage />);
  const sectionOf = (screen: CatalogScreen) => catalog.sections.find((s) => s.route === sectionRoute(screen.route));
  const sectionRouteElement = (section: SectionDef) => (
    <Route key={section.id} path={section.route}>
      {guarded(
        access.canUse(section),
        section.externalHref ? <ExternalRedirect href={section.externalHref} /> : <SectionPage section={section} />,
      )}
    </Route>
  );
  const insightsSection = catalog.sections.find((s) => s.id === 'insights');
  const insights = insightsSection !== undefined && access.canUse(insightsSection) && insightsRule !== undefined && access.can(insightsRule);

  // The header counts the association requests waiting for approval for users who may approve them.
  const associations = catalog.screens.find((s) => s.route === TENANT_ASSOCIATIONS_ROUTE);
  const tenantRequests = associations && access.canUse(associations) && access.canWrite(associations) ? (multiTenant?.pending_approvals ?? 0) : 0;

  if (!user) return null;
  // The portal shows only once the user has accepted the tenant's terms of service.
  if (termsToAccept)
    return (
      <Suspense fallback={pageLoader}>
        <TermsDialog session={session} onDecline={() => navigate('/logout')} />
      </Suspense>
    );
  return (
    <AppLayout
      productName={application.title ?? config.product_name}
      user={user}
      navigation={navigation}
      location={location}
      publishRule={policyEnv ? publishRule : undefined}
      insights={insights}
      tenantRequests={tenantRequests}
      contactRoute={catalog.sections.find((s) => s.id === CONTACT_SECTION)?.route}
    >
      <SectionWelcome section={catalog.sections.find((s) => s.route === sectionRoute(location))} env={env} />
      <Suspense fallback={pageLoader}>
        <Switch>
          <Route path="/">
            <RootRedirect />
          </Route>
          {catalog.screens.map((screen) => {
            const section = sectionOf(screen);
            return (
              <Route key={screen.id} path={screen.route}>
                {guarded(
                  section !== undefined && access.canUse(section) && access.canUse(screen),
                  <ScreenLoadBoundary key={screen.id}>
                    <LazyScreen screen={screen} />
                  </ScreenLoadBoundary>,
                )}
              </Route>
            );
          })}
          <Route path="/insights">{guarded(insights, <InsightsPage />)}</Route>
          {/* After the screens: a screen may sit at its section's own route (the dashboard at /dashboard). */}
          {catalog.sections.map(sectionRouteElement)}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </AppLayout>
  );
}

/** A session that could not be established for a reason other than "not signed in". */
function SessionProblem({ message }: { message: string }) {
  return (
    <Center mih="100vh" p="md">
      <Alert color="red" title="You could not be signed in" role="alert" maw={520}>
        <Stack gap="sm">
          {message}
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => window.location.reload()}>
              Try again
            </Button>
            <Button size="xs" variant="default" onClick={() => navigate('/logout')}>
              Sign out
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Center>
  );
}

export function AppRoutes() {
  const { session } = useApp();
  const state = useStore(session);
  const [location] = useLocation();
  const search = useSearch();
  if (state.status === 'uninitialized') return pageLoader;
  const returnUrl = encodeURIComponent(search ? `${location}?${search}` : location);
  return (
    <Switch>
      <Route path="/login">
        <LoginRoute />
      </Route>
      <Route path="/logout">
        <LogoutPage />
      </Route>
      <Route>
        {state.status === 'logged_in' ? (
          <Shell />
        ) : state.error ? (
          <SessionProblem message={state.error} />
        ) : (
          <Redirect to={location === '/' ? '/login' : `/login?returnUrl=${returnUrl}`} replace />
        )}
      </Route>
    </Switch>
  );
}
