import { lazy, Suspense } from 'react';
import { serverRestart } from '../../engine/core/restart';
import { useStore } from '../../engine/render/shell/EngineContext';

// The notice (and the modal code behind it) loads only when the server announces a restart.
const RestartNotice = lazy(() => import('./RestartNotice').then((m) => ({ default: m.RestartNotice })));

/** Shows that the server is restarting while it does, and signs in again once it answers. */
export function RestartNoticeHost() {
  const restart = useStore(serverRestart);
  return restart ? (
    <Suspense fallback={null}>
      <RestartNotice backInSeconds={restart.backInSeconds} />
    </Suspense>
  ) : null;
}
