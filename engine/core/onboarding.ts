/**
 * Onboarding spotlight (spec 000 §2): six targets, of which exactly one (or none) is highlighted at a time.
 * The shell marks each target element with `data-spotlight="<target>"`.
 */
import { SPOTLIGHT_TARGETS, type SpotlightTarget } from '../../definitions/define';
import { createStore, type Store } from './store';

export { SPOTLIGHT_TARGETS, type SpotlightTarget };

export interface Onboarding extends Store<SpotlightTarget | undefined> {
  /** Highlights one target and turns every other off. */
  show(target: SpotlightTarget): void;
  /** Turns a target off (a no-op when another one is on). */
  hide(target: SpotlightTarget): void;
  isOn(target: SpotlightTarget): boolean;
  /** Turns whichever target is on off. */
  clear(): void;
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
    clear: () => store.setState(undefined),
  };
}

/** The application's spotlight. */
export const onboarding = createOnboarding();
