/**
 * The form of a collection screen (`form` of the definition): its operation's path parameters and body fields; the
 * submit calls the operation (and follows the job it answers), says so in a notice and empties the form, or shows
 * why it did not succeed: the server's reason (also on its field) or the job's. A form with `initial` starts with the
 * values another operation answers (the item's current settings) and keeps what was saved; the screen's scope fills
 * its path parameters. Fields may choose from another operation's answer (`choices`); a field of the answer may be
 * shown once with a copy button (`reveal`: a generated secret), until dismissed. `initial.offered` can withhold the
 * form for an answer (only its line and facts show).
 */
import { Alert, Button, Code, CopyButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CollectionForm, JobFollow, OperationDef } from '../../../definitions/define';
import type { FieldError } from '../../../schemas/http';
import { formSchemaOf } from '../../../definitions/schemaPaths';
import { isApiError, type CallInput } from '../../core/http';
import { showSnackbar } from '../../core/snackbar';
import type { FormValues } from '../form/FormView';
import { FormView } from '../document/LazyFormView';
import { useEngine } from '../shell/EngineContext';
import { FactList } from './FactList';
import { useChoiceSchema } from './RowActions';
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
  const base = useMemo(() => formSchemaOf(form.operation), [form.operation]);
  const choices = useChoiceSchema(base, form.choices, scope);
  const { schema, defaults } = choices;
  const initial = form.initial;
  const loaded = useQuery({
    queryKey: ['collection-form', initial?.operation.id, scope],
    enabled: initial !== undefined,
    queryFn: ({ signal }) => call<Record<string, unknown>>(initial!.operation.id, { params: scope }, { signal }),
  });
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
      if (initial) {
        setValues(submitted);
        // Read again, the answer carries what was saved with its new stamp: the form starts from it, so a second save
        // is not refused as stale.
        void loaded.refetch().then((fresh) => {
          if (fresh.data) setValues(undefined);
        });
      } else setValues({ ...defaults });
    } catch (e) {
      setOutcome({ ok: false, text: reasonOf(e) });
      if (isApiError(e)) setServerErrors(e.fieldErrors);
    }
  };

  // Memoised: the form starts again whenever these values change.
  const startValues = useMemo(() => {
    if (!choices.ready) return undefined;
    if (values) return { ...scope, ...values };
    if (!initial) return { ...scope, ...defaults };
    return loaded.data ? { ...scope, ...defaults, ...initial.values(loaded.data as never) } : undefined;
  }, [choices.ready, values, defaults, loaded.data, initial, scope]);
  const failed = choices.error ?? (initial && loaded.isError ? loaded.error : undefined);
  if (failed) {
    return (
      <Alert color="red" role="alert" title="Could not be loaded">
        {reasonOf(failed)}
      </Alert>
    );
  }
  if (!startValues) return <Loader role="status" aria-label="Loading" />;
  const offered = !initial?.offered || !loaded.data || initial.offered(loaded.data as never);
  // A form without fields (a check to run) is its button: it stays by the title instead of the far end of the form.
  const hasFields = Object.keys(schema.shape).some((k) => form.fields?.[k]?.widget !== 'hidden');
  return (
    <Stack gap="sm" maw={720} w={hasFields ? undefined : 'fit-content'}>
      {form.title && (
        <Title order={2} size="h4">
          {form.title}
        </Title>
      )}
      {initial?.intro && loaded.data && <Text size="sm">{initial.intro(loaded.data as never)}</Text>}
      {initial?.facts && loaded.data && <FactList facts={initial.facts(loaded.data as never)} />}
      {offered && (
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
      )}
      {form.reveal && revealed !== undefined && (
        <Alert color="yellow" role="status" title={form.reveal.title}>
          <Stack gap="xs">
            <Text size="sm">{form.reveal.warning}</Text>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {/* A value of several lines (a PEM block) keeps its lines, so what is read is what Copy copies. */}
              <Code
                block={revealed.includes('\n')}
                aria-label={form.reveal.title}
                style={{ wordBreak: 'break-all', whiteSpace: revealed.includes('\n') ? 'pre-wrap' : undefined, flex: 1, minWidth: 0 }}
              >
                {revealed}
              </Code>
              <CopyButton value={revealed}>
                {({ copied, copy }) => (
                  <Button size="xs" variant={copied ? 'filled' : 'light'} onClick={copy} style={{ flexShrink: 0 }}>
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
