/**
 * Components and modules loaded on demand. A lazily loaded component that does not suspend once its module is there. React.lazy suspends at the first render
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

/**
 * A module wanted only once the user asks for it (a menu or popover, with the positioning library, downloaded on its
 * first opening). Returns the module when it is there, and a function that asks for it; `opened` says whether this
 * component asked for it (so it shows the menu open: the click that loaded it was an opening), rather than finding it
 * already loaded by another.
 */
export function useDeferredModule<M>(importer: () => Promise<M>): { module: M | undefined; opened: boolean; request: () => void } {
  const [state, setState] = useState<{ module: M | undefined; opened: boolean }>(() => ({ module: deferredLoaded.get(importer) as M | undefined, opened: false }));
  const request = () => {
    let pending = deferredPending.get(importer) as Promise<M> | undefined;
    if (!pending) {
      pending = importer().then((m) => {
        deferredLoaded.set(importer, m);
        return m;
      });
      deferredPending.set(importer, pending);
      pending.catch(() => deferredPending.delete(importer));
    }
    pending.then(
      (module) => setState({ module, opened: true }),
      () => undefined,
    );
  };
  return { ...state, request };
}

const deferredLoaded = new Map<unknown, unknown>();
const deferredPending = new Map<unknown, Promise<unknown>>();
