/** Screens of the catalog by id (title now, definition on demand), for views that name other screens (the publish review). */
import { useMemo } from 'react';
import type { ScreenLookup } from '../../engine/render/publish/revisionDiff';
import { useApp } from '../appContext';
import { screenDefinition } from './screenDefinition';

export function useScreenLookup(): ScreenLookup {
  const { catalog } = useApp();
  return useMemo(() => {
    const byId = new Map(catalog.screens.map((s) => [s.id, s]));
    return (id: string) => {
      const screen = byId.get(id);
      return screen && { title: screen.title, load: () => screenDefinition(screen) };
    };
  }, [catalog]);
}
