import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../tests/setup/component';
import { SaveBar } from './SaveBar';

describe('SaveBar', () => {
  it('saves with Ctrl+S or ⌘S while something is unsaved, and not while a dialog is open or nothing changed', () => {
    const onSave = vi.fn();
    const { unmount } = renderUi(<SaveBar dirty saving={false} onSave={onSave} onDiscard={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-keyshortcuts')).toBe('Control+S Meta+S');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'S', metaKey: true });
    expect(onSave).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(window, { key: 's' });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true, shiftKey: true });
    expect(onSave).toHaveBeenCalledTimes(2);

    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(onSave).toHaveBeenCalledTimes(2);
    dialog.remove();

    unmount();
    renderUi(<SaveBar dirty={false} saving={false} onSave={onSave} onDiscard={() => undefined} />);
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(screen.getByText('All changes saved.')).toBeTruthy();
  });
});
