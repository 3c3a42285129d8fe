import { describe, expect, it } from 'vitest';
import type { NavSection } from '../../engine/core/navigation';
import { paletteResults } from './paletteResults';

const navigation: NavSection[] = [
  {
    id: 'policy',
    title: 'Policy',
    route: '/policy',
    externalHref: undefined,
    groups: [
      { title: 'Web', screens: [{ id: 'web.ssl', label: 'SSL Bypass', route: '/policy/web/ssl-bypass' }, { id: 'web.bw', label: 'Bandwidth', route: '/policy/web/bandwidth' }] },
      { title: 'Email', screens: [{ id: 'email.config', label: 'Email Settings', route: '/policy/email/settings' }] },
    ],
  },
  { id: 'settings', title: 'Settings', route: '/settings', externalHref: undefined, groups: [{ title: undefined, screens: [{ id: 'general', label: 'General', route: '/settings/general' }] }] },
];
const fields = { 'email.config': ['Support address', 'Quarantine retention'], general: ['Time zone', 'Support address'] };

describe('paletteResults', () => {
  it('lists every screen of the navigation, with its section and group, when nothing is typed', () => {
    expect(paletteResults(navigation, fields, '').map((r) => `${r.title} (${r.section})`)).toEqual([
      'SSL Bypass (Policy · Web)',
      'Bandwidth (Policy · Web)',
      'Email Settings (Policy · Email)',
      'General (Settings)',
    ]);
  });

  it('finds screens by title before fields by label, and a field leads to its screen', () => {
    const results = paletteResults(navigation, fields, 'set');
    expect(results[0]).toEqual({ title: 'Email Settings', section: 'Policy · Email', route: '/policy/email/settings' });
    const support = paletteResults(navigation, fields, 'support');
    expect(support.map((r) => [r.field, r.route])).toEqual([
      ['Support address', '/policy/email/settings'],
      ['Support address', '/settings/general'],
    ]);
  });

  it('needs every word, in the title or its context, and prefers a word start', () => {
    expect(paletteResults(navigation, fields, 'web band').map((r) => r.title)).toEqual(['Bandwidth']);
    expect(paletteResults(navigation, fields, 'zone').map((r) => r.field)).toEqual(['Time zone']);
    expect(paletteResults(navigation, fields, 'nothing like this')).toEqual([]);
  });
});
