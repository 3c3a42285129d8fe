/**
 * The revision history: published revisions (who, when, reason, areas changed), each revision's changes against the
 * one before it, and rollback, which stages the chosen revision's content to be reviewed and published like any change.
 */
import { Alert, Badge, Button, Group, Loader, Modal, Pagination, Paper, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { showSnackbar } from '../../core/snackbar';
import type { AnswerOf } from '../../generated/client.gen';
import { useApi, useEngine, useStore } from '../shell/EngineContext';
import { ChangeList } from './ChangeList';
import { useRevisionDiff, type ScreenLookup } from './revisionDiff';

type History = AnswerOf<'policyHistory'>;
type Revision = History['revisions'][number];

const PAGE = 25;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function Changes({ rev, screens }: { rev: number; screens: ScreenLookup }) {
  const diff = useRevisionDiff(rev, screens);
  return <ChangeList state={diff} none="This revision changed no area's content." />;
}

export interface RevisionHistoryProps {
  readonly screens: ScreenLookup;
  readonly canRollBack: boolean;
}

export function RevisionHistory({ screens, canRollBack }: RevisionHistoryProps) {
  const api = useApi();
  const { revision } = useEngine();
  const current = useStore(revision).revision;
  const [page, setPage] = useState(1);
  const [history, setHistory] = useState<History | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [open, setOpen] = useState<number | undefined>();
  const [confirm, setConfirm] = useState<Revision | undefined>();
  const [rolling, setRolling] = useState(false);

  const load = useCallback(() => {
    api.policyHistory({ query: { limit: PAGE, offset: (page - 1) * PAGE } }).then(setHistory, (e: unknown) => setError(message(e)));
  }, [api, page]);
  // Re-read after a publish or rollback changes the revision.
  useEffect(load, [load, current?.rev_id]);

  const rollBack = async (target: Revision) => {
    setRolling(true);
    try {
      const after = await revision.rollback(target.rev_id);
      showSnackbar({
        kind: 'success',
        message:
          after.state === 'staged'
            ? `The content of revision ${target.rev_id} is staged. Review and publish it to make it live.`
            : `The policy already equals revision ${target.rev_id}: nothing to stage.`,
      });
      setConfirm(undefined);
    } catch (e) {
      showSnackbar({ kind: 'error', message: message(e), closable: true });
    } finally {
      setRolling(false);
    }
  };

  if (error) {
    return (
      <Alert color="red" title="The revision history could not be loaded" role="alert">
        {error}
      </Alert>
    );
  }
  if (!history) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the revision history" />
      </Group>
    );
  }
  const titleOf = (id: string) => screens(id)?.title ?? id;
  return (
    <Stack gap="md">
      <Paper withBorder radius="sm" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing={6} highlightOnHover stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={100}>Revision</Table.Th>
              <Table.Th w={190}>Published</Table.Th>
              <Table.Th w={120}>By</Table.Th>
              <Table.Th miw={260}>Reason</Table.Th>
              <Table.Th w="28%">Areas changed</Table.Th>
              <Table.Th w={canRollBack ? 250 : 130}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.revisions.map((r) => {
              const areas = r.areas.map(titleOf).join(', ');
              const live = r.rev_id === current?.rev_id;
              // Rolling back to the live revision stages nothing unless there are unpublished changes to undo.
              const rollBackShown = canRollBack && !(live && current?.state === 'published');
              return (
                <Fragment key={r.rev_id}>
                  <Table.Tr>
                    <Table.Td>
                      {r.rev_id}
                      {live && (
                        <Badge size="xs" color="teal.9" variant="filled" ml={6}>
                          Live
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.published_at ? new Date(r.published_at).toLocaleString() : ''}</Table.Td>
                    <Table.Td>{r.published_by ?? ''}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.reason ?? <Text span c="dimmed" size="sm">No reason given</Text>}</Table.Td>
                    <Table.Td maw={0}>
                      <Tooltip label={areas} disabled={!areas} multiline maw={420} openDelay={300}>
                        <Text size="sm" truncate="end">
                          {areas || '—'}
                        </Text>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-expanded={open === r.rev_id}
                          onClick={() => setOpen(open === r.rev_id ? undefined : r.rev_id)}
                          aria-label={`${open === r.rev_id ? 'Hide' : 'Show'} changes of revision ${r.rev_id}`}
                        >
                          {open === r.rev_id ? 'Hide changes' : 'Show changes'}
                        </Button>
                        {rollBackShown && (
                          <Button size="compact-sm" variant="light" onClick={() => setConfirm(r)} aria-label={`Roll back to revision ${r.rev_id}`}>
                            Roll back
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {open === r.rev_id && (
                    <Table.Tr>
                      <Table.Td colSpan={6} p="sm">
                        <Text size="sm" c="dimmed" mb="xs">
                          Revision {r.rev_id} compared with revision {r.rev_id - 1}:
                        </Text>
                        <Changes rev={r.rev_id} screens={screens} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      {history.total > PAGE && <Pagination total={Math.ceil(history.total / PAGE)} value={page} onChange={setPage} aria-label="Pages" />}
      <Modal opened={confirm !== undefined} onClose={() => setConfirm(undefined)} title={`Roll back to revision ${confirm?.rev_id ?? ''}`} closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack>
          <Text size="sm">
            Every area that differs from revision {confirm?.rev_id} is changed back to its content there, replacing unpublished
            changes to those areas. Nothing goes live until you review and publish.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(undefined)} data-autofocus>
              Cancel
            </Button>
            <Button loading={rolling} onClick={() => confirm && void rollBack(confirm)}>
              Stage revision {confirm?.rev_id}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
