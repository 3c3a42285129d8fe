/**
 * The 409 dialog: someone else saved this area since it was loaded. It lists what they changed and what this editor
 * changed, and offers to reload their version or to keep editing (nothing typed is lost).
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { DeferredModal as Modal } from '../widgets/dialog/DeferredModal';
import { MESSAGES } from '../../../schemas/constants';
import type { DocumentScreen } from '../../../definitions/define';
import { describeChanges, type Change } from '../../core/changes';
import { ChangeItems } from '../changes/ChangeItems';
import { useChangeOptions } from '../changes/screenChanges';
import type { Doc } from './diffDocuments';

export interface ConflictDialogProps {
  readonly opened: boolean;
  readonly screen: DocumentScreen;
  /** The version this editor loaded. */
  readonly loaded: Doc;
  /** The version stored now. */
  readonly theirs: Doc;
  /** What this editor tried to save. */
  readonly mine: Doc;
  readonly onReload: () => void;
  readonly onKeepEditing: () => void;
}

function Changes({ title, entries, none }: { title: string; entries: readonly Change[]; none: string }) {
  return (
    <Stack gap={4}>
      <Title order={4}>{title}</Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {none}
        </Text>
      ) : (
        <ChangeItems changes={entries} label={title} />
      )}
    </Stack>
  );
}

export function ConflictDialog(props: ConflictDialogProps) {
  const options = useChangeOptions(props.screen);
  const { screen, loaded } = props;
  const theirs = useMemo(() => describeChanges(screen.schema, loaded, props.theirs, options), [screen, loaded, props.theirs, options]);
  const mine = useMemo(() => describeChanges(screen.schema, loaded, props.mine, options), [screen, loaded, props.mine, options]);
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
        <Changes title="Their changes" entries={theirs} none="No differences in the stored content (only its time stamp changed)." />
        <Changes title="Your unsaved changes" entries={mine} none="None." />
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
