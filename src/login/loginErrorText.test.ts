import { describe, expect, it } from 'vitest';
import { ApiError } from '../../engine/core/http';
import { loginErrorText } from './loginErrorText';

describe('loginErrorText', () => {
  it('uses the error message, then the server msg, then the default text', () => {
    expect(loginErrorText(new ApiError(401, 'Invalid user name or password.'))).toBe('Invalid user name or password.');
    expect(loginErrorText({ msg: 'Account locked.' })).toBe('Account locked.');
    expect(loginErrorText(new ApiError(500, '', 'http', [], { msg: 'From the body' }))).toBe('From the body');
    expect(loginErrorText(undefined)).toBe('An error occurred.');
    expect(loginErrorText({})).toBe('An error occurred.');
  });

  it('replaces $1 with the delay when the error has one', () => {
    const throttled = new ApiError(429, 'Too many failed sign-in attempts. Try again in $1 seconds.', 'http', [], { delay: 30 });
    expect(loginErrorText(throttled)).toBe('Too many failed sign-in attempts. Try again in 30 seconds.');
    expect(loginErrorText({ message: 'Wait $1 s', delay: 5 })).toBe('Wait 5 s');
    expect(loginErrorText({ message: 'Wait $1 s' })).toBe('Wait $1 s');
  });
});
