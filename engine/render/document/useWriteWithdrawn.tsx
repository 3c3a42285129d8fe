import { Alert } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/**
 * When the user's permissions stop allowing changes while the screen is open: unsaved changes are dropped (they can
 * no longer be saved) and a notice says why the screen turned read-only. Answers the notice, or null.
 */
export function useWriteWithdrawn(readOnly: boolean, discard: (() => void) | undefined) {
  // The change of access is noticed while rendering (React's "state from the previous render"), the discard after it.
  const [wasReadOnly, setWasReadOnly] = useState(readOnly);
  const [withdrawn, setWithdrawn] = useState(false);
  if (readOnly !== wasReadOnly) {
    setWasReadOnly(readOnly);
    setWithdrawn(readOnly);
  }
  const discardNow = useRef(discard);
  useEffect(() => {
    discardNow.current = discard;
  }, [discard]);
  useEffect(() => {
    if (withdrawn) discardNow.current?.();
  }, [withdrawn]);
  return withdrawn ? (
    <Alert color="yellow" title="You can no longer change this screen" role="status">
      Your permissions changed while it was open. It shows what is stored; unsaved changes were not kept.
    </Alert>
  ) : null;
}
