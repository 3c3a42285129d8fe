/**
 * A document edited step by step in the widgets' Wizard (layout `wizard`): each step is a form over the document's
 * fields of that step; applying a step puts its values into the edited document (the page's save bar then counts
 * them) and lets the wizard move on; the last step saves the document.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import type { AnyDocumentLayout, FieldHint } from '../../../definitions/define';
import type { FormValues } from '../form/FormView';
import { FormView } from './LazyFormView';
import { Wizard, type WizardStepDef } from '../widgets/wizard/Wizard';
import type { Doc } from './diffDocuments';

type WizardLayoutDef = Extract<AnyDocumentLayout, { kind: 'wizard' }>;

export interface WizardViewProps {
  readonly title: string;
  readonly schema: z.ZodObject;
  readonly layout: WizardLayoutDef;
  /** The edited document: the loaded one with the applied steps' values. */
  readonly values: Doc;
  readonly onChange: (doc: Doc) => void;
  readonly readOnly: boolean;
  readonly saving: boolean;
  readonly saveError: string | undefined;
  readonly onSave: () => void;
}

const topKey = (path: string) => path.split('.')[0]!;

/** The document schema narrowed to some top-level keys (the whole schema when refinements forbid narrowing). */
function pickSchema(schema: z.ZodObject, keys: readonly string[]): z.ZodObject {
  try {
    return schema.pick(Object.fromEntries(keys.map((k) => [k, true])) as never) as z.ZodObject;
  } catch {
    return schema;
  }
}

export function WizardView(props: WizardViewProps) {
  const { schema, layout, values, onChange } = props;
  const [applied, setApplied] = useState<ReadonlySet<string>>(new Set());
  const steps = useMemo(
    () =>
      layout.steps.map((s) => {
        const keys = [...new Set(s.fields.map(topKey))];
        const narrowed = pickSchema(schema, keys);
        const shown = new Set(narrowed === schema ? Object.keys(schema.shape) : keys);
        const hints = Object.fromEntries(Object.entries(layout.fields ?? {}).filter(([p]) => shown.has(topKey(p)))) as Record<string, FieldHint>;
        return { step: s, keys: [...shown], schema: narrowed, hints };
      }),
    [layout, schema],
  );
  const defaults = useMemo(() => steps.map((s) => Object.fromEntries(s.keys.filter((k) => k in values).map((k) => [k, values[k]]))), [steps, values]);

  const wizardSteps: WizardStepDef[] = steps.map((s, i) => ({
    id: s.step.id,
    title: s.step.title,
    valid: props.readOnly || applied.has(s.step.id),
    content: (
      <FormView
        label={s.step.title}
        schema={s.schema}
        hints={s.hints}
        defaultValues={defaults[i]!}
        readOnly={props.readOnly}
        submitLabel="Apply"
        onSubmit={(v: FormValues) => {
          onChange({ ...values, ...v });
          setApplied((done) => new Set(done).add(s.step.id));
        }}
      />
    ),
  }));

  return (
    <Stack>
      {props.saveError && (
        <Alert color="red" title="Not saved" role="alert">
          {props.saveError}
        </Alert>
      )}
      <Wizard
        title={props.title}
        steps={wizardSteps}
        landing={layout.landing && { title: layout.landing.title, content: <Text>{layout.landing.text}</Text> }}
        busy={props.saving}
        finishLabel={props.readOnly ? 'Close' : 'Save and finish'}
        onFinish={() => !props.readOnly && props.onSave()}
      />
    </Stack>
  );
}
