/**
 * Unsaved-changes guard: an editor holds a claim while it has changes that are not saved; the shell asks before
 * navigating away while any claim is held, and the browser asks before unloading the page.
 */
import { createStore, type Store } from './store';

export interface UnsavedChanges extends Store<number> {
  /** Registers unsaved changes; call the returned function once they are saved or discarded. */
  hold(): () => void;
  has(): boolean;
}

export function createUnsavedChanges(): UnsavedChanges {
  const store = createStore(0);
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    hold() {
      store.setState((n) => n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        store.setState((n) => n - 1);
      };
    },
    has: () => store.getState() > 0,
  };
}

/** The application's guard. */
export const unsavedChanges = createUnsavedChanges();
