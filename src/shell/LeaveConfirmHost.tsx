import { lazy, Suspense } from 'react';
import { useStore } from '../../engine/render/shell/EngineContext';
import { pendingNavigation } from './hashLocation';

// The dialog (and the modal code behind it) loads only when someone leaves unsaved changes.
const LeaveConfirm = lazy(() => import('./LeaveConfirm').then((m) => ({ default: m.LeaveConfirm })));

/** Shows the leave confirmation while a navigation waits for it. */
export function LeaveConfirmHost() {
  const pending = useStore(pendingNavigation);
  return pending ? (
    <Suspense fallback={null}>
      <LeaveConfirm />
    </Suspense>
  ) : null;
}
