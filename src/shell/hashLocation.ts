/**
 * Hash routing for wouter with the query inside the hash (`#/logs/web?interval=7d`), so each route keeps its own
 * query, and with the unsaved-changes guard: while an editor has unsaved changes, leaving (a link, a navigate call,
 * the back button) waits for the user to confirm in the shell's dialog.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from '../../engine/core/store';
import type { UnsavedChanges } from '../../engine/core/unsavedChanges';

export interface NavigateOptions {
  readonly replace?: boolean;
}

/** A navigation waiting for the user's confirmation. */
export interface PendingNavigation {
  readonly to: string;
  readonly replace: boolean;
}

const hashOf = () => window.location.hash.replace(/^#?\/?/, '/');
const split = (hash: string): [string, string] => {
  const q = hash.indexOf('?');
  return q < 0 ? [hash, ''] : [hash.slice(0, q), hash.slice(q + 1)];
};

/** The committed location (what the app renders), which can lag the address bar while a confirmation is open. */
const committed = createStore<string>(typeof window === 'undefined' ? '/' : hashOf());
/** The navigation the leave dialog asks about. */
export const pendingNavigation = createStore<PendingNavigation | null>(null);

let guard: UnsavedChanges | undefined;
let listening = false;

function commit(to: string, replace: boolean) {
  const target = to.startsWith('/') ? to : `/${to}`;
  if (hashOf() !== target) window.history[replace ? 'replaceState' : 'pushState'](null, '', `#${target}`);
  committed.setState(target);
}

function onHashChange() {
  const next = hashOf();
  const current = committed.getState();
  if (next === current) return;
  if (guard?.has()) {
    // The address bar already moved (back button, typed URL, plain link): put it back until the user decides.
    window.history.replaceState(null, '', `#${current}`);
    pendingNavigation.setState({ to: next, replace: false });
    return;
  }
  committed.setState(next);
}

/** Starts following the address bar; `unsaved` decides when leaving needs a confirmation. */
export function startHashLocation(unsaved: UnsavedChanges): void {
  guard = unsaved;
  committed.setState(hashOf());
  if (!listening) window.addEventListener('hashchange', onHashChange);
  listening = true;
}

/** Navigates to a hash route (path and optional `?query`); asks first while there are unsaved changes. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const replace = options.replace ?? false;
  if (guard?.has()) {
    pendingNavigation.setState({ to, replace });
    return;
  }
  commit(to, replace);
}

/** The leave dialog's answers. */
export function confirmPendingNavigation(): void {
  const pending = pendingNavigation.getState();
  pendingNavigation.setState(null);
  if (pending) commit(pending.to, pending.replace);
}
export function cancelPendingNavigation(): void {
  pendingNavigation.setState(null);
}

/** Navigates without asking (logout after inactivity, sign-in redirects). */
export function forceNavigate(to: string, options: NavigateOptions = {}): void {
  pendingNavigation.setState(null);
  commit(to, options.replace ?? false);
}

const subscribe = (l: () => void) => committed.subscribe(l);
const path = () => split(committed.getState())[0];
const search = () => split(committed.getState())[1];

/** wouter location hook: [path, navigate]. */
export function useHashLocation(): [string, (to: string, options?: NavigateOptions) => void] {
  return [useSyncExternalStore(subscribe, path, path), navigate];
}
/** wouter search hook: the query inside the hash. */
export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, search, search);
}
useHashLocation.searchHook = useHashSearch;
useHashLocation.hrefs = (href: string) => `#${href}`;

/** The current hash route with its query, e.g. for a returnUrl. */
export const currentRoute = (): string => committed.getState();
