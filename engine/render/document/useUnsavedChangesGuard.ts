import { useEffect } from 'react';
import type { UnsavedChanges } from '../../core/unsavedChanges';

/**
 * While `dirty`, holds the unsaved-changes claim (the shell then asks before in-app navigation) and makes the
 * browser ask before the page is reloaded or closed.
 */
export function useUnsavedChangesGuard(dirty: boolean, unsaved: UnsavedChanges): void {
  useEffect(() => {
    if (!dirty) return;
    const release = unsaved.hold();
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      release();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, unsaved]);
}
