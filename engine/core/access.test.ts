import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessRule, Environment } from '../../schemas/access';
import { createAccessControl } from './access';

const cloud: Environment = { deployment: 'cloud', appMode: 'cloud', production: true };
const appliance: Environment = { deployment: 'on_prem', appMode: 'safeview', production: true };
const auditor = { roles: { read: ['web_policy', 'logs'], write: [] }, capabilities: { rbac: true, dlp: true } };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('access control', () => {
  it('allows nothing while signed out', () => {
    const access = createAccessControl(cloud);
    expect(access.can({ any: ['web_policy:read'] })).toBe(false);
    expect(access.canUse({ id: 'contact' })).toBe(false);
  });

  it('checks permissions from the role lists when RBAC is enforced', () => {
    const access = createAccessControl(cloud);
    access.setUser(auditor);
    expect(access.getState().enforced).toBe(true);
    expect(access.can({ any: ['web_policy:*'] })).toBe(true);
    expect(access.can({ any: ['web_policy:write'] })).toBe(false);
    expect(access.can({ all: ['web_policy:read', 'logs:read'] })).toBe(true);
    expect(access.can({ all: ['web_policy:read', 'settings:read'] })).toBe(false);
    expect(access.can(undefined)).toBe(true);
  });

  it('allows everything when the rbac capability is off, or on-prem outside a management station', () => {
    const access = createAccessControl(cloud);
    access.setUser({ roles: { read: [], write: [] }, capabilities: {} });
    expect(access.can({ any: ['settings:write'] })).toBe(true);
    const onPrem = createAccessControl(appliance);
    onPrem.setUser({ roles: { read: [], write: [] }, capabilities: { rbac: true } });
    expect(onPrem.can({ any: ['settings:write'] })).toBe(true);
  });

  it('applies the environment rule and the feature flag before the permission', () => {
    const access = createAccessControl(cloud);
    access.setUser(auditor);
    expect(access.canUse({ read: { any: ['web_policy:read'] }, env: { deployments: ['on_prem'] } })).toBe(false);
    expect(access.canUse({ read: { any: ['web_policy:read'] }, feature: 'casb' })).toBe(false);
    expect(access.canUse({ read: { any: ['web_policy:read'] }, feature: 'dlp' })).toBe(true);
    expect(access.canUse({ access: { any: ['logs:*'] }, env: [{ deployments: ['on_prem'] }, { deployments: ['cloud'] }] })).toBe(true);
  });

  it('uses the write rule for editing, falling back to the read rule', () => {
    const access = createAccessControl(cloud);
    access.setUser(auditor);
    const screen = { read: { any: ['web_policy:read'] }, write: { any: ['web_policy:write'] } } as const;
    expect(access.canUse(screen)).toBe(true);
    expect(access.canWrite(screen)).toBe(false);
    expect(access.canWrite({ read: { any: ['logs:read'] } })).toBe(true);
  });

  it('throws on a malformed rule', () => {
    const access = createAccessControl(cloud);
    access.setUser(auditor);
    expect(() => access.can({ any: ['a'], all: ['b'] } as unknown as AccessRule)).toThrow(/either "any" or "all"/);
    expect(() => access.can({} as AccessRule)).toThrow();
  });

  it('logs a denial at debug level', () => {
    vi.stubGlobal('localStorage', { getItem: () => 'DEBUG' });
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const access = createAccessControl(cloud);
    access.setUser(auditor);
    access.guard({ any: ['settings:write'] }, 'settings');
    expect(debug).toHaveBeenCalledWith('Access denied', 'settings', { any: ['settings:write'] }, '');
  });

  it('resets to signed out and notifies subscribers', () => {
    const access = createAccessControl(cloud);
    const seen: boolean[] = [];
    access.subscribe((s) => seen.push(s.signedIn));
    access.setUser(auditor);
    access.reset();
    expect(seen).toEqual([true, false]);
    expect(access.can({ any: ['web_policy:read'] })).toBe(false);
  });
});
