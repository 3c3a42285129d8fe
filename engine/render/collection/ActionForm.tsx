/**
 * The form of a collection screen (`form` of the definition): its operation's path parameters and body fields; the
 * submit calls the operation (and follows the job it answers), says so in a notice and empties the form, or shows
 * why it did not succeed: the server's reason (also on its field) or the job's. Fields may choose from another
 * operation's answer (`choices`); a field of the answer may be shown once with a copy button (`reveal`: a generated
 * secret), until dismissed.
 */
import { Alert, Button, Code, CopyButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { CollectionForm, JobFollow, OperationDef } from '../../../definitions/define';
import type { FieldError } from '../../../schemas/http';
import { formSchemaOf } from '../../../definitions/registry';
import { isApiError, type CallInput } from '../../core/http';
import { showSnackbar } from '../../core/snackbar';
import { FormView, type FormValues } from '../form/FormView';
import { useChoiceSchema } from './RowActions';
import { callInputOf, reasonOf } from './useCollectionController';

export interface ActionFormProps {
  readonly form: CollectionForm;
  readonly readOnly: boolean;
  readonly run: (op: OperationDef, input: CallInput, job: JobFollow | undefined) => Promise<unknown>;
}

export function ActionForm({ form, readOnly, run }: ActionFormProps) {
  const base = useMemo(() => formSchemaOf(form.operation), [form.operation]);
  const { schema, defaults, ready, error } = useChoiceSchema(base, form.choices, undefined, 'form');
  const [values, setValues] = useState<FormValues | undefined>();
  const [outcome, setOutcome] = useState<{ readonly ok: boolean; readonly text: string } | undefined>();
  const [revealed, setRevealed] = useState<string | undefined>();
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);

  const submit = async (submitted: FormValues) => {
    setOutcome(undefined);
    setRevealed(undefined);
    setServerErrors([]);
    try {
      const answer = (await run(form.operation, callInputOf(form.operation, submitted), form.job)) as Record<string, unknown> | undefined;
      const text = form.success(submitted);
      showSnackbar({ kind: 'success', message: text });
      if (form.done) setOutcome({ ok: true, text });
      if (form.reveal) setRevealed(String(answer?.[form.reveal.field] ?? ''));
      setValues({ ...defaults });
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
      {error ? (
        <Alert color="red" role="alert" title="The choices could not be loaded">
          {reasonOf(error)}
        </Alert>
      ) : ready ? (
        <FormView label={form.title ?? form.submitLabel} schema={schema} hints={form.fields} defaultValues={values ?? defaults} onSubmit={submit} submitLabel={form.submitLabel} readOnly={readOnly} serverErrors={serverErrors} />
      ) : (
        <Loader role="status" aria-label="Loading" />
      )}
      {form.reveal && revealed !== undefined && (
        <Alert color="yellow" role="status" title={form.reveal.title}>
          <Stack gap="xs">
            <Text size="sm">{form.reveal.warning}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code aria-label={form.reveal.title} style={{ wordBreak: 'break-all' }}>
                {revealed}
              </Code>
              <CopyButton value={revealed}>
                {({ copied, copy }) => (
                  <Button size="xs" variant={copied ? 'filled' : 'light'} onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group>
              <Button size="xs" variant="default" onClick={() => setRevealed(undefined)}>
                Done
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {outcome && (
        <Alert color={outcome.ok ? 'teal' : 'red'} role={outcome.ok ? 'status' : 'alert'} title={outcome.ok ? form.done : form.refused}>
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}
