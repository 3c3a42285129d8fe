/**
 * A secret shown once (a generated token, a key): a dialog in front of everything, so it is neither below the fold
 * nor under a notice, with Copy focused. It closes only by Done or Escape, never by a click beside it.
 */
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

export interface RevealedSecretProps {
  readonly title: string;
  readonly warning: string;
  readonly value: string;
  readonly onDone: () => void;
}

export function RevealedSecret({ title, warning, value, onDone }: RevealedSecretProps) {
  // A value of several lines (a PEM block) keeps its lines, so what is read is what Copy copies.
  const multiline = value.includes('\n');
  return (
    <Modal opened onClose={onDone} title={title} size="lg" closeOnClickOutside={false} centered>
      <Stack gap="sm">
        <Text size="sm" c="yellow.9" fw={500} role="note">
          {warning}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code block={multiline} aria-label={title} style={{ wordBreak: 'break-all', whiteSpace: multiline ? 'pre-wrap' : undefined, flex: 1, minWidth: 0 }}>
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button size="xs" variant={copied ? 'filled' : 'light'} onClick={copy} style={{ flexShrink: 0 }} data-autofocus>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
