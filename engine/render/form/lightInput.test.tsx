import { Select, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../tests/setup/component';
import { LightInput, LightSelect } from './lightInput';

/**
 * The markup a user's browser styles: every element in order with its tag, attributes (sorted, generated ids
 * replaced in the attributes that hold ids: Mantine's are up to nine random base-36 characters, now and then fewer)
 * and own text. Mantine's Select keeps its closed dropdown in the DOM in the test environment (no portal):
 * not compared, the light select has none until opened.
 */
const ID_ATTRIBUTES = new Set(['id', 'for', 'aria-describedby', 'aria-labelledby', 'aria-controls', 'aria-owns', 'aria-activedescendant']);

function markup(ui: ReactElement): string[] {
  const { container, unmount } = renderUi(<div>{ui}</div>);
  const ids = new Map<string, string>();
  const id = (v: string) => v.replace(/mantine-[a-z0-9]+|_r_[a-z0-9]+_/g, (m) => ids.get(m) ?? (ids.set(m, `id${ids.size}`), `id${ids.size - 1}`));
  const lines = [...container.querySelectorAll('*')]
    .filter((e) => !e.closest('.mantine-Popover-dropdown'))
    .map((e) => {
      const attributes = [...e.attributes].map((a) => `${a.name}="${(ID_ATTRIBUTES.has(a.name) ? id(a.value) : a.value).replace(/\s+/g, ' ')}"`).sort();
      const text = [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('');
      return `<${e.tagName.toLowerCase()} ${attributes.join(' ')}>${text}`;
    });
  unmount();
  return lines;
}

const DATA = [
  { value: 'allow', label: 'Allow' },
  { value: 'block', label: 'Block' },
];

describe('light inputs', () => {
  it('render the markup of Mantine’s TextInput', () => {
    const field = { label: 'Host', description: 'The server name', placeholder: 'www.example.com', name: 'host' };
    for (const error of [undefined, 'Enter a host name.']) {
      expect(markup(<LightInput {...field} required error={error} value="a.example" onChange={() => {}} />)).toEqual(
        markup(<TextInput {...field} withAsterisk error={error} value="a.example" onChange={() => {}} />),
      );
    }
  });

  it('render a closed select as Mantine’s Select: required, and optional with a value and an error', () => {
    expect(markup(<LightSelect label="Action" name="action" required data={DATA} value="block" clearable={false} onChange={() => {}} />)).toEqual(
      markup(<Select label="Action" name="action" withAsterisk data={DATA} value="block" onChange={() => {}} />),
    );
    const optional = { label: 'Action', name: 'action', description: 'What to do', placeholder: 'Choose', error: 'Choose an action.' };
    expect(markup(<LightSelect {...optional} data={DATA} value="allow" clearable onChange={() => {}} />)).toEqual(
      markup(<Select {...optional} data={DATA} value="allow" clearable allowDeselect onChange={() => {}} />),
    );
  });

  it('a light select becomes Mantine’s Select, open and focused, when clicked', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<LightSelect label="Action" name="action" data={DATA} value="allow" clearable onChange={onChange} />);
    expect(screen.queryByRole('option')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Block' }));
    expect(onChange).toHaveBeenLastCalledWith('block');
    expect(screen.getByRole('combobox', { name: 'Action' })).toBe(document.activeElement);
  });

  it('a light select opens with the keys that open a Select', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<LightSelect label="Mode" name="mode" data={DATA} value={null} clearable={false} onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Mode' })).toBe(document.activeElement);
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('allow');
  });

  it('the clear button of an optional light select clears it', async () => {
    const onChange = vi.fn();
    const { container } = renderUi(<LightSelect label="Action" name="action" data={DATA} value="allow" clearable onChange={onChange} />);
    await userEvent.setup().click(container.querySelector('.mantine-InputClearButton-root')!);
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});
