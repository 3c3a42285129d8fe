/**
 * The row actions of a collection: the definition's actions offered for a row (those whose condition it meets), one
 * as a button or several in an "Actions" menu, and the dialog of an action that asks for its body in a form (over
 * the operation's body schema, with select choices from another operation's answer for that row) and for query
 * parameters of the call (over the operation's query schema, narrowed to the values offered for the row).
 */
import { Alert, Button, Loader, Menu, Modal, Stack, Text } from '@mantine/core';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import type { ChoicesFrom, CollectionDef, CollectionRowAction } from '../../../definitions/define';
import { bodyObjectOf } from '../../../definitions/schemaPaths';
import { LABELS_META_KEY, labelsOf } from '../../../schemas/enums';
import type { FormValues } from '../form/FormView';
import { FormView } from '../document/LazyFormView';
import { schemaDefaults, unwrap } from '../form/schemaFields';
import { useCall, useEngine } from '../shell/EngineContext';
import { itemParams, meets, reasonOf, type CollectionItem } from './useCollectionController';
import { recordOf } from '../../core/call';
import { choiceEntries, choiceEntry } from '../form/choiceEntry';

export interface PickedAction {
  readonly action: CollectionRowAction;
  readonly row: CollectionItem;
  /** The row's name in texts (its first column). */
  readonly name: string;
}

