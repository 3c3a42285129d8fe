/**
 * The logout route (spec 000 §2, §4): ends the session (dialogs close with the shell), then on-prem goes to
 * /d/#/login; cloud says so, with the inactivity notice when the timeout flag is set, and offers to sign in again.
 */
import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useApp } from '../appContext';
import { forceNavigate } from '../shell/hashLocation';
import { safeReturnUrl } from '../shell/returnUrl';
import { usePageTitle } from '../shell/usePageTitle';

export const INACTIVITY_TEXT = 'You were signed out after a period of inactivity.';

export function LogoutPage() {
  const { session, env } = useApp();
  usePageTitle('Signed out');
  const query = new URLSearchParams(useSearch());
  const timedOut = query.get('timeout') === 'true';
  const returnUrl = safeReturnUrl(query.get('returnUrl'));
  const [done, setDone] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void session.logout().then(() => {
      if (cancelled) return;
      if (env.deployment === 'on_prem') window.location.assign('/d/#/login');
      else setDone(true);
    });
    return () => {
      cancelled = true;
    };
  }, [session, env.deployment]);

  if (!done) {
    return (
      <Center py="xl">
        <Loader aria-label="Signing out" />
      </Center>
    );
  }
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" radius="md" maw={440}>
        <Stack>
          <Title order={1} size="h2">
            You are signed out
          </Title>
          {timedOut && <Text>{INACTIVITY_TEXT}</Text>}
          <Button onClick={() => forceNavigate(`/login${returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ''}`)}>
            Sign in again
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
