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

describe('LoginPage: second factor', () => {
  const enrol = {
    msg: 'Two-factor authentication is required. Add this key to your authenticator app, then enter the 6-digit code it shows.',
    tfa: 'enrol',
    challenge: 'c1',
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    otpauth_uri: 'otpauth://totp/Portal:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  };

  function setupTfa(challenge: { readonly msg: string; readonly [key: string]: unknown }, onTfa: (b: { challenge: string; code: string }) => Promise<unknown>) {
    const onSuccess = vi.fn();
    const onLogin = vi.fn(async () => {
      throw new ApiError(401, challenge.msg, 'http', [], challenge);
    });
    renderUi(
      <>
        <LoginPage onLogin={onLogin} onSuccess={onSuccess} onTfa={onTfa} />
        <SnackbarHost />
      </>,
    );
    return { onLogin, onSuccess, user: userEvent.setup() };
  }

  it('enrols: shows the key in groups and the app link, sends the code, then shows the recovery codes once before leaving', async () => {
    const onTfa = vi.fn(async () => ({ username: 'admin', recovery_codes: ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'] }));
    const { onSuccess, user } = setupTfa(enrol, onTfa);
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' })).toBeTruthy();
    expect([...screen.getByTestId('tfa-secret').children].map((line) => line.textContent)).toEqual(['JBSW Y3DP EHPK 3PXP', 'JBSW Y3DP EHPK 3PXP']);
    expect(screen.getByRole('link', { name: 'Open in an authenticator app on this device' }).getAttribute('href')).toBe(enrol.otpauth_uri);
    await user.type(screen.getByLabelText('Code shown by the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onTfa).toHaveBeenCalledWith({ challenge: 'c1', code: '123456' });
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.textContent).toContain('aaaa-bbbb-cccc');
    expect(onSuccess).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('verifies: a wrong code shows the reason and stays; an expired sign-in goes back to the password', async () => {
    let answer: unknown = new ApiError(401, 'That code is not right.', 'http', [], { msg: 'That code is not right.' });
    const onTfa = vi.fn(async () => {
      throw answer;
    });
    const { user } = setupTfa({ msg: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.', tfa: 'verify', challenge: 'c2' }, onTfa);
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.queryByTestId('tfa-secret')).toBeNull();
    await user.type(screen.getByLabelText(/^Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    answer = new ApiError(401, 'This sign-in has expired.', 'http', [], { msg: 'This sign-in has expired.', restart: true });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('asks for a second factor to be set up only when the box is ticked', async () => {
    const onTfa = vi.fn();
    const { onLogin, user } = setupTfa({ msg: 'no challenge' }, onTfa);
    await user.type(screen.getByLabelText('User'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByLabelText('Set up two-factor authentication'));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledWith({ username: 'admin', password: 'secret', setup_tfa: true });
    expect(await screen.findByText('no challenge')).toBeTruthy();
  });
});
