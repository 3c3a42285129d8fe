/**
 * The embedded identity provider that makes cloud sign-in run on one machine (DESIGN "Running it"): the page posts
 * the auth_params form here, and after checking it we send the browser to the login module.
 */
import type { FastifyInstance } from 'fastify';
import { unsafeTextErrors } from '../schemas/safeText';
import { IDP_AUTHORIZE_PATH, IDP_CLIENT_ID, SSO_STATE_COOKIE, ssoStateMatches } from './modules/auth';
import { sendPage } from './pages';

/** The page-relative returnUrl carried in redirect_uri, or `/`; never another origin. */
export function returnUrlOf(redirectUri: string | undefined, origin: string): string {
  if (!redirectUri) return '/';
  let url: URL;
  try {
    url = new URL(redirectUri, origin);
  } catch {
    return '/';
  }
  const returnUrl = url.origin === origin ? url.searchParams.get('returnUrl') : null;
  return returnUrl && returnUrl.startsWith('/') && !returnUrl.startsWith('//') ? returnUrl : '/';
}

/** Registers POST /idp/authorize with its own form-body parser (encapsulated: the API accepts JSON only). */
export async function idpRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post(IDP_AUTHORIZE_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    if (form.client_id !== IDP_CLIENT_ID || unsafeTextErrors(form).length > 0) {
      return sendPage(reply, 400, 'Unknown application', 'This sign-in request does not come from the portal.');
    }
    if (!ssoStateMatches(form.csrf_token, request.cookies[SSO_STATE_COOKIE])) {
      return sendPage(reply, 403, 'Sign-in request refused', 'The sign-in request has expired or did not come from this portal. Go back to the portal and sign in again.');
    }
    const returnUrl = returnUrlOf(form.redirect_uri, `${request.protocol}://${request.host}`);
    return reply.redirect(`/login/?returnUrl=${encodeURIComponent(returnUrl)}`, 303);
  });
}
