/**
 * The shared widgets of spec 002 as field widgets: the upload box (`upload`), the dual list (`dualList`), the
 * checkbox group (`checkboxGroup`), and selects whose choices come from another screen's document or a lookup
 * operation (`optionsFrom`).
 * The widget registry maps the field kinds to them.
 */
import { Input, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../core/http';
import { showSnackbar } from '../../core/snackbar';
import { useCall } from '../shell/EngineContext';
import { CheckboxGroup } from '../widgets/checkboxGroup/CheckboxGroup';
import type { CheckboxGroupValue } from '../widgets/checkboxGroup/checkboxGroupState';
import { DualList } from '../widgets/dualList/DualList';
import type { DualListGroup } from '../widgets/dualList/dualListState';
import type { FileTypeEntry } from '../widgets/upload/acceptFile';
import { UploadBox } from '../widgets/upload/UploadBox';
import { useOptionsFrom } from './optionSources';
import { getPath, unwrap, type SelectOption } from './schemaFields';
import type { WidgetComponent, WidgetProps } from './widgetProps';
import { recordOf } from '../../core/call';

const strList = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

/** The accepted types of an `accept` hint (extensions with the dot) as upload-box entries. */
export function acceptEntries(accept: readonly string[] | undefined): FileTypeEntry[] {
  return (accept ?? []).map((ext) => ({ name: ext, fileExtensions: [ext.toLowerCase()], fileMimeTypes: [] }));
}

/** A select over `optionsFrom` choices (or the schema's own options). */
export const LookupSelectWidget: WidgetComponent = (p) => {
  const loaded = useOptionsFrom(p.field.hint.optionsFrom);
  const options = loaded ?? p.field.options;
  return (
    <Select
      label={p.field.label}
      description={p.field.description}
      placeholder={loaded === undefined && p.field.hint.optionsFrom ? 'Loading…' : p.field.hint.placeholder}
      withAsterisk={p.field.required && !p.disabled}
      error={p.error}
      disabled={p.disabled}
      onBlur={p.onBlur}
      name={p.field.name}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={p.value === undefined || p.value === null || p.value === '' ? null : String(p.value)}
      clearable={p.field.clearable}
      searchable
      onChange={(v) => p.onChange(v ?? undefined)}
    />
  );
};

/**
 * The upload box. Without an `upload` hint the file's text becomes the value; with one, the file goes to that
 * operation as `{ content, name }` and the value becomes the same object (e.g. the PAC template `{ pac, filename }`).
 */
export const UploadBoxWidget: WidgetComponent = (p) => {
  const call = useCall();
  const [busy, setBusy] = useState(false);
  const upload = p.field.hint.upload;
  const current = upload ? getPath(p.value, upload.nameField ?? 'filename') : undefined;
  const take = async ([file]: File[]) => {
    if (!file) return;
    const text = await file.text();
    if (!upload) return p.onChange(text);
    const body = { [upload.contentField ?? 'content']: text, [upload.nameField ?? 'filename']: file.name };
    setBusy(true);
    try {
      await call(upload.operation, { body });
      p.onChange(body);
      showSnackbar({ kind: 'success', message: `${file.name} uploaded.` });
    } catch (e) {
      showSnackbar({ kind: 'error', message: e instanceof Error ? e.message : String(e), closable: true });
    } finally {
      setBusy(false);
      p.onBlur();
    }
  };
  return (
    <Input.Wrapper label={p.field.label} description={p.field.description} error={p.error}>
      <Stack gap={4} mt={4}>
        <UploadBox
          accept={acceptEntries(p.field.hint.accept)}
          disabled={p.disabled || busy}
          label={`Upload ${p.field.label}`}
          onFiles={(files) => void take(files)}
        />
        {typeof current === 'string' && current !== '' && <Text size="sm">{`Uploaded: ${current}`}</Text>}
        {!upload && typeof p.value === 'string' && p.value !== '' && <Text size="sm">{`${p.value.length} characters loaded`}</Text>}
      </Stack>
    </Input.Wrapper>
  );
};

/**
 * The dual list over the field's options (an enum array) or its `optionsFrom` choices, each shown by its label (a
 * name: "Google Chrome", a rule's name), not its value (a code or an id), with its detail line when it has one.
 */
export const DualListWidget: WidgetComponent = (p) =>
  p.field.hint.optionsFrom ? <LookupDualList {...p} /> : <DualListOver {...p} options={p.field.options} />;

function LookupDualList(p: WidgetProps) {
  return <DualListOver {...p} options={useOptionsFrom(p.field.hint.optionsFrom) ?? []} />;
}

function DualListOver({ options, ...p }: WidgetProps & { readonly options: readonly SelectOption[] }) {
  const value = strList(p.value);
  const valueKey = value.join('\n');
  const groups = useMemo<DualListGroup[]>(() => {
    const labelled = Object.fromEntries(options.filter((o) => o.label !== o.value).map((o) => [o.value, o.label]));
    const described = Object.fromEntries(options.flatMap((o) => (o.description ? [[o.value, o.description]] : [])));
    // A saved value the choices do not offer (any more) still shows among the selected, so it can be seen and removed.
    const offered = new Set(options.map((o) => o.value));
    return [
      {
        title: p.field.label,
        available: [...offered, ...value.filter((v) => !offered.has(v))],
        selected: [],
        labels: labelled,
        descriptions: described,
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `valueKey` stands for the value, a new array on every render
  }, [options, p.field.label, valueKey]);
  return (
    <Stack gap={4}>
      <DualList
        label={p.field.label}
        groups={groups}
        value={value}
        allowEmpty={!p.field.required}
        disabled={p.disabled}
        onChange={(next) => {
          p.onChange(next);
          p.onBlur();
        }}
      />
      {p.error && (
        <Text c="red" size="sm" role="alert">
          {p.error}
        </Text>
      )}
    </Stack>
  );
}

/** The boolean members of an object schema, with their labels. */
function booleanMembers(schema: z.ZodType): { key: string; label: string }[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, child]) => unwrap(child).inner instanceof z.ZodBoolean)
    .map(([key, child]) => ({ key, label: unwrap(child).title ?? key }));
}

