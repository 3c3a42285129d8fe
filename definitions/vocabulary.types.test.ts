/**
 * Typos of the cross-reference vocabularies fail the type check (`npx tsc -p .`; an unused `@ts-expect-error` fails
 * it too): a permission of no area or item of `schemas/permissions.ts`, a navigation group not in `NAV_GROUPS`.
 * Columns, row keys, widget kinds and operations given by id are in define.types.test.ts; a definition that is
 * exported but not registered in registration.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PERMISSION_AREA_NAMES } from '../schemas/permissions';
import { defineOperation, definePolicyArea, defineSection, NAV_GROUPS } from './define';

const schema = z.strictObject({ list: z.array(z.strictObject({ id: z.string(), host: z.string() })) });
const area = {
  id: 'web.trusted-hosts',
  title: 'Trusted Hosts',
  description: 'Hosts the web policy always allows.',
  route: '/policy/web/trusted-hosts',
  endpoint: { path: '/api/policy/v1/rules/trusted_hosts/{rev}' },
  schema,
  layout: { kind: 'table', rows: 'list', rowKey: 'id', columns: ['host'] },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  tag: 'web policy',
} as const;

describe('typed vocabularies', () => {
  it('accepts the permissions and groups of the vocabulary', () => {
    const ok = definePolicyArea({ ...area, nav: { group: 'Web' }, write: { any: ['web_policy:write:exceptions', 'logs:read:web', 'settings:*', '*:*'] } });
    expect(ok.nav).toEqual({ group: 'Web' });
    expect(PERMISSION_AREA_NAMES).toContain('web_policy');
    expect(NAV_GROUPS).toContain('Web');
  });

  it('refuses a misspelt permission or navigation group at compile time', () => {
    const typos = [
      // @ts-expect-error a misspelt permission area in a screen's write rule
      definePolicyArea({ ...area, write: { any: ['web_polcy:write'] } }),
      // @ts-expect-error an action no permission has
      definePolicyArea({ ...area, read: { any: ['web_policy:reed'] } }),
      // @ts-expect-error an item segment the area does not have
      definePolicyArea({ ...area, write: { any: ['web_policy:write:exeptions'] } }),
      // @ts-expect-error a misspelt navigation group
      definePolicyArea({ ...area, nav: { group: 'Webb' } }),
      // @ts-expect-error a misspelt permission in a section's access rule
      defineSection({ id: 's', title: 'S', route: '/s', order: 1, access: { any: ['dashbord:*'] } }),
      defineOperation({
        id: 'web.trusted-hosts.check',
        method: 'GET',
        path: '/api/x',
        summary: 's',
        response: z.object({}),
        // @ts-expect-error a misspelt permission in an operation's access rule
        access: { all: ['setings:read'] },
        tag: 't',
      }),
    ];
    expect(typos).toHaveLength(6);
  });
});
