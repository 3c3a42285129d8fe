/** One screen of the registry: its title and description, and the engine view for its kind. */
import { Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { isDocumentScreen, type ScreenDef } from '../../definitions/define';
import { CollectionView } from '../../engine/render/collection/CollectionView';
import { DocumentView } from '../../engine/render/document/DocumentView';
import { useStore } from '../../engine/render/shell/EngineContext';
import { useApp } from '../appContext';
import { usePageTitle } from '../shell/usePageTitle';
import { NOT_AVAILABLE_TEXT } from './EmptyArea';
import { useCacheOf } from './queryClient';

export function ScreenPage({ screen }: { screen: ScreenDef }) {
  usePageTitle(screen.title);
  const queryClient = useCacheOf(useStore(useApp().session).user?.uid);
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
      ) : (
        <Text c="dimmed">{NOT_AVAILABLE_TEXT}.</Text>
      )}
    </Stack>
  );
}
