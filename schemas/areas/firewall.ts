/**
 * Firewall (spec 001 §7: GET or PUT /api/policy/v1/rules/fwaas/{services|rules|feeds}/{revId}, PUT body rev_id, state,
 * updated_at, data). Each document is the single key `data`, a list. The spec shows no row fields; they are what a
 * firewall-as-a-service administrator expects: named services (protocol and ports), ordered rules with the firewall
 * actions and request types of spec 000 §3, and threat-intelligence feeds of addresses to act on.
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { FIREWALL_ACTION_LABELS, FIREWALL_REQUEST_TYPE_LABELS } from '../logEnums';
import { DomainIpOrCidr, PortOrPortRange, URL_MAX, checked } from '../validators';
import { Comment, Description, Enabled, RowId, RuleName, enumFromLabels, listOf, ruleList, uniqueBy } from './common';
import { CountryCode, IpOrCidr } from './ruleConditions';

export const FirewallActionChoice = enumFromLabels(FIREWALL_ACTION_LABELS, 'Action');
export const RequestTypeChoice = enumFromLabels(FIREWALL_REQUEST_TYPE_LABELS, 'Request type');
export const IpProtocol = labelledEnum(['tcp', 'udp', 'icmp', 'any'], { tcp: 'TCP', udp: 'UDP', icmp: 'ICMP', any: 'Any' }, { title: 'Protocol' });

// ---- services ------------------------------------------------------------------------------------------------------

export const FirewallService = z
  .strictObject({
    id: RowId,
    name: RuleName,
    protocol: IpProtocol,
    ports: listOf(PortOrPortRange, 'Ports', 100, 'Ports or ranges such as 443 or 8000-8080; not used for ICMP and Any'),
    description: Description,
  })
  .refine((s) => s.protocol === 'icmp' || s.protocol === 'any' || s.ports.length > 0, {
    message: 'Add at least one port for TCP or UDP.',
    path: ['ports'],
    params: { key: 'portRequired' },
  });
export type FirewallService = z.infer<typeof FirewallService>;

export const FirewallServicesDocument = z.strictObject({
  data: ruleList(FirewallService, 'Services', 'id', 500).superRefine(uniqueBy<FirewallService>('name', 'Another service has this name.')),
});
export type FirewallServicesDocument = z.infer<typeof FirewallServicesDocument>;

// ---- rules ---------------------------------------------------------------------------------------------------------

export const FirewallRule = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  request_type: RequestTypeChoice.default('internet'),
  sources: listOf(IpOrCidr, 'Sources', 1000, 'IPv4 addresses or CIDR blocks; empty: any source'),
  destinations: listOf(DomainIpOrCidr, 'Destinations', 1000, 'Domains, IPv4 addresses or CIDR blocks; empty: any destination'),
  destination_countries: listOf(CountryCode, 'Destination countries', 250),
  services: listOf(RowId, 'Services', 100, 'Ids of services; empty: any service'),
  feeds: listOf(RowId, 'Threat feeds', 50, 'Ids of feeds whose addresses the rule matches'),
  action: FirewallActionChoice,
  log: z.boolean().default(true).meta({ title: 'Log matches' }),
  comment: Comment,
});
export type FirewallRule = z.infer<typeof FirewallRule>;

export const FirewallRulesDocument = z.strictObject({ data: ruleList(FirewallRule, 'Firewall rules') });
export type FirewallRulesDocument = z.infer<typeof FirewallRulesDocument>;

// ---- feeds ---------------------------------------------------------------------------------------------------------

export const FeedFormat = labelledEnum(
  ['plain', 'csv', 'stix'],
  { plain: 'One address per line', csv: 'CSV (first column)', stix: 'STIX 2.1 indicators' },
  { title: 'Format' },
);

export const FirewallFeed = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  url: checked('invalidUrl', z.string().max(URL_MAX)).meta({ title: 'Feed address', description: 'http:// or https:// address the service downloads the list from' }),
  format: FeedFormat.default('plain'),
  refresh_minutes: z.number().int().min(15, { message: 'Use at least 15 minutes.' }).max(1440, { message: 'Use at most 1440 minutes (a day).' }).default(60).meta({ title: 'Refresh every (minutes)' }),
  comment: Comment,
});
export type FirewallFeed = z.infer<typeof FirewallFeed>;

export const FirewallFeedsDocument = z.strictObject({ data: ruleList(FirewallFeed, 'Threat feeds', 'id', 50) });
export type FirewallFeedsDocument = z.infer<typeof FirewallFeedsDocument>;
