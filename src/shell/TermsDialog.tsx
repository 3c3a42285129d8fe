/**
 * The terms of service a signed-in user must accept before the portal shows (spec 000 §3): the terms, Accept and
 * Decline (signs out). It cannot be dismissed otherwise.
 */
import { Alert, Button, Group, Modal, ScrollArea, Text } from '@mantine/core';
import { useState } from 'react';
import type { Session } from '../../engine/core/session';
import { useStore } from '../../engine/render/shell/EngineContext';

export function TermsDialog({ session, onDecline }: { readonly session: Session; readonly onDecline: () => void }) {
  const { termsToAccept: terms } = useStore(session);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!terms) return null;

  const accept = () => {
    setBusy(true);
    setFailed(false);
    session
      .acceptTerms()
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };

  return (
    <Modal
      opened
      onClose={() => {}}
      title={terms.title}
      size="lg"
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Text size="sm" c="dimmed" mb="xs">
        Accept the terms of use (version {terms.version}) to continue.
      </Text>
      <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {terms.text}
        </Text>
      </ScrollArea.Autosize>
      {failed && (
        <Alert color="red" mt="sm">
          The acceptance could not be saved. Try again.
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onDecline} disabled={busy}>
          Decline and sign out
        </Button>
        <Button onClick={accept} loading={busy} data-autofocus>
          Accept
        </Button>
      </Group>
    </Modal>
  );
}
