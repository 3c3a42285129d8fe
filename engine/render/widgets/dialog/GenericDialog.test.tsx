import { Button, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../../tests/setup/component';
import { EmptyResult } from '../EmptyResult';
import { UploadSummary } from '../bulkImport/UploadSummary';
import { GenericDialog } from './GenericDialog';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

describe('GenericDialog', () => {
  it('has a title, a body, actions and a close icon', async () => {
    const onClose = vi.fn();
    renderUi(
      <GenericDialog opened onClose={onClose} title="Delete rule" actions={<Button>Delete</Button>}>
        The rule goes for good.
      </GenericDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete rule' });
    expect(dialog.textContent).toContain('The rule goes for good.');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape unless it is not dismissible', async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <GenericDialog opened onClose={onClose} title="T" dismissible={false}>
        body
      </GenericDialog>,
      { wrapper },
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    rerender(
      <GenericDialog opened onClose={onClose} title="T">
        body
      </GenericDialog>,
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps focus inside while open', async () => {
    renderUi(
      <GenericDialog opened onClose={() => undefined} title="T" actions={<Button>OK</Button>}>
        body
      </GenericDialog>,
    );
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});

describe('UploadSummary and EmptyResult', () => {
  it('show the created and error counts under their titles', () => {
    renderUi(<UploadSummary created={7} errors={2} />);
    expect(screen.getByRole('group', { name: 'Created' }).textContent).toContain('7');
    expect(screen.getByRole('group', { name: 'Errors' }).textContent).toContain('2');
  });
  it('show the empty-result notice with an action', () => {
    renderUi(<EmptyResult title="No rules" action={<Button>Add rule</Button>} />);
    expect(screen.getByRole('status').textContent).toContain('No rules');
    expect(screen.getByRole('button', { name: 'Add rule' })).toBeTruthy();
  });
});
