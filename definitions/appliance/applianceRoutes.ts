import { RoutesDocument } from '../../schemas/areas/appliance';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceRoutes = defineSettingsPage({
  id: 'appliance.routes',
  title: 'Static Routes',
  // Design note: the spec names GET/PUT /api/dash/v1/settings/route with persist_routes but not the route fields.
  description:
    'Networks reached through a gateway other than the default one: each route is a destination network in CIDR ' +
    'form and the IPv4 address of its next hop (up to 100). With "Keep routes after a restart" off they apply only ' +
    'until the appliance restarts.',
  route: '/settings/routes',
  nav: applianceNav(20),
  endpoint: { path: '/api/dash/v1/settings/route', revision: 'none', save: 'PUT' },
  schema: RoutesDocument,
  layout: {
    kind: 'form',
    fields: {
      persist_routes: {},
      list: {
        table: {
          columns: ['destination', 'gateway', 'comment'],
          rowFields: { id: { widget: 'hidden' }, destination: { placeholder: '10.20.0.0/16' }, gateway: { placeholder: '192.0.2.1' } },
          newRow: { destination: '', gateway: '', comment: '' },
          itemLabel: 'route',
        },
      },
    },
  },
  effects: { all: { service: 'Applied by the appliance\'s operating system: its routing table.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
