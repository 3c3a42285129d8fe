/**
 * A form generated from a JSON Schema with @rjsf/core, in the Mantine look, validated without eval (see
 * `zodValidator.ts`); the schema is first made renderable (`normalizeSchema.ts`). Errors show as the user edits
 * (after the first change) and on submit. Settings the user leaves alone are not filled with defaults, so they stay
 * unconfigured.
 */
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { mantineTemplates, mantineWidgets } from './mantineTheme';
import { normalizeSchema, uiSchemaFor } from './normalizeSchema';
import { createZodValidator } from './zodValidator';

export interface JsonSchemaFormProps {
  readonly schema: RJSFSchema;
  readonly value: Record<string, unknown>;
  readonly onSubmit: (value: Record<string, unknown>) => void;
  readonly readOnly?: boolean;
  /** Accessible name of the form. */
  readonly label: string;
}

/** An unset setting stays unset: no default is filled in from a schema's `const` choices or empty objects. */
const DEFAULTS_BEHAVIOUR = { constAsDefaults: 'never', emptyObjectFields: 'skipDefaults' } as const;

export function JsonSchemaForm({ schema, value, onSubmit, readOnly = false, label }: JsonSchemaFormProps) {
  const validator = useMemo(() => createZodValidator<Record<string, unknown>>(), []);
  const renderable = useMemo(() => normalizeSchema(schema), [schema]);
  const uiSchema = useMemo(
    () => ({ ...uiSchemaFor(renderable), ...(readOnly ? { 'ui:submitButtonOptions': { norender: true } } : {}) }),
    [renderable, readOnly],
  );
  return (
    <Form<Record<string, unknown>>
      aria-label={label}
      schema={renderable}
      formData={value}
      validator={validator}
      templates={mantineTemplates}
      widgets={mantineWidgets}
      experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
      liveValidate="onChange"
      noHtml5Validate
      showErrorList={false}
      disabled={readOnly}
      uiSchema={uiSchema}
      onSubmit={({ formData }) => onSubmit(formData ?? {})}
    />
  );
}
