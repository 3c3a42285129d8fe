import type { AuthParams } from '../../schemas/auth';
import { pageUrlOf } from './returnUrl';

/**
 * The fields of the single-sign-on form (spec 000 §2): redirect_uri, client_id, csrf_token and scope, plus
 * id_token_hint and force_udb when the server gave them. A returnUrl rides in redirect_uri, where the identity
 * provider finds it and hands it to the login module.
 */
export function ssoFormFields(params: AuthParams, returnUrl: string | undefined, origin: string): [string, string][] {
  let redirectUri = params.redirect_uri;
  if (returnUrl) {
    const url = new URL(params.redirect_uri, origin);
    url.searchParams.set('returnUrl', pageUrlOf(returnUrl));
    redirectUri = url.toString();
  }
  const fields: [string, string | undefined][] = [
    ['redirect_uri', redirectUri],
    ['client_id', params.client_id],
    ['csrf_token', params.csrf_token],
    ['scope', params.scope],
    ['id_token_hint', params.id_token_hint],
    ['force_udb', params.force_udb],
  ];
  return fields.filter((f): f is [string, string] => f[1] !== undefined);
}

/** Builds the hidden form and posts it (a full page navigation to the identity provider). */
export function submitSsoForm(action: string, fields: readonly [string, string][], doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of fields) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}
