/**
 * FormView: a form generated from a zod object schema and the definition's field hints, on react-hook-form with the
 * zod resolver. Errors show only for fields that are invalid and dirty (spec 002 §5; a submit counts as touching
 * every field, and errors the server reported show at once); fields hidden by `showIf` are not validated; a 400's
 * field errors land on their fields (kept in a store of their own, `serverErrors.ts`, until the field changes or the
 * form is submitted or reset). It uses react-hook-form's public API only (`scripts/formInternals.test.ts`), and takes
 * its widgets from the widget map of `WidgetMapContext` (`widgetRegistry.tsx`).
 */
import { SaveBar } from '../widgets/SaveBar';
import { Alert, Button, Fieldset, Group, List, Stack } from '@mantine/core';
import { flushSync } from 'react-dom';
import { createElement, memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import {
  useForm,
  useFormState,
  useWatch,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type { AccordionPanel, OptionSource } from '../../../definitions/define';
import type { FieldError } from '../../../schemas/http';
import { isApiError } from '../../core/http';
import { createStore, type Store } from '../../core/store';
import { useStore } from '../shell/EngineContext';
import { RowDetails } from '../document/RowDetails';
import { RuleAccordion, type RuleAccordionPanel } from '../widgets/accordion/RuleAccordion';
import { fieldsOf, getPath, isShown, unwrap, type FieldHintMap, type FieldSpec } from './schemaFields';
import { revealFirstError } from './revealError';
import { createServerErrorStore, type ServerErrorStore, type ServerFieldError } from './serverErrors';
import { RowFormContext } from './structuredWidgets';
import { memoWidgetFor, useWidgetMap, type WidgetMap } from './widgetRegistry';

export type FormValues = Record<string, unknown>;

export interface FormViewProps {
  readonly schema: z.ZodObject;
  readonly hints?: FieldHintMap;
  /** Loaded values; a new object resets the form (after a save, or on "reload their version"). */
  readonly defaultValues: FormValues;
  /** Receives the validated values; an `ApiError` it throws is shown on the fields and above the buttons. */
  readonly onSubmit: (values: FormValues) => Promise<void> | void;
  readonly readOnly?: boolean;
  readonly submitLabel?: string;
  readonly onCancel?: () => void;
  /** Disable submit until something changed (document forms; row editors may submit defaults). */
  readonly requireChanges?: boolean;
  readonly onDirtyChange?: (dirty: boolean) => void;
  /** Receives how many fields differ from the loaded values (for a save bar outside the form). */
  readonly onChangesChange?: (count: number) => void;
  /** Group titles in display order; fields without a group come first. */
  readonly groups?: readonly string[];
  /** Field errors reported by the server for these values (paths relative to the form). */
  readonly serverErrors?: readonly FieldError[];
  /**
   * A form in a dialog: its first field takes the focus when the dialog opens (instead of the dialog's Close button),
   * so a keyboard user types at once.
   */
  readonly focusFirstField?: boolean;
  /** Extra buttons beside submit. */
  readonly actions?: ReactNode;
  /** Accessible name of the form. */
  readonly label?: string;
  /** Edit the fields in the rule accordion, panel by panel, instead of one long form. */
  readonly panels?: readonly (Omit<AccordionPanel<unknown>, 'fields'> & { readonly fields: readonly string[] })[];
  /** Creating opens the panels one after the other; editing opens any of them. */
  readonly panelMode?: 'create' | 'edit';
}

/** Removes the error at a dotted path and any parent left empty. */
function pruneError(errors: Record<string, unknown>, path: string): void {
  const keys = path.split('.');
  const trail: [Record<string, unknown>, string][] = [];
  let node: Record<string, unknown> | undefined = errors;
  for (const key of keys) {
    if (!node || typeof node !== 'object') return;
    trail.push([node, key]);
    node = node[key] as Record<string, unknown> | undefined;
  }
  for (let i = trail.length - 1; i >= 0; i--) {
    const [parent, key] = trail[i]!;
    const child = parent[key];
    if (i === trail.length - 1 || (child && typeof child === 'object' && Object.keys(child).length === 0)) delete parent[key];
    else break;
  }
}

function withoutPaths(values: FormValues, paths: readonly string[]): FormValues {
  if (paths.length === 0) return values;
  const copy = structuredClone(values);
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop()!;
    const parent = getPath(copy, keys.join('.')) ?? (keys.length === 0 ? copy : undefined);
    if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[last];
  }
  return copy;
}

function setPath(values: FormValues, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let node: Record<string, unknown> = values;
  for (const k of keys) {
    if (!node[k] || typeof node[k] !== 'object') node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  node[last] = value;
}

/**
 * A field's schema as declared (with its optional / default wrappers), or undefined when an object on the way to it
 * has checks of its own (cross-field rules such as a superRefine), which only a parse of the whole form runs.
 */
function ownSchemaOf(schema: z.ZodObject, path: string): z.ZodType | undefined {
  const keys = path.split('.');
  let object: z.ZodType = schema;
  for (let i = 0; i < keys.length; i++) {
    const def = object.def as { type: string; checks?: readonly unknown[]; shape?: Record<string, z.ZodType> };
    if (def.type !== 'object' || (def.checks?.length ?? 0) > 0) return undefined;
    const child = def.shape?.[keys[i]!];
    if (!child || i === keys.length - 1) return child;
    object = unwrap(child).inner;
  }
  return undefined;
}

/**
 * Zod issues as react-hook-form errors: the first issue of each path wins (for a union, the first issue of the branch
 * with the fewest). Done here rather than by @hookform/resolvers' zodResolver, whose conversion matches every error
 * against every field name (a submit of 2,000 fields with 200 errors spent 250 ms there).
 */
function errorsOf(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): FieldErrors {
  const errors: FormValues = {};
  const seen = new Set<string>();
  const queue = issues.map((issue) => ({ issue, base: prefix }));
  for (let i = 0; i < queue.length; i++) {
    const { issue, base } = queue[i]!;
    const path = [...base, ...issue.path].map(String);
    const key = path.join('.');
    if (issue.code === 'invalid_union') for (const branch of issue.errors) for (const inner of branch) queue.push({ issue: inner, base: path });
    if (seen.has(key)) continue;
    seen.add(key);
    const shortest = issue.code === 'invalid_union' && issue.errors.length > 0 ? issue.errors.reduce((a, b) => (b.length < a.length ? b : a))[0] : undefined;
    const error = { type: shortest?.code ?? issue.code, message: shortest?.message ?? issue.message };
    setPath(errors, key, error);
  }
  return errors as FieldErrors;
}

/**
 * The zod resolver, minus fields that are hidden by showIf and stored secrets left empty: those are not validated,
 * and the secrets are left out of the values so the server keeps what it has. A change to one field parses that
 * field alone (react-hook-form only reads that field's error then), so a keystroke costs the same in a form of 20 or
 * 2,000 fields; a submit (run inside `wholeForm`) and fields under cross-field rules parse the whole form.
 */
function formResolver(
  schema: z.ZodObject,
  fields: readonly FieldSpec[],
  savedSecrets: ReadonlySet<string>,
): { resolver: Resolver<FieldValues>; wholeForm: (run: () => Promise<void>) => Promise<void> } {
  let whole = false;
  const byName = new Map(fields.map((f) => [f.name, { spec: f, own: ownSchemaOf(schema, f.name) }]));
  const isKeptSecret = (values: FieldValues, name: string) =>
    savedSecrets.has(name) && (getPath(values, name) === '' || getPath(values, name) === undefined);
  const resolver: Resolver<FieldValues> = async (values, _context, options) => {
    const one = !whole && options.names?.length === 1 ? byName.get(options.names[0]!) : undefined;
    if (one?.own) {
      const { spec, own } = one;
      if (!isShown(spec.hint, values) || isKeptSecret(values, spec.name)) return { values, errors: {} };
      const result = await own.safeParseAsync(getPath(values, spec.name));
      if (result.success) return { values, errors: {} };
      return { values: {}, errors: errorsOf(result.error.issues.slice(0, 1), spec.name.split('.')) };
    }
    const hidden = fields.filter((f) => !isShown(f.hint, values)).map((f) => f.name);
    // Values of hidden optional fields are not the user's answer: validated and saved without them.
    const dropped = withoutPaths(values, fields.filter((f) => !f.required && hidden.includes(f.name)).map((f) => f.name));
    const keptSecrets = [...savedSecrets].filter((name) => isKeptSecret(values, name));
    const result = await schema.safeParseAsync(dropped);
    if (result.success) return { values: withoutPaths(result.data, keptSecrets), errors: {} };
    const errors = errorsOf(result.error.issues) as Record<string, unknown>;
    for (const name of [...hidden, ...keptSecrets]) pruneError(errors, name);
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors };
    return { values: withoutPaths(dropped, keptSecrets), errors: {} };
  };
  const wholeForm = async (run: () => Promise<void>) => {
    whole = true;
    try {
      await run();
    } finally {
      whole = false;
    }
  };
  return { resolver, wholeForm };
}

/** What a field needs of the form: react-hook-form's public calls (the object `useForm` returns keeps its identity). */
type FieldForm = Pick<UseFormReturn<FieldValues>, 'register' | 'getValues' | 'getFieldState' | 'subscribe'>;

interface FieldProps {
  readonly spec: FieldSpec;
  readonly form: FieldForm;
  /** The errors the server reported, which a field shows over its own until it changes. */
  readonly serverErrors: ServerErrorStore;
  readonly widgets: WidgetMap;
  readonly disabled: boolean;
  readonly saved: boolean;
}

/** A field's value and error as the form holds them. */
interface FieldState {
  readonly value: unknown;
  readonly error: unknown;
}

/**
 * Field updates react-hook-form reports, applied together in one synchronous render at the end of the microtask.
 * Its validation answers after an await, outside the event that started it; React would then schedule the renders as
 * a task of their own, which often runs only after the next frame has been drawn, so a submit's errors (or a
 * keystroke's) would show a frame late. Deferred to a microtask, never called during a render.
 */
const pendingFieldUpdates: (() => void)[] = [];
function applyFieldUpdate(apply: () => void): void {
  pendingFieldUpdates.push(apply);
  if (pendingFieldUpdates.length > 1) return;
  queueMicrotask(() =>
    flushSync(() => {
      for (const update of pendingFieldUpdates.splice(0)) update();
    }),
  );
}

/**
 * Registers a field and follows its own value and error (the server's over the form's): the component re-renders only
 * when one of them changed, so a submit, a server 400 or a keystroke elsewhere does not re-render the fields it leaves
 * as they were (react-hook-form's useController re-renders every field on every change of the form's errors).
 */
function useField(form: FieldForm, serverErrors: ServerErrorStore, name: string) {
  const read = useCallback(
    (errors?: FieldErrors): FieldState => ({
      // The form's own value: a value set to undefined (a cleared field) stays undefined.
      value: form.getValues(name),
      error: serverErrors.get(name) ?? (errors ? getPath(errors, name) : form.getFieldState(name).error),
    }),
    [form, serverErrors, name],
  );
  const [state, setState] = useState(read);
  const { onChange, onBlur, handlers } = useMemo(() => {
    const registered = form.register(name);
    const report = (value: unknown, type: 'change' | 'blur') => {
      // A reset forgets every registration: register again first (as useController does on each render; registering a
      // registered field changes nothing).
      form.register(name);
      void registered[type === 'change' ? 'onChange' : 'onBlur']({ target: { name, value }, type });
      // A change answers the server's error on this field (the form's own check of the value follows).
      if (type === 'change') serverErrors.clear(name);
    };
    return { onChange: (value: unknown) => report(value, 'change'), onBlur: () => report(form.getValues(name), 'blur'), handlers: registered };
  }, [form, serverErrors, name]);
  useLayoutEffect(() => {
    const update = (next: FieldState) => setState((prev) => (prev.value === next.value && prev.error === next.error ? prev : next));
    // Hears of the form's changes (with its errors) and of the server's errors on this field (without).
    const changed = (formState?: { errors?: FieldErrors }) => {
      const next = read(formState?.errors);
      applyFieldUpdate(() => update(next));
    };
    form.register(name); // mounted again (after an unmount in strict mode's double effects)
    const unsubscribe = form.subscribe({ name, exact: true, formState: { values: true, errors: true }, callback: changed });
    const unsubscribeServer = serverErrors.subscribe(name, changed);
    update(read());
    return () => {
      unsubscribe();
      unsubscribeServer();
      // As when an input registered with `ref` leaves the page: the field is kept (its value stays) but no longer mounted.
      handlers.ref(null);
    };
  }, [form, serverErrors, name, read, handlers]);
  return { ...state, onChange, onBlur };
}

/**
 * One field, following its own value and error only, so a keystroke re-renders one widget and a submit re-renders
 * only the widgets whose error changed. A field is validated when it changes or on submit (or the server reports on
 * it), so an error it holds is one to show: invalid and dirty, or submitted.
 */
/**
 * Widgets holding one short value (a name, a number, a choice): no wider than this on a wide screen, where a
 * full-width box would stretch a port number across 1,200 px. Text areas, lists and tables keep the full width.
 */
const SHORT_VALUE_WIDGETS: ReadonlySet<string> = new Set(['text', 'number', 'select', 'multiselect', 'segmented', 'password', 'secret', 'tags']);
const SHORT_VALUE_STYLE = { maxWidth: 720 } as const;

const Field = memo(function Field({ spec, form, serverErrors, widgets, disabled, saved }: FieldProps) {
  const { value, error, onChange, onBlur } = useField(form, serverErrors, spec.name);
  const widget = createElement(memoWidgetFor(spec.widget, widgets), {
    field: spec,
    value,
    onChange,
    onBlur,
    error: error ? errorText(error, value) : undefined,
    disabled: disabled || spec.hint.readOnly === true,
    saved,
  });
  return SHORT_VALUE_WIDGETS.has(spec.widget) ? <div style={SHORT_VALUE_STYLE}>{widget}</div> : widget;
});

/**
 * The message of a field's error. A list of rows or an object carries its errors below it (`2.name`): the first one
 * is shown with the row it belongs to, and an entry of a list of texts (a chip) by its text.
 */
function errorText(error: unknown, value?: unknown): string {
  const found = (node: unknown, path: string[]): { message: string; path: string[] } | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return { message, path };
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'type') continue;
      const hit = found(child, [...path, key]);
      if (hit) return hit;
    }
    return undefined;
  };
  const hit = found(error, []);
  if (!hit) return 'Invalid value';
  const row = hit.path.find((k) => /^\d+$/.test(k));
  if (row === undefined) return hit.message;
  const entry = Array.isArray(value) ? (value as unknown[])[Number(row)] : undefined;
  return typeof entry === 'string' || typeof entry === 'number' ? `“${String(entry)}”: ${hit.message}` : `Row ${Number(row) + 1}: ${hit.message}`;
}

