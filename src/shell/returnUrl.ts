/**
 * Return URLs: hash routes (`/policy/web/ssl-bypass?x=1`) or the docs (`/docs/...`, a full page load). Anything
 * else (another origin, `//host`, the login and logout routes themselves) is refused.
 */

/** A path on this origin: starts with one `/` (not `//host` or `/\\host`, which browsers read as another origin). */
export const isLocalPath = (value: string | null | undefined): value is string =>
  !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');

export function safeReturnUrl(value: string | null | undefined): string | undefined {
  if (!isLocalPath(value)) return undefined;
  if (/^\/(login|logout)(\/|\?|$)/.test(value)) return undefined;
  return value;
}

/** Whether the return URL leaves the hash routes (spec 000 §2: a returnUrl starting with /docs is a full page load). */
export const isFullPageReturn = (returnUrl: string): boolean => returnUrl === '/docs' || returnUrl.startsWith('/docs/');

/** The page address of a return URL, for pages outside the portal (the login module, the identity provider). */
export const pageUrlOf = (returnUrl: string): string => (isFullPageReturn(returnUrl) ? returnUrl : `/#${returnUrl}`);
