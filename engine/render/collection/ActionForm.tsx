/**
 * The form of a collection screen (`form` of the definition): its operation's path parameters and body fields; the
 * submit calls the operation (and follows the job it answers), says so in a notice and empties the form, or shows
 * why it did not succeed: the server's reason (also on its field) or the job's. A form with `initial` starts with the
 * values another operation answers (the item's current settings) and keeps what was saved; the screen's scope fills
 * its path parameters.
 */
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CollectionForm, JobFollow, OperationDef } from '../../../definitions/define';
import type { FieldError } from '../../../schemas/http';
import { formSchemaOf } from '../../../definitions/registry';
import { isApiError, type CallInput } from '../../core/http';
import { showSnackbar } from '../../core/snackbar';
import { FormView, type FormValues } from '../form/FormView';
import { useEngine } from '../shell/EngineContext';
import { callInputOf, reasonOf } from './useCollectionController';

export interface ActionFormProps {
  readonly form: CollectionForm;
  readonly readOnly: boolean;
  readonly run: (op: OperationDef, input: CallInput, job: JobFollow | undefined) => Promise<unknown>;
  /** The screen's scope (path parameters its calls are made with). */
  readonly scope?: Readonly<Record<string, string>>;
}

const NO_SCOPE: Readonly<Record<string, string>> = {};

export function ActionForm({ form, readOnly, run, scope = NO_SCOPE }: ActionFormProps) {
  const { call } = useEngine();
  const schema = useMemo(() => formSchemaOf(form.operation), [form.operation]);
  const initial = form.initial;
  const loaded = useQuery({
    queryKey: ['collection-form', initial?.operation.id, scope],
    enabled: initial !== undefined,
    queryFn: ({ signal }) => call<Record<string, unknown>>(initial!.operation.id, { params: scope }, { signal }),
  });
  const [values, setValues] = useState<FormValues | undefined>(initial ? undefined : {});
  const [outcome, setOutcome] = useState<{ readonly ok: boolean; readonly text: string } | undefined>();
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);

  const submit = async (submitted: FormValues) => {
    setOutcome(undefined);
    setServerErrors([]);
    try {
      await run(form.operation, callInputOf(form.operation, submitted), form.job);
      const text = form.success(submitted);
      showSnackbar({ kind: 'success', message: text });
      if (form.done) setOutcome({ ok: true, text });
      if (initial) {
        setValues(submitted);
        void loaded.refetch();
      } else setValues({});
    } catch (e) {
      setOutcome({ ok: false, text: reasonOf(e) });
      if (isApiError(e)) setServerErrors(e.fieldErrors);
    }
  };

  // Memoised: the form starts again whenever these values change.
  const startValues = useMemo(
    () => (values ? { ...scope, ...values } : loaded.data && initial ? { ...scope, ...initial.values(loaded.data as never) } : undefined),
    [values, loaded.data, initial, scope],
  );
  if (initial && loaded.isError) {
    return (
      <Alert color="red" role="alert" title="Could not be loaded">
        {reasonOf(loaded.error)}
      </Alert>
    );
  }
  if (!startValues) return <Loader role="status" aria-label="Loading" />;
  return (
    <Stack gap="sm" maw={720}>
      {form.title && (
        <Title order={2} size="h4">
          {form.title}
        </Title>
      )}
      {initial?.intro && loaded.data && <Text size="sm">{initial.intro(loaded.data as never)}</Text>}
      <FormView
        label={form.title ?? form.submitLabel}
        schema={schema}
        hints={form.fields}
        defaultValues={startValues}
        onSubmit={submit}
        submitLabel={form.submitLabel}
        readOnly={readOnly}
        serverErrors={serverErrors}
      />
      {outcome && (
        <Alert color={outcome.ok ? 'teal' : 'red'} role={outcome.ok ? 'status' : 'alert'} title={outcome.ok ? form.done : form.refused}>
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}
