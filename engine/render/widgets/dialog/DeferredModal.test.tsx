import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredModal } from './DeferredModal';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

describe('DeferredModal', () => {
  it('renders nothing until first opened, then the dialog; closed again it is gone, and it opens again', async () => {
    const onClose = vi.fn();
    const dialog = (opened: boolean) => (
      <DeferredModal opened={opened} onClose={onClose} title="Delete entry" closeButtonProps={{ 'aria-label': 'Close' }}>
        The entry goes for good.
      </DeferredModal>
    );
    const { rerender } = render(dialog(false), { wrapper });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.mantine-Modal-root')).toBeNull();
    rerender(dialog(true));
    expect((await screen.findByRole('dialog', { name: 'Delete entry' })).textContent).toContain('The entry goes for good.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(dialog(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    rerender(dialog(true));
    expect(screen.getByRole('dialog', { name: 'Delete entry' })).toBeTruthy();
  });
});
