/**
 * A collection's selection actions: a button per action above the table while rows it is offered for are selected,
 * and its dialog, which names every one of those rows, asks for the rest of the body when the action has a form, and
 * then makes one call with the rows' values in the body's list field (see `SelectionAction`).
 */
import { Button, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { SelectionAction } from '../../../definitions/define';
import { bodyObjectOf } from '../../../definitions/schemaPaths';
import { showSnackbar } from '../../core/snackbar';
import type { CallInput } from '../../core/http';
import type { FormValues } from '../form/FormView';
import { FormView } from '../document/LazyFormView';
import { schemaDefaults } from '../form/schemaFields';
import { meets, reasonOf, type CollectionItem } from './useCollectionController';

type Item = CollectionItem;

/** An action and the rows it was started for (kept while its dialog is open, whatever the selection does meanwhile). */
interface Started {
  readonly action: SelectionAction;
  readonly rows: readonly Item[];
}

const verbOf = (action: SelectionAction) => action.label.replace(/…$/, '');

/** The object with the field at `path` (dotted) no longer optional. */
function requiring(object: z.ZodObject, [head, ...rest]: readonly string[]): z.ZodObject {
  const field = (object.shape as Record<string, z.ZodType>)[head!];
  if (!field) return object;
  const inner = field instanceof z.ZodOptional || field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field;
  return object.extend({ [head!]: rest.length > 0 && inner instanceof z.ZodObject ? requiring(inner, rest) : inner });
}

/** The body fields the action sends as they are for these rows (constant, or made from them). */
const sentBody = (action: SelectionAction, rows: readonly Item[]) => (typeof action.body === 'function' ? action.body(rows) : action.body) ?? {};

/**
 * The dialog's fields: the body without the rows' list and without what the action sends as it is, with the fields
 * the form requires made required.
 */
function formSchemaOf(action: SelectionAction, rows: readonly Item[]): z.ZodObject {
  const body = bodyObjectOf(action.operation) ?? z.strictObject({});
  const sent = [action.list, ...Object.keys(sentBody(action, rows))];
  const asked = body.omit(Object.fromEntries(sent.filter((k) => k in body.shape).map((k) => [k, true])) as never);
  return (action.form?.required ?? []).reduce((schema, path) => requiring(schema, path.split('.')), asked);
}

export function SelectionActionButtons({
  actions,
  selected,
  nameOf,
  scope,
  call,
  onDone,
}: {
  actions: readonly SelectionAction[];
  /** The selected rows. */
  selected: readonly Item[];
  nameOf: (row: Item) => string;
  /** The screen's scope parameters, sent as path parameters. */
  scope: Readonly<Record<string, string>>;
  /** Makes the call (and reads the list again). */
  call: (action: SelectionAction, input: CallInput) => Promise<unknown>;
  /** After a call that succeeded: the selection is done with. */
  onDone: () => void;
}) {
  const [started, setStarted] = useState<Started | null>(null);
  const close = () => setStarted(null);
  const send = async (values: FormValues) => {
    const { action, rows } = started!;
    const body = { ...values, ...sentBody(action, rows), [action.list]: rows.map((r) => r[action.value]) };
    const answer = await call(action, { ...(Object.keys(scope).length > 0 && { params: scope }), body });
    close();
    onDone();
    showSnackbar({ kind: 'success', message: action.success(rows, body, answer as never) });
  };
  // A dialog without a form has no form to show a refusal in: it closes and a notice says why.
  const confirm = () => send({}).catch((e: unknown) => {
    close();
    showSnackbar({ kind: 'error', message: reasonOf(e), closable: true });
  });

  return (
    <>
      {actions.map((action) => {
        const rows = selected.filter((row) => !action.when || meets(row, action.when));
        return (
          rows.length > 0 && (
            <Button key={action.id} variant="light" color={action.danger ? 'red' : undefined} onClick={() => setStarted({ action, rows })}>
              {`${verbOf(action)} (${rows.length})`}
            </Button>
          )
        );
      })}
      <Modal
        opened={started !== null}
        onClose={close}
        title={started ? `${verbOf(started.action)} ${started.rows.length === 1 ? nameOf(started.rows[0]!) : `${started.rows.length} selected`}` : ''}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {started && <SelectionDialog started={started} nameOf={nameOf} onCancel={close} onSend={send} onConfirm={confirm} />}
      </Modal>
    </>
  );
}

function SelectionDialog({
  started: { action, rows },
  nameOf,
  onCancel,
  onSend,
  onConfirm,
}: {
  started: Started;
  nameOf: (row: Item) => string;
  onCancel: () => void;
  onSend: (values: FormValues) => Promise<void>;
  onConfirm: () => void;
}) {
  const schema = useMemo(() => formSchemaOf(action, rows), [action, rows]);
  const defaults = useMemo(() => schemaDefaults(schema), [schema]);
  const verb = verbOf(action);
  const names = (
    <Stack gap={4}>
      <Text size="sm">{rows.length === 1 ? 'For this one:' : `For these ${rows.length}:`}</Text>
      <ScrollArea.Autosize mah={200}>
        <List size="sm" spacing={2} aria-label="Selected">
          {rows.map((row) => (
            <List.Item key={nameOf(row)}>{nameOf(row)}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Stack>
  );
  return (
    <Stack>
      {action.warning && <Text>{action.warning}</Text>}
      {names}
      {action.form ? (
        <FormView label={verb} schema={schema} hints={action.form.fields} defaultValues={defaults} onSubmit={onSend} onCancel={onCancel} submitLabel={action.form.submitLabel ?? verb} focusFirstField />
      ) : (
        <Group justify="flex-end">
          {/* The safe choice has the focus when the dialog opens. */}
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color={action.danger ? 'red' : undefined} onClick={onConfirm}>
            {verb}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
