/**
 * The engine's services as React context: the application entry creates them once (with the registry's operations
 * and the deployment) and every screen reads them here, so component tests can pass fakes.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AccessControl } from '../../core/access';
import { typedCall, type CallFn, type TypedCall } from '../../core/call';
import type { RevisionStore } from '../../core/revision';
import type { Store } from '../../core/store';
import type { UnsavedChanges } from '../../core/unsavedChanges';
import { createApiClient, type ApiClient } from '../../generated/client.gen';

export interface Engine {
  /** The transport (the HTTP core's `callOperation`, a fake in tests); screens call through `useCall()` or `useApi()`. */
  readonly call: CallFn;
  readonly access: AccessControl;
  readonly revision: RevisionStore;
  readonly unsaved: UnsavedChanges;
}

const EngineCtx = createContext<Engine | null>(null);

export function EngineProvider({ engine, children }: { engine: Engine; children: ReactNode }) {
  return <EngineCtx.Provider value={engine}>{children}</EngineCtx.Provider>;
}

/** The engine services, or null outside an EngineProvider (for views that also render standalone, e.g. a table). */
export function useOptionalEngine(): Engine | null {
  return useContext(EngineCtx);
}

/** The engine services; throws outside an EngineProvider (a wiring mistake, not a user error). */
export function useEngine(): Engine {
  const engine = useContext(EngineCtx);
  if (!engine) throw new Error('useEngine() needs an <EngineProvider> above it');
  return engine;
}

const clients = new WeakMap<CallFn, ApiClient>();

/** The generated API client over the engine's call function (the HTTP core in the app, a fake in tests). */
export function useApi(): ApiClient {
  const { call } = useEngine();
  let client = clients.get(call);
  if (!client) {
    client = createApiClient(call);
    clients.set(call, client);
  }
  return client;
}

const typedCalls = new WeakMap<CallFn, TypedCall>();

/** The typed call over the engine's transport: `call(operation, input, options)`, typed by the operation's schemas. */
export function useCall(): TypedCall {
  const { call } = useEngine();
  let typed = typedCalls.get(call);
  if (!typed) {
    typed = typedCall(call);
    typedCalls.set(call, typed);
  }
  return typed;
}

/** Subscribes a component to a core store. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
