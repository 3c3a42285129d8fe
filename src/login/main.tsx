/**
 * Entry of the login module, served at /login/ (cloud, after the identity provider) and at /d/ (on-prem). It posts
 * `auth.login` or `dashboard.login` and then goes to the `returnUrl` query parameter or the application root.
 * Kept small: no router, no query library, only the sign-in operations.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { login, onPremLogin, portalConfig } from '../../definitions/api/auth';
import { XSRF_COOKIE } from '../../schemas/constants';
import { browserCookies } from '../../engine/core/cookies';
import { callOperation, configureHttp } from '../../engine/core/http';
import { SnackbarHost } from '../../engine/render/shell/SnackbarHost';
import { isLocalPath } from '../shell/returnUrl';
import { cssVariablesResolver, theme } from '../theme';
import { LoginPage } from './LoginPage';

// The server's Content-Security-Policy forbids eval, which zod's JIT would try.
z.config({ jitless: true });

const onPrem = window.location.pathname.startsWith('/d/');
const operation = onPrem ? onPremLogin : login;
configureHttp({ operations: [portalConfig, operation], production: true });

/** The return URL is a page address on this origin (`/#/policy/web/ssl-bypass`, `/docs/`); anything else goes to `/`. */
const returnUrl = new URLSearchParams(window.location.search).get('returnUrl');
const destination = isLocalPath(returnUrl) ? returnUrl : '/';

async function signIn(body: { username: string; password: string }) {
  // The sign-in call must echo the xsrf cookie; the config call sets it when this page was opened directly.
  if (!browserCookies().get(XSRF_COOKIE)) await callOperation(portalConfig.id);
  return callOperation(operation.id, { body }, { skipUnauthorizedHandling: true, skip403Snackbar: true });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <LoginPage onLogin={signIn} onSuccess={() => window.location.assign(destination)} />
      <SnackbarHost />
    </MantineProvider>
  </StrictMode>,
);
