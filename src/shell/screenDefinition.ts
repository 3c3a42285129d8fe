/** A screen's full definition, loaded once per screen from its catalog entry (a separate chunk with its schema). */
import type { ScreenDef } from '../../definitions/define';
import type { CatalogScreen } from './catalog';

const loaded = new Map<string, Promise<ScreenDef>>();

/**
 * The same promise for every render of a screen, as React's `use` needs; a failed load is forgotten so that opening
 * the screen again retries it.
 */
export function screenDefinition(screen: Pick<CatalogScreen, 'id' | 'load'>): Promise<ScreenDef> {
  let promise = loaded.get(screen.id);
  if (!promise) {
    promise = screen.load();
    loaded.set(screen.id, promise);
    promise.catch(() => loaded.delete(screen.id));
  }
  return promise;
}
