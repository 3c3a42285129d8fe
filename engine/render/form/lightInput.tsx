/**
 * A plain text or number field with the markup, classes and CSS variables of Mantine's TextInput (label, asterisk,
 * description, error, data attributes), without its per-instance machinery (props resolution, styles API, context),
 * so a form of thousands of fields mounts and re-renders cheaply and still looks and reads like every other input.
 */
import { Input } from '@mantine/core';
import { memo, useId, useState, type CSSProperties } from 'react';

const c = Input.classes;
const LABEL: CSSProperties = { ['--input-label-size' as string]: 'var(--mantine-font-size-sm)' };
const DESCRIPTION: CSSProperties = { ['--input-description-size' as string]: 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))' };
const ERROR: CSSProperties = { ['--input-error-size' as string]: 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))' };
const wrapperStyle = (description: boolean, error: boolean): CSSProperties => ({
  ...(description ? { ['--input-margin-top' as string]: 'calc(var(--mantine-spacing-xs) / 2)' } : {}),
  ...(error ? { ['--input-margin-bottom' as string]: 'calc(var(--mantine-spacing-xs) / 2)' } : {}),
  ['--input-height' as string]: 'var(--input-height-sm)',
  ['--input-fz' as string]: 'var(--mantine-font-size-sm)',
});
const flag = (on: boolean) => (on ? 'true' : undefined);

export interface LightInputProps {
  readonly label: string;
  readonly description?: string;
  readonly error?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly placeholder?: string;
  readonly name: string;
  readonly type?: 'text' | 'date';
  readonly inputMode?: 'decimal';
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly onBlur?: () => void;
}

export const LightInput = memo(function LightInput(p: LightInputProps) {
  const id = useId();
  const describedBy = p.error ? `${id}-error` : p.description ? `${id}-description` : undefined;
  return (
    <div className={`${c.root} mantine-InputWrapper-root mantine-TextInput-root`} data-size="sm" data-error={flag(!!p.error)}>
      <label style={LABEL} className={`${c.label} mantine-InputWrapper-label mantine-TextInput-label`} data-size="sm" data-required={flag(!!p.required)} htmlFor={id} id={`${id}-label`}>
        {p.label}
        {p.required && (
          <span className={`${c.required} mantine-InputWrapper-required mantine-TextInput-required`} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {p.description && (
        <p style={DESCRIPTION} className={`${c.description} mantine-InputWrapper-description mantine-TextInput-description`} data-size="sm" id={`${id}-description`}>
          {p.description}
        </p>
      )}
      <div
        style={wrapperStyle(!!p.description, !!p.error)}
        className={`${c.wrapper} mantine-Input-wrapper mantine-TextInput-wrapper`}
        data-variant="default"
        data-size="sm"
        data-error={flag(!!p.error)}
        data-disabled={flag(!!p.disabled)}
      >
        <input
          className={`${c.input} mantine-Input-input mantine-TextInput-input`}
          data-variant="default"
          data-error={flag(!!p.error)}
          data-disabled={flag(!!p.disabled)}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={describedBy}
          id={id}
          name={p.name}
          type={p.type ?? 'text'}
          inputMode={p.inputMode}
          placeholder={p.placeholder}
          disabled={p.disabled}
          required={false}
          value={p.value}
          onChange={(e) => p.onChange(e.currentTarget.value)}
          onBlur={p.onBlur}
        />
      </div>
      {p.error && (
        <p style={ERROR} className={`${c.error} mantine-InputWrapper-error mantine-TextInput-error`} data-size="sm" id={`${id}-error`}>
          {p.error}
        </p>
      )}
    </div>
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
