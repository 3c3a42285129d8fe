import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../../tests/setup/component';
import { DUAL_LIST_BOX_HEIGHT, DualList, type DualListProps } from './DualList';
import type { DualListGroup } from './dualListState';

const groups: DualListGroup[] = [
  { title: 'Social', available: ['Facebook', 'X'], selected: [], descriptions: { X: 'Formerly Twitter' } },
  { title: 'Mail', available: ['Gmail'], selected: [] },
  { title: 'Locked', available: ['Legacy'], selected: [], disabled: true },
];

function Harness(props: Partial<DualListProps> & { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(props.initial ?? []);
  return (
    <DualList
      label="Applications"
      groups={groups}
      {...props}
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onChange?.(v);
      }}
    />
  );
}

const available = () => screen.getByRole('listbox', { name: /Available/ });
const selectedBox = () => screen.getByRole('listbox', { name: /Selected/ });
const optionNames = (box: HTMLElement) => within(box).queryAllByRole('option').map((o) => o.querySelector('p')?.textContent);

describe('DualList', () => {
  it('lists items by category with their descriptions, in 330 px boxes', () => {
    renderUi(<Harness />);
    expect(within(available()).getByRole('group', { name: 'Social' })).toBeTruthy();
    expect(within(available()).getByText('Formerly Twitter')).toBeTruthy();
    expect(available().style.height).toBe(`${DUAL_LIST_BOX_HEIGHT}px`);
    expect(DUAL_LIST_BOX_HEIGHT).toBe(330);
  });

  it('moves highlighted items across and back', async () => {
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    await userEvent.click(within(available()).getByText('Gmail'));
    await userEvent.click(within(available()).getByText('Facebook'));
    await userEvent.click(screen.getByRole('button', { name: 'Add selected' }));
    expect(onChange).toHaveBeenLastCalledWith(['Facebook', 'Gmail']);
    expect(optionNames(selectedBox())).toEqual(['Facebook', 'Gmail']);
    expect(optionNames(available())).not.toContain('Gmail');
    await userEvent.click(within(selectedBox()).getByText('Facebook'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove selected' }));
    expect(onChange).toHaveBeenLastCalledWith(['Gmail']);
  });

  it('does not move disabled items with move all', async () => {
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add all' }));
    expect(onChange).toHaveBeenLastCalledWith(['Facebook', 'X', 'Gmail']);
    expect(optionNames(available())).toEqual(['Legacy']);
    const legacy = within(available()).getByRole('option');
    expect(legacy.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(legacy);
    expect(legacy.getAttribute('aria-selected')).toBe('false');
  });

  it('caps the selection at the maximum and says so', async () => {
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} max={2} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add all' }));
    expect(onChange).toHaveBeenLastCalledWith(['Facebook', 'X']);
    expect(screen.getByRole('alert').textContent).toBe('Select no more than 2 items.');
  });

  it('offers selected items again only when duplicates are allowed', async () => {
    const { unmount } = renderUi(<Harness initial={['X']} />);
    expect(optionNames(available())).not.toContain('X');
    unmount();
    const onChange = vi.fn();
    renderUi(<Harness initial={['X']} allowDuplicates onChange={onChange} />);
    await userEvent.dblClick(within(available()).getByText('X'));
    expect(onChange).toHaveBeenLastCalledWith(['X', 'X']);
  });

  it('shows the required error only once dirty, unless empty is allowed', async () => {
    const { unmount } = renderUi(<Harness initial={['Gmail']} />);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove all' }));
    expect(screen.getByRole('alert').textContent).toBe('Select at least one item.');
    unmount();
    renderUi(<Harness dirty allowEmpty />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error of a dirty form at once', () => {
    renderUi(<Harness dirty />);
    expect(screen.getByRole('alert').textContent).toBe('Select at least one item.');
  });

  it('works from the keyboard: arrows, Space to mark, Enter to move', async () => {
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    available().focus();
    await userEvent.keyboard('{ArrowDown} {Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['X']);
    selectedBox().focus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('filters a box by the search text', async () => {
    renderUi(<Harness />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search available' }), 'twit');
    expect(optionNames(available())).toEqual(['X']);
  });
});
