import { describe, expect, it } from 'vitest';
import { isFullPageReturn, isLocalPath, pageUrlOf, safeReturnUrl } from './returnUrl';

describe('return URLs', () => {
  it('accepts hash routes and docs paths, refuses other origins and the login/logout routes', () => {
    expect(safeReturnUrl('/policy/web/ssl-bypass?x=1')).toBe('/policy/web/ssl-bypass?x=1');
    expect(safeReturnUrl('/docs/areas/web.html')).toBe('/docs/areas/web.html');
    expect(safeReturnUrl('//evil.example')).toBeUndefined();
    expect(safeReturnUrl('/\\evil.example')).toBeUndefined();
    expect(safeReturnUrl('https://evil.example/')).toBeUndefined();
    expect(safeReturnUrl('/login?returnUrl=/x')).toBeUndefined();
    expect(safeReturnUrl('/logout')).toBeUndefined();
    expect(safeReturnUrl(null)).toBeUndefined();
  });

  it('tells local paths from other origins', () => {
    expect(isLocalPath('/#/policy')).toBe(true);
    expect(isLocalPath('//evil.example/x')).toBe(false);
    expect(isLocalPath('https://evil.example')).toBe(false);
    expect(isLocalPath(null)).toBe(false);
  });

  it('loads /docs as a full page and hash routes under /#', () => {
    expect(isFullPageReturn('/docs/index.html')).toBe(true);
    expect(isFullPageReturn('/docsy')).toBe(false);
    expect(pageUrlOf('/docs/')).toBe('/docs/');
    expect(pageUrlOf('/policy')).toBe('/#/policy');
  });
});