/** Renders its field only while the showIf condition holds (subscribing to the controlling field alone). */
function Conditional({ spec, control, children }: { spec: FieldSpec; control: Control<FieldValues>; children: ReactNode }) {
  const showIf = spec.hint.showIf!;
  const value = useWatch({ control, name: showIf.field });
  return showIf.equals.some((e) => e === value) ? children : null;
}

/** Whether a field, anything below it, or an object above it (a rule across its fields) has an issue. */
/** The path of the first issue on field `name` (on it, below it, or on an object holding it), if any. */
const issueOf = (issues: ReadonlyMap<string, string>, name: string): string | undefined =>
  [...issues.keys()].find((p) => p === name || p.startsWith(`${name}.`) || (p !== '' && name.startsWith(`${p}.`)));

interface PanelsProps {
  readonly panels: NonNullable<FormViewProps['panels']>;
  readonly mode: 'create' | 'edit';
  readonly fields: readonly FieldSpec[];
  readonly schema: z.ZodObject;
  readonly control: Control<FieldValues>;
  readonly saving: Store<boolean>;
  readonly savedSecrets: ReadonlySet<string>;
  readonly render: (spec: FieldSpec) => ReactNode;
  readonly readOnly: boolean;
  readonly saveLabel: string;
  readonly onSave: () => void;
  readonly onCancel?: () => void;
}

