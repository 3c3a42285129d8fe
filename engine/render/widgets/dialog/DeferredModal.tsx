/**
 * Mantine's Modal downloaded with the first dialog opened rather than with every screen that could open one (the
 * modal, its base, the focus trap: about 6 KB gzipped). Never opened, it renders nothing; once opened it stays
 * mounted, so that it closes with its transition and opens again at once. A dialog whose content downloads too
 * (a form) should start that download when it opens, so that both arrive together.
 */
import type { ModalProps } from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../../lazyComponent';

const LoadedModal = lazyComponent<ModalProps>(() => import('./mantineModal').then((m) => m.Modal));

export function DeferredModal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModal.Component {...props} />
    </Suspense>
  );
}
