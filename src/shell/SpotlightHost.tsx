import { useEffect } from 'react';
import { onboarding } from '../../engine/core/onboarding';

/** Mirrors the onboarding spotlight onto the document root, where shell.css highlights the matching target. */
export function SpotlightHost() {
  useEffect(
    () =>
      onboarding.subscribe((target) => {
        if (target) document.documentElement.dataset.spotlightActive = target;
        else delete document.documentElement.dataset.spotlightActive;
      }),
    [],
  );
  return null;
}
