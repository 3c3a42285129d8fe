/**
 * The field errors a server reported for a form's values, kept beside react-hook-form's own errors: a field shows its
 * server error over its own until the field changes, and a submit or a reset forgets them all. Setting a response's
 * errors is one update in which only the fields named hear of it (react-hook-form's `setError` notifies every
 * subscription of the form per call: a 400 with 50 field errors on a form of 500 fields ran 25,000 of them).
 */

/** A server's error on one field, as the field shows it (the shape of react-hook-form's errors). */
export interface ServerFieldError {
  readonly type: 'server';
  readonly message: string;
}

export interface ServerErrorStore {
  /** The server's error on this field, if any. */
  get(name: string): ServerFieldError | undefined;
  /** Calls the listener after each change of this field's error; returns the unsubscribe function. */
  subscribe(name: string, listener: () => void): () => void;
  /** Sets these errors by field name (each replacing the one its field held); the other fields keep theirs. */
  set(errors: ReadonlyMap<string, ServerFieldError>): void;
  /** Forgets one field's error, or, without a name, every field's. */
  clear(name?: string): void;
}

type Listener = () => void;

export function createServerErrorStore(): ServerErrorStore {
  const errors = new Map<string, ServerFieldError>();
  // A field's listener, or its listeners when a name has several (rare): a form of 2,000 fields subscribes 2,000 times
  // as it mounts, each kept small.
  const listeners = new Map<string, Listener | Listener[]>();
  const notify = (names: Iterable<string>) => {
    for (const name of names) {
      const held = listeners.get(name);
      if (typeof held === 'function') held();
      else if (held) for (const listener of [...held]) listener();
    }
  };
  return {
    get: (name) => errors.get(name),
    subscribe(name, listener) {
      const held = listeners.get(name);
      listeners.set(name, held === undefined ? listener : [...(typeof held === 'function' ? [held] : held), listener]);
      return () => {
        const now = listeners.get(name);
        if (now === listener) listeners.delete(name);
        else if (Array.isArray(now)) {
          const rest = now.filter((l) => l !== listener);
          listeners.set(name, rest.length === 1 ? rest[0]! : rest);
        }
      };
    },
    set(next) {
      const changed: string[] = [];
      for (const [name, error] of next) {
        const held = errors.get(name);
        if (held?.type === error.type && held.message === error.message) continue;
        errors.set(name, error);
        changed.push(name);
      }
      notify(changed);
    },
    clear(name) {
      if (name === undefined) {
        if (errors.size === 0) return;
        const names = [...errors.keys()];
        errors.clear();
        notify(names);
      } else if (errors.delete(name)) notify([name]);
    },
  };
}
