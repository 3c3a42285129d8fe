/**
 * Payloads of the provider console's per-tenant network and logging records (spec 001 §7 "Tenant management": VPN
 * destinations, gateways, tunnels and network rules; logging IP restrictions) and its service-wide tenant groups.
 * Spec 001 names these without payloads: the fields are this service's design. Every answer carries status
 * "Success" (spec 001 §5).
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { checked, IPv4, PortOrPortRange } from '../validators';
import { Name, RecordMeta, TenantId } from './providerFleet';

const Cidr = checked('invalidCidr');
const Note = z.string().max(1000).default('').meta({ title: 'Note' });
const LinkId = (title: string, description: string) => z.string().min(1).max(100).meta({ title, description });

// ---- VPN ----------------------------------------------------------------------------------------------------------

export const VpnGatewayInput = z.strictObject({
  name: Name,
  public_ip: IPv4.meta({ title: 'Public address', description: 'The IPv4 address the tenant\'s sites connect their tunnels to.' }),
  region: z.string().max(100).default('').meta({ title: 'Region' }),
  note: Note,
});
export const VpnGateway = VpnGatewayInput.extend({ ...RecordMeta, tenant_id: z.string(), tunnels: z.number().meta({ title: 'Tunnels' }) });

export const VpnDestinationInput = z.strictObject({
  name: Name,
  cidrs: z.array(Cidr).min(1).max(100).meta({ title: 'Networks', description: 'CIDR blocks of the tenant\'s network reachable through its tunnels, e.g. 10.20.0.0/16.' }),
  note: Note,
});
export const VpnDestination = VpnDestinationInput.extend({ ...RecordMeta, tenant_id: z.string() });

export const VpnTunnelInput = z.strictObject({
  name: Name,
  gateway_id: LinkId('Gateway', 'The gateway of this tenant the tunnel ends at.'),
  peer_ip: IPv4.meta({ title: 'Peer address', description: 'The public IPv4 address of the tenant\'s site.' }),
  ike_version: labelledEnum(['ikev1', 'ikev2'], { ikev1: 'IKEv1', ikev2: 'IKEv2' }, { title: 'IKE version' }).default('ikev2'),
  enabled: z.boolean().default(true).meta({ title: 'Enabled' }),
  note: Note,
});
export const VpnTunnel = VpnTunnelInput.extend({ ...RecordMeta, tenant_id: z.string() });

export const NetworkRuleInput = z.strictObject({
  name: Name,
  destination_ids: z.array(LinkId('Destination', 'A VPN destination of this tenant.')).min(1).max(50).meta({ title: 'Destinations' }),
  protocol: labelledEnum(['any', 'tcp', 'udp', 'icmp'], { any: 'Any', tcp: 'TCP', udp: 'UDP', icmp: 'ICMP' }, { title: 'Protocol' }).default('any'),
  ports: z.array(PortOrPortRange).max(50).default([]).meta({ title: 'Ports', description: 'Ports or ranges (e.g. 443, 8000-8080); empty: every port.' }),
  action: labelledEnum(['allow', 'block'], { allow: 'Allow', block: 'Block' }, { title: 'Action' }),
  enabled: z.boolean().default(true).meta({ title: 'Enabled' }),
  note: Note,
});
export const NetworkRule = NetworkRuleInput.extend({ ...RecordMeta, tenant_id: z.string() });

// ---- logging -------------------------------------------------------------------------------------------------------

export const LoggingIpRestrictionInput = z.strictObject({
  cidr: Cidr.meta({ title: 'Network', description: 'A CIDR block log collectors of the tenant connect from, e.g. 198.51.100.0/24.' }),
  note: Note,
});
export const LoggingIpRestriction = LoggingIpRestrictionInput.extend({ ...RecordMeta, tenant_id: z.string() });

// ---- tenant groups -------------------------------------------------------------------------------------------------

export const TenantGroupInput = z.strictObject({
  name: Name,
  tids: z.array(TenantId).max(1000).default([]).meta({ title: 'Tenants', description: 'Tenant ids in the group (e.g. a reseller\'s customers).' }),
  note: Note,
});
export const TenantGroup = TenantGroupInput.extend({ ...RecordMeta });
