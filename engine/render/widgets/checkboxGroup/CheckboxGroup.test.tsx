import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../../tests/setup/component';
import { CheckboxGroup } from './CheckboxGroup';
import type { CheckboxGroupChange, CheckboxGroupValue } from './checkboxGroupState';

const initial: CheckboxGroupValue = {
  headerName: 'Documents',
  parents: [
    { name: 'Allow', value: false },
    { name: 'Block', value: false },
  ],
  subCategories: [
    { name: 'PDF', values: [true, false] },
    { name: 'Word', values: [false, false] },
    { name: 'Hidden', values: [false, false], isHide: true },
  ],
};

function Harness({ onChange }: { onChange?: (v: CheckboxGroupValue, c: CheckboxGroupChange) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <CheckboxGroup
      id="docs"
      value={value}
      onChange={(v, c) => {
        setValue(v);
        onChange?.(v, c);
      }}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('CheckboxGroup', () => {
  it("toggles with 'show N items' and 'hide N items'", async () => {
    renderUi(<Harness />);
    const toggle = screen.getByRole('button', { name: 'show 2 items' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'hide 2 items' }).getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('checkbox', { name: 'PDF: Allow' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Hidden: Allow' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'hide 2 items' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'PDF: Allow' })).toBeNull());
  });

  it('is indeterminate when children are mixed', () => {
    renderUi(<Harness />);
    expect(box('Allow: all Documents').indeterminate).toBe(true);
    expect(box('Block: all Documents').checked).toBe(false);
    expect(box('Block: all Documents').indeterminate).toBe(false);
  });

  it('sets every child with the parent and reports the change', async () => {
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'show 2 items' }));
    await screen.findByRole('checkbox', { name: 'PDF: Block' });
    await userEvent.click(box('Block: all Documents'));
    expect(box('PDF: Block').checked).toBe(true);
    expect(box('Word: Block').checked).toBe(true);
    expect(box('Block: all Documents').checked).toBe(true);
    const [next, change] = onChange.mock.calls[0]!;
    expect(change).toEqual({ id: 'docs', value: true, name: 'Block', parentName: 'Block', subCategories: next.subCategories });
    expect(next.subCategories[2].values).toEqual([false, false]);
  });

  it('ticks the parent only when every child is ticked', async () => {
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'show 2 items' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Word: Allow' }));
    expect(box('Allow: all Documents').checked).toBe(true);
    expect(onChange.mock.calls[0]![1]).toMatchObject({ value: true, name: 'Word', parentName: 'Allow' });
    await userEvent.click(box('PDF: Allow'));
    expect(box('Allow: all Documents').checked).toBe(false);
    expect(box('Allow: all Documents').indeterminate).toBe(true);
  });
});
