/**
 * The login module's page (spec 002 §2): the application name, "User" and "Password", a "Login" button and a
 * progress bar while the request runs. Failures show in a top snackbar for 3 seconds (spec 002 §8). There are no
 * client-side rules on the fields (spec 002 §5).
 */
import { Box, Button, Paper, PasswordInput, Progress, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { LOGIN_APP_NAME_DEFAULT, SNACKBAR_LOGIN_ERROR_MS } from '../../schemas/constants';
import type { LoginRequest } from '../../schemas/auth';
import { showSnackbar } from '../../engine/core/snackbar';
import { loginErrorText } from './loginErrorText';

export interface LoginPageProps {
  readonly appName?: string;
  /** Performs the sign-in call; rejects with the failure. */
  readonly onLogin: (credentials: LoginRequest) => Promise<unknown>;
  /** After a successful sign-in: go to the return URL or the application root. */
  readonly onSuccess: () => void;
}

export function LoginPage({ appName = LOGIN_APP_NAME_DEFAULT, onLogin, onSuccess }: LoginPageProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      await onLogin({ username, password });
      setSubmitting(false);
      onSuccess();
    } catch (error) {
      setSubmitting(false);
      showSnackbar({ message: loginErrorText(error), kind: 'error', position: 'top', duration: SNACKBAR_LOGIN_ERROR_MS, closable: true });
    }
  };

  return (
    <Box component="main" mih="100vh" display="flex" style={{ alignItems: 'center', justifyContent: 'center' }} p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w={380} pos="relative" style={{ overflow: 'hidden' }}>
        {submitting && <Progress value={100} animated striped size="xs" radius={0} pos="absolute" top={0} left={0} right={0} aria-label="Signing in" />}
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
            <Button type="submit" disabled={submitting} fullWidth>
              Login
            </Button>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
