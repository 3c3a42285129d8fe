import { UpstreamProxyDocument } from '../../schemas/areas/applianceAuth';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

const on = { field: 'enabled', equals: [true] } as const;

export const applianceUpstreamProxy = defineSettingsPage({
  id: 'appliance.upstream-proxy',
  title: 'Upstream Proxy',
  // Design note: the spec names /api/v1/settings/pnr_proxy but not its fields (schemas/areas/applianceAuth.ts).
  description:
    'Another proxy this appliance sends the traffic it fetches through, with the host names it reaches directly.',
  route: '/settings/upstream-proxy',
  nav: applianceNav(25),
  endpoint: { path: '/api/v1/settings/pnr_proxy', revision: 'none', save: 'PUT' },
  schema: UpstreamProxyDocument,
  layout: {
    kind: 'form',
    fields: {
      enabled: {},
      host: { placeholder: 'proxy.example.com', showIf: on },
      port: { showIf: on },
      username: { showIf: on },
      password: { widget: 'password', writeOnly: true, showIf: on },
      bypass: { widget: 'tags', showIf: on },
    },
  },
  effects: { all: { service: 'Applied by the appliance to the traffic it fetches.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
