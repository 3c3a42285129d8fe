/**
 * The widgets of the plain field kinds: text, text area, number, switch, checkbox, selects, segmented choice,
 * password, write-only secret, tags, date, moment in UTC, hidden. `widgetRegistry.tsx` maps the kinds to them.
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
import { useMemo } from 'react';
import { LightInput, LightNumberInput, LightSelect } from './lightInput';
import { useOptionsFrom } from './optionSources';
import { LookupSelectWidget, ValuePreview } from './richWidgets';
import { holdsNumbers, type FieldSpec, type SelectOption } from './schemaFields';
import type { WidgetComponent, WidgetProps } from './widgetProps';

/** Placeholder of a stored write-only secret: leaving it empty keeps the stored value. */
export const SECRET_UNCHANGED_PLACEHOLDER = 'unchanged';

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
export const TextWidget: WidgetComponent = (p) => {
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
export const TextareaWidget: WidgetComponent = (p) => {
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

export const NumberWidget: WidgetComponent = (p) => {
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

/** A yes/no field as a Mantine toggle (Switch or Checkbox: the same props). */
const toggleWidget =
  (Toggle: typeof Switch | typeof Checkbox): WidgetComponent =>
  (p) => (
    <Toggle
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

export const SwitchWidget = toggleWidget(Switch);
export const CheckboxWidget = toggleWidget(Checkbox);

export const SelectWidget: WidgetComponent = (p) =>
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
export const MultiSelectWidget: WidgetComponent = (p) => (p.field.hint.optionsFrom ? <LookupMultiSelect {...p} /> : <MultiSelectOver {...p} options={p.field.options} />);

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

export const SegmentedWidget: WidgetComponent = (p) => (
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

export const PasswordWidget: WidgetComponent = (p) => (
  <PasswordInput {...common(p)} autoComplete="new-password" value={str(p.value)} onChange={(e) => p.onChange(e.currentTarget.value)} />
);

/** Write-only: the stored value never comes back; an empty field means "keep it" and is left out of the save. */
export const SecretWidget: WidgetComponent = (p) => (
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
export const TagsWidget: WidgetComponent = (p) => {
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

export const DateWidget: WidgetComponent = (p) => (
  <LightInput {...light(p)} type="date" value={str(p.value)} onChange={(v) => p.onChange(v || undefined)} />
);

/**
 * A moment in UTC (`YYYY-MM-DDTHH:mm:ssZ`) picked with the browser's date and time picker; the field is in UTC and its
 * label says so. Empty leaves the value out.
 */
export const DateTimeWidget: WidgetComponent = (p) => (
  <LightInput
    {...light(p)}
    label={`${p.field.label} (UTC)`}
    type="datetime-local"
    step={1}
    value={typeof p.value === 'string' ? p.value.replace(/Z$/, '') : ''}
    onChange={(v) => p.onChange(v === '' ? undefined : `${v.length === 16 ? `${v}:00` : v.slice(0, 19)}Z`)}
  />
);

export const HiddenWidget: WidgetComponent = () => null;
