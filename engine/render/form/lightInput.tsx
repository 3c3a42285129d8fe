/**
 * Plain text, number and select fields with the markup, classes and CSS variables of Mantine's TextInput and Select
 * (label, asterisk, description, error, data attributes), without their per-instance machinery (props resolution,
 * styles API, context; for a select, the combobox store, the popover and its positioning), so a form of thousands of
 * fields mounts and re-renders cheaply and still looks and reads like every other input. A select becomes Mantine's
 * Select the first time it is opened (click, or a key that opens it), and stays one.
 */
import { Combobox, Input, Select } from '@mantine/core';
import { memo, useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

const c = Input.classes;
const LABEL: CSSProperties = { ['--input-label-size' as string]: 'var(--mantine-font-size-sm)' };
const DESCRIPTION: CSSProperties = { ['--input-description-size' as string]: 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))' };
const ERROR: CSSProperties = { ['--input-error-size' as string]: 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))' };
const CHEVRON: CSSProperties = { ['--combobox-chevron-size' as string]: 'var(--combobox-chevron-size-sm)' };
const wrapperStyle = (description: boolean, error: boolean, rightSection: boolean): CSSProperties => ({
  ...(description ? { ['--input-margin-top' as string]: 'calc(var(--mantine-spacing-xs) / 2)' } : {}),
  ...(error ? { ['--input-margin-bottom' as string]: 'calc(var(--mantine-spacing-xs) / 2)' } : {}),
  ['--input-height' as string]: 'var(--input-height-sm)',
  ['--input-fz' as string]: 'var(--mantine-font-size-sm)',
  ...(rightSection ? { ['--input-right-section-pointer-events' as string]: 'none' } : {}),
});
const flag = (on: boolean) => (on ? 'true' : undefined);

/** What every light field shows around its input. */
interface FrameProps {
  readonly label: string;
  readonly description?: string;
  readonly error?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly placeholder?: string;
  readonly name: string;
  readonly onBlur?: () => void;
}

/**
 * Mantine's input wrapper around `input` (the input element, given its id, aria attributes and classes), with
 * `section` on the right. `selector` is the Mantine component whose static class names the parts carry.
 */
