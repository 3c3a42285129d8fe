import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../tests/setup/component';
import { LONG_LIST, type Change } from '../../core/changes';
import { ChangeItems, FIRST_CHANGES } from './ChangeItems';

const hosts = Array.from({ length: LONG_LIST + 3 }, (_, i) => `host${i}.example`);
const changes: Change[] = [
  { kind: 'value', label: 'Action', before: 'Allow', after: 'Block' },
  { kind: 'entry', label: 'Exceptions', name: 'Payroll', changes: [{ kind: 'items', label: 'Domains', added: hosts, removed: [] }] },
  { kind: 'moved', label: 'Exceptions', moves: [{ name: 'Payroll', from: 3, to: 1 }] },
];

describe('ChangeItems', () => {
  it('lists each change with what it did, a row’s changes under its name', () => {
    renderUi(<ChangeItems changes={changes} label="Changes to Web Exceptions" />);
    const items = within(screen.getByRole('list', { name: 'Changes to Web Exceptions' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toBe('ChangedAction: Allow → Block');
    expect(items[1]!.textContent).toMatch(/^ChangedExceptions: “Payroll”Domains: 11 added/);
    expect(items.at(-1)!.textContent).toBe('MovedExceptions: “Payroll” moved from 3 to 1');
  });

  it('shows a long list as its count; the button expands and collapses its items', async () => {
    const user = userEvent.setup();
    renderUi(<ChangeItems changes={changes} />);
    const button = screen.getByRole('button', { name: `Show all ${hosts.length}` });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('host0.example')).toBeNull();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(hosts.map((h) => `+ ${h}`));
    await user.click(screen.getByRole('button', { name: 'Hide them' }));
    expect(screen.queryByText('host0.example')).toBeNull();
  });
});

describe('ChangeItems with many changes', () => {
  it('shows the first ones and the rest on request', async () => {
    const user = userEvent.setup();
    const many: Change[] = Array.from({ length: FIRST_CHANGES + 10 }, (_, i) => ({ kind: 'value', label: `Field ${i}`, before: 'a', after: 'b' }));
    renderUi(<ChangeItems changes={many} label="Changes" />);
    const list = screen.getByRole('list', { name: 'Changes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(FIRST_CHANGES);
    const button = screen.getByRole('button', { name: `Show all ${many.length} changes` });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(within(list).getAllByRole('listitem')).toHaveLength(many.length);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: `Show the first ${FIRST_CHANGES}` }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(FIRST_CHANGES);
  });
});
