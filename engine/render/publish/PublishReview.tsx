/**
 * The review before a publish: every staged area with its changes against the published revision, and the change
 * reason (required) that is stored with the revision. Publishing makes the staged revision live.
 */
import { Button, Group, Modal, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { PUBLISH_REASON } from '../../../schemas/policy';
import { showSnackbar } from '../../core/snackbar';
import { useEngine, useStore } from '../shell/EngineContext';
import { ChangeList } from './ChangeList';
import { PublishAnalysis } from './PublishAnalysis';
import { PublishImpact } from './PublishImpact';
import { useRevisionDiff, type ScreenLookup } from './revisionDiff';

export interface PublishReviewProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly screens: ScreenLookup;
}

function reasonError(reason: string): string | undefined {
  const n = reason.trim().length;
  if (n === 0) return 'Enter a change reason.';
  if (n < PUBLISH_REASON.min) return `Use at least ${PUBLISH_REASON.min} characters.`;
  if (n > PUBLISH_REASON.max) return `Use at most ${PUBLISH_REASON.max} characters.`;
  return undefined;
}

function ReviewBody({ onClose, screens }: Omit<PublishReviewProps, 'opened'>) {
  const { revision } = useEngine();
  const state = useStore(revision);
  const rev = state.revision;
  const diff = useRevisionDiff(rev?.staged_rev_id, screens, rev?.updated_at);
  const [reason, setReason] = useState('');
  // The reason's error shows once a publish was tried (on blur it would move Cancel under the pointer).
  const [touched, setTouched] = useState(false);
  const error = reasonError(reason);
  const count = diff.status === 'ready' ? diff.areas.length : 0;
  // The effect and the analysis are worked out again when the staged revision changes while the review is open.
  const version = `${rev?.staged_rev_id}|${rev?.updated_at}`;

  const publish = async () => {
    setTouched(true);
    if (error) return;
    try {
      const after = await revision.publish(reason.trim());
      showSnackbar({ kind: 'success', message: `Revision ${after.rev_id} published.` });
      onClose();
    } catch (e) {
      showSnackbar({ kind: 'error', message: e instanceof Error ? e.message : String(e), closable: true });
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Publishing makes these saved changes live for every user of the tenant. Each area is compared with the revision in
        effect now{rev ? ` (revision ${rev.rev_id})` : ''}.
      </Text>
      {/* At most what leaves the reason and the buttons inside the dialog on a laptop screen (about 400 px around it). */}
      <ScrollArea.Autosize mah="min(55vh, calc(100dvh - 400px))" type="auto" offsetScrollbars>
        <Stack gap="md">
          <ChangeList state={diff} none="Nothing is waiting to be published." />
          {rev?.state === 'staged' && (
            <>
              <PublishImpact stagedVersion={version} />
              {diff.status === 'ready' && diff.areas.length > 0 && <PublishAnalysis areas={new Map(diff.areas.map((a) => [a.screenId, a.title]))} stagedVersion={version} />}
            </>
          )}
        </Stack>
      </ScrollArea.Autosize>
      <Textarea
        label="Change reason"
        description={`Why these changes go live: kept with the revision in its history (${PUBLISH_REASON.min}–${PUBLISH_REASON.max} characters).`}
        required
        autosize
        minRows={2}
        maxRows={5}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={touched ? error : undefined}
        maxLength={PUBLISH_REASON.max}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void publish()} loading={state.publishing} disabled={diff.status !== 'ready' || rev?.state !== 'staged'}>
          {count === 0 ? 'Publish' : count === 1 ? 'Publish 1 area' : `Publish ${count} areas`}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The review opens from the header, outside the screens' query cache: it then keeps one of its own while open, for
 * the names of ids its changes show.
 */
function WithQueryClient({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [own] = useState(() => (outer ? undefined : new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } })));
  return own ? <QueryClientProvider client={own}>{children}</QueryClientProvider> : children;
}

export function PublishReview({ opened, onClose, screens }: PublishReviewProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Review and publish" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && (
        <WithQueryClient>
          <ReviewBody onClose={onClose} screens={screens} />
        </WithQueryClient>
      )}
    </Modal>
  );
}
