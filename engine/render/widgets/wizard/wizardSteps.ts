/**
 * Wizard stepper navigation (spec 002 §2: header, content and footer, with an optional landing step), headless.
 * The active position is the step index, or -1 for the landing step.
 */

/** The landing step's position. */
export const LANDING = -1;

export interface WizardControls {
  /** Back is shown on every step after the first position (the landing step when there is one). */
  readonly back: { readonly shown: boolean };
  /** Next (Start on the landing step, Finish on the last step); disabled while the step is invalid or busy. */
  readonly next: { readonly label: 'Start' | 'Next' | 'Finish'; readonly enabled: boolean };
}

export function wizardControls(input: {
  readonly active: number;
  readonly stepCount: number;
  readonly hasLanding: boolean;
  readonly stepValid: boolean;
  readonly busy?: boolean;
}): WizardControls {
  const { active, stepCount, hasLanding, stepValid, busy = false } = input;
  const onLanding = active === LANDING;
  const label = onLanding ? 'Start' : active >= stepCount - 1 ? 'Finish' : 'Next';
  return {
    back: { shown: hasLanding ? active > LANDING : active > 0 },
    next: { label, enabled: !busy && (onLanding || stepValid) },
  };
}

/** The first position: the landing step when there is one, else step 0. */
export const firstPosition = (hasLanding: boolean): number => (hasLanding ? LANDING : 0);

/** The position after `active`, or null when `active` is the last step (finishing). */
export const nextPosition = (active: number, stepCount: number): number | null =>
  active + 1 < stepCount ? active + 1 : null;

/** The position before `active`, never before the first one. */
export const previousPosition = (active: number, hasLanding: boolean): number => Math.max(firstPosition(hasLanding), active - 1);
