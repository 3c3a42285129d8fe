/**
 * The login module's page (spec 002 §2): the application name, "User" and "Password", a "Login" button and a
 * progress bar while the request runs. Failures show in a top snackbar for 3 seconds (spec 002 §8). There are no
 * client-side rules on the fields (spec 002 §5). When the organization requires a second factor (or the user asks to
 * set one up) the sign-in goes on with SecondFactor, and after an enrolment shows the recovery codes.
 */
import { Box, Button, Checkbox, Paper, PasswordInput, Progress, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { LOGIN_APP_NAME_DEFAULT, SNACKBAR_LOGIN_ERROR_MS } from '../../schemas/constants';
import type { LoginRequest, TfaChallenge, TfaRequest } from '../../schemas/auth';
import { showSnackbar } from '../../engine/core/snackbar';
import { loginErrorText } from './loginErrorText';
import { RecoveryCodes, SecondFactor } from './SecondFactor';

export interface LoginPageProps {
  readonly appName?: string;
  /** Performs the sign-in call; rejects with the failure. */
  readonly onLogin: (credentials: LoginRequest) => Promise<unknown>;
  /** After a successful sign-in: go to the return URL or the application root. */
  readonly onSuccess: () => void;
  /** Sends the second factor of a sign-in; resolves with the user (and recovery codes at enrolment). */
  readonly onTfa?: (body: TfaRequest) => Promise<{ readonly recovery_codes?: readonly string[] } | unknown>;
}

type Step = { readonly kind: 'password' } | { readonly kind: 'tfa'; readonly challenge: TfaChallenge } | { readonly kind: 'recovery'; readonly codes: readonly string[] };

const bodyOf = (error: unknown): unknown => (error as { body?: unknown } | null)?.body;

/** The second-factor challenge a refused sign-in carries, if any (no schema library in the login module). */
function challengeOf(error: unknown): TfaChallenge | undefined {
  const b = bodyOf(error) as Partial<TfaChallenge> | undefined;
  return b && (b.tfa === 'verify' || b.tfa === 'enrol') && typeof b.challenge === 'string' && typeof b.msg === 'string' ? (b as TfaChallenge) : undefined;
}

export function LoginPage({ appName = LOGIN_APP_NAME_DEFAULT, onLogin, onSuccess, onTfa }: LoginPageProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [setupTfa, setSetupTfa] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'password' });

  const fail = (error: unknown) =>
    showSnackbar({ message: loginErrorText(error), kind: 'error', position: 'top', duration: SNACKBAR_LOGIN_ERROR_MS, closable: true });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      await onLogin(setupTfa ? { username, password, setup_tfa: true } : { username, password });
      setSubmitting(false);
      onSuccess();
    } catch (error) {
      setSubmitting(false);
      const challenge = challengeOf(error);
      if (challenge && onTfa) setStep({ kind: 'tfa', challenge });
      else fail(error);
    }
  };

  const verify = async (challenge: TfaChallenge, code: string) => {
    setSubmitting(true);
    try {
      const result = (await onTfa!({ challenge: challenge.challenge, code })) as { recovery_codes?: readonly string[] } | undefined;
      setSubmitting(false);
      if (result?.recovery_codes?.length) setStep({ kind: 'recovery', codes: result.recovery_codes });
      else onSuccess();
    } catch (error) {
      setSubmitting(false);
      fail(error);
      // A challenge that has expired, run out of attempts or hit a lock-out is over: the sign-in starts again.
      if ((bodyOf(error) as { restart?: unknown } | undefined)?.restart === true) {
        setPassword('');
        setStep({ kind: 'password' });
      }
    }
  };

  return (
    <Box component="main" mih="100vh" display="flex" style={{ alignItems: 'center', justifyContent: 'center' }} p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w={step.kind === 'password' ? 380 : 440} maw="100%" pos="relative" style={{ overflow: 'hidden' }}>
        {submitting && <Progress value={100} animated striped size="xs" radius={0} pos="absolute" top={0} left={0} right={0} aria-label="Signing in" />}
        {step.kind === 'tfa' && (
          <SecondFactor
            challenge={step.challenge}
            submitting={submitting}
            onSubmit={(code) => void verify(step.challenge, code)}
            onBack={() => {
              setPassword('');
              setStep({ kind: 'password' });
            }}
          />
        )}
        {step.kind === 'recovery' && <RecoveryCodes codes={step.codes} onContinue={onSuccess} />}
        {step.kind === 'password' && (
          <form onSubmit={submit} aria-label="Sign in">
            <Stack>
              <Title order={1} size="h2" ta="center">
                {appName}
              </Title>
              <TextInput label="User" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              {onTfa && (
                <Checkbox label="Set up two-factor authentication" checked={setupTfa} onChange={(e) => setSetupTfa(e.currentTarget.checked)} />
              )}
              <Button type="submit" disabled={submitting} fullWidth>
                Login
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Box>
  );
}
