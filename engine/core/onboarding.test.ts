import { describe, expect, it } from 'vitest';
import { createOnboarding, isSpotlightTarget, SPOTLIGHT_TARGETS } from './onboarding';

describe('onboarding spotlight', () => {
  it('has exactly one target on at a time', () => {
    const o = createOnboarding();
    o.show('sideNavigation');
    o.show('documentation');
    expect(SPOTLIGHT_TARGETS.filter((t) => o.isOn(t))).toEqual(['documentation']);
  });

  it('hides only the target that is on', () => {
    const o = createOnboarding();
    o.show('appSwitcher');
    o.hide('fileUploadNav');
    expect(o.getState()).toBe('appSwitcher');
    o.hide('appSwitcher');
    expect(o.getState()).toBeUndefined();
  });

  it('notifies subscribers and recognises the six target names', () => {
    const o = createOnboarding();
    const seen: unknown[] = [];
    o.subscribe((t) => seen.push(t));
    o.show('docArchiveNav');
    o.show('docArchiveNav');
    o.show('fileDownloadNav');
    expect(seen).toEqual(['docArchiveNav', 'fileDownloadNav']);
    expect(isSpotlightTarget('fileUploadNav')).toBe(true);
    expect(isSpotlightTarget('sidebar')).toBe(false);
  });
});
