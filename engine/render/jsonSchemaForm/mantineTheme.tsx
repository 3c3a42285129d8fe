/**
 * rjsf templates and widgets on Mantine inputs, so a JSON-schema form looks like every other form of the portal:
 * labels, descriptions and errors on the input itself, objects as fieldsets, icon buttons with accessible names.
 */
import { ActionIcon, Alert, Button, Fieldset, Group, List, MultiSelect, NumberInput, Select, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import {
  ariaDescribedByIds,
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  getInputProps,
  type ErrorListProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
  type SubmitButtonProps,
  type TemplatesType,
  type RegistryWidgetsType,
  type WidgetProps,
} from '@rjsf/utils';

const errorOf = (rawErrors: readonly string[] | undefined) => (rawErrors && rawErrors.length > 0 ? rawErrors.join(' ') : undefined);
const descriptionOf = (p: WidgetProps) => (typeof p.schema.description === 'string' ? p.schema.description : undefined);
const labelOf = (p: WidgetProps) => (p.hideLabel ? undefined : p.label || undefined);

function BaseInputTemplate(p: WidgetProps) {
  const input = getInputProps(p.schema, p.type, p.options);
  const common = {
    id: p.id,
    name: p.htmlName ?? p.id,
    label: labelOf(p),
    description: descriptionOf(p),
    required: p.required,
    disabled: p.disabled || p.readonly,
    error: errorOf(p.rawErrors),
    placeholder: p.placeholder,
    'aria-describedby': ariaDescribedByIds(p.id),
    onBlur: () => p.onBlur(p.id, p.value),
    onFocus: () => p.onFocus(p.id, p.value),
  };
  if (input.type === 'number') {
    return (
      <NumberInput
        {...common}
        value={typeof p.value === 'number' ? p.value : ''}
        allowDecimal={p.schema.type !== 'integer'}
        onChange={(v) => p.onChange(v === '' ? p.options.emptyValue : typeof v === 'number' ? v : Number(v))}
      />
    );
  }
  return <TextInput {...common} type={input.type} value={p.value ?? ''} onChange={(e) => p.onChange(e.currentTarget.value === '' ? p.options.emptyValue : e.currentTarget.value)} />;
}

function CheckboxWidget(p: WidgetProps) {
  return (
    <Switch
      id={p.id}
      label={p.label}
      description={descriptionOf(p)}
      checked={p.value === true}
      disabled={p.disabled || p.readonly}
      error={errorOf(p.rawErrors)}
      onChange={(e) => p.onChange(e.currentTarget.checked)}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  );
}

function SelectWidget(p: WidgetProps) {
  const options = p.options.enumOptions ?? [];
  if (p.multiple) return <MultiSelectWidget {...p} />;
  const index = enumOptionsIndexForValue(p.value, options, false);
  return (
    <Select
      id={p.id}
      label={labelOf(p)}
      description={descriptionOf(p)}
      required={p.required}
      disabled={p.disabled || p.readonly}
      error={errorOf(p.rawErrors)}
      clearable={!p.required}
      data={options.map((o, i) => ({ value: String(i), label: o.label }))}
      value={index === undefined || Array.isArray(index) ? null : String(index)}
      onChange={(v) => p.onChange(v === null ? p.options.emptyValue : enumOptionsValueForIndex(v, options, p.options.emptyValue))}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  );
}

/** A list of choices (an array of an enumeration). */
function MultiSelectWidget(p: WidgetProps) {
  const options = p.options.enumOptions ?? [];
  const indexes = enumOptionsIndexForValue(p.value, options, true);
  return (
    <MultiSelect
      id={p.id}
      label={labelOf(p)}
      description={descriptionOf(p)}
      required={p.required}
      disabled={p.disabled || p.readonly}
      error={errorOf(p.rawErrors)}
      searchable
      data={options.map((o, i) => ({ value: String(i), label: o.label }))}
      value={Array.isArray(indexes) ? indexes : []}
      onChange={(v) => p.onChange(v.map((i) => enumOptionsValueForIndex(i, options)))}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  );
}

/** A list of free strings as chips. */
function TagsWidget(p: WidgetProps) {
  return (
    <TagsInput
      id={p.id}
      label={labelOf(p)}
      description={descriptionOf(p)}
      required={p.required}
      disabled={p.disabled || p.readonly}
      error={errorOf(p.rawErrors)}
      value={Array.isArray(p.value) ? p.value.map(String) : []}
      onChange={(v) => p.onChange(v.length === 0 ? p.options.emptyValue : v)}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  );
}

function TextareaWidget(p: WidgetProps) {
  return (
    <Textarea
      id={p.id}
      label={labelOf(p)}
      description={descriptionOf(p)}
      required={p.required}
      disabled={p.disabled || p.readonly}
      error={errorOf(p.rawErrors)}
      autosize
      minRows={2}
      value={p.value ?? ''}
      onChange={(e) => p.onChange(e.currentTarget.value === '' ? p.options.emptyValue : e.currentTarget.value)}
      onBlur={() => p.onBlur(p.id, p.value)}
    />
  );
}

/** The widget draws label, description and errors; the field template only places it. */
function FieldTemplate(p: FieldTemplateProps) {
  if (p.hidden) return <div hidden>{p.children}</div>;
  return (
    <div className={p.classNames} style={p.style}>
      {p.children}
    </div>
  );
}

function ObjectFieldTemplate(p: ObjectFieldTemplateProps) {
  const content = <Stack gap="md">{p.properties.filter((x) => !x.hidden).map((x) => <div key={x.name}>{x.content}</div>)}</Stack>;
  if (!p.title) return content;
  return (
    <Fieldset legend={p.title}>
      {typeof p.description === 'string' && (
        <Text size="sm" c="dimmed" mb="sm">
          {p.description}
        </Text>
      )}
      {content}
    </Fieldset>
  );
}

function ErrorListTemplate({ errors }: ErrorListProps) {
  return (
    <Alert color="red" title="Check the settings" role="alert">
      <List size="sm">
        {errors.map((e, i) => (
          <List.Item key={i}>{e.stack}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function iconButton(symbol: string, fallback: string) {
  return function IconButton({ title, onClick, disabled, className }: IconButtonProps) {
    return (
      <ActionIcon variant="default" className={className} aria-label={title ?? fallback} title={title ?? fallback} disabled={disabled} onClick={onClick}>
        <span aria-hidden>{symbol}</span>
      </ActionIcon>
    );
  };
}

function AddButton({ onClick, disabled }: IconButtonProps) {
  return (
    <Group justify="flex-end">
      <Button size="xs" variant="light" disabled={disabled} onClick={onClick}>
        Add item
      </Button>
    </Group>
  );
}

function SubmitButton(_: SubmitButtonProps) {
  return (
    <Group justify="flex-end" mt="md">
      <Button type="submit">Save</Button>
    </Group>
  );
}

/** The Mantine templates for rjsf's `templates` prop. */
export const mantineTemplates: Partial<TemplatesType> = {
  BaseInputTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
  ButtonTemplates: {
    SubmitButton,
    AddButton,
    CopyButton: iconButton('⧉', 'Copy'),
    MoveDownButton: iconButton('↓', 'Move down'),
    MoveUpButton: iconButton('↑', 'Move up'),
    RemoveButton: iconButton('✕', 'Remove'),
    ClearButton: iconButton('✕', 'Clear'),
  },
};

/** The Mantine widgets for rjsf's `widgets` prop. */
export const mantineWidgets: RegistryWidgetsType = { CheckboxWidget, SelectWidget, TextareaWidget, tags: TagsWidget };

