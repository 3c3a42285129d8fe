import { describe, expect, it } from 'vitest';
import { logKindOps } from '../../definitions/api/logs';
import { defineCoreScreen, defineLogView, defineSection, type ScreenDef } from '../../definitions/define';
import type { Environment } from '../../schemas/access';
import { createAccessControl } from './access';
import { buildNavigation, firstPermittedRoute, logsRedirect, pageTitle, rootRedirect } from './navigation';

// A fixture shaped like spec 000 §2 (the engine never imports the real definitions).
const cloudOrMs = [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], appModes: ['management_station'] }] as const;
const sections = [
  defineSection({ id: 'dashboard', title: 'Dashboard', route: '/dashboard', access: { any: ['dashboard:*:*'] }, env: [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], production: false }], order: 10 }),
  defineSection({ id: 'policy', title: 'Policy', route: '/policy', access: { any: ['web_policy:*', 'dlp_policy:*'] }, env: cloudOrMs, order: 20 }),
  defineSection({ id: 'settings', title: 'Settings', route: '/settings', access: { any: ['settings:*'] }, order: 40 }),
  defineSection({ id: 'logs', title: 'Logs', route: '/logs', access: { any: ['logs:*'] }, order: 80 }),
  defineSection({ id: 'insights', title: 'Insights', route: '/insights', externalHref: '/insights', env: cloudOrMs, order: 110 }),
  defineSection({ id: 'contact-form', title: 'Contact', route: '/contact-form', hidden: true, order: 120 }),
];
const cloud: Environment = { deployment: 'cloud', appMode: 'cloud', production: true };
const screen = (id: string, route: string, read: string, nav: ScreenDef['nav'], extra: Partial<ScreenDef> = {}) =>
  defineCoreScreen({ id, title: id, description: id, route, read: { any: [read] }, nav, view: id, ...extra } as never);

const screens: ScreenDef[] = [
  screen('ssl', '/policy/web/ssl-bypass', 'web_policy:read', { group: 'Web', order: 30 }),
  screen('threats', '/policy/web/threats', 'web_policy:read', { group: 'Web', order: 10 }),
  screen('dlp', '/policy/dlp/rules', 'dlp_policy:read', { group: 'DLP', order: 5 }),
  screen('hidden', '/policy/web/internal', 'web_policy:read', false),
  screen('network', '/settings/network', 'settings:read', { order: 1 }),
  screen('overview', '/dashboard', 'dashboard:read', { order: 1 }),
];

function user(read: string[], env: Environment = cloud, capabilities: Record<string, unknown> = { rbac: true }) {
  const access = createAccessControl(env);
  access.setUser({ roles: { read, write: [] }, capabilities });
  return access;
}

describe('buildNavigation', () => {
  it('lists only permitted sections with their permitted screens, grouped and ordered', () => {
    const nav = buildNavigation({ sections, screens }, user(['web_policy', 'logs']));
    // Logs has no screen in this fixture, so no entry.
    expect(nav.map((s) => s.id)).toEqual(['policy', 'insights']);
    const policy = nav[0]!;
    expect(policy.groups).toEqual([
      { title: 'Web', screens: [{ id: 'threats', label: 'threats', route: '/policy/web/threats' }, { id: 'ssl', label: 'ssl', route: '/policy/web/ssl-bypass' }] },
    ]);
  });

  it('hides sections whose environment rule fails and the hidden contact form', () => {
    const onPremAppliance: Environment = { deployment: 'on_prem', appMode: 'safeview', production: true };
    const nav = buildNavigation({ sections, screens }, user(['web_policy', 'settings', 'dashboard'], onPremAppliance));
    expect(nav.map((s) => s.id)).not.toContain('policy');
    expect(nav.map((s) => s.id)).not.toContain('dashboard');
    expect(nav.map((s) => s.id)).not.toContain('contact-form');
    expect(nav.map((s) => s.id)).toContain('settings');
  });

  it('lists no section without screens (nothing to open there yet)', () => {
    const empty = defineSection({ id: 'web', title: 'Web', route: '/web', access: { any: ['setting:*'] }, order: 90 });
    const nav = buildNavigation({ sections: [...sections, empty], screens }, user(['web_policy', 'setting']));
    expect(nav.map((s) => s.id)).toEqual(['policy', 'insights']);
  });

  it('hides a section whose screens are all forbidden', () => {
    const only = [screen('dlp', '/policy/dlp/rules', 'dlp_policy:read', { order: 1 })];
    const nav = buildNavigation({ sections, screens: only }, user(['web_policy']));
    expect(nav.map((s) => s.id)).not.toContain('policy');
  });
});

describe('redirects', () => {
  it('goes to the dashboard by default, else the first permitted area', () => {
    expect(rootRedirect({ sections, screens }, user(['dashboard', 'web_policy']))).toBe('/dashboard');
    expect(rootRedirect({ sections, screens }, user(['web_policy']))).toBe('/policy/web/threats');
    expect(firstPermittedRoute({ sections, screens }, user(['settings']))).toBe('/settings/network');
    expect(firstPermittedRoute({ sections, screens }, user([]))).toBeUndefined();
  });

  it('on-prem goes to policy on a management station and to settings/network on an appliance', () => {
    const ms: Environment = { deployment: 'on_prem', appMode: 'management_station', production: true };
    const appliance: Environment = { deployment: 'on_prem', appMode: 'safeview', production: true };
    expect(rootRedirect({ sections, screens }, user(['dashboard', 'web_policy', 'settings'], ms))).toBe('/policy/web/threats');
    expect(rootRedirect({ sections, screens }, user(['dashboard', 'settings'], appliance))).toBe('/settings/network');
  });

  it('on-prem opens settings on the appliance-settings path of a management station (spec 000 §2)', () => {
    const ms: Environment = { deployment: 'on_prem', appMode: 'management_station', production: true };
    const appliance: Environment = { deployment: 'on_prem', appMode: 'safeview', production: true };
    const all = ['dashboard', 'web_policy', 'settings'];
    expect(rootRedirect({ sections, screens }, user(all, ms), '/appliance-settings/')).toBe('/settings/network');
    expect(rootRedirect({ sections, screens }, user(all, ms), '/')).toBe('/policy/web/threats');
    expect(rootRedirect({ sections, screens }, user(all, appliance), '/appliance-settings/')).toBe('/settings/network');
    expect(rootRedirect({ sections, screens }, user(all), '/appliance-settings/')).toBe('/dashboard');
    // Without settings, the first permitted area as anywhere else.
    expect(rootRedirect({ sections, screens }, user(['web_policy'], ms), '/appliance-settings/')).toBe('/policy/web/threats');
  });

  it('logs: no log view yet gives undefined; a registered one gets its default filters as query', () => {
    const access = user(['logs']);
    expect(logsRedirect({ sections, screens }, access)).toBeUndefined();
    const web = defineLogView({
      id: 'logs.web',
      title: 'Web logs',
      description: 'Web traffic',
      route: '/logs/web',
      nav: { order: 2 },
      read: { any: ['logs:read'] },
      logType: 'web',
      operations: logKindOps.web,
      columns: [],
      filters: [],
      defaultFilters: { interval: '7d', action: '' },
    });
    const audit = defineLogView({ ...web, id: 'logs.audit', route: '/logs/audit', nav: { order: 1 }, read: { any: ['roles:read'] } });
    expect(logsRedirect({ sections, screens: [...screens, web, audit] }, access)).toBe('/logs/web?interval=7d');
  });

  it('titles pages with the product suffix', () => {
    expect(pageTitle('SSL Bypass')).toBe('SSL Bypass | Isolation Admin Portal');
  });
});
