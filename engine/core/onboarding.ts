/**
 * Onboarding spotlight (spec 000 §2): six targets, of which exactly one (or none) is highlighted at a time.
 * The shell marks each target element with `data-spotlight="<target>"`.
 */
import { createStore, type Store } from './store';

export const SPOTLIGHT_TARGETS = [
  'sideNavigation',
  'appSwitcher',
  'documentation',
  'docArchiveNav',
  'fileDownloadNav',
  'fileUploadNav',
] as const;
export type SpotlightTarget = (typeof SPOTLIGHT_TARGETS)[number];

export interface Onboarding extends Store<SpotlightTarget | undefined> {
  /** Highlights one target and turns every other off. */
  show(target: SpotlightTarget): void;
  /** Turns a target off (a no-op when another one is on). */
  hide(target: SpotlightTarget): void;
  isOn(target: SpotlightTarget): boolean;
}

export const isSpotlightTarget = (v: unknown): v is SpotlightTarget =>
  typeof v === 'string' && (SPOTLIGHT_TARGETS as readonly string[]).includes(v);

export function createOnboarding(): Onboarding {
  const store = createStore<SpotlightTarget | undefined>(undefined);
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    show: (target) => store.setState(target),
    hide: (target) => store.setState((current) => (current === target ? undefined : current)),
    isOn: (target) => store.getState() === target,
  };
}

/** The application's spotlight. */
export const onboarding = createOnboarding();