/** The `optionsFrom` sources of these fields, by name (their ids are shown by their names). */
const sourcesOf = (fields: readonly FieldSpec[]): Record<string, OptionSource> =>
  Object.fromEntries(fields.flatMap((f) => (f.hint.optionsFrom ? [[f.name, f.hint.optionsFrom] as const] : [])));

/** The rule accordion over the form's fields: a panel is valid when none of its shown fields has an issue. */
function Panels(props: PanelsProps) {
  const values = useWatch({ control: props.control });
  const saving = useStore(props.saving);
  // Each issue's path and message (the first one of a path).
  const issues = useMemo(() => {
    const result = props.schema.safeParse(values);
    const found = new Map<string, string>();
    for (const i of result.success ? [] : result.error.issues) {
      const path = i.path.map(String).join('.');
      if (!found.has(path)) found.set(path, i.message);
    }
    return found;
  }, [props.schema, values]);
  const byName = new Map(props.fields.map((f) => [f.name, f]));
  /** What keeps a field from being valid, in words ("Domains: “not a domain”: …"); undefined when it is valid. */
  const problem = (name: string): string | undefined => {
    const spec = byName.get(name);
    if (!spec || !isShown(spec.hint, values)) return undefined;
    if (props.savedSecrets.has(name) && (getPath(values, name) ?? '') === '') return undefined;
    const path = issueOf(issues, name);
    if (path === undefined) return undefined;
    const below = path.startsWith(`${name}.`) ? path.slice(name.length + 1).split('.') : [];
    return `${spec.label}: ${errorText(below.reduceRight<unknown>((node, key) => ({ [key]: node }), { message: issues.get(path) }), getPath(values, name))}`;
  };
  const panelFields = (p: PanelsProps['panels'][number]) => p.fields.map((name) => byName.get(name)).filter((f): f is FieldSpec => !!f);
  const panels: RuleAccordionPanel[] = props.panels.map((p) => {
    const blockedBy = p.fields.map(problem).find((text) => text !== undefined);
    // A review panel shows the rule as it will be saved: every other shown panel's fields that hold a value, in words
    // (an empty condition is not checked, so it is left out rather than listed as a dash).
    const holds = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
    const reviewed = p.review
      ? props.panels.filter((o) => o !== p && !o.hidden).flatMap(panelFields).filter((f) => isShown(f.hint, values) && holds(getPath(values, f.name)))
      : [];
    return {
      id: p.id,
      title: p.title,
      summary: p.summary,
      optional: p.optional,
      hidden: p.hidden,
      valid: blockedBy === undefined,
      ...(blockedBy !== undefined && { blockedBy }),
      content: (
        <Stack gap="md">
          {reviewed.length > 0 && <RowDetails row={values} fields={reviewed} sources={sourcesOf(reviewed)} />}
          {panelFields(p).map(props.render)}
        </Stack>
      ),
    };
  });
  return (
    <RuleAccordion
      panels={panels}
      mode={props.mode}
      savingAllowed={!props.readOnly}
      saving={saving}
      onSave={props.onSave}
      onCancel={props.onCancel}
      saveLabel={props.saveLabel}
    />
  );
}

