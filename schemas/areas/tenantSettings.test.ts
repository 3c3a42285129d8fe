import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../http';
import { AdminAccessControlDocument, AuthSettingsDocument, ClientProfilesDocument, PostureProfilesDocument, TerminalServerProfilesDocument, compareVersions } from './tenantSettings';

const errorsOf = (schema: z.ZodType, doc: unknown) => {
  const r = schema.safeParse(doc);
  return r.success ? [] : fieldErrors(r.error).map((e) => ({ path: e.path, key: e.key }));
};

const UUID = 'a1f3c5e7-0b2d-4e6f-8a1c-3e5b7d9f1a20';
const profile = (checks: object[], over: object = {}) => ({ profiles: [{ uuid: UUID, name: 'Managed', platform: 'windows', checks, ...over }] });

describe('PostureProfilesDocument', () => {
  it('compares yes/no checks with equal and true or false only', () => {
    expect(errorsOf(PostureProfilesDocument, profile([{ check: 'firewall', value: 'true' }]))).toEqual([]);
    expect(errorsOf(PostureProfilesDocument, profile([{ check: 'antivirus', comparison: 'greater_than', value: 'yes' }]))).toEqual([
      { path: 'profiles.0.checks.0.comparison', key: 'invalidComparison' },
      { path: 'profiles.0.checks.0.value', key: 'invalidPostureValue' },
    ]);
  });

  it('checks OS versions and ZTA scores, and the order of a between range', () => {
    expect(errorsOf(PostureProfilesDocument, profile([{ check: 'os_version', comparison: 'inbetween', value: '13.0', value_to: '15.9' }]))).toEqual([]);
    expect(errorsOf(PostureProfilesDocument, profile([{ check: 'os_version', comparison: 'inbetween', value: '14.2', value_to: '14.10' }]))).toEqual([]);
    expect(errorsOf(PostureProfilesDocument, profile([{ check: 'os_version', comparison: 'inbetween', value: '15', value_to: '13.9' }]))).toEqual([
      { path: 'profiles.0.checks.0.value_to', key: 'rangeOrder' },
    ]);
    expect(errorsOf(PostureProfilesDocument, profile([{ check: 'crowdstrike_zta', comparison: 'greater_than', value: '101' }]))).toEqual([
      { path: 'profiles.0.checks.0.value', key: 'invalidPostureValue' },
    ]);
  });

  it('needs at least one check and a unique name', () => {
    expect(errorsOf(PostureProfilesDocument, profile([]))).toEqual([{ path: 'profiles.0.checks', key: 'too_small' }]);
    const two = { profiles: [profile([{ check: 'firewall', value: 'true' }]).profiles[0], { ...profile([{ check: 'firewall', value: 'true' }]).profiles[0], uuid: 'b2e4d6f8-1c3e-4f7a-9b2d-4f6c8e0a2b31' }] };
    expect(errorsOf(PostureProfilesDocument, two)).toEqual([{ path: 'profiles.1.name', key: 'duplicate' }]);
  });

  it('compares versions part by part', () => {
    expect(compareVersions('14.10', '14.2')).toBe(1);
    expect(compareVersions('10.0', '10')).toBe(0);
    expect(compareVersions('9', '10.0.1')).toBe(-1);
  });
});

describe('AuthSettingsDocument', () => {
  it('needs the identity provider details of the chosen method', () => {
    expect(errorsOf(AuthSettingsDocument, {})).toEqual([]);
    expect(errorsOf(AuthSettingsDocument, { method: 'saml' })).toEqual([
      { path: 'saml.entity_id', key: 'required' },
      { path: 'saml.sso_url', key: 'required' },
      { path: 'saml.certificate', key: 'required' },
    ]);
    expect(errorsOf(AuthSettingsDocument, { method: 'oidc', oidc: { issuer: 'https://login.example.com/', client_id: 'portal' } })).toEqual([
      { path: 'oidc.client_secret', key: 'required' },
    ]);
  });
});

describe('AdminAccessControlDocument', () => {
  it('refuses an address restriction with no address', () => {
    expect(errorsOf(AdminAccessControlDocument, { restrict_by_ip: true })).toEqual([{ path: 'allowed_ips', key: 'addressRequired' }]);
    expect(errorsOf(AdminAccessControlDocument, { restrict_by_ip: true, allowed_ips: ['203.0.113.0/24'] })).toEqual([]);
  });

  it('takes IPv4 and IPv6 addresses and blocks, and names a bad one', () => {
    expect(errorsOf(AdminAccessControlDocument, { restrict_by_ip: true, allowed_ips: ['127.0.0.1', '::1', '2001:db8::/48', '10.0.0.0/8'] })).toEqual([]);
    expect(errorsOf(AdminAccessControlDocument, { allowed_ips: ['10.0.0.0/8', '2001:db8::/129'] })).toEqual([{ path: 'allowed_ips.1', key: 'invalidCidr' }]);
  });
});

describe('ClientProfilesDocument', () => {
  it('keys profiles by uuid and defaults exportable to true', () => {
    expect(errorsOf(ClientProfilesDocument, { profiles: [{ uuid: 'not-a-uuid', name: 'Laptops', platforms: ['windows'] }] })).toEqual([
      { path: 'profiles.0.uuid', key: 'invalid_format' },
    ]);
    expect(ClientProfilesDocument.parse({ profiles: [{ uuid: UUID, name: 'Laptops', platforms: ['windows'] }] }).profiles[0]!.exportable).toBe(true);
  });
});

describe('TerminalServerProfilesDocument', () => {
  const ts = (over: object = {}) => ({ profiles: [{ uuid: UUID, name: 'RDS', servers: ['rds01.example.com', '10.0.0.0/24'], ...over }] });

  it('takes servers as host names, addresses or CIDR blocks, with default port ranges', () => {
    const parsed = TerminalServerProfilesDocument.parse(ts());
    expect(parsed.profiles[0]).toMatchObject({ first_port: 10000, ports_per_user: 500, user_id: 'windows_user', bypass_domains: [] });
    expect(errorsOf(TerminalServerProfilesDocument, ts({ servers: [] }))).toEqual([{ path: 'profiles.0.servers', key: 'too_small' }]);
    expect(errorsOf(TerminalServerProfilesDocument, ts({ servers: ['not a host!'] }))).toEqual([{ path: 'profiles.0.servers.0', key: 'invalidDomainIpOrCidr' }]);
  });

  it('refuses port ranges that run past 65535 and ports below 1024', () => {
    expect(errorsOf(TerminalServerProfilesDocument, ts({ first_port: 65000, ports_per_user: 1000 }))).toEqual([{ path: 'profiles.0.ports_per_user', key: 'custom' }]);
    expect(errorsOf(TerminalServerProfilesDocument, ts({ first_port: 80 }))).toEqual([{ path: 'profiles.0.first_port', key: 'too_small' }]);
  });
});
