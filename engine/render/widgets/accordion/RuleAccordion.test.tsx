import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../../tests/setup/component';
import type { AccordionMode } from './panelRules';
import { RuleAccordion, type RuleAccordionPanel } from './RuleAccordion';

function Harness({ mode = 'create', savingAllowed = true, onSave = () => undefined }: { mode?: AccordionMode; savingAllowed?: boolean; onSave?: () => void }) {
  const [name, setName] = useState('');
  const [action, setAction] = useState('');
  const panels: RuleAccordionPanel[] = [
    {
      id: 'general',
      title: 'General',
      summary: name || 'No name yet',
      valid: name.length > 0,
      content: <TextInput label="Rule name" value={name} onChange={(e) => setName(e.currentTarget.value)} />,
    },
    { id: 'legacy', title: 'Legacy', hidden: true, valid: true, content: 'legacy' },
    { id: 'notes', title: 'Notes', optional: true, summary: 'No notes', valid: true, content: 'Notes body' },
    {
      id: 'action',
      title: 'Action',
      summary: action || 'Not chosen',
      valid: action.length > 0,
      content: <TextInput label="Action value" value={action} onChange={(e) => setAction(e.currentTarget.value)} />,
    },
  ];
  return <RuleAccordion panels={panels} mode={mode} savingAllowed={savingAllowed} onSave={onSave} />;
}

const control = (name: RegExp) => screen.getByRole('button', { name });

describe('RuleAccordion', () => {
  it('opens the first panel; later required panels stay disabled with their summary', () => {
    renderUi(<Harness />);
    expect(control(/1\. General/).getAttribute('aria-expanded')).toBe('true');
    expect(control(/3\. Action/)).toHaveProperty('disabled', true);
    expect(control(/3\. Action/).textContent).toContain('Not chosen');
    expect(screen.queryByRole('button', { name: /Legacy/ })).toBeNull();
  });

  it('enables the optional panel after the opened one', async () => {
    renderUi(<Harness />);
    expect(control(/2\. Notes/)).toHaveProperty('disabled', false);
    await userEvent.click(control(/2\. Notes/));
    expect(control(/2\. Notes/).getAttribute('aria-expanded')).toBe('true');
    expect(control(/1\. General/).getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps Next disabled while the panel is invalid, then moves on', async () => {
    renderUi(<Harness />);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Rule name' }), 'Block gambling');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(control(/2\. Notes/).getAttribute('aria-expanded')).toBe('true');
    // The focus follows to the opened panel's heading (the Next button that had it is gone).
    expect(document.activeElement).toBe(control(/2\. Notes/));
    expect(control(/1\. General/).textContent).toContain('Block gambling');
  });

  it('enables Save only when the last panel is valid and saving is allowed', async () => {
    const onSave = vi.fn();
    renderUi(<Harness onSave={onSave} />);
    const save = () => screen.getByRole('button', { name: 'Save' });
    expect(save()).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Rule name' }), 'R');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Action value' }), 'block');
    expect(save()).toHaveProperty('disabled', false);
    await userEvent.click(save());
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('keeps Save disabled when saving is not allowed', () => {
    renderUi(<Harness mode="edit" savingAllowed={false} />);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('opens any panel in edit mode, from the keyboard too', async () => {
    renderUi(<Harness mode="edit" />);
    control(/1\. General/).focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(control(/3\. Action/));
    await userEvent.keyboard('{Enter}');
    expect(control(/3\. Action/).getAttribute('aria-expanded')).toBe('true');
  });
});