/** Save of a row form: busy while saving. */
function SubmitButton({ saving, label }: { saving: Store<boolean>; label: string }) {
  return (
    <Button type="submit" loading={useStore(saving)}>
      {label}
    </Button>
  );
}

/** Whether anything under a node of react-hook-form's dirty fields is marked dirty. */
const anyDirty = (node: unknown): boolean =>
  node === true || (Array.isArray(node) ? node.some(anyDirty) : node !== null && typeof node === 'object' && Object.values(node).some(anyDirty));

/** How many of the form's fields differ from the loaded values (a list of rows counts as one field). */
function useChangedFieldCount(control: Control<FieldValues>, fields: readonly FieldSpec[]): number {
  const { dirtyFields } = useFormState({ control });
  return fields.filter((f) => anyDirty(getPath(dirtyFields, f.name))).length;
}

/** The shared save bar of a document form, reading the form's changed fields and saving itself. */
function FormSaveBar(props: { control: Control<FieldValues>; fields: readonly FieldSpec[]; saving: Store<boolean>; onSave: () => void; onDiscard: () => void }) {
  const { isDirty } = useFormState({ control: props.control });
  const changes = useChangedFieldCount(props.control, props.fields);
  return <SaveBar dirty={isDirty} changes={changes} saving={useStore(props.saving)} onSave={props.onSave} onDiscard={props.onDiscard} />;
}

