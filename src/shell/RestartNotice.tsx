import { Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { waitUntilAnswering } from '../../engine/core/restart';
import { apiClient } from '../../engine/generated/client.gen';

/** How often the page asks whether the server answers again. */
const PROBE_MS = 2_000;

/**
 * The server is restarting: nothing can be done meanwhile, so a modal that cannot be closed says so; once the server
 * answers again the page loads afresh, which signs the administrator in again (the restart ended every session).
 */
export function RestartNotice({ backInSeconds }: { readonly backInSeconds: number }) {
  useEffect(() => {
    const stop = new AbortController();
    waitUntilAnswering(
      () => apiClient.portalConfig({}, { skip403Snackbar: true, skipUnauthorizedHandling: true, background: true }),
      () => window.location.reload(),
      { intervalMs: PROBE_MS, backInMs: backInSeconds * 1000, signal: stop.signal },
    );
    return () => stop.abort();
  }, [backInSeconds]);
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} centered title="The appliance is restarting">
      <Stack gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text size="sm">
          It stops answering for about {backInSeconds} seconds. This page returns to the sign-in as soon as it answers.
        </Text>
      </Stack>
    </Modal>
  );
}
