/**
 * The form page of the bench harness: FormView, or @rjsf/core configured as the portal's JSON-schema form (the same
 * Mantine templates and widgets, the same eval-free zod validator, validation on change), on the same generated
 * schema and page. Every measure is taken on the page, from the call or the key press to the first paint after the
 * work is visible: first paint, every field in the DOM, keystroke → paint, submit → every error painted, and a
 * server 400 → every field error painted.
 */
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../../engine/core/http';
import { FormView } from '../../../engine/render/form/FormView';
import { mantineTemplates, mantineWidgets } from '../../../engine/render/jsonSchemaForm/mantineTheme';
import { createZodValidator } from '../../../engine/render/jsonSchemaForm/zodValidator';
import type { FieldError } from '../../../schemas/http';
import { generatedForm, type GeneratedForm } from './generatedForm';

export type FormKind = 'ours' | 'rjsf';
/** `valid`: the defaults pass; `invalid`: one field in ten fails (a bad mail address). */
export type FormVariant = 'valid' | 'invalid';

/** Resolves after the frame that follows the current task has been painted. */
export const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const forms = new Map<number, GeneratedForm>();
const formOf = (n: number) => {
  let form = forms.get(n);
  if (!form) forms.set(n, (form = generatedForm(n)));
  return form;
};

/** What the server answers on save when asked to refuse: an error on every tenth field. */
let refuse = false;
const serverErrors = (form: GeneratedForm): FieldError[] => form.invalidNames.map((path) => ({ path, key: 'refused', message: 'Refused by the server.' }));

const rjsfValidator = createZodValidator<Record<string, unknown>>();

function Rjsf({ form, variant }: { form: GeneratedForm; variant: FormVariant }) {
  const [extraErrors, setExtraErrors] = useState<ErrorSchema<Record<string, unknown>> | undefined>();
  return (
    <Form<Record<string, unknown>>
      aria-label="Generated form"
      schema={form.jsonSchema as RJSFSchema}
      formData={variant === 'valid' ? form.defaults : form.invalidDefaults}
      validator={rjsfValidator}
      templates={mantineTemplates}
      widgets={mantineWidgets}
      liveValidate="onChange"
      noHtml5Validate
      showErrorList={false}
      extraErrors={extraErrors}
      onSubmit={() => {
        if (!refuse) return;
        // The server's field errors as rjsf's error schema: { s1: { f52: { __errors: [...] } } }.
        const schema: Record<string, unknown> = {};
        for (const e of serverErrors(form)) {
          const keys = e.path.split('.');
          let node = schema;
          for (const k of keys) node = (node[k] ??= {}) as Record<string, unknown>;
          node.__errors = [e.message];
        }
        setExtraErrors(schema as ErrorSchema<Record<string, unknown>>);
      }}
    />
  );
}

function Ours({ form, variant }: { form: GeneratedForm; variant: FormVariant }) {
  return (
    <FormView
      schema={form.schema}
      hints={form.hints}
      groups={form.groups}
      defaultValues={variant === 'valid' ? form.defaults : form.invalidDefaults}
      label="Generated form"
      onSubmit={() => {
        if (refuse) throw new ApiError(400, 'Validation failed', 'http', serverErrors(form));
      }}
    />
  );
}

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/** Idle time between a mount and the measured click. */
const SETTLE_MS = 200;

/** Waits, frame by frame, until `done()` holds after a paint; the time from `started`, in ms. */
async function until(done: () => boolean, started: number, what: string): Promise<number> {
  for (;;) {
    await nextPaint();
    if (done()) return performance.now() - started;
    if (performance.now() - started > 120_000) throw new Error(`Timed out waiting for ${what}.`);
  }
}

/** Fields in the DOM: their labels ("Field 12"), as both forms label every control. */
const fieldsInDom = () => {
  let count = 0;
  for (const label of document.querySelectorAll('label')) if (label.textContent?.startsWith('Field ')) count++;
  return count;
};
// A large FormView is a region with the role "form" around its fields (engine/render/form/FormView.tsx, LargeFormFrame).
const invalidInDom = () => document.querySelectorAll(':is(form, [role="form"]) [aria-invalid="true"]').length;

export interface MountFigures {
  /** Call → first paint after the commit (what the user first sees). */
  readonly firstPaint: number;
  /** Call → first paint with every field in the DOM. */
  readonly allFields: number;
}

export interface SubmitFigures {
  /** Click → first paint showing every expected error (what the user sees; waits for the next frame). */
  readonly painted: number;
  /** Click → every expected error in the DOM (the work done, before the frame that shows it). */
  readonly inDom: number;
}

export function createFormBench(render: (element: ReactNode) => void) {
  let current: GeneratedForm | undefined;
  return {
    /** Mounts a generated form of `n` fields. */
    mountForm: async (kind: FormKind, n: number, variant: FormVariant = 'valid'): Promise<MountFigures> => {
      render(null);
      await nextPaint();
      const form = (current = formOf(n));
      refuse = false;
      const started = performance.now();
      const element = kind === 'ours' ? <Ours form={form} variant={variant} /> : <Rjsf form={form} variant={variant} />;
      await new Promise<void>((resolve) => render(<Committed onCommit={resolve}>{element}</Committed>));
      await nextPaint();
      const firstPaint = performance.now() - started;
      const allFields = await until(() => fieldsInDom() >= form.fieldCount, started, 'every field');
      return { firstPaint, allFields };
    },
    /** The CSS selectors of the first and the last text field of the mounted form. */
    targets: (kind: FormKind) => ({ first: current!.first[kind], last: current!.last[kind] }),
    /**
     * Clicks Save SETTLE_MS after the call, `phase` ms after a frame was drawn; resolves when every expected error is
     * painted (`server`: the save answers 400). Frames are drawn at 60 Hz here, so "painted" waits for the next
     * frame: a click just after a frame waits almost a whole one, a click late in it almost none. The caller spreads
     * its rounds over a frame, with the same phases for both forms, so neither is favoured by when its click came.
     */
    submit: async (server: boolean, phase = 0): Promise<SubmitFigures> => {
      refuse = server;
      const button = [...document.querySelectorAll<HTMLButtonElement>('form button[type="submit"]')].at(-1)!;
      // As a user would, the click comes once the form has been on the screen a moment: not while the browser still
      // draws the mount (a click within milliseconds of it waited for that drawing, longer the faster the mount was).
      await new Promise<void>((resolve) => setTimeout(resolve, SETTLE_MS));
      await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, phase)));
      const expected = current!.invalidNames.length;
      let started = 0;
      let inDom = Infinity;
      const observer = new MutationObserver(() => {
        if (inDom === Infinity && invalidInDom() >= expected) inDom = performance.now() - started;
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-invalid'] });
      started = performance.now();
      button.click();
      try {
        const painted = await until(() => invalidInDom() >= expected, started, 'the errors');
        return { painted, inDom: Math.min(inDom, painted) };
      } finally {
        observer.disconnect();
      }
    },
  };
}
