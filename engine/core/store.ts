/** A minimal observable value: the shape every headless store of the core shares (session, access, revision, ...). */
export interface Store<T> {
  getState(): T;
  /** Calls the listener on every change; returns the unsubscribe function. */
  subscribe(listener: (state: T) => void): () => void;
}

export interface WritableStore<T> extends Store<T> {
  setState(next: T | ((prev: T) => T)): void;
}

/** Creates a store; listeners run synchronously after each change and only when the value changed. */
export function createStore<T>(initial: T): WritableStore<T> {
  let state = initial;
  const listeners = new Set<(state: T) => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setState(next) {
      const value = typeof next === 'function' ? (next as (prev: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const l of [...listeners]) l(state);
    },
  };
}
