/**
 * The portal's first script. A signed-out visit (no user cookie) to a route other than login and logout starts the
 * sign-in at once, without downloading the shell: on-prem the /d/ page; in the cloud the single sign-on (portal
 * config, auth_params, the hidden form to the identity provider), with the route as returnUrl. Everything else
 * (signed in, a non-production server, a failure on the way) loads the shell (main.tsx), which handles it fully.
 */
import type { AuthParams } from '../schemas/auth';
import { USER_COOKIE } from '../schemas/constants';
import { browserCookies } from '../engine/core/cookies';
import { callOperation, configureHttp } from '../engine/core/http';
import { loadOperationRoutes, shellOperationRoutes, type OperationOutput } from '../engine/generated/client.gen';
import { pageUrlOf, safeReturnUrl } from './shell/returnUrl';
import { ssoFormFields, submitSsoForm } from './shell/ssoForm';

const loadShell = () => void import('./main');
const quiet = { skip403Snackbar: true, skipUnauthorizedHandling: true };

/** Starts the sign-in; false when the shell should handle this visit instead. */
async function signInWithoutShell(route: string): Promise<boolean> {
  configureHttp({ operations: shellOperationRoutes, loadOperations: loadOperationRoutes, production: true });
  const config = await callOperation<OperationOutput<'portal.config'>>('portal.config', {}, quiet);
  if (!config.production) return false;
  const returnUrl = safeReturnUrl(route === '/' ? undefined : route);
  if (config.deployment === 'on_prem') {
    window.location.assign(`/d/${returnUrl ? `?returnUrl=${encodeURIComponent(pageUrlOf(returnUrl))}` : ''}`);
    return true;
  }
  const params = await callOperation<AuthParams>('auth.authParams', { body: {} }, quiet);
  submitSsoForm(params.login_url, ssoFormFields(params, returnUrl, window.location.origin));
  return true;
}

const route = window.location.hash.replace(/^#/, '') || '/';
const signedOut = !browserCookies().get(USER_COOKIE);
if (signedOut && !/^\/(login|logout)(\/|\?|$)/.test(route)) {
  signInWithoutShell(route).then((started) => started || loadShell(), loadShell);
} else {
  loadShell();
}
