/**
 * The portal's login route (spec 000 §2). Signed in: on to the returnUrl (a /docs one by a full page load) or the
 * root. Otherwise a non-production build shows the login module here; on-prem goes to the /d/ page; cloud starts the
 * single sign-on: POST auth_params, then a hidden POST form to the returned login_url.
 */
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { useApi, useEngine, useStore } from '../../engine/render/shell/EngineContext';
import { useApp } from '../appContext';
import { forceNavigate } from '../shell/hashLocation';
import { isFullPageReturn, pageUrlOf, safeReturnUrl } from '../shell/returnUrl';
import { ssoFormFields, submitSsoForm } from '../shell/ssoForm';
import { usePageTitle } from '../shell/usePageTitle';
import { recordOf } from '../../engine/core/call';

const LoginPage = lazy(() => import('../login/LoginPage').then((m) => ({ default: m.LoginPage })));

function SingleSignOn({ returnUrl, forceUdb }: { returnUrl: string | undefined; forceUdb: 'true' | '' | undefined }) {
  const api = useApi();
  const { session } = useApp();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    session
      .whileLoggingIn(() => api.authAuthParams({ body: forceUdb === undefined ? {} : { force_udb: forceUdb } }))
      .then((params) => {
        if (!cancelled) submitSsoForm(params.login_url, ssoFormFields(params, returnUrl, window.location.origin));
      })
      .catch((e: unknown) => !cancelled && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      cancelled = true;
    };
  }, [api, session, returnUrl, forceUdb, attempt]);
  if (error) {
    return (
      <Center py="xl">
        <Alert color="red" title="Sign-in could not start" role="alert" maw={480}>
          <Stack gap="xs" align="flex-start">
            {error}
            <Button size="xs" variant="light" onClick={() => {
                setError(undefined);
                setAttempt((n) => n + 1);
              }}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
  return (
    <Center py="xl">
      <Loader aria-label="Redirecting to sign-in" />
    </Center>
  );
}

export function LoginRoute() {
  const { session, env, loginOperation, application } = useApp();
  const api = useApi();
  const { call } = useEngine();
  const state = useStore(session);
  usePageTitle('Sign in');
  const query = new URLSearchParams(useSearch());
  const returnUrl = safeReturnUrl(query.get('returnUrl'));
  const forceUdb = query.has('force_udb') ? (query.get('force_udb') === 'true' ? 'true' : '') : undefined;
  const onPremPage = env.deployment === 'on_prem' && env.production;

  useEffect(() => {
    if (state.status === 'logged_in' && returnUrl && isFullPageReturn(returnUrl)) window.location.assign(returnUrl);
    else if (state.status === 'logged_out' && onPremPage) window.location.assign(`/d/${returnUrl ? `?returnUrl=${encodeURIComponent(pageUrlOf(returnUrl))}` : ''}`);
  }, [state.status, returnUrl, onPremPage]);

  if (state.status === 'logged_in') return returnUrl && isFullPageReturn(returnUrl) ? null : <Redirect to={returnUrl ?? '/'} replace />;
  const quiet = { skipUnauthorizedHandling: true, skip403Snackbar: true };
  const { signIn } = application;
  // An application signing in at the identity provider the server hosts: the token it answers is exchanged for a session.
  const logIn = signIn
    ? async (body: { username: string; password: string }) => {
        const token = recordOf(await call(signIn.token, { body }, quiet));
        return call(signIn.exchange, { query: { identity_provider: token.identity_provider, access_token: token.access_token } }, quiet);
      }
    : (body: { username: string; password: string }) => api.callById(loginOperation, { body }, quiet);
  if (!env.production || signIn) {
    return (
      <Suspense fallback={null}>
        <LoginPage
          appName={application.title}
          onLogin={(body) => session.whileLoggingIn(() => logIn(body))}
          onSuccess={() => {
            void session.init().then((s) => {
              if (s.status !== 'logged_in') return;
              if (returnUrl && isFullPageReturn(returnUrl)) window.location.assign(returnUrl);
              else forceNavigate(returnUrl ?? '/', { replace: true });
            });
          }}
        />
      </Suspense>
    );
  }
  if (onPremPage) {
    return (
      <Center py="xl">
        <Loader aria-label="Redirecting to sign-in" />
      </Center>
    );
  }
  return <SingleSignOn returnUrl={returnUrl} forceUdb={forceUdb} />;
}
