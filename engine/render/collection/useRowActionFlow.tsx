/** The run of a collection's row actions: form, dry run or question, then the calls (see `useRowActionFlow`). */
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { CollectionDef, CollectionRowAction, JobFollow, OperationDef } from '../../../definitions/define';
import type { CallInput } from '../../core/http';
import { showSnackbar } from '../../core/snackbar';
import type { FormValues } from '../form/FormView';
import { downloadAnswer, downloadCallOptions, queryStrings } from '../widgets/export/exporters';
import { useCall } from '../shell/EngineContext';
import type { PickedAction } from './RowActions';
import { itemParams, reasonOf, type CollectionItem } from './useCollectionController';

type Item = CollectionItem;
type ActionRunner = (op: OperationDef, input: CallInput, job: JobFollow | undefined) => Promise<unknown>;

/** An action waiting for the administrator's go: what it will do (a question, or what its dry run says would change). */
export interface PendingAction {
  readonly action: CollectionRowAction;
  readonly rows: readonly PickedAction[];
  readonly body: FormValues | undefined;
  readonly lines: readonly string[];
  readonly preview: boolean;
}

/** The body an action sends for a row: the form's, else its constant one or the one it makes from the row. */
const bodyOf = (action: CollectionRowAction, row: Item, formBody: FormValues | undefined): FormValues | undefined =>
  formBody ?? (typeof action.body === 'function' ? action.body(row) : action.body);

/**
 * The dialog's values split into the query fields it asks (`form.query`) and the body; an operation that takes no
 * body gets none.
 */
function formParts(action: CollectionRowAction, values: FormValues | undefined): { body?: FormValues; query: Record<string, string> } {
  if (!values) return { query: {} };
  const asked = new Set(action.form?.query ?? []);
  const body: FormValues = {};
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!asked.has(key)) body[key] = value;
    else if (value !== undefined && value !== null && value !== '') query[key] = String(value);
  }
  return { ...(action.operation.body && { body }), query };
}


/**
 * How a collection's row actions run: a form first when the action has one (`asking`), then its dry run or its
 * question (`pending`, shown by `PendingActionDialog`), then the calls, one row after the other, each followed to its
 * job's end, with a notice of how they ended. A bulk run asks once for the selected rows.
 */
export function useRowActionFlow(screen: CollectionDef, scope: Readonly<Record<string, string>>, run: ActionRunner) {
  const call = useCall();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [asking, setAsking] = useState<PickedAction | null>(null);
  const itemKey = screen.itemKey ?? 'id';

  const inputOf = useCallback(
    (action: CollectionRowAction, row: Item, formValues: FormValues | undefined): CallInput => {
      const parts = formParts(action, formValues);
      const body = bodyOf(action, row, parts.body);
      const query = { ...(typeof action.query === 'function' ? action.query(row) : action.query), ...parts.query };
      return { params: { ...scope, ...itemParams(screen, row[itemKey], action.param) }, ...(body && { body }), ...(Object.keys(query).length > 0 && { query }) };
    },
    [scope, screen, itemKey],
  );
  /** Runs a row action for these rows, one after the other: a notice says how it (or its job) ended. */
  const runAction = useCallback(
    async (action: CollectionRowAction, rows: readonly PickedAction[], formBody: FormValues | undefined) => {
      const done: string[] = [];
      try {
        for (const { row } of rows) {
          const input = inputOf(action, row, formBody);
          if (action.download) {
            // A download changes nothing, so the list is not read again; a file answer is read as a file.
            const answer = await call(action.operation, input, downloadCallOptions(action.download));
            // It says so with its own notice ('Downloading file ...').
            downloadAnswer(action.download, answer as never, row as never, queryStrings(input.query));
          } else {
            await run(action.operation, input, action.job);
            done.push(action.success?.(row, bodyOf(action, row, formParts(action, formBody).body) ?? {}) ?? `${action.label.replace(/…$/, '')}: done.`);
          }
        }
        if (done.length > 0) showSnackbar({ kind: 'success', message: done.join(' ') });
      } catch (e) {
        showSnackbar({ kind: 'error', message: [...done, reasonOf(e)].join(' '), closable: true });
      }
    },
    [run, call, inputOf],
  );
  /** Runs an action once its form is filled: after its dry run or question when it has one. */
  const start = useCallback(
    ({ action, row, name }: PickedAction, formBody: FormValues | undefined) => {
      const rows = [{ action, row, name }];
      if (action.preview) {
        const input = inputOf(action, row, formBody);
        call(action.operation, { ...input, query: { ...input.query, ...action.preview.query } }).then(
          (answer: unknown) => setPending({ action, rows, body: formBody, lines: action.preview!.lines(answer as never), preview: true }),
          (e: unknown) => showSnackbar({ kind: 'error', message: reasonOf(e), closable: true }),
        );
      } else if (action.confirm) {
        setPending({ action, rows, body: formBody, lines: [action.confirm(row)], preview: false });
      } else {
        void runAction(action, rows, formBody);
      }
    },
    [call, inputOf, runAction],
  );
  const pick = useCallback((picked: PickedAction) => (picked.action.form ? setAsking(picked) : start(picked, undefined)), [start]);
  /** Asks once before running `action` for these rows (those it is offered for). */
  const askBulk = (action: CollectionRowAction, rows: readonly PickedAction[]) =>
    setPending({ action, rows, body: undefined, lines: rows.map(({ row, name }) => action.confirm?.(row) ?? name), preview: false });
  const answered = (picked: PickedAction, body: FormValues) => {
    setAsking(null);
    start(picked, body);
  };
  const go = () => {
    if (pending && pending.rows.length > 0) void runAction(pending.action, pending.rows, pending.body);
    setPending(null);
  };
  return { pick, asking, cancelAsking: () => setAsking(null), answered, pending, cancelPending: () => setPending(null), go, askBulk };
}

/** The question, or the dry run's changes, of an action waiting for the administrator's go. */
export function PendingActionDialog({ pending, onCancel, onGo }: { pending: PendingAction | null; onCancel: () => void; onGo: () => void }) {
  const verb = pending?.action.label.replace(/…$/, '') ?? '';
  return (
    <Modal
      opened={pending !== null}
      onClose={onCancel}
      title={pending ? (pending.rows.length === 1 ? `${verb} ${pending.rows[0]!.name}` : `${verb} ${pending.rows.length} selected`) : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {pending && (
        <Stack>
          {pending.preview && <Text size="sm">{pending.lines.length > 0 ? 'This would change:' : 'Nothing would change.'}</Text>}
          {pending.lines.length === 1 && !pending.preview ? (
            <Text>{pending.lines[0]}</Text>
          ) : (
            <List size="sm" spacing={4}>
              {pending.lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
          <Group justify="flex-end">
            {/* The safe choice has the focus when the dialog opens. */}
            <Button variant="default" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            {(!pending.preview || pending.lines.length > 0) && <Button onClick={onGo}>{pending.preview ? 'Apply' : verb}</Button>}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