/** Tells the caller whether the form is dirty, and how many fields changed. */
function DirtyReporter(props: { control: Control<FieldValues>; fields: readonly FieldSpec[]; onDirtyChange?: (dirty: boolean) => void; onChangesChange?: (count: number) => void }) {
  const { control, onDirtyChange, onChangesChange } = props;
  const { isDirty } = useFormState({ control });
  const changes = useChangedFieldCount(control, props.fields);
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => onChangesChange?.(changes), [changes, onChangesChange]);
  return null;
}

/**
 * Forms with at least this many fields draw only the blocks in or near view (a group, or BLOCK_FIELDS fields outside
 * groups): the browser skips the layout and paint of the others (`content-visibility: auto`; they stay in the page,
 * for find, focus and screen readers), so a keystroke on a form of thousands of fields repaints about a screenful.
 * Smaller forms are drawn whole: there is little to save, and a skippable block clips what overflows it (beyond a
 * margin kept for focus rings).
 */
export const LARGE_FORM_FIELDS = 100;
const BLOCK_FIELDS = 50;
/** Height a skipped block is given until it is first drawn (it then keeps its drawn height): a field with its label. */
const FIELD_HEIGHT_PX = 70;
/** The fields in blocks of BLOCK_FIELDS. */
const blocks = <T,>(fields: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(fields.length / BLOCK_FIELDS) }, (_, i) => fields.slice(i * BLOCK_FIELDS, (i + 1) * BLOCK_FIELDS));
const skippable = (fields: number): CSSProperties => ({
  contentVisibility: 'auto',
  containIntrinsicSize: `auto ${fields * FIELD_HEIGHT_PX}px`,
  overflowClipMargin: 'var(--mantine-spacing-xs)',
});

