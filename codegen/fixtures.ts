/**
 * Test fixtures: one more policy area, written the way a product engineer adds one (a schema, a definition), and a
 * registry that lists it next to everything real. Used by the codegen unit tests and the add-an-area API test.
 */
import { z } from 'zod';
import { Hostname, ShortText } from '../schemas/validators';
import { definePolicyArea } from '../definitions/define';
import { createRegistry, type Registry } from '../definitions/registry';

export const FixtureRule = z.strictObject({
  id: z.string().min(1).max(64).meta({ title: 'Id' }),
  host: Hostname.meta({ title: 'Host', description: 'Host name the rule applies to' }),
  note: ShortText.default('').meta({ title: 'Note' }),
  action: z.enum(['allow', 'block']).default('allow').meta({ title: 'Action' }),
  port: z.number().int().min(1).max(65535).optional().meta({ title: 'Port' }),
});

export const FixtureDocument = z.strictObject({
  list: z.array(FixtureRule).max(50).meta({ title: 'Rules' }),
  enabled: z.boolean().default(true).meta({ title: 'Enabled' }),
});

export const fixtureArea = definePolicyArea({
  id: 'web.fixture-area',
  title: 'Fixture Area',
  description: 'Hosts that a test adds as a brand-new policy area.',
  route: '/policy/web/fixture-area',
  nav: { group: 'Web', order: 999 },
  endpoint: { path: '/api/policy/v1/rules/fixture_area/{rev}' },
  schema: FixtureDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: ['host', { field: 'action', label: 'What happens' }, 'note'],
    rowFields: { id: { widget: 'hidden' }, note: { help: 'Shown to administrators only' } },
    newRow: { action: 'allow', note: '' },
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  tag: 'web policy',
});

/** `base` with the fixture area added, as its registry line would add it. */
export function withFixtureArea(base: Registry): Registry {
  return createRegistry({
    sections: base.sections,
    screens: [...base.screens, fixtureArea],
    operations: base.operations.filter((o) => !o.document),
  });
}
