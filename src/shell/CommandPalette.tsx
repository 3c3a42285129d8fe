/**
 * The command palette (Ctrl+K, ⌘K or /): jumps to any screen the user may open, and to any field of a document
 * screen by its label. The header's Search button and the keys are always there; the dialog (PaletteDialog.tsx)
 * downloads the first time the palette opens.
 */
import { Button, Kbd } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import type { NavSection } from '../../engine/core/navigation';

const PaletteDialog = lazy(() => import('./PaletteDialog').then((m) => ({ default: m.PaletteDialog })));

export function CommandPalette({ navigation }: { navigation: readonly NavSection[] }) {
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first opening on, so that closing it keeps the dialog's own closing transition.
  const [wanted, setWanted] = useState(false);
  const show = () => {
    setWanted(true);
    open();
  };
  useHotkeys([['mod+K', show]], []);
  useHotkeys([['/', show]]);

  return (
    <>
      <Button variant="default" size="xs" onClick={show} rightSection={<Kbd size="xs" visibleFrom="xl" style={{ whiteSpace: 'nowrap' }}>Ctrl K</Kbd>} visibleFrom="md">
        Search
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <PaletteDialog navigation={navigation} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
