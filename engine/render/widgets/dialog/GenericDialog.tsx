/**
 * The generic dialog (spec 002 §2): title, body and actions areas, with a close icon. Focus is trapped inside while
 * it is open and returns to the opener on close; the title names the dialog.
 */
import { Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

export interface GenericDialogProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly title: ReactNode;
  readonly children: ReactNode;
  /** Buttons of the footer, right-aligned. */
  readonly actions?: ReactNode;
  /** Whether Escape and a backdrop click close it (the close icon always does). Default true. */
  readonly dismissible?: boolean;
  readonly withCloseButton?: boolean;
  readonly size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;
}

export function GenericDialog({
  opened,
  onClose,
  title,
  children,
  actions,
  dismissible = true,
  withCloseButton = true,
  size = 'md',
}: GenericDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      trapFocus
      returnFocus
      closeOnEscape={dismissible}
      closeOnClickOutside={dismissible}
      withCloseButton={withCloseButton}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <div>{children}</div>
      {actions && (
        <Group justify="flex-end" gap="sm" mt="lg">
          {actions}
        </Group>
      )}
    </Modal>
  );
}
