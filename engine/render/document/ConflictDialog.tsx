/**
 * The 409 dialog: someone else saved this area since it was loaded. It lists what they changed and what this editor
 * changed, and offers to reload their version or to keep editing (nothing typed is lost).
 */
import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { DeferredModal as Modal } from '../widgets/dialog/DeferredModal';
import { MESSAGES } from '../../../schemas/constants';
import { describeDiff, type DiffEntry } from './diffDocuments';

export interface ConflictDialogProps {
  readonly opened: boolean;
  /** From the version this editor loaded to the one stored now. */
  readonly theirChanges: readonly DiffEntry[];
  /** From the version this editor loaded to what it tried to save. */
  readonly yourChanges: readonly DiffEntry[];
  readonly onReload: () => void;
  readonly onKeepEditing: () => void;
}

function Changes({ title, entries, none }: { title: string; entries: readonly DiffEntry[]; none: string }) {
  return (
    <Stack gap={4}>
      <Title order={4}>{title}</Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {entries.map((e, i) => (
            <List.Item key={i}>{describeDiff(e)}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

export function ConflictDialog(props: ConflictDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onKeepEditing}
      title="Someone else changed this area"
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text>{MESSAGES.staleSave}</Text>
        <Changes title="Their changes" entries={props.theirChanges} none="No differences in the stored content (only its time stamp changed)." />
        <Changes title="Your unsaved changes" entries={props.yourChanges} none="None." />
        <Text size="sm" c="dimmed">
          Keep editing leaves your changes on screen; saving them then replaces their version.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onKeepEditing}>
            Keep editing
          </Button>
          <Button onClick={props.onReload}>Reload their version</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
