/**
 * Entry of the login module, served at /login/ (cloud, after the identity provider) and at /d/ (on-prem). It posts
 * `auth.login` or `dashboard.login` and then goes to the `returnUrl` query parameter or the application root.
 * Kept small: no router, no query library, no schema: only the routes of the operations callable before sign-in.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { LoginRequest } from '../../schemas/auth';
import { XSRF_COOKIE } from '../../schemas/constants';
import { browserCookies } from '../../engine/core/cookies';
import { configureHttp } from '../../engine/core/http';
import { SnackbarHost } from '../../engine/render/shell/SnackbarHost';
import { callPublic, publicOperationRoutes } from '../../engine/generated/publicClient.gen';
import { isLocalPath } from '../shell/returnUrl';
import { providerProps } from '../theme';
import { LoginPage } from './LoginPage';

const onPrem = window.location.pathname.startsWith('/d/');
configureHttp({ operations: publicOperationRoutes, production: true });

/** The return URL is a page address on this origin (`/#/policy/web/ssl-bypass`, `/docs/`); anything else goes to `/`. */
const returnUrl = new URLSearchParams(window.location.search).get('returnUrl');
const destination = isLocalPath(returnUrl) ? returnUrl : '/';

async function signIn(body: LoginRequest) {
  // The sign-in call must echo the xsrf cookie; the config call sets it when this page was opened directly.
  if (!browserCookies().get(XSRF_COOKIE)) await callPublic('portal.config');
  const options = { skipUnauthorizedHandling: true, skip403Snackbar: true };
  return onPrem ? callPublic('dashboard.login', { body }, options) : callPublic('auth.login', { body }, options);
}

async function secondFactor(body: { challenge: string; code: string }) {
  const options = { skipUnauthorizedHandling: true, skip403Snackbar: true };
  return onPrem ? callPublic('dashboard.tfa', { body }, options) : callPublic('auth.tfa', { body }, options);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider {...providerProps}>
      <LoginPage onLogin={signIn} onTfa={secondFactor} onSuccess={() => window.location.assign(destination)} />
      <SnackbarHost />
    </MantineProvider>
  </StrictMode>,
);
