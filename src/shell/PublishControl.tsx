/**
 * The policy revision in the header: whether there are unpublished changes, and the Publish button for users allowed
 * to publish. Publish posts the staged revision only when its state is "staged" (spec 000 §4).
 */
import { Badge, Button, Group } from '@mantine/core';
import type { AccessRule } from '../../schemas/access';
import { showSnackbar } from '../../engine/core/snackbar';
import { useEngine, useStore } from '../../engine/render/shell/EngineContext';

export function PublishControl({ publishRule }: { publishRule: AccessRule | undefined }) {
  const { revision, access } = useEngine();
  const state = useStore(revision);
  if (!state.revision) return null;
  const staged = state.revision.state === 'staged';
  const canPublish = publishRule !== undefined && access.can(publishRule);
  const publish = () =>
    revision.publish().then(
      () => showSnackbar({ message: 'Policy published.', kind: 'success' }),
      (e: unknown) => showSnackbar({ message: e instanceof Error ? e.message : String(e), kind: 'error', closable: true }),
    );
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label="Policy revision">
      <Badge color={staged ? 'orange.9' : 'teal.9'} variant="light">
        {staged ? 'Unpublished changes' : 'Published'}
      </Badge>
      {canPublish && (
        <Button size="xs" disabled={!staged} loading={state.publishing} onClick={() => void publish()}>
          Publish
        </Button>
      )}
    </Group>
  );
}
