import { describe, expect, it } from 'vitest';
import { SESSION_LOGOUT_DAYS_DEFAULT } from '../schemas/constants';
import { newXsrfToken, sessionLogoutDays, xsrfCookieValue, xsrfMatches, xsrfTokenOf } from './session';
import { blockSeconds } from './throttle';

describe('xsrf cookie', () => {
  it('carries its token masked anew each time, Tornado style', () => {
    const token = newXsrfToken();
    const a = xsrfCookieValue(token);
    const b = xsrfCookieValue(token);
    expect(a).toMatch(/^2\|[0-9a-f]{8}\|[0-9a-f]{32}\|\d+$/);
    expect(xsrfTokenOf(a)).toBe(token);
    expect(xsrfTokenOf(b)).toBe(token);
    expect(xsrfTokenOf('1|garbage')).toBeUndefined();
  });

  it('matches header and cookie without their last |-part', () => {
    const value = xsrfCookieValue(newXsrfToken());
    const restamped = value.replace(/\|\d+$/, '|1');
    expect(xsrfMatches(restamped, value)).toBe(true);
    expect(xsrfMatches(xsrfCookieValue(newXsrfToken()), value)).toBe(false);
    expect(xsrfMatches(undefined, value)).toBe(false);
    expect(xsrfMatches('', '')).toBe(false);
  });
});

describe('session time-out setting', () => {
  it('takes a positive tenant value, else the default', () => {
    expect(sessionLogoutDays({ session_logout_days: 2 })).toBe(2);
    expect(sessionLogoutDays({ session_logout_days: 0 })).toBe(SESSION_LOGOUT_DAYS_DEFAULT);
    expect(sessionLogoutDays({ session_logout_days: '3' })).toBe(SESSION_LOGOUT_DAYS_DEFAULT);
    expect(sessionLogoutDays({})).toBe(SESSION_LOGOUT_DAYS_DEFAULT);
  });
});

describe('sign-in throttle delays', () => {
  it('are free for two failures, then 5 s doubling up to 300 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 30].map((n) => blockSeconds(n))).toEqual([0, 0, 5, 10, 20, 40, 80, 160, 300, 300]);
  });
});