/**
 * The checkbox group: an object of booleans (one box per member) or an enum array (one box per option), with the
 * field's label as header and one "All" parent box.
 */
export const CheckboxGroupWidget: WidgetComponent = (p) => {
  const members = booleanMembers(p.field.schema);
  const objectMode = members.length > 0;
  const entries = objectMode ? members : p.field.options.map((o) => ({ key: o.value, label: o.label }));
  const isOn = (key: string) => (objectMode ? getPath(p.value, key) === true : strList(p.value).includes(key));
  const group: CheckboxGroupValue = {
    headerName: p.field.label,
    parents: [{ name: 'All', value: entries.every((e) => isOn(e.key)) }],
    subCategories: entries.map((e) => ({ name: e.label, values: [isOn(e.key)] })),
  };
  const change = (next: CheckboxGroupValue) => {
    const on = entries.filter((_, i) => next.subCategories[i]?.values[0] === true).map((e) => e.key);
    if (objectMode) {
      const base = p.value && typeof p.value === 'object' ? (p.value as Record<string, unknown>) : {};
      p.onChange({ ...base, ...Object.fromEntries(members.map((m) => [m.key, on.includes(m.key)])) });
    } else p.onChange(on);
    p.onBlur();
  };
  return (
    <Stack gap={4}>
      <CheckboxGroup id={p.field.name} value={group} defaultExpanded disabled={p.disabled} onChange={change} />
      {p.field.description && (
        <Text size="xs" c="dimmed">
          {p.field.description}
        </Text>
      )}
      {p.error && (
        <Text c="red" size="sm" role="alert">
          {p.error}
        </Text>
      )}
    </Stack>
  );
};

const PREVIEW_DELAY_MS = 400;
const previewLabel = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const previewValue = (v: unknown) =>
  Array.isArray(v)
    ? v.join(', ') || 'none'
    : typeof v === 'boolean'
      ? v
        ? 'yes'
        : 'no'
      : typeof v === 'string' && ISO_TIME.test(v)
        ? new Date(v).toLocaleString()
        : String(v);

/** The plain fields of an answer, one a line; a list of objects as one indented block per object. */
function PreviewLines({ data }: { data: Record<string, unknown> }) {
  const lines = Object.entries(data).filter(([, v]) => !isPlainObject(v));
  return (
    <>
      {lines.map(([k, v]) =>
        Array.isArray(v) && v.some(isPlainObject) ? (
          <Stack key={k} gap={2}>
            <Text fw={600} size="sm">{`${previewLabel(k)}:`}</Text>
            {v.filter(isPlainObject).map((item, i) => (
              <Stack key={i} gap={0} pl="md">
                <PreviewLines data={item} />
              </Stack>
            ))}
          </Stack>
        ) : (
          <Text key={k} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">{`${previewLabel(k)}: `}</Text>
            {previewValue(v)}
          </Text>
        ),
      )}
    </>
  );
}

/**
 * The answer of a field's `preview` operation for its current value, a text or a list of tags (sent a moment after
 * typing stops): each plain field of the answer on a line, a list of objects as a block per object, or the refusal's
 * message.
 */
export function ValuePreview({ preview, value }: { preview: NonNullable<WidgetProps['field']['hint']['preview']>; value: string | readonly string[] }) {
  const call = useCall();
  const key = typeof value === 'string' ? value : JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
    // `key` stands for the value: a list of tags is a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const empty = typeof settled === 'string' ? settled.trim() === '' : settled.length === 0;
  const query = useQuery({
    queryKey: ['preview', preview.operation.id, settled],
    enabled: !empty,
    retry: false,
    queryFn: ({ signal }) => call(preview.operation, { body: { [preview.field]: settled } }, { signal, skip403Snackbar: true }).then(recordOf),
  });
  if (empty || query.isPending) return null;
  if (query.isError) {
    const e = query.error;
    const message = isApiError(e) ? (e.fieldErrors?.[0]?.message ?? e.message) : String(e);
    return (
      <Text size="sm" c="red" role="status">
        {message}
      </Text>
    );
  }
  return (
    <Stack gap={2} role="status" aria-label="Preview">
      <PreviewLines data={query.data} />
    </Stack>
  );
}