/** Single-line inputs in which Enter submits the form, as in a browser's form. */
const SUBMITS_ON_ENTER = new Set(['text', 'email', 'number', 'password', 'search', 'tel', 'url', 'date', 'time', 'datetime-local']);

/**
 * The frame of a large form: a region named like the form (role "form"), its fields outside any form element, and a
 * small form around its buttons that submits it; Enter in a single-line field submits it, as in a browser's form.
 * Why: React reads the props it keeps on each element on the path of every event, and any property read on a form
 * element first searches the form's named controls (a form's named getter overrides built-in properties); React
 * sets an input's name on each update of it, which empties that search's cache, so on a form of 2,000 fields each
 * keystroke spent about 4 ms searching 2,000 controls.
 */
function LargeFormFrame({ ref, label, submit, children }: { ref: RefObject<HTMLDivElement | null>; label?: string; submit: () => void; children: ReactNode }) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const t = e.target;
    if (e.key !== 'Enter' || e.defaultPrevented || e.nativeEvent.isComposing || !(t instanceof HTMLInputElement)) return;
    // A dialog opened from a field (rendered elsewhere in the page) sends its keys here too: not this form's Enter.
    if (!SUBMITS_ON_ENTER.has(t.type) || t.getAttribute('role') === 'combobox' || !e.currentTarget.contains(t) || t.form) return;
    e.preventDefault();
    submit();
  };
  return (
    <div ref={ref} role="form" aria-label={label} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

/** A titled group; it disappears while showIf hides every one of its fields. */
function GroupSection({ title, members, control, large, children }: { title: string; members: readonly FieldSpec[]; control: Control<FieldValues>; large: boolean; children: ReactNode }) {
  const conditions = members.every((m) => m.hint.showIf) ? members.map((m) => m.hint.showIf!) : [];
  const values = useWatch({ control, name: conditions.map((c) => c.field) }) as unknown[];
  const visible = conditions.length === 0 || conditions.some((c, i) => c.equals.some((e) => e === values[i]));
  return visible ? (
    <Fieldset legend={title} style={large ? skippable(members.length) : undefined}>
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  ) : null;
}

/** The first field a user can type in, inside `root`. */
const FIRST_FIELD = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled])';

/**
 * Write-only secrets the server holds (a non-empty loaded value): their fields start empty, and left empty they keep
 * the stored value. Returns those names and the form's initial values.
 */
function useSavedSecrets(fields: readonly FieldSpec[], defaultValues: FormValues) {
  const savedSecrets = useMemo(
    () =>
      new Set(
        fields.filter((f) => f.widget === 'secret').map((f) => f.name).filter((n) => {
          const v = getPath(defaultValues, n);
          return typeof v === 'string' && v !== '';
        }),
      ),
    [fields, defaultValues],
  );
  const initial = useMemo(() => {
    if (savedSecrets.size === 0) return defaultValues;
    const copy = structuredClone(defaultValues);
    for (const name of savedSecrets) setPath(copy, name, '');
    return copy;
  }, [defaultValues, savedSecrets]);
  return { savedSecrets, initial };
}

const describeError = (e: FieldError) => (e.path ? `${e.path}: ${e.message}` : e.message);

/**
 * Server field errors on their fields: the field itself, or the list or object field holding the path (a row's error
 * reads "Row 3: …"). Errors the caller passes land at once; `applyServerErrors` places a save's errors and answers
 * the texts of those that match no field. All of a response's errors are set in one update of the form's store of
 * server errors, which only the fields named hear of.
 */
