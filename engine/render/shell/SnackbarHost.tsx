/**
 * Shows the core's snackbar queue: bottom notices (saves, permissions) and top ones (the login error, spec 002 §8),
 * each in a polite live region with a Close button when closable, the bottom ones above a page's save bar, or at the top
 * while a dialog is open (snackbar.css). Durations are the core's.
 */
import { CloseButton, Group, Paper, Portal, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { currentSnackbars, dismissSnackbar, subscribeSnackbars, type SnackbarNotice } from '../../core/snackbar';
import './snackbar.css';

const colors: Record<SnackbarNotice['kind'], string> = {
  info: 'var(--mantine-color-dark-6)',
  success: 'var(--mantine-color-teal-8)',
  warning: 'var(--mantine-color-yellow-9)',
  error: 'var(--mantine-color-red-8)',
};

function Notices({ notices, position }: { notices: readonly SnackbarNotice[]; position: 'top' | 'bottom' }) {
  return (
    <Stack
      gap="xs"
      role="status"
      aria-live="polite"
      aria-label={position === 'top' ? 'Notifications at the top' : 'Notifications'}
      data-position={position}
      className="portal-notices"
    >
      {notices.map((n) => (
        <Paper
          key={n.id}
          shadow="md"
          radius="sm"
          px="md"
          py="sm"
          data-kind={n.kind}
          style={{ background: colors[n.kind], color: 'white', pointerEvents: 'auto' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" c="white">
              {n.message}
            </Text>
            {n.closable && (
              <CloseButton aria-label="Close" variant="transparent" c="white" onClick={() => dismissSnackbar(n.id)} />
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

const subscribe = (onChange: () => void) => subscribeSnackbars(onChange);

export function SnackbarHost() {
  const notices = useSyncExternalStore(subscribe, currentSnackbars, currentSnackbars);
  return (
    <Portal>
      <Notices notices={notices.filter((n) => n.position === 'top')} position="top" />
      <Notices notices={notices.filter((n) => n.position === 'bottom')} position="bottom" />
    </Portal>
  );
}