function Frame(p: FrameProps & { selector: 'TextInput' | 'Select'; section?: ReactNode; input: (attributes: Record<string, unknown>) => ReactNode }) {
  const id = useId();
  const s = p.selector;
  const describedBy = [p.error && `${id}-error`, p.description && `${id}-description`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${c.root} mantine-InputWrapper-root mantine-${s}-root`} data-size="sm" data-error={flag(!!p.error)}>
      <label style={LABEL} className={`${c.label} mantine-InputWrapper-label mantine-${s}-label`} data-size="sm" data-required={flag(!!p.required)} htmlFor={id} id={`${id}-label`}>
        {p.label}
        {p.required && (
          <span className={`${c.required} mantine-InputWrapper-required mantine-${s}-required`} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {p.description && (
        <p style={DESCRIPTION} className={`${c.description} mantine-InputWrapper-description mantine-${s}-description`} data-size="sm" id={`${id}-description`}>
          {p.description}
        </p>
      )}
      <div
        style={wrapperStyle(!!p.description, !!p.error, !!p.section)}
        className={`${c.wrapper} mantine-Input-wrapper mantine-${s}-wrapper`}
        data-variant="default"
        data-size="sm"
        data-error={flag(!!p.error)}
        data-pointer={flag(s === 'Select')}
        data-disabled={flag(!!p.disabled)}
        data-with-right-section={flag(!!p.section)}
      >
        {p.input({
          className: `${c.input} mantine-Input-input mantine-${s}-input`,
          'data-variant': 'default',
          'data-error': flag(!!p.error),
          'data-disabled': flag(!!p.disabled),
          'aria-invalid': p.error ? true : undefined,
          'aria-describedby': describedBy,
          id,
          placeholder: p.placeholder,
          disabled: p.disabled,
          onBlur: p.onBlur,
        })}
        {p.section && (
          <div data-position="right" className={`${c.section} mantine-Input-section mantine-${s}-section`}>
            {p.section}
          </div>
        )}
      </div>
      {p.error && (
        <p style={ERROR} className={`${c.error} mantine-InputWrapper-error mantine-${s}-error`} data-size="sm" id={`${id}-error`}>
          {p.error}
        </p>
      )}
    </div>
  );
}

export interface LightInputProps extends FrameProps {
  readonly type?: 'text' | 'date' | 'datetime-local';
  /** Seconds between the times a time picker offers (1: seconds too). */
  readonly step?: number;
  readonly inputMode?: 'decimal';
  readonly value: string;
  readonly onChange: (text: string) => void;
}

export const LightInput = memo(function LightInput(p: LightInputProps) {
  return (
    <Frame
      {...p}
      selector="TextInput"
      input={(attributes) => (
        <input
          {...attributes}
          name={p.name}
          type={p.type}
          step={p.step}
          inputMode={p.inputMode}
          required={false}
          value={p.value}
          onChange={(e) => p.onChange(e.currentTarget.value)}
        />
      )}
    />
  );
});

const NUMBER_TYPING = /^-?\d*(\.\d*)?$/;

/**
 * A number field on the light input: keeps what is being typed ("1.", "-") as text, hands the form a number once the
 * text is one (undefined when empty), and ignores keys that cannot make a number.
 */
export function LightNumberInput({ value, onChange, ...rest }: Omit<LightInputProps, 'value' | 'onChange' | 'inputMode' | 'type'> & { value: unknown; onChange: (v: number | undefined) => void }) {
  const shown = typeof value === 'number' ? String(value) : '';
  const [text, setText] = useState(shown);
  // The form's value wins when it changed from outside (reset, reload); typed text stays while it means the same.
  const current = Number(text) === value || (text === '' && value === undefined) || (text !== '' && !Number.isFinite(Number(text)) && value === undefined) ? text : shown;
  return (
    <LightInput
      {...rest}
      inputMode="decimal"
      value={current}
      onChange={(next) => {
        if (!NUMBER_TYPING.test(next)) return;
        setText(next);
        const n = Number(next);
        onChange(next === '' || next === '-' || !Number.isFinite(n) ? undefined : n);
      }}
    />
  );
}

/** Mantine's Select chevron (Combobox.Chevron), as markup. */
const chevron = (error: string | undefined) => (
  <svg style={CHEVRON} className={`${Combobox.classes.chevron} mantine-ComboboxChevron-chevron`} data-size="sm" data-combobox-chevron="true" data-error={error} viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg">
    <path
      d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

/** Keys that open Mantine's Select from its input (use-combobox-target-props). */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', 'NumpadEnter', 'Space']);

export interface LightSelectProps extends FrameProps {
  readonly data: readonly { readonly value: string; readonly label: string }[];
  readonly value: string | null;
  /** Optional: a clear button while a value is chosen, and choosing the chosen option again clears it. */
  readonly clearable: boolean;
  readonly onChange: (value: string | undefined) => void;
}

/**
 * A select that renders as Mantine's closed Select (a read-only combobox input showing the chosen label, the chevron,
 * the clear button of an optional one, the hidden input with the value) and becomes Mantine's Select, open and
 * focused, when clicked or when a key that opens a Select is pressed in it.
 */
export const LightSelect = memo(function LightSelect(p: LightSelectProps) {
  const [active, setActive] = useState(false);
  const opening = useRef(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Once: the Select takes the focus and opens as its own click would open it.
    if (!active || !opening.current) return;
    opening.current = false;
    ref.current?.focus();
    ref.current?.click();
  }, [active]);
  if (active) {
    return (
      <Select
        ref={ref}
        label={p.label}
        description={p.description}
        placeholder={p.placeholder}
        withAsterisk={p.required}
        error={p.error}
        disabled={p.disabled}
        onBlur={p.onBlur}
        name={p.name}
        data={p.data as { value: string; label: string }[]}
        value={p.value}
        clearable={p.clearable}
        allowDeselect={p.clearable}
        onChange={(v) => p.onChange(v ?? undefined)}
      />
    );
  }
  const open = () => {
    opening.current = true;
    setActive(true);
  };
  const clear = p.clearable && p.value !== null && !p.disabled && (
    <Combobox.ClearButton onClear={() => p.onChange(undefined)} />
  );
  return (
    <>
      <Frame
        {...p}
        selector="Select"
        section={
          clear ? (
            <div data-combined-clear-section="true" style={{ display: 'flex', gap: 2, alignItems: 'center', paddingInlineEnd: 8 }}>
              {clear}
              {chevron(p.error)}
            </div>
          ) : (
            chevron(p.error)
          )
        }
        input={(attributes) => (
          <input
            {...attributes}
            readOnly
            role="combobox"
            aria-haspopup="listbox"
            aria-expanded={false}
            autoComplete="off"
            value={p.data.find((o) => o.value === p.value)?.label ?? ''}
            onClick={open}
            onKeyDown={(e: KeyboardEvent) => {
              if (!OPENING_KEYS.has(e.code) || e.nativeEvent.isComposing) return;
              e.preventDefault();
              open();
            }}
          />
        )}
      />
      <input type="hidden" name={p.name} value={p.value ?? ''} disabled={p.disabled} />
    </>
  );
});
