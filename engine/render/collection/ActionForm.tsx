/**
 * The form of a collection screen (`form` of the definition): its operation's path parameters and body fields; the
 * submit calls the operation (and follows the job it answers), says so in a notice and empties the form, or shows
 * why it did not succeed: the server's reason (also on its field) or the job's.
 */
import { Alert, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { CollectionForm, JobFollow, OperationDef } from '../../../definitions/define';
import type { FieldError } from '../../../schemas/http';
import { formSchemaOf } from '../../../definitions/registry';
import { isApiError, type CallInput } from '../../core/http';
import { showSnackbar } from '../../core/snackbar';
import { FormView, type FormValues } from '../form/FormView';
import { callInputOf, reasonOf } from './useCollectionController';

export interface ActionFormProps {
  readonly form: CollectionForm;
  readonly readOnly: boolean;
  readonly run: (op: OperationDef, input: CallInput, job: JobFollow | undefined) => Promise<unknown>;
}

export function ActionForm({ form, readOnly, run }: ActionFormProps) {
  const schema = useMemo(() => formSchemaOf(form.operation), [form.operation]);
  const [values, setValues] = useState<FormValues>({});
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
      setValues({});
    } catch (e) {
      setOutcome({ ok: false, text: reasonOf(e) });
      if (isApiError(e)) setServerErrors(e.fieldErrors);
    }
  };

  return (
    <Stack gap="sm" maw={720}>
      {form.title && (
        <Title order={2} size="h4">
          {form.title}
        </Title>
      )}
      <FormView label={form.title ?? form.submitLabel} schema={schema} hints={form.fields} defaultValues={values} onSubmit={submit} submitLabel={form.submitLabel} readOnly={readOnly} serverErrors={serverErrors} />
      {outcome && (
        <Alert color={outcome.ok ? 'teal' : 'red'} role={outcome.ok ? 'status' : 'alert'} title={outcome.ok ? form.done : form.refused}>
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}
