/**
 * The widget registry: one component per field kind of the definition language (`WidgetKind`). A kind the registry
 * does not know is reported with console.warn and shown as a text field, so a typo in a definition is visible
 * without breaking the screen. The dual list, checkbox group, upload box and looked-up selects are the shared
 * widgets of spec 002 (`richWidgets.tsx`); nested tables, key-value rows and the read-only JSON view are in
 * `structuredWidgets.tsx`.
 */
import {
  Box,
  Button,
  Checkbox,
  FileButton,
  Input,
  MultiSelect,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { memo, useMemo, type ComponentType } from 'react';
import type { WidgetKind } from '../../../definitions/define';
import { LightInput, LightNumberInput, LightSelect } from './lightInput';
import { useOptionsFrom } from './optionSources';
import { CheckboxGroupWidget, DualListWidget, LookupSelectWidget, UploadBoxWidget, ValuePreview } from './richWidgets';
import { JsonViewWidget, KeyValueWidget } from './structuredWidgets';
import { holdsNumbers, type FieldSpec, type SelectOption } from './schemaFields';

/** Placeholder of a stored write-only secret: leaving it empty keeps the stored value. */
export const SECRET_UNCHANGED_PLACEHOLDER = 'unchanged';

export interface WidgetProps {
  readonly field: FieldSpec;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly onBlur: () => void;
  /** The message to show, already filtered by the form (invalid and dirty). */
  readonly error: string | undefined;
  readonly disabled: boolean;
  /** For secrets: a value is stored on the server and is not sent back. */
  readonly saved: boolean;
}
export type WidgetComponent = ComponentType<WidgetProps>;

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const strList = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

/** A placeholder is an example of what to type: a read-only field shows none, so an example never reads as a value. */
const examplePlaceholder = ({ field, disabled }: Pick<WidgetProps, 'field' | 'disabled'>) => (disabled ? undefined : field.hint.placeholder);

/** Props every Mantine input shares. */
const common = ({ field, error, disabled, onBlur }: WidgetProps) => ({
  label: field.label,
  description: field.description,
  placeholder: examplePlaceholder({ field, disabled }),
  withAsterisk: field.required && !disabled,
  error,
  disabled,
  onBlur,
  name: field.name,
});

/** Props of the light input (plain text, number and date fields: most fields of a large form). */
const light = ({ field, error, disabled, onBlur }: WidgetProps) => ({
  label: field.label,
  description: field.description,
  placeholder: examplePlaceholder({ field, disabled }),
  required: field.required && !disabled,
  error,
  disabled,
  onBlur,
  name: field.name,
});

/** A one-line text box; with `preview`, the check's answer for the value shows under it as it is typed. */
const TextWidget: WidgetComponent = (p) => {
  const input = <LightInput {...light(p)} value={str(p.value)} onChange={p.onChange} />;
  const { preview } = p.field.hint;
  if (!preview) return input;
  return (
    <Stack gap={6}>
      {input}
      <ValuePreview preview={preview} value={str(p.value)} />
    </Stack>
  );
};

/** A text box; with an `accept` hint its text can also be read from a file of those types, with `preview` checked as it changes. */
const TextareaWidget: WidgetComponent = (p) => {
  const box = <Textarea {...common(p)} autosize minRows={2} maxRows={8} value={str(p.value)} onChange={(e) => p.onChange(e.currentTarget.value)} />;
  const { accept, preview } = p.field.hint;
  if (!accept && !preview) return box;
  return (
    <Stack gap={6} align="flex-start">
      <Box w="100%">{box}</Box>
      {accept && (
        <FileButton accept={accept.join(',')} onChange={(file) => void file?.text().then(p.onChange)} disabled={p.disabled}>
          {(props) => (
            <Button {...props} size="xs" variant="default" aria-label={`Read ${p.field.label} from a file`}>
              Read from a file…
            </Button>
          )}
        </FileButton>
      )}
      {preview && <ValuePreview preview={preview} value={str(p.value)} />}
    </Stack>
  );
};

/** The one number that has a word of its own (`withValueLabels`, e.g. 0 → "No limit"), or undefined. */
const labelledNumber = (field: FieldSpec): { value: number; label: string } | undefined => {
  const entries = Object.entries(field.valueLabels ?? {});
  return entries.length === 1 && Number.isFinite(Number(entries[0]![0])) ? { value: Number(entries[0]![0]), label: entries[0]![1] } : undefined;
};

/**
 * A number field. When one value has a word of its own, that value shows as an empty field with the word as its
 * placeholder ("No limit"), and emptying the field sets that value.
 */
/** A value kept in one unit and typed in another (`unitFactor`): shown rounded to two decimals. */
const scaled = (value: unknown, factor: number) => (typeof value === 'number' ? Math.round(value * factor * 100) / 100 : value);

const NumberWidget: WidgetComponent = (p) => {
  const special = labelledNumber(p.field);
  const factor = p.field.hint.unitFactor;
  if (factor !== undefined) {
    return <LightNumberInput {...light(p)} value={scaled(p.value, factor)} onChange={(v) => p.onChange(v === undefined ? v : v / factor)} />;
  }
  if (!special) return <LightNumberInput {...light(p)} value={p.value} onChange={p.onChange} />;
  return (
    <LightNumberInput
      {...light(p)}
      placeholder={special.label}
      value={p.value === special.value ? undefined : p.value}
      onChange={(v) => p.onChange(v ?? special.value)}
    />
  );
};

const SwitchWidget: WidgetComponent = (p) => (
  <Switch
    label={p.field.label}
    description={p.field.description}
    error={p.error}
    disabled={p.disabled}
    name={p.field.name}
    checked={p.value === true}
    onBlur={p.onBlur}
    onChange={(e) => p.onChange(e.currentTarget.checked)}
  />
);

const CheckboxWidget: WidgetComponent = (p) => (
  <Checkbox
    label={p.field.label}
    description={p.field.description}
    error={p.error}
    disabled={p.disabled}
    name={p.field.name}
    checked={p.value === true}
    onBlur={p.onBlur}
    onChange={(e) => p.onChange(e.currentTarget.checked)}
  />
);

const SelectWidget: WidgetComponent = (p) =>
  p.field.hint.optionsFrom ? (
    <LookupSelectWidget {...p} />
  ) : (
    <LightSelect
      {...light(p)}
      data={p.field.options}
      value={p.value === undefined || p.value === null ? null : String(p.value)}
      clearable={p.field.clearable}
      onChange={p.onChange}
    />
  );

/** A multiselect over the field's options, or its `optionsFrom` choices (the ids of a list of numbers stay numbers). */
const MultiSelectWidget: WidgetComponent = (p) => (p.field.hint.optionsFrom ? <LookupMultiSelect {...p} /> : <MultiSelectOver {...p} options={p.field.options} />);

function LookupMultiSelect(p: WidgetProps) {
  const loaded = useOptionsFrom(p.field.hint.optionsFrom);
  return <MultiSelectOver {...p} options={loaded ?? []} loading={loaded === undefined} />;
}

function MultiSelectOver({ options, loading, ...p }: WidgetProps & { readonly options: readonly SelectOption[]; readonly loading?: boolean }) {
  return (
    <MultiSelect
      {...common(p)}
      placeholder={loading ? 'Loading…' : p.field.hint.placeholder}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={strList(p.value)}
      searchable
      // Opened by a click, typing or the arrow keys, not by focus alone: a dialog that focuses it first would cover
      // its own buttons with the list.
      openOnFocus={false}
      onChange={(v) => p.onChange(holdsNumbers(p.field) ? v.map(Number) : v)}
    />
  );
}

const SegmentedWidget: WidgetComponent = (p) => (
  <Input.Wrapper label={p.field.label} description={p.field.description} error={p.error}>
    <SegmentedControl
      fullWidth
      // Read-only rather than disabled: the chosen value stays as readable as when it can be changed.
      readOnly={p.disabled}
      data={p.field.options.map((o) => ({ value: o.value, label: o.label }))}
      value={str(p.value)}
      onChange={(v) => p.onChange(v)}
    />
  </Input.Wrapper>
);

const PasswordWidget: WidgetComponent = (p) => (
  <PasswordInput {...common(p)} autoComplete="new-password" value={str(p.value)} onChange={(e) => p.onChange(e.currentTarget.value)} />
);

/** Write-only: the stored value never comes back; an empty field means "keep it" and is left out of the save. */
const SecretWidget: WidgetComponent = (p) => (
  <PasswordInput
    {...common(p)}
    placeholder={p.saved ? SECRET_UNCHANGED_PLACEHOLDER : p.field.hint.placeholder}
    autoComplete="new-password"
    value={str(p.value)}
    onChange={(e) => p.onChange(e.currentTarget.value)}
  />
);

/** A number typed as a tag is sent as a number; other text stays text, so the schema names it as not a number. */
const asNumber = (tag: string) => (/^-?\d+(\.\d+)?$/.test(tag.trim()) ? Number(tag) : tag);

/**
 * Tags; the example placeholder only while there are none, so it never sits beside them as one more. With
 * `optionsFrom` the choices are suggested as the administrator types (each with its detail line), and any other value
 * can still be entered; with `preview` the tags are checked as they change.
 */
const TagsWidget: WidgetComponent = (p) => {
  const value = strList(p.value);
  const suggestions = useOptionsFrom(p.field.hint.optionsFrom);
  const byValue = useMemo(() => new Map((suggestions ?? []).map((o) => [o.value, o])), [suggestions]);
  const { preview } = p.field.hint;
  const input = (
    <TagsInput
      {...common(p)}
      placeholder={value.length > 0 ? undefined : examplePlaceholder(p)}
      value={value}
      data={suggestions?.map((o) => o.value)}
      renderOption={suggestions && (({ option }) => <Suggestion option={byValue.get(option.value) ?? { value: option.value, label: option.value }} />)}
      onChange={(v) => p.onChange(holdsNumbers(p.field) ? v.map(asNumber) : v)}
    />
  );
  if (!preview) return input;
  return (
    <Stack gap={4}>
      {input}
      <ValuePreview preview={preview} value={value} />
    </Stack>
  );
};

/** A suggested choice: its label, and its detail dimmed below. */
function Suggestion({ option }: { option: SelectOption }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{option.label}</Text>
      {option.description && (
        <Text size="xs" c="dimmed">
          {option.description}
        </Text>
      )}
    </Stack>
  );
}

