/**
 * Signing in again while a sign-out is still in flight (issue 12, reproduction 10): one tab opens #/logout, and
 * before its answer has reached the browser another tab opens a screen. The server has already ended the session,
 * so the second tab starts the single sign-on; the sign-out's answer, which deletes the session cookies, lands
 * between the second tab's auth_params and its form post. The sign-in must still complete (not end on the identity
 * provider's "Sign-in request refused"), and the signed-out tab must follow the new sign-in instead of ending it.
 */
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLoginModule, assertNoPageErrors, assertOnScreen, baseUrl, goToRoute, goToRouteSignedIn, launchBrowser, openPage, signInThroughLoginModule } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A slow way back: the request reaches the server at once, but its answer (with its Set-Cookie headers) reaches
 * the browser only when `release` resolves. Resolves `answered` once the server has answered.
 */
function holdAnswer(release: Promise<void>, answered: () => void, delivered: () => void) {
  return async (route: Route) => {
    const request = route.request();
    const res = await fetch(request.url(), { method: request.method(), headers: await request.allHeaders(), body: request.postData() ?? undefined });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (!['set-cookie', 'content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
    });
    // Playwright takes several Set-Cookie headers as one value joined by new lines.
    const cookies = res.headers.getSetCookie();
    if (cookies.length) headers['set-cookie'] = cookies.join('\n');
    const body = Buffer.from(await res.arrayBuffer());
    answered();
    await release;
    await route.fulfill({ status: res.status, headers, body });
    delivered();
  };
}

const signal = () => {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fire, fired };
};

describe('sign-out then sign-in at once', () => {
  it('a sign-in started in another tab while the sign-out is in flight completes, and the signed-out tab follows it', async () => {
    const signingOut = await openPage(browser);
    await goToRouteSignedIn(signingOut, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await assertOnScreen(signingOut, 'SSL Bypass');

    const logoutAnswered = signal();
    const logoutDelivered = signal();
    const authParamsAnswered = signal();
    const context = signingOut.context();
    await context.route('**/api/auth/v1/logout', holdAnswer(authParamsAnswered.fired, logoutAnswered.fire, logoutDelivered.fire), { times: 1 });
    await context.route('**/api/auth/v1/auth_params', holdAnswer(logoutDelivered.fired, authParamsAnswered.fire, () => undefined), { times: 1 });

    await goToRoute(signingOut, '/logout');
    await logoutAnswered.fired;
    // The session has ended on the server; its cookies are still in the browser.
    expect((await context.cookies()).map((c) => c.name)).toContain('user_id');

    const signingIn = Object.assign(await context.newPage(), { errors: [] as string[] });
    signingIn.on('pageerror', (e) => signingIn.errors.push(e.message));
    await signingIn.goto(`${baseUrl()}/#/policy/web/ssl-bypass`);
    await assertLoginModule(signingIn);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('user_id');
    await signInThroughLoginModule(signingIn, 'admin', 'admin-demo');
    await assertOnScreen(signingIn, 'SSL Bypass');

    // The tab that signed out follows the new sign-in to the portal; it does not sign out again.
    await signingOut.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await signingIn.reload();
    await assertOnScreen(signingIn, 'SSL Bypass');
    assertNoPageErrors(signingOut);
    assertNoPageErrors(signingIn);
  });
});
