/**
 * The form of a collection screen (`form` of the definition): its operation's path parameters and body fields; the
 * submit calls the operation (and follows the job it answers), says so in a notice and empties the form, or shows
 * why it did not succeed: the server's reason (also on its field) or the job's. A form with `initial` starts with the
 * values another operation answers (the item's current settings) and keeps what was saved; the screen's scope fills
 * its path parameters. Fields may choose from another operation's answer (`choices`); a field of the answer may be
 * shown once in a dialog with a copy button (`reveal`: a generated secret), until dismissed. `initial.offered` can withhold the
 * form for an answer (only its line and facts show).
 */
import { Alert, Box, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CollectionForm, JobFollow, OperationDef, TracePanel } from '../../../definitions/define';
import type { FieldError } from '../../../schemas/http';
import { formSchemaOf } from '../../../definitions/schemaPaths';
import { isApiError, type CallInput } from '../../core/http';
import { showSnackbar } from '../../core/snackbar';
import type { FormValues } from '../form/FormView';
import { FormView } from '../document/LazyFormView';
import { TraceView } from '../widgets/TraceView';
import { useCall } from '../shell/EngineContext';
import { FactList } from './FactList';
import { RevealedSecret } from './RevealedSecret';
import { useChoiceSchema } from './RowActions';
import { callInputOf, reasonOf } from './useCollectionController';
import { recordOf } from '../../core/call';

export interface ActionFormProps {
  readonly form: CollectionForm;
  readonly readOnly: boolean;
  readonly run: (op: OperationDef, input: CallInput, job: JobFollow | undefined) => Promise<unknown>;
  /** The screen's scope (path parameters its calls are made with). */
  readonly scope?: Readonly<Record<string, string>>;
}

const NO_SCOPE: Readonly<Record<string, string>> = {};

export function ActionForm({ form, readOnly, run, scope = NO_SCOPE }: ActionFormProps) {
  const call = useCall();
  const base = useMemo(() => formSchemaOf(form.operation), [form.operation]);
  const choices = useChoiceSchema(base, form.choices, scope);
  const { schema, defaults } = choices;
  const initial = form.initial;
  const loaded = useQuery({
    queryKey: ['collection-form', initial?.operation.id, scope],
    enabled: initial !== undefined,
    queryFn: ({ signal }) => call(initial!.operation, { params: scope }, { signal }).then(recordOf),
  });
  const [values, setValues] = useState<FormValues | undefined>();
  // The defaults the form started from. Choices read again later (a user imported meanwhile) change `defaults`; the
  // form must not start again under the administrator's hands, or a reset form would be sent for the first user
  // offered instead of the one chosen. A submit starts it again deliberately (`values`).
  const [started, setStarted] = useState<FormValues | undefined>();
  if (choices.ready && started === undefined) setStarted(defaults);
  const [outcome, setOutcome] = useState<{ readonly ok: boolean; readonly text: string } | undefined>();
  const [revealed, setRevealed] = useState<string | undefined>();
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);
  const [panels, setPanels] = useState<readonly TracePanel[] | undefined>();

  const submit = async (submitted: FormValues) => {
    setOutcome(undefined);
    setRevealed(undefined);
    setServerErrors([]);
    setPanels(undefined);
    try {
      const answer = (await run(form.operation, callInputOf(form.operation, submitted), form.job)) as Record<string, unknown> | undefined;
      if (form.answer) {
        // The answer is the result: shown below, with the form as it was sent, to change and ask again.
        setPanels(form.answer.panels(answer as never));
        setValues(submitted);
        return;
      }
      const text = form.success(submitted);
      // A secret shown once is shown when the answer carries one (a password typed in is not answered back); its
      // dialog is then the notice, which a notice beside it would cover or repeat.
      const secret = form.reveal ? answer?.[form.reveal.field] : undefined;
      const revealing = secret !== undefined && secret !== null && secret !== '';
      if (!revealing) showSnackbar({ kind: 'success', message: text });
      if (form.done) setOutcome({ ok: true, text });
      if (revealing) setRevealed(String(secret));
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
    if (!started) return undefined;
    if (values) return { ...scope, ...values };
    if (!initial) return { ...scope, ...started };
    return loaded.data ? { ...scope, ...started, ...initial.values(loaded.data as never) } : undefined;
  }, [started, values, loaded.data, initial, scope]);
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
    // A form whose answer shows as traces takes the width the traces need; the form itself stays readable.
    <Stack gap="sm" maw={form.answer ? undefined : 720} w={hasFields ? undefined : 'fit-content'}>
      {form.title && (
        <Title order={2} size="h4">
          {form.title}
        </Title>
      )}
      {initial?.intro && loaded.data && <Text size="sm">{initial.intro(loaded.data as never)}</Text>}
      {initial?.facts && loaded.data && <FactList facts={initial.facts(loaded.data as never)} />}
      {offered && (
        <Box maw={720}>
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
        </Box>
      )}
      {form.reveal && revealed !== undefined && (
        <RevealedSecret title={form.reveal.title} warning={form.reveal.warning} value={revealed} onDone={() => setRevealed(undefined)} />
      )}
      {outcome && (
        <Alert color={outcome.ok ? 'teal' : 'red'} role={outcome.ok ? 'status' : 'alert'} title={outcome.ok ? form.done : form.refused}>
          {outcome.text}
        </Alert>
      )}
      {panels && <TraceView panels={panels} label={form.done ?? form.submitLabel} />}
    </Stack>
  );
}
