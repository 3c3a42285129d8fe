import { describe, expect, it } from 'vitest';
import { configFromVars, environmentFromVars } from './config';

describe('server configuration from the environment', () => {
  it('defaults to the cloud, port 8080, ./.data and the full seed', () => {
    const c = configFromVars({});
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, seed: 'full' });
    expect(c.dataDir).toMatch(/\/\.data$/);
    expect(c.env).toEqual({ deployment: 'cloud', appMode: 'cloud', production: false });
    expect(c.trustProxy).toBe(false);
    expect(c.sessionMaxAgeMs).toBe(12 * 3_600_000);
  });

  it('seeds an on-premises appliance or station with the small set unless PORTAL_SEED says otherwise', () => {
    expect(configFromVars({ PORTAL_DEPLOYMENT: 'on_prem' }).seed).toBe('small');
    expect(configFromVars({ PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview' }).seed).toBe('small');
    expect(configFromVars({ PORTAL_DEPLOYMENT: 'on_prem', PORTAL_SEED: 'full' }).seed).toBe('full');
    expect(configFromVars({ PORTAL_DEPLOYMENT: 'cloud' }).seed).toBe('full');
  });

  it('trusts a proxy only when TRUST_PROXY says so: true is the nearest hop, a number that many, else addresses', () => {
    expect(configFromVars({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(configFromVars({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(configFromVars({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(configFromVars({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(configFromVars({ SESSION_MAX_AGE_HOURS: '0.5' }).sessionMaxAgeMs).toBe(1_800_000);
  });

  it('derives the on-prem app mode and production from NODE_ENV unless set', () => {
    expect(environmentFromVars({ PORTAL_DEPLOYMENT: 'on_prem', NODE_ENV: 'production' })).toEqual({
      deployment: 'on_prem',
      appMode: 'management_station',
      production: true,
    });
    expect(environmentFromVars({ PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview', PORTAL_PRODUCTION: 'false', NODE_ENV: 'production' })).toEqual({
      deployment: 'on_prem',
      appMode: 'safeview',
      production: false,
    });
  });

  it('refuses values it does not know, naming the variable', () => {
    expect(() => environmentFromVars({ PORTAL_DEPLOYMENT: 'moon' })).toThrow(/PORTAL_DEPLOYMENT must be one of/);
    expect(() => configFromVars({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => configFromVars({ PORTAL_SEED: 'huge' })).toThrow(/PORTAL_SEED/);
    expect(() => configFromVars({ SESSION_MAX_AGE_HOURS: 'never' })).toThrow(/SESSION_MAX_AGE_HOURS/);
  });
});
