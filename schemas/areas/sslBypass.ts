/** SSL bypass (`sslbump_bypass`): destinations whose TLS is not inspected. */
import { z } from 'zod';
import { DomainIpOrCidr } from '../validators';

export const SslBypassEntry = z.strictObject({
  id: z.string().min(1).max(64).meta({ title: 'Id', description: 'Stable identifier of the entry' }),
  destination: DomainIpOrCidr.meta({
    title: 'Destination',
    description: 'Domain (optionally *.example.com), IPv4 address or CIDR block whose TLS traffic is not inspected',
  }),
  comment: z.string().max(200).default('').meta({ title: 'Comment' }),
  enabled: z.boolean().default(true).meta({ title: 'Enabled' }),
});
export type SslBypassEntry = z.infer<typeof SslBypassEntry>;

export const SslBypassDocument = z.strictObject({
  list: z.array(SslBypassEntry).max(10_000).meta({ title: 'Bypass entries' }),
});
export type SslBypassDocument = z.infer<typeof SslBypassDocument>;
