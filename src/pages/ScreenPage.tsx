/** One screen of the registry: its title and description, and the engine view registered for its kind. */
import { Loader, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import type { ScreenDef } from '../../definitions/define';
import { parseQuery, routeWithQuery } from '../../engine/render/log/urlQuery';
import { renderScreenView } from '../../engine/render/screenViews';
import { CapabilityNotice } from '../../engine/render/shell/CapabilityNotice';
import { useEngine, useStore } from '../../engine/render/shell/EngineContext';
import { useApp } from '../appContext';
import { navigate, useHashSearch } from '../shell/hashLocation';
import { usePageTitle } from '../shell/usePageTitle';
import { useScreenLookup } from '../shell/useScreenLookup';
import { NOT_AVAILABLE_TEXT } from './EmptyArea';
import { useCacheOf } from './queryClient';

export { preloadScreenView } from '../../engine/render/screenViews';

/** Where a settings page takes effect when the service applies all of it (definitions' `effects`). */
const appliedElsewhere = (screen: ScreenDef): string | undefined => ('effects' in screen ? screen.effects?.all?.service : undefined);

export function ScreenPage({ screen }: { screen: ScreenDef }) {
  usePageTitle(screen.title);
  const search = useHashSearch();
  const { session, env } = useApp();
  const { access } = useEngine();
  const queryClient = useCacheOf(useStore(session).user?.uid);
  const query = useMemo(() => parseQuery(search), [search]);
  const screens = useScreenLookup();
  const view = renderScreenView({
    screen,
    query,
    setQuery: (q) => navigate(routeWithQuery(screen.route, q)),
    navigate,
    env,
    canWrite: access.canWrite(screen),
    screens,
  });
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{screen.title}</Title>
        <Text c="dimmed" size="sm" maw={900}>
          {screen.description}
          {appliedElsewhere(screen) && ` ${appliedElsewhere(screen)}`}
        </Text>
      </div>
      <Suspense fallback={<Loader role="status" aria-label="Loading" />}>
        {view ? (
          <QueryClientProvider client={queryClient}>
            {screen.capabilityNotice && <CapabilityNotice notice={screen.capabilityNotice} />}
            {view}
          </QueryClientProvider>
        ) : (
          <Text c="dimmed">{NOT_AVAILABLE_TEXT}.</Text>
        )}
      </Suspense>
    </Stack>
  );
}