function useServerErrors(fields: readonly FieldSpec[], store: ServerErrorStore, serverErrors: readonly FieldError[] | undefined) {
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const owner = useCallback(
    (path: string) => {
      for (let p = path; p !== ''; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') if (fieldNames.has(p)) return p;
      return undefined;
    },
    [fieldNames],
  );
  /** Sets the errors that belong to a field; answers those that belong to none. */
  const place = useCallback(
    (errors: readonly FieldError[]): FieldError[] => {
      const unmatched: FieldError[] = [];
      const entries = new Map<string, ServerFieldError>();
      for (const e of errors) {
        const name = owner(e.path);
        if (name === undefined) {
          unmatched.push(e);
          continue;
        }
        const row = name === e.path ? undefined : e.path.slice(name.length + 1).split('.')[0];
        const message = row !== undefined && /^\d+$/.test(row) ? `Row ${Number(row) + 1}: ${e.message}` : e.message;
        entries.set(name, { type: 'server', message });
      }
      store.set(entries);
      return unmatched;
    },
    [owner, store],
  );
  useEffect(() => {
    place(serverErrors ?? []);
  }, [serverErrors, place]);
  return {
    applyServerErrors: (errors: readonly FieldError[]) => place(errors).map(describeError),
    unmatchedServerErrors: (serverErrors ?? []).filter((e) => owner(e.path) === undefined).map(describeError),
  };
}

/** Why the last submit was refused, above the buttons: one message, or a list. */
function NotSavedAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" title="Not saved" role="alert">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List size="sm">
          {messages.map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

export function FormView(props: FormViewProps) {
  // The nested tables among its fields edit a row with this same form.
  return (
    <RowFormContext value={FormView}>
      <FormBody {...props} />
    </RowFormContext>
  );
}

/**
 * Mantine's dialogs give the focus to the element marked data-autofocus when their focus trap starts. A form that
 * arrives after the trap started (it loads with the first dialog that shows it) finds the focus on the dialog's own
 * controls: its first field takes it then, as it would have.
 */
function useFocusFirstField(formRef: RefObject<HTMLElement | null>, focusFirstField: boolean | undefined): void {
  useLayoutEffect(() => {
    const form = formRef.current;
    const first = focusFirstField ? form?.querySelector<HTMLElement>(FIRST_FIELD) : undefined;
    if (!form || !first) return;
    first.setAttribute('data-autofocus', '');
    const dialog = form.closest('[role="dialog"]');
    const active = document.activeElement;
    if (dialog && active && dialog.contains(active) && !form.contains(active)) first.focus();
  }, [formRef, focusFirstField]);
}

interface SubmitParts {
  readonly formRef: RefObject<HTMLElement | null>;
  readonly handleSubmit: UseFormReturn<FieldValues>['handleSubmit'];
  readonly wholeForm: (run: () => Promise<void>) => Promise<void>;
  readonly onSubmit: FormViewProps['onSubmit'];
  readonly serverErrorStore: ServerErrorStore;
  readonly applyServerErrors: (errors: readonly FieldError[]) => string[];
}

/**
 * The submit: the values checked (the whole form), then given to the caller while `saving`; why it was refused in
 * `submitErrors`, and the first error brought into view once a refusal has rendered (`revealFirstError`). A submit
 * checks the values afresh: the server's errors on the last values are forgotten, as the form's own are.
 */
function useSubmit({ formRef, handleSubmit, wholeForm, onSubmit, serverErrorStore, applyServerErrors }: SubmitParts) {
  const [submitErrors, setSubmitErrors] = useState<string[]>([]);
  // Busy while the caller saves (not while the values are checked, which takes no time to wait for).
  const saving = useMemo(() => createStore(false), []);
  const [refusals, setRefusals] = useState(0);
  const reveal = () => setRefusals((n) => n + 1);
  useEffect(() => {
    if (refusals > 0) revealFirstError(formRef.current);
  }, [formRef, refusals]);
  const handle = handleSubmit(
    async (values) => {
      serverErrorStore.clear();
      setSubmitErrors((shown) => (shown.length === 0 ? shown : []));
      saving.setState(true);
      try {
        await onSubmit(values);
      } catch (e) {
        if (isApiError(e)) setSubmitErrors([e.message, ...applyServerErrors(e.fieldErrors)]);
        else setSubmitErrors([e instanceof Error ? e.message : String(e)]);
        reveal();
      } finally {
        saving.setState(false);
      }
    },
    () => {
      serverErrorStore.clear();
      reveal();
    },
  );
  const submit = (event?: FormEvent) => wholeForm(() => handle(event));
  return { submit, saving, submitErrors };
}

/** The group titles in display order (the given ones, then the others as their fields come), and each group's fields. */
function groupsOf(fields: readonly FieldSpec[], groups: readonly string[] = []) {
  const titles = [...groups, ...new Set(fields.map((f) => f.hint.group).filter((g): g is string => !!g))].filter((g, i, all) => all.indexOf(g) === i);
  const byGroup = new Map<string, FieldSpec[]>();
  for (const f of fields) if (f.hint.group) byGroup.set(f.hint.group, [...(byGroup.get(f.hint.group) ?? []), f]);
  return { titles, byGroup };
}

function FormBody(props: FormViewProps) {
  const formRef = useRef<HTMLElement>(null);
  useFocusFirstField(formRef, props.focusFirstField);
  const { schema, hints, defaultValues, onSubmit, readOnly = false, submitLabel = 'Save', onDirtyChange, onChangesChange } = props;
  const fields = useMemo(() => fieldsOf(schema, hints), [schema, hints]);
  const { savedSecrets, initial } = useSavedSecrets(fields, defaultValues);
  const { resolver, wholeForm } = useMemo(() => formResolver(schema, fields, savedSecrets), [schema, fields, savedSecrets]);
  const form = useForm<FieldValues>({ defaultValues: initial, resolver, mode: 'onChange' });
  // The form's state is read by the small components that show it (buttons, dirtiness), never here: a change of it
  // must not re-render every field.
  const { control, reset, handleSubmit } = form;
  const widgets = useWidgetMap();
  // The field errors of the server's last answer: a reset or a submit forgets them, as it forgets the form's own.
  const serverErrorStore = useMemo(() => createServerErrorStore(), []);
  const resetTo = useCallback(
    (values?: FormValues) => {
      reset(values);
      serverErrorStore.clear();
    },
    [reset, serverErrorStore],
  );

  useEffect(() => resetTo(initial), [initial, resetTo]);

  const { applyServerErrors, unmatchedServerErrors } = useServerErrors(fields, serverErrorStore, props.serverErrors);
  const { submit, saving, submitErrors } = useSubmit({ formRef, handleSubmit, wholeForm, onSubmit, serverErrorStore, applyServerErrors });
  const formErrors = [...submitErrors, ...unmatchedServerErrors];

  const render = (spec: FieldSpec) => {
    const node = (
      <Field
        key={spec.name}
        spec={spec}
        form={form}
        serverErrors={serverErrorStore}
        widgets={widgets}
        disabled={readOnly}
        saved={savedSecrets.has(spec.name)}
      />
    );
    return spec.hint.showIf ? (
      <Conditional key={spec.name} spec={spec} control={control}>
        {node}
      </Conditional>
    ) : (
      node
    );
  };
  const ungrouped = fields.filter((f) => !f.hint.group);
  const large = fields.length >= LARGE_FORM_FIELDS;
  const { titles: groupTitles, byGroup } = groupsOf(fields, props.groups);

  const alert = <NotSavedAlert messages={formErrors} />;

  if (props.panels) {
    const inPanels = new Set(props.panels.flatMap((p) => p.fields));
    return (
      <form ref={formRef as RefObject<HTMLFormElement | null>} onSubmit={submit} noValidate aria-label={props.label}>
        {(onDirtyChange || onChangesChange) && <DirtyReporter control={control} fields={fields} onDirtyChange={onDirtyChange} onChangesChange={onChangesChange} />}
        <Stack gap="md">
          {fields.filter((f) => !inPanels.has(f.name)).map(render)}
          <Panels
            panels={props.panels}
            mode={props.panelMode ?? 'edit'}
            fields={fields}
            schema={schema}
            control={control}
            saving={saving}
            savedSecrets={savedSecrets}
            render={render}
            readOnly={readOnly}
            saveLabel={submitLabel}
            onSave={() => void submit()}
            onCancel={props.onCancel}
          />
          {alert}
        </Stack>
      </form>
    );
  }

  const buttons = (
    <Group justify="flex-end">
      {props.actions}
      {props.onCancel && (
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
      )}
      <SubmitButton saving={saving} label={submitLabel} />
    </Group>
  );
  const content = (
    <>
      {(onDirtyChange || onChangesChange) && <DirtyReporter control={control} fields={fields} onDirtyChange={onDirtyChange} onChangesChange={onChangesChange} />}
      <Stack gap="md">
        {large
          ? blocks(ungrouped).map((block) => (
              <Stack key={block[0]!.name} gap="md" style={skippable(block.length)}>
                {block.map(render)}
              </Stack>
            ))
          : ungrouped.map(render)}
        {groupTitles.map((title) => {
          const members = byGroup.get(title) ?? [];
          return members.length === 0 ? null : (
            <GroupSection key={title} title={title} members={members} control={control} large={large}>
              {members.map(render)}
            </GroupSection>
          );
        })}
        {alert}
        {!readOnly && props.requireChanges && (
          // A document form: the shared save bar, in view while something is unsaved.
          <FormSaveBar control={control} fields={fields} saving={saving} onSave={() => void submit()} onDiscard={() => resetTo()} />
        )}
        {!readOnly && !props.requireChanges && (large ? <form onSubmit={submit} noValidate>{buttons}</form> : buttons)}
      </Stack>
    </>
  );
  return large ? (
    <LargeFormFrame ref={formRef as RefObject<HTMLDivElement | null>} label={props.label} submit={() => void submit()}>
      {content}
    </LargeFormFrame>
  ) : (
    <form ref={formRef as RefObject<HTMLFormElement | null>} onSubmit={submit} noValidate aria-label={props.label}>
      {content}
    </form>
  );
}