const DateWidget: WidgetComponent = (p) => (
  <LightInput {...light(p)} type="date" value={str(p.value)} onChange={(v) => p.onChange(v || undefined)} />
);

/**
 * A moment in UTC (`YYYY-MM-DDTHH:mm:ssZ`) picked with the browser's date and time picker; the field is in UTC and its
 * label says so. Empty leaves the value out.
 */
const DateTimeWidget: WidgetComponent = (p) => (
  <LightInput
    {...light(p)}
    label={`${p.field.label} (UTC)`}
    type="datetime-local"
    step={1}
    value={typeof p.value === 'string' ? p.value.replace(/Z$/, '') : ''}
    onChange={(v) => p.onChange(v === '' ? undefined : `${v.length === 16 ? `${v}:00` : v.slice(0, 19)}Z`)}
  />
);

const HiddenWidget: WidgetComponent = () => null;

const registry: Record<WidgetKind, WidgetComponent> = {
  text: TextWidget,
  textarea: TextareaWidget,
  number: NumberWidget,
  switch: SwitchWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  multiselect: MultiSelectWidget,
  segmented: SegmentedWidget,
  password: PasswordWidget,
  secret: SecretWidget,
  tags: TagsWidget,
  dualList: DualListWidget,
  checkboxGroup: CheckboxGroupWidget,
  upload: UploadBoxWidget,
  // FormView plugs in the nested table (it edits rows with the form itself).
  table: JsonViewWidget,
  keyValue: KeyValueWidget,
  jsonView: JsonViewWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  hidden: HiddenWidget,
};

/** Whether a string names a widget kind of the definition language. */
export function isWidgetKind(kind: string): kind is WidgetKind {
  return Object.prototype.hasOwnProperty.call(registry, kind);
}

/** Replaces the component of a kind (used by the shared widgets to plug in the dual list, upload box, ...). */
export function registerWidget(kind: WidgetKind, component: WidgetComponent): void {
  registry[kind] = component;
}

const warned = new Set<string>();

/** The component for a kind; an unknown kind warns (once) and falls back to a text field. */
export function widgetFor(kind: string): WidgetComponent {
  if (isWidgetKind(kind)) return registry[kind];
  if (!warned.has(kind)) console.warn(`Unknown widget kind "${kind}"; showing a text field instead.`);
  warned.add(kind);
  return registry.text;
}

const memoised = new WeakMap<WidgetComponent, WidgetComponent>();

/**
 * The component for a kind, memoised on its props: a field whose value, error and state did not change is not
 * re-rendered when the form re-renders it (a submit, errors elsewhere).
 */
export function memoWidgetFor(kind: string): WidgetComponent {
  const component = widgetFor(kind);
  let hit = memoised.get(component);
  if (!hit) memoised.set(component, (hit = memo(component)));
  return hit;
}