/** A row's actions: a single declared action as a button, several in a menu; only those the row meets. */
export function RowActionButtons({ actions, row, name, onPick }: { actions: readonly CollectionRowAction[]; row: CollectionItem; name: string; onPick: (picked: PickedAction) => void }) {
  const offered = actions.filter((a) => !a.when || meets(row, a.when));
  if (offered.length === 0) return null;
  if (actions.length === 1) {
    const action = offered[0]!;
    return (
      <Button size="xs" variant="default" aria-label={`${action.label} ${name}`} onClick={() => onPick({ action, row, name })}>
        {action.label}
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" aria-label={`Actions for ${name}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {offered.map((action) => (
          <Menu.Item key={action.id} onClick={() => onPick({ action, row, name })}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The dialog title of an action: its label without the ellipsis, and the row's name ("Update alpha-01"). */
export const actionTitle = ({ action, name }: PickedAction) => `${action.label.replace(/…$/, '')} ${name}`;

/** `version: description`, or the value alone when the label says the same. */
const choiceLabel = (value: string, label: string, labelOnly = false) => (label && label !== value ? (labelOnly ? label : `${value}: ${label}`) : value);

/** The dialog of an action with a form; `onSubmit` receives the body. */
export function RowActionDialog({
  screen,
  scope,
  picked,
  onClose,
  onSubmit,
}: {
  screen: CollectionDef;
  /** The screen's scope parameter, passed to the choices' calls too. */
  scope: Readonly<Record<string, string>>;
  picked: PickedAction | null;
  onClose: () => void;
  onSubmit: (picked: PickedAction, body: FormValues) => void;
}) {
  return (
    <Modal opened={picked !== null} onClose={onClose} title={picked ? actionTitle(picked) : ''} closeButtonProps={{ 'aria-label': 'Close' }}>
      {picked && <ActionForm screen={screen} scope={scope} picked={picked} onCancel={onClose} onSubmit={(body) => onSubmit(picked, body)} />}
    </Modal>
  );
}

/** The choice answers as one value that changes only when one of them does (a module-level combine is memoised). */
const combineAnswers = (results: UseQueryResult<Record<string, unknown>>[]) => ({
  data: results.map((r) => r.data),
  error: results.find((r) => r.isError)?.error,
});

/**
 * A form schema over `body` in which each field with a choice source is a select over what that source answers
 * (called with `params`), labelled from it. `defaults`: a choice field starts at the row's value while that is still
 * offered, else the first choice (none for a list); another field at the row's value (a rename shows the name), else
 * its schema default (a checkbox shows what will be sent). `empty` says a source offered nothing. Shared by row-action
 * dialogs and a collection's own form.
 */
export function useChoiceSchema(
  body: z.ZodObject,
  choices: Readonly<Partial<Record<string, ChoicesFrom>>> | undefined,
  params: Readonly<Record<string, string>>,
  row: CollectionItem = NO_ROW,
) {
  const { revision } = useEngine();
  const call = useCall();
  const sources = useMemo(() => Object.entries(choices ?? {}).filter((e): e is [string, ChoicesFrom] => e[1] !== undefined), [choices]);
  const answers = useQueries({
    queries: sources.map(([, from]) => ({
      queryKey: ['collection-choices', from.operation.id, params],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        // A source read at a revision (`{rev}` in its path) reads the staged one.
        // Its constant path parameters (`from.params`) go with the screen's.
        const all = { ...params, ...from.params };
        if (!from.operation.path.includes('{rev}')) return call(from.operation, from.operation.params ? { params: all } : {}, { signal }).then(recordOf);
        await revision.ensure();
        return call(from.operation, { params: revision.bindRevision(all) }, { signal }).then(recordOf);
      },
      staleTime: 0,
    })),
    combine: combineAnswers,
  });
  const ready = answers.data.every((d) => d !== undefined);
  const built = useMemo(() => {
    const shape: Record<string, z.ZodType> = {};
    const defaults: FormValues = {};
    let empty = false;
    sources.forEach(([field, from], i) => {
      const rows = choiceEntries(answers.data[i], from.list);
      const entries = rows.map((e) => {
        const { value, label } = choiceEntry(from, e);
        return [value, label] as const;
      });
      if (entries.length === 0) return void (empty = true);
      const values = entries.map(([v]) => v) as [string, ...string[]];
      const { title, description, inner } = unwrap((body.shape as Record<string, z.ZodType>)[field]!);
      const labels = { [LABELS_META_KEY]: Object.fromEntries(entries.map(([v, l]) => [v, choiceLabel(v, l, from.labelOnly)])) };
      // A list field chooses several of the answers (a multiselect), starting with none; a plain one chooses one.
      const many = inner.def.type === 'array';
      shape[field] = many
        ? z.array(z.enum(values).meta(labels)).min(1).meta({ title, description })
        : z.enum(values, { error: (issue) => (issue.input === undefined ? NOTHING_CHOSEN : undefined) }).meta({ title, description, ...labels });
      // An edit starts from the row's choice while it is still offered (a tunnel's gateway, a rule's destinations).
      const preferred = from.preferred?.(rows as Record<string, unknown>[])?.[from.value];
      if (shape[field].safeParse(row[field]).success) defaults[field] = row[field];
      else if (many) defaults[field] = [];
      else if (!from.startEmpty) defaults[field] = preferred !== undefined ? String(preferred) : values[0];
    });
    const fromSchema = schemaDefaults(body);
    for (const [field, fieldSchema] of Object.entries(body.shape as Record<string, z.ZodType>)) {
      if (field in defaults) continue;
      if (row[field] !== undefined && fieldSchema.safeParse(row[field]).success) defaults[field] = row[field];
      else if (field in fromSchema) defaults[field] = fromSchema[field];
    }
    return { schema: body.extend(shape), defaults, empty };
  }, [body, sources, answers, row]);
  return { ...built, ready, error: answers.error };
}
const NO_ROW: CollectionItem = {};
/** A single choice left empty (a form whose choices start empty). */
const NOTHING_CHOSEN = 'Nothing is chosen: choose one from the list.';

/**
 * The dialog's schema: the query fields the action asks (`form.query`, from the operation's query schema), then the
 * body's fields. A query field of fixed values offers those `form.offer` gives for the row (all when it gives none)
 * and starts at the first of them.
 */
export function actionFormSchema(action: CollectionRowAction, row: CollectionItem): z.ZodObject {
  const body = bodyObjectOf(action.operation) ?? z.strictObject({});
  const asked = action.form?.query ?? [];
  if (asked.length === 0) return body;
  const offered = action.form?.offer?.(row) ?? {};
  const shape = (action.operation.query?.shape ?? {}) as Record<string, z.ZodType>;
  const fields: Record<string, z.ZodType> = {};
  for (const key of asked) {
    const field = shape[key];
    if (!field) continue;
    const { title, description, inner } = unwrap(field);
    if (inner.def.type !== 'enum') {
      fields[key] = field;
      continue;
    }
    const all = (inner as z.ZodEnum).options.map(String);
    const values = all.filter((v) => !offered[key] || offered[key].includes(v));
    if (values.length === 0) continue;
    const labels = labelsOf(inner) ?? {};
    fields[key] = z
      .enum(values as [string, ...string[]])
      .meta({ title, description, [LABELS_META_KEY]: Object.fromEntries(values.map((v) => [v, labels[v] ?? v])) })
      .default(values[0]!);
  }
  return z.strictObject({ ...fields, ...body.shape });
}

function ActionForm({
  screen,
  scope,
  picked,
  onCancel,
  onSubmit,
}: {
  screen: CollectionDef;
  scope: Readonly<Record<string, string>>;
  picked: PickedAction;
  onCancel: () => void;
  onSubmit: (body: FormValues) => void;
}) {
  const { action, row } = picked;
  const form = action.form!;
  const key = row[screen.itemKey ?? 'id'];
  const body = useMemo(() => actionFormSchema(action, row), [action, row]);
  const params = useMemo(() => ({ ...scope, ...itemParams(screen, key, action.param) }), [scope, screen, key, action.param]);
  // The row's fields, and the values `start` names otherwise (the row's id as the body's application_id).
  const start = useMemo(() => (form.start ? { ...row, ...form.start(row) } : row), [form, row]);
  const { schema, defaults, empty, ready, error } = useChoiceSchema(body, form.choices, params, start);

  if (error) {
    return (
      <Alert color="red" role="alert" title="The choices could not be loaded">
        {reasonOf(error)}
      </Alert>
    );
  }
  if (!ready) return <Loader role="status" aria-label="Loading" />;
  return (
    <Stack gap="sm">
      {form.intro && <Text size="sm">{form.intro(row)}</Text>}
      {empty ? (
        <Text size="sm">There is nothing to choose from.</Text>
      ) : (
        <FormView label={actionTitle(picked)} schema={schema} hints={form.fields} defaultValues={defaults} onSubmit={onSubmit} onCancel={onCancel} submitLabel={form.submitLabel ?? 'OK'} focusFirstField />
      )}
    </Stack>
  );
}
