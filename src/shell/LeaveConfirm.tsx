/** Asks before leaving a screen with unsaved changes (the hash location holds the navigation meanwhile). */
import { Button, Group, Modal, Text } from '@mantine/core';
import { cancelPendingNavigation, confirmPendingNavigation } from './hashLocation';

export function LeaveConfirm() {
  return (
    <Modal opened onClose={cancelPendingNavigation} title="Leave without saving?" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Text>You have unsaved changes on this page. If you leave now, they are lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={cancelPendingNavigation}>
          Stay on this page
        </Button>
        <Button color="red" onClick={confirmPendingNavigation}>
          Leave and discard
        </Button>
      </Group>
    </Modal>
  );
}
