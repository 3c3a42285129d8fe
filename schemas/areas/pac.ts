/**
 * PAC settings (spec 002 §7 PAC): the proxy auto-configuration file the service hands to browsers. The spec lists the
 * calls but not the fields; these are the settings an administrator of such a service expects: serve the file or
 * not, generate it or use an uploaded template, which destinations go direct, and what browsers do when the service
 * cannot be reached.
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { Domain, PORT_MAX, PORT_MIN, VALIDATOR_MESSAGES } from '../validators';
import { IpOrCidr } from './ruleConditions';

/** Largest PAC template accepted, in bytes of UTF-8 (PAC files are a few KB; the spec gives no limit). */
export const PAC_MAX_BYTES = 256 * 1024;
export const PAC_FILE_TYPES = ['.pac', '.txt'] as const;
export const PAC_BYPASS_MAX = 1000;

export const PacFileName = z
  .string()
  .refine((v) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(pac|txt)$/i.test(v), {
    message: 'Use a file name such as proxy.pac: letters, digits, ., _ or -, ending in .pac or .txt.',
    params: { key: 'invalidFileName' },
  })
  .meta({ title: 'File name' });

export const PacText = z
  .string()
  .min(1, { message: 'The PAC file is empty.' })
  .refine((v) => new TextEncoder().encode(v).length <= PAC_MAX_BYTES, {
    message: `The PAC file is larger than ${PAC_MAX_BYTES / 1024} KB.`,
    params: { key: 'maxSize' },
  })
  .refine((v) => /function\s+FindProxyForURL\s*\(/.test(v), {
    message: 'A PAC file must define function FindProxyForURL(url, host).',
    params: { key: 'invalidPac' },
  })
  .meta({ title: 'PAC file' });

/** Body of POST /api/settings/v1/pac/template: the file text and its name. */
export const PacTemplate = z.strictObject({ pac: PacText, filename: PacFileName }).meta({ title: 'PAC template' });
export type PacTemplate = z.infer<typeof PacTemplate>;

/** Answer of GET /api/settings/v1/pac/template: the uploaded template, or the generated one while none is uploaded. */
export const PacTemplateAnswer = z.object({
  pac: z.string(),
  filename: z.string(),
  source: z.enum(['uploaded', 'generated']),
  updated_at: z.iso.datetime().optional(),
  updated_by: z.string().optional(),
});
export type PacTemplateAnswer = z.infer<typeof PacTemplateAnswer>;

export const PacMode = labelledEnum(
  ['generated', 'uploaded'],
  { generated: 'Generate from these settings', uploaded: 'Use the uploaded template' },
  { title: 'PAC file' },
);

export const PacSettingsDocument = z
  .strictObject({
    enabled: z.boolean().default(false).meta({ title: 'Serve a PAC file', description: 'Browsers configured with the PAC address use it' }),
    mode: PacMode.default('generated'),
    proxy_port: z
      .number()
      .int({ message: VALIDATOR_MESSAGES.invalidPortOrPortRange })
      .min(PORT_MIN, { message: VALIDATOR_MESSAGES.invalidPortOrPortRange })
      .max(PORT_MAX, { message: VALIDATOR_MESSAGES.invalidPortOrPortRange })
      .default(80)
      .meta({ title: 'Proxy port' }),
    bypass_private_networks: z.boolean().default(true).meta({
      title: 'Send private networks direct',
      description: 'Plain host names, 10.0.0.0/8, 172.16.0.0/12 and 192.168.0.0/16 skip the service',
    }),
    bypass_domains: z.array(Domain).max(PAC_BYPASS_MAX).default([]).meta({ title: 'Domains sent direct' }),
    bypass_ips: z.array(IpOrCidr).max(PAC_BYPASS_MAX).default([]).meta({ title: 'Addresses sent direct' }),
    fallback_direct: z.boolean().default(false).meta({
      title: 'Go direct when the service is unreachable',
      description: 'Off: browsers show an error instead of bypassing the service',
    }),
    template: PacTemplate.optional(),
  })
  .superRefine((doc, ctx) => {
    if (doc.mode === 'uploaded' && !doc.template) {
      ctx.addIssue({ code: 'custom', path: ['template'], message: 'Upload a PAC template first.', params: { key: 'required' } });
    }
  });
export type PacSettingsDocument = z.infer<typeof PacSettingsDocument>;

/** Answer of GET /api/settings/v1/pac/defaults: the settings a new tenant starts with. */
export const PacDefaults = PacSettingsDocument;

export const ProxyIp = z.object({
  ip: z.string(),
  port: z.number().int(),
  region: z.string().meta({ description: 'Region code of the service point, e.g. us-east-1' }),
});
/** Answer of GET /api/settings/v1/pac/proxy_ips. */
export const ProxyIps = z.object({ proxy_ips: z.array(ProxyIp) });
export type ProxyIps = z.infer<typeof ProxyIps>;
