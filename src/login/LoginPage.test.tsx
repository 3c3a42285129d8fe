import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SNACKBAR_LOGIN_ERROR_MS } from '../../schemas/constants';
import { renderUi } from '../../tests/setup/component';
import { ApiError } from '../../engine/core/http';
import { currentSnackbars, dismissSnackbar } from '../../engine/core/snackbar';
import { SnackbarHost } from '../../engine/render/shell/SnackbarHost';
import { LoginPage } from './LoginPage';

afterEach(() => {
  for (const n of currentSnackbars()) dismissSnackbar(n.id);
  vi.useRealTimers();
});

function setup(onLogin: (c: { username: string; password: string }) => Promise<unknown>) {
  const onSuccess = vi.fn();
  renderUi(
    <>
      <LoginPage onLogin={onLogin} onSuccess={onSuccess} />
      <SnackbarHost />
    </>,
  );
  return { onSuccess, user: userEvent.setup() };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('User'), 'admin');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('shows the default application name, the User and Password fields and a Login button', () => {
    setup(async () => ({}));
    expect(screen.getByRole('heading', { name: 'Portal' })).toBeTruthy();
    expect(screen.getByLabelText('User')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('shows a progress bar while signing in, cleared on success, then leaves', async () => {
    let finish!: () => void;
    const onLogin = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { onSuccess, user } = setup(onLogin);
    await fillAndSubmit(user);
    expect(onLogin).toHaveBeenCalledWith({ username: 'admin', password: 'secret' });
    expect(screen.getByRole('progressbar', { name: 'Signing in' })).toBeTruthy();
    await act(async () => finish());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('on failure clears the progress bar and shows the message in a top snackbar, with $1 replaced by the delay', async () => {
    const { onSuccess, user } = setup(async () => {
      throw new ApiError(429, 'Too many failed sign-in attempts. Try again in $1 seconds.', 'http', [], { delay: 42 });
    });
    await fillAndSubmit(user);
    const status = await screen.findByRole('status', { name: 'Notifications at the top' });
    await waitFor(() => expect(status.textContent).toContain('Too many failed sign-in attempts. Try again in 42 seconds.'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(currentSnackbars()[0]).toMatchObject({ position: 'top', duration: SNACKBAR_LOGIN_ERROR_MS });
  });

  it('falls back to "An error occurred." and the snackbar leaves after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = setup(async () => {
      throw {};
    });
    await fillAndSubmit(user);
    expect(await screen.findByText(MESSAGES.loginFailedDefault)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(SNACKBAR_LOGIN_ERROR_MS));
    expect(screen.queryByText(MESSAGES.loginFailedDefault)).toBeNull();
  });
});
