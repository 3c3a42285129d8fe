/**
 * Hand-written settings calls (spec 002 §7 Storage, Forensics, PAC). The documents themselves (storage and forensic
 * profiles, viewer, PAC settings) are read and saved by the generic document handler; these calls read them.
 */
import { settingsOps } from '../../definitions/api/settings';
import { forensicProfiles } from '../../definitions/settings/forensicProfiles';
import { forensicViewer } from '../../definitions/settings/forensicViewer';
import { pacSettings } from '../../definitions/settings/pacSettings';
import { storageProfiles } from '../../definitions/settings/storageProfiles';
import { PacSettingsDocument, type ProxyIps } from '../../schemas/areas/pac';
import { StorageProfile, type StorageValidation } from '../../schemas/areas/storageProfiles';
import { lockTenantSettings, readSettingsDocument, writeSettingsDocument } from '../documents';
import { mergeSecrets } from '../secrets';
import { implementAll, requireCaller, type CallContext, type Db, type ServerModule } from '../types';
import { pacVersionOf } from './lookups';

// ---- storage validation ------------------------------------------------------------------------------------------

type Problem = readonly [field: string, message: string];

/** Amazon S3 bucket naming rules (general-purpose buckets). */
function s3BucketProblem(v: string): string | undefined {
  if (v.length < 3 || v.length > 63) return 'use 3 to 63 characters';
  if (!/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/.test(v)) return 'use lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit';
  if (v.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(v)) return 'no two adjacent dots, and not an IP address';
  if (v.startsWith('xn--') || v.endsWith('-s3alias')) return 'the prefix xn-- and the suffix -s3alias are reserved';
  return undefined;
}

function awsProblems(p: StorageProfile): Problem[] {
  const out: Problem[] = [];
  const bucket = s3BucketProblem(p.s3_bucket ?? '');
  if (bucket) out.push(['S3 bucket', bucket]);
  if (!/^(AKIA|ASIA)[A-Z0-9]{16}$/.test(p.key_id ?? '')) out.push(['Access key id', 'an AWS access key id is 20 characters starting with AKIA or ASIA']);
  if (!/^[A-Za-z0-9/+=]{40}$/.test(p.secret_key ?? '')) out.push(['Secret key', 'an AWS secret access key is 40 characters']);
  const role = p.assume_role;
  if (role?.external_aws_ac_id !== undefined) {
    if (!/^\d{12}$/.test(role.external_aws_ac_id)) out.push(['External AWS account id', 'an AWS account id is 12 digits']);
    if (!/^[\w+=,.@-]{1,64}$/.test(role.iam_role_name ?? '')) out.push(['IAM role name', 'use up to 64 letters, digits and +=,.@_-']);
    if (!/^[\w+=,.@:/-]{2,250}$/.test(role.external_id ?? '')) out.push(['External id', 'use 2 or more letters, digits and +=,.@:/_-']);
  }
  return out;
}

function azureProblems(p: StorageProfile): Problem[] {
  const out: Problem[] = [];
  if (!/^[a-z0-9]{3,24}$/.test(p.account ?? '')) out.push(['Storage account', 'use 3 to 24 lowercase letters and digits']);
  const share = p.share ?? '';
  if (!/^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$/.test(share)) {
    out.push(['Share', 'use 3 to 63 lowercase letters, digits and single hyphens, starting and ending with a letter or digit']);
  }
  const key = p.secret_key ?? '';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || key.length % 4 !== 0 || Buffer.from(key, 'base64').length !== 64) {
    out.push(['Secret key', 'an Azure account key is the 88-character base64 key shown in the Azure portal']);
  }
  return out;
}

/** Checks a profile's form; the reference server cannot reach AWS or Azure, and says so. */
export function validateStorageProfile(p: StorageProfile): StorageValidation {
  const problems = [
    ...(p.storage_platform === 'Amazon AWS' ? awsProblems(p) : azureProblems(p)),
    ...(p.path !== undefined && /(^|\/)\.\.(\/|$)|\\/.test(p.path) ? ([['Path', 'use / between folders and no .. segments']] as const) : []),
  ];
  if (problems.length > 0) {
    return { validated: false, message: `Check these fields: ${problems.map(([f, m]) => `${f}: ${m}`).join('; ')}.` };
  }
  const target = p.storage_platform === 'Amazon AWS' ? 'Amazon S3' : 'Azure Storage';
  return {
    validated: true,
    message: `The settings are well-formed. This reference server does not connect to ${target}, so the bucket or share and the credentials were not tried.`,
  };
}

// ---- PAC ---------------------------------------------------------------------------------------------------------

/** Service proxy addresses (documentation ranges: the reference server has no real points of presence). */
const PROXY_POINTS = [
  { ip: '203.0.113.10', region: 'us-east-1' },
  { ip: '203.0.113.11', region: 'us-west-2' },
  { ip: '198.51.100.20', region: 'eu-west-1' },
  { ip: '198.51.100.21', region: 'eu-central-1' },
  { ip: '192.0.2.40', region: 'ap-southeast-1' },
] as const;

const PAC_DEFAULTS = PacSettingsDocument.parse({});

function proxyIps(port: number): ProxyIps {
  return { proxy_ips: PROXY_POINTS.map((p) => ({ ...p, port })) };
}

const cidrToMask = (cidr: string): [string, string] => {
  const [ip, bits] = cidr.split('/') as [string, string | undefined];
  const prefix = bits === undefined ? 32 : Number(bits);
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return [ip, [24, 16, 8, 0].map((s) => (mask >>> s) & 255).join('.')];
};

