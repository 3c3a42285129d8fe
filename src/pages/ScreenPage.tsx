/** One screen of the registry: its title and description, and the engine view for its kind. */
import { Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isDocumentScreen, type ScreenDef } from '../../definitions/define';
import { CollectionView } from '../../engine/render/collection/CollectionView';
import { DocumentView } from '../../engine/render/document/DocumentView';
import { LogView } from '../../engine/render/log/LogView';
import { parseQuery, routeWithQuery } from '../../engine/render/log/urlQuery';
import { ReportScheduling } from '../../engine/render/report/ReportScheduling';
import { ReportView } from '../../engine/render/report/ReportView';
import { useEngine, useStore } from '../../engine/render/shell/EngineContext';
import { useApp } from '../appContext';
import { navigate, useHashSearch } from '../shell/hashLocation';
import { usePageTitle } from '../shell/usePageTitle';
import { NOT_AVAILABLE_TEXT } from './EmptyArea';
import { useCacheOf } from './queryClient';

export function ScreenPage({ screen }: { screen: ScreenDef }) {
  usePageTitle(screen.title);
  const search = useHashSearch();
  const { session, env } = useApp();
  const { access } = useEngine();
  const queryClient = useCacheOf(useStore(session).user?.uid);
  const query = useMemo(() => parseQuery(search), [search]);
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{screen.title}</Title>
        <Text c="dimmed" size="sm" maw={900}>
          {screen.description}
        </Text>
      </div>
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
      ) : (
        <Text c="dimmed">{NOT_AVAILABLE_TEXT}.</Text>
      )}
    </Stack>
  );
}
