import { screen } from '@testing-library/react';
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
