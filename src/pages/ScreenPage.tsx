/** One screen of the registry: its title and description, and the engine view for its kind. */
import { Loader, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { isDocumentScreen, type ScreenDef } from '../../definitions/define';
import { JOBS_VIEW, LICENSE_VIEW, MANAGED_SYSTEMS_VIEW } from '../../definitions/appliance/common';
import { DocumentView } from '../../engine/render/document/DocumentView';
import { parseQuery, routeWithQuery } from '../../engine/render/log/urlQuery';
import { useEngine, useStore } from '../../engine/render/shell/EngineContext';
import { useApp } from '../appContext';
import { navigate, useHashSearch } from '../shell/hashLocation';
import { usePageTitle } from '../shell/usePageTitle';
import { useScreenLookup } from '../shell/useScreenLookup';
import { NOT_AVAILABLE_TEXT } from './EmptyArea';
import { useCacheOf } from './queryClient';

// Views other than the document view download with the first screen of their kind, so a table or form screen does
// not carry the log, report and JSON-Schema collection code.
const CollectionView = lazy(() => import('../../engine/render/collection/CollectionView').then((m) => ({ default: m.CollectionView })));
const LogView = lazy(() => import('../../engine/render/log/LogView').then((m) => ({ default: m.LogView })));
const ReportView = lazy(() => import('../../engine/render/report/ReportView').then((m) => ({ default: m.ReportView })));
const ReportScheduling = lazy(() => import('../../engine/render/report/ReportScheduling').then((m) => ({ default: m.ReportScheduling })));
const JobsView = lazy(() => import('../../engine/render/jobs/JobsView').then((m) => ({ default: m.JobsView })));
const LicenseView = lazy(() => import('../../engine/render/jobs/LicenseView').then((m) => ({ default: m.LicenseView })));
const ManagedSystemsView = lazy(() => import('../../engine/render/jobs/ManagedSystemsView').then((m) => ({ default: m.ManagedSystemsView })));
const RevisionHistory = lazy(() => import('../../engine/render/publish/RevisionHistory').then((m) => ({ default: m.RevisionHistory })));

export function ScreenPage({ screen }: { screen: ScreenDef }) {
  usePageTitle(screen.title);
  const search = useHashSearch();
  const { session, env } = useApp();
  const { access } = useEngine();
  const queryClient = useCacheOf(useStore(session).user?.uid);
  const query = useMemo(() => parseQuery(search), [search]);
  const screens = useScreenLookup();
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{screen.title}</Title>
        <Text c="dimmed" size="sm" maw={900}>
          {screen.description}
        </Text>
      </div>
      <Suspense fallback={<Loader role="status" aria-label="Loading" />}>
      {isDocumentScreen(screen) ? (
        <QueryClientProvider client={queryClient}>
          <DocumentView key={screen.id} screen={screen} />
        </QueryClientProvider>
      ) : screen.kind === 'collection' ? (
        <QueryClientProvider client={queryClient}>
          <CollectionView key={screen.id} screen={screen} />
        </QueryClientProvider>
      ) : screen.kind === 'logView' ? (
        <LogView
          key={screen.id}
          screen={screen}
          query={query}
          setQuery={(q) => navigate(routeWithQuery(screen.route, q))}
          onPrem={env.deployment === 'on_prem'}
          managementStation={env.deployment === 'on_prem' && env.appMode === 'management_station'}
        />
      ) : screen.kind === 'report' ? (
        <ReportView key={screen.id} screen={screen} query={query} setQuery={(q) => navigate(routeWithQuery(screen.route, q))} navigate={navigate} />
      ) : screen.kind === 'coreScreen' && screen.view === 'reports.scheduling' ? (
        <ReportScheduling canWrite={access.canWrite(screen)} />
      ) : screen.kind === 'coreScreen' && screen.view === JOBS_VIEW ? (
        <JobsView canWrite={access.canWrite(screen)} />
      ) : screen.kind === 'coreScreen' && screen.view === LICENSE_VIEW ? (
        <LicenseView canWrite={access.canWrite(screen)} />
      ) : screen.kind === 'coreScreen' && screen.view === MANAGED_SYSTEMS_VIEW ? (
        <ManagedSystemsView canWrite={access.canWrite(screen)} />
      ) : screen.kind === 'coreScreen' && screen.view === 'policy.revisions' ? (
        <RevisionHistory screens={screens} canRollBack={access.canWrite(screen)} />
      ) : (
        <Text c="dimmed">{NOT_AVAILABLE_TEXT}.</Text>
      )}
      </Suspense>
    </Stack>
  );
}
