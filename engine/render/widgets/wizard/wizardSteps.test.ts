import { describe, expect, it } from 'vitest';
import { firstPosition, LANDING, nextPosition, previousPosition, wizardControls } from './wizardSteps';

describe('wizard navigation', () => {
  it('starts on the landing step when there is one', () => {
    expect(firstPosition(true)).toBe(LANDING);
    expect(firstPosition(false)).toBe(0);
  });
  it('offers Start on the landing step, Next in between and Finish on the last step', () => {
    expect(wizardControls({ active: LANDING, stepCount: 3, hasLanding: true, stepValid: false }).next).toEqual({
      label: 'Start',
      enabled: true,
    });
    expect(wizardControls({ active: 0, stepCount: 3, hasLanding: true, stepValid: true }).next.label).toBe('Next');
    expect(wizardControls({ active: 2, stepCount: 3, hasLanding: false, stepValid: true }).next.label).toBe('Finish');
  });
  it('disables Next while the step is invalid or busy', () => {
    expect(wizardControls({ active: 0, stepCount: 3, hasLanding: false, stepValid: false }).next.enabled).toBe(false);
    expect(wizardControls({ active: 0, stepCount: 3, hasLanding: false, stepValid: true, busy: true }).next.enabled).toBe(false);
  });
  it('shows Back after the first position', () => {
    expect(wizardControls({ active: 0, stepCount: 3, hasLanding: false, stepValid: true }).back.shown).toBe(false);
    expect(wizardControls({ active: 0, stepCount: 3, hasLanding: true, stepValid: true }).back.shown).toBe(true);
    expect(wizardControls({ active: LANDING, stepCount: 3, hasLanding: true, stepValid: true }).back.shown).toBe(false);
  });
  it('moves one step at a time', () => {
    expect(nextPosition(LANDING, 3)).toBe(0);
    expect(nextPosition(1, 3)).toBe(2);
    expect(nextPosition(2, 3)).toBeNull();
    expect(previousPosition(0, true)).toBe(LANDING);
    expect(previousPosition(0, false)).toBe(0);
  });
});
