import { NetworkDocument } from '../../schemas/areas/appliance';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceNetwork = defineSettingsPage({
  id: 'appliance.network',
  title: 'Network',
  // Design note: the spec names GET/PUT /api/dash/v1/settings/network with network_mode but not the fields.
  description:
    'How this appliance is reached on the network: automatic addressing (DHCP) or a static IPv4 address with its ' +
    'prefix length and default gateway, up to three DNS servers, an optional IPv6 address and the MTU. A static ' +
    'address needs both an address and a gateway.',
  route: '/settings/network',
  nav: applianceNav(10),
  // Spec 002 §7: "optional network_mode query"; the body's network_mode is taken too.
  endpoint: { path: '/api/dash/v1/settings/network', revision: 'none', save: 'PUT', queryFields: ['network_mode'] },
  schema: NetworkDocument,
  layout: {
    kind: 'form',
    groups: ['Address', 'Name resolution', 'Advanced'],
    fields: {
      network_mode: { group: 'Address', widget: 'segmented' },
      ipv4_address: { group: 'Address', placeholder: '192.0.2.10', showIf: { field: 'network_mode', equals: ['static'] } },
      prefix_length: { group: 'Address', showIf: { field: 'network_mode', equals: ['static'] } },
      gateway: { group: 'Address', placeholder: '192.0.2.1', showIf: { field: 'network_mode', equals: ['static'] } },
      hostname: { group: 'Name resolution', placeholder: 'appliance.example.com' },
      dns_servers: { group: 'Name resolution', widget: 'tags', placeholder: '192.0.2.53' },
      ipv6_address: { group: 'Advanced', placeholder: '2001:db8::10' },
      mtu: { group: 'Advanced' },
    },
  },
  effects: { all: { service: 'Applied by the appliance\'s operating system: its addresses and name servers; the connectivity check uses them.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
