import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderUi } from '../../../tests/setup/component';
import { FormView } from './FormView';
import { isWidgetKind, widgetFor } from './widgetRegistry';

afterEach(() => vi.restoreAllMocks());

describe('widget registry', () => {
  it('recognises the kinds of the definition language', () => {
    expect(isWidgetKind('secret')).toBe(true);
    expect(isWidgetKind('dualList')).toBe(true);
    expect(isWidgetKind('colour')).toBe(false);
    expect(isWidgetKind('toString')).toBe(false);
  });

  it('warns once on an unknown kind and shows a text field', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(widgetFor('sparkline')).toBe(widgetFor('text'));
    widgetFor('sparkline');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('sparkline');
  });

  it('infers widgets from the schema and honours hints', () => {
    const Schema = z.object({
      name: z.string().meta({ title: 'Name' }),
      port: z.number().int().meta({ title: 'Port' }),
      tags: z.array(z.string()).meta({ title: 'Tags' }),
      notes: z.string().meta({ title: 'Notes' }),
      id: z.string(),
      day: z.iso.date().meta({ title: 'Day' }),
    });
    renderUi(
      <FormView
        schema={Schema}
        hints={{ notes: { widget: 'textarea' }, id: { widget: 'hidden' } }}
        defaultValues={{ name: 'a', port: 8080, tags: ['x'], notes: '', id: 'row-1', day: '2025-01-31' }}
        onSubmit={() => {}}
      />,
    );
    expect((screen.getByLabelText(/^Port/) as HTMLInputElement).value).toBe('8080');
    expect(screen.getByLabelText(/^Notes/).tagName).toBe('TEXTAREA');
    expect((screen.getByLabelText(/^Day/) as HTMLInputElement).type).toBe('date');
    expect(screen.getByText('x')).toBeTruthy();
    expect(screen.queryByDisplayValue('row-1')).toBeNull();
  });

  it('a moment in UTC is picked with a date and time picker, and a value kept in days can be typed in minutes', async () => {
    const Schema = z.object({
      expires_at: z.string().meta({ title: 'Expires at', format: 'date-time' }).optional(),
      timeout: z.number().meta({ title: 'Time-out (minutes)' }),
    });
    const onSubmit = vi.fn();
    renderUi(
      <FormView schema={Schema} hints={{ timeout: { unitFactor: 1440 } }} defaultValues={{ expires_at: '2027-12-31T23:59:59Z', timeout: 0.042 }} onSubmit={onSubmit} />,
    );
    const expires = screen.getByLabelText(/^Expires at \(UTC\)/) as HTMLInputElement;
    expect(expires.type).toBe('datetime-local');
    expect(expires.value).toMatch(/^2027-12-31T23:59:59/);
    fireEvent.change(expires, { target: { value: '2028-01-15T08:30' } });
    const timeout = screen.getByLabelText(/^Time-out/) as HTMLInputElement;
    expect(timeout.value).toBe('60.48');
    const user = userEvent.setup();
    await user.clear(timeout);
    await user.type(timeout, '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ expires_at: '2028-01-15T08:30:00Z', timeout: 90 / 1440 });
  });

  it('shows an example placeholder only where it cannot read as a value: not beside tags, not in a read-only form', () => {
    const Schema = z.object({
      domains: z.array(z.string()).meta({ title: 'Domains' }),
      keywords: z.array(z.string()).meta({ title: 'Keywords' }),
      host: z.string().meta({ title: 'Host' }),
      level: z.enum(['low', 'high']).meta({ title: 'Level' }),
    });
    const hints = { domains: { placeholder: 'example.com' }, keywords: { placeholder: 'invoice' }, host: { placeholder: 'www.example.com' }, level: { widget: 'segmented' } } as const;
    const values = { domains: [], keywords: ['wire transfer'], host: '', level: 'high' };
    const { unmount } = renderUi(<FormView schema={Schema} hints={hints} defaultValues={values} onSubmit={() => {}} />);
    // The input the label names (a tags field also has a hidden input of its values).
    const placeholder = (label: RegExp) =>
      (screen.getAllByLabelText(label).find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLInputElement).placeholder;
    expect([placeholder(/^Domains/), placeholder(/^Keywords/), placeholder(/^Host/)]).toEqual(['example.com', '', 'www.example.com']);
    unmount();

    renderUi(<FormView schema={Schema} hints={hints} defaultValues={values} onSubmit={() => {}} readOnly />);
    expect([placeholder(/^Domains/), placeholder(/^Host/)]).toEqual(['', '']);
    // The chosen level reads as chosen (not greyed out as disabled), and cannot be changed.
    const high = screen.getByRole('radio', { name: 'high' }) as HTMLInputElement;
    expect(high.checked).toBe(true);
    expect(high.disabled).toBe(false);
    expect(screen.getByRole('radio', { name: 'low' }).closest('[data-disabled]')).toBeNull();
  });
});
