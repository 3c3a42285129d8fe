/** A screen's full definition, loaded once per screen from its catalog entry (a separate chunk with its schema). */
import type { ScreenDef } from '../../definitions/define';
import { trackedPromise } from '../../engine/render/lazyComponent';
import type { CatalogScreen } from './catalog';

const loaded = new Map<string, Promise<ScreenDef>>();

/**
 * The same promise for every render of a screen, as React's `use` needs (tracked, so that `use` does not suspend once
 * the definition is there); a failed load is forgotten so that opening the screen again retries it.
 */
export function screenDefinition(screen: Pick<CatalogScreen, 'id' | 'load'>): Promise<ScreenDef> {
  let promise = loaded.get(screen.id);
  if (!promise) {
    promise = trackedPromise(screen.load());
    loaded.set(screen.id, promise);
    promise.catch(() => loaded.delete(screen.id));
  }
  return promise;
}

/** The screen page's module (the page, and the engine's screen views). */
export const screenPageModule = () => import('../pages/ScreenPage');

/**
 * Starts every download a screen needs at once: its definition, the screen page and the engine view of its kind
 * (which starts its own lazy parts, e.g. the chart library). Called as soon as the route is known, before the
 * sign-in state is, so the screen is drawn one round trip after the session instead of one per lazy step.
 */
export function preloadScreen(screen: CatalogScreen): void {
  screenDefinition(screen).catch(() => undefined);
  screenPageModule().then((m) => m.preloadScreenView(screen), () => undefined);
}
