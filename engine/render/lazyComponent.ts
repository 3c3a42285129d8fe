/**
 * A lazily loaded component that does not suspend once its module is there. React.lazy suspends at the first render
 * even when the module was preloaded, and React reveals a suspended part at most every 300 ms: a screen whose view,
 * page and definition had all arrived still waited a throttle step per lazy level before its first request.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';

export interface LazyComponent<P extends object> {
  /** Renders the component: directly when loaded at its mount, else through React.lazy (suspending until loaded). */
  readonly Component: ComponentType<P>;
  /** Starts loading (once; a failed load is tried again on the next call). */
  readonly load: () => Promise<ComponentType<P>>;
}

export function lazyComponent<P extends object>(importer: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const load = () => {
    pending ??= importer().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module would mount the component again.
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(Shown, props);
  }
  return { Component, load };
}

/**
 * A promise React's `use` reads without suspending once it has settled: `use` returns a thenable's value at once when
 * its `status` says it is fulfilled (how React tracks thenables it has seen).
 */
export function trackedPromise<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return promise;
}
