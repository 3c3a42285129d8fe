/**
 * Payloads of the provider console's per-tenant network and logging records (spec 001 §7 "Tenant management": VPN
 * destinations, gateways, tunnels and network rules; logging IP restrictions), its service-wide tenant groups, and the
 * log collection a logging token authenticates.
 * Spec 001 names these without payloads: the fields are this service's design. Every answer carries status
 * "Success" (spec 001 §5).
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { checked, IPv4, PortOrPortRange } from '../validators';
import { LogType } from '../logs';
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
export const VpnTunnel = VpnTunnelInput.extend({
  ...RecordMeta,
  tenant_id: z.string(),
  gateway_name: z.string().meta({ title: 'Gateway', description: 'The name of the gateway the tunnel ends at.' }),
});

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

// ---- log collection with a logging token --------------------------------------------------------------------------

/** Where a collector continues: the last event it has, as `<ts>.<seq>` (both integers), from the answer's `next`. */
const Cursor = z.string().regex(/^\d{1,16}\.\d{1,19}$/, { message: 'Use the next value of the previous answer.' });
export const CollectQuery = z.strictObject({
  log_type: LogType.meta({ title: 'Log kind', description: 'Which of the tenant\'s logs to read.' }),
  after: Cursor.optional().meta({ title: 'After', description: 'The next value of the previous answer; none: from the oldest event.' }),
  limit: z.coerce.number().int().min(1).max(1000).default(100).meta({ title: 'Events', description: 'At most this many events (1 to 1000, default 100).' }),
});
export const CollectAnswer = z.object({
  status: z.literal('Success'),
  events: z.array(z.object({ ts: z.number().int().meta({ description: 'Milliseconds since 1970 (UTC).' }), event: z.record(z.string(), z.unknown()) })),
  next: z.string().nullable().meta({ description: 'The cursor of the last event answered, for the next call; null when this call answered none.' }),
});