/** The PAC file generated from the settings: direct destinations first, then the service proxies in order. */
export function generatePac(settings: PacSettingsDocument, ips: ProxyIps): string {
  const lines = ['function FindProxyForURL(url, host) {'];
  if (settings.bypass_private_networks) {
    lines.push(
      '  if (isPlainHostName(host)) return "DIRECT";',
      '  var ip = dnsResolve(host);',
      '  if (ip && (isInNet(ip, "10.0.0.0", "255.0.0.0") || isInNet(ip, "172.16.0.0", "255.240.0.0") ||',
      '      isInNet(ip, "192.168.0.0", "255.255.0.0") || isInNet(ip, "127.0.0.0", "255.0.0.0"))) return "DIRECT";',
    );
  }
  for (const d of settings.bypass_domains) {
    lines.push(d.startsWith('*.') ? `  if (dnsDomainIs(host, "${d.slice(1)}")) return "DIRECT";` : `  if (host == "${d}") return "DIRECT";`);
  }
  for (const c of settings.bypass_ips) {
    const [ip, mask] = cidrToMask(c);
    lines.push(`  if (isInNet(dnsResolve(host), "${ip}", "${mask}")) return "DIRECT";`);
  }
  const proxies = ips.proxy_ips.map((p) => `PROXY ${p.ip}:${p.port}`);
  if (settings.fallback_direct) proxies.push('DIRECT');
  lines.push(`  return "${proxies.join('; ')}";`, '}', '');
  return lines.join('\n');
}

const readPac = (db: Db, tenantId: string) => readSettingsDocument(db, tenantId, pacSettings);

// ---- the module --------------------------------------------------------------------------------------------------

const capability = async (ctx: CallContext & { readonly params: { readonly capability: string } }) => {
  const { user } = requireCaller(ctx);
  return { capability: ctx.params.capability, enabled: user.capabilities[ctx.params.capability] === true };
};

export const settingsModule: ServerModule = {
  name: 'settings',
  implementations: implementAll(settingsOps, {
    validateStorage: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const { doc } = await readSettingsDocument(ctx.db, tenantId, storageProfiles);
      // A profile validated from the list carries the placeholder for its key: take the saved key of the same uuid.
      const saved = doc.list.find((p) => p.uuid === ctx.body.uuid);
      const { document, unresolved } = mergeSecrets(StorageProfile, ctx.body, saved);
      if (unresolved.length > 0) {
        return { validated: false, message: `Retype the key (${unresolved.join(', ')}): no saved key matches this profile.` };
      }
      return validateStorageProfile(document);
    },

    storageCapability: capability,
    forensicsCapability: capability,

    forensicsStatus: async (ctx) => {
      const { tenantId, user } = requireCaller(ctx);
      const [profiles, storage, viewer] = await Promise.all([
        readSettingsDocument(ctx.db, tenantId, forensicProfiles),
        readSettingsDocument(ctx.db, tenantId, storageProfiles),
        readSettingsDocument(ctx.db, tenantId, forensicViewer),
      ]);
      const enabled = user.capabilities.browsing_forensics === true;
      const storageIds = new Set(storage.doc.list.map((p) => p.uuid));
      const dangling = profiles.doc.bf_profiles.find((p) => !p.storage_default && !storageIds.has(p.storage_profile_id ?? ''));
      const base = {
        enabled,
        profiles: profiles.doc.bf_profiles.length,
        storage_profiles: storage.doc.list.length,
        viewer: viewer.doc.bf_viewer.enabled ? ('enabled' as const) : ('disabled' as const),
      };
      if (!enabled) return { ...base, state: 'unavailable', message: 'Browser forensics is not part of this tenant’s subscription.' };
      if (base.profiles === 0) return { ...base, state: 'not_configured', message: 'Add a forensic profile to start recording.' };
      if (dangling) {
        return { ...base, state: 'not_configured', message: `Forensic profile "${dangling.name}" uses a storage profile that no longer exists.` };
      }
      return { ...base, state: 'ready', message: 'Browser forensics records with the configured profiles.' };
    },

    pacProxyIps: async (ctx) => proxyIps((await readPac(ctx.db, requireCaller(ctx).tenantId)).doc.proxy_port),

    pacDefaults: async () => PAC_DEFAULTS,

    pacTemplate: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const [{ doc, updated_at, updated_by }, { version }] = await Promise.all([readPac(ctx.db, tenantId), pacVersionOf(ctx.db, tenantId)]);
      // Version 1 serves only the generated file: an uploaded template is kept for version 2 but not served.
      if (doc.template && version === 'v2') return { ...doc.template, source: 'uploaded', updated_at, updated_by };
      return { pac: generatePac(doc, proxyIps(doc.proxy_port)), filename: 'proxy.pac', source: 'generated' };
    },

    uploadPacTemplate: async (ctx) => {
      const caller = requireCaller(ctx);
      const { tenantId } = caller;
      return ctx.db.transaction(async (tx) => {
        // The template is part of the PAC settings document: lock as a settings save does, and stamp the document,
        // so a PAC page loaded before the upload gets 409 instead of dropping the template.
        await lockTenantSettings(tx, tenantId);
        const { doc } = await readPac(tx, tenantId);
        const body = PacSettingsDocument.parse({ ...doc, template: ctx.body });
        const stamp = await writeSettingsDocument(tx, caller, pacSettings, body, ctx.request.ip);
        return { ...ctx.body, source: 'uploaded', ...stamp };
      });
    },
  }),
};
