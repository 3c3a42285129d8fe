/**
 * Lookups and shell-level calls (definitions/api/lookups.ts). Reference lists come from `seed/lookups.json`
 * (validated against `LookupSeed` when the module loads); per-tenant lists there are keyed by tenant name with "*"
 * as the fallback. Values a tenant sets (PAC version, category migration, the DLP file password) live in
 * `tenant_values`; contact requests and allow-list entries from UCE reports in their own tables (migration 500).
 */
import { X509Certificate, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import forge from 'node-forge';
import { z } from 'zod';
import { lookupOps } from '../../definitions/api/lookups';
import { policyVariantOps } from '../../definitions/api/policyVariants';
import { tenantUtilOps } from '../../definitions/api/tenantUtils';
import type { DocumentScreen } from '../../definitions/define';
import { casbAppRules } from '../../definitions/policy/casb/casbAppRules';
import { sslBypass } from '../../definitions/policy/web/sslBypass';
import { appCatalog } from '../../definitions/privateAccess/appCatalog';
import { authSettings } from '../../definitions/settings/tenant/authSettings';
import { clientProfiles } from '../../definitions/settings/tenant/clientProfiles';
import { fixedEgress } from '../../definitions/settings/tenant/fixedEgress';
import { termsOfService } from '../../definitions/settings/tenant/termsOfService';
import { DAY_MS, MESSAGES } from '../../schemas/constants';
import { CAPABILITY_DESCRIPTIONS, LookupSeed, type MultiTenantInfo, type PacVersion, type PortalVersion } from '../../schemas/areas/lookups';
import { labelsOf, NodeType } from '../../schemas/enums';
import { EGRESS_RULES_MAX, HeaderOperation, PROTECTED_HEADERS, RA_THREATS } from '../../schemas/areas/webRules';
import type { AuthV2Item, TosStatus } from '../../schemas/areas/tenantSettings';
import { attachmentDisposition, sendAsFile } from '../attachment';
import { recordAudit } from '../audit';
import { documentHandler, readSettingsDocument } from '../documents';
import { CATEGORY_LABEL_OF } from '../logs/catalog';
import { revisionById } from '../revisions';
import { statusOf } from './applianceManager';
import { HttpError, implementAll, requireCaller, type CallContext, type Db, type ServerModule } from '../types';
import { randomSerial } from '../x509';

const SEED_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'seed', 'lookups.json');

/** The lookup seed, validated once. */
export const LOOKUPS: LookupSeed = LookupSeed.parse(JSON.parse(readFileSync(SEED_FILE, 'utf8')));

const forTenant = <T>(byTenant: Readonly<Record<string, T>>, tenantName: string): T | undefined => byTenant[tenantName] ?? byTenant['*'];

/** The handler of a screen's derived operation, for a variant that reads or saves the same document. */
const screenHandler = (ctx: CallContext, opId: string) => {
  const op = ctx.registry.operation(opId);
  if (!op) throw new Error(`No operation ${opId}`);
  return documentHandler(ctx.registry, op) as unknown as (c: CallContext & { params: unknown; body?: unknown; query?: unknown }) => Promise<Record<string, unknown>>;
};

// ---- tenant values -----------------------------------------------------------------------------------------------

interface StoredValue<T> {
  readonly body: T;
  readonly updated_at: Date;
  readonly updated_by: string;
}

async function readValue<T>(db: Db, tenantId: string, name: string): Promise<StoredValue<T> | undefined> {
  const { rows } = await db.query<StoredValue<T>>('SELECT body, updated_at, updated_by FROM tenant_values WHERE tenant_id = $1 AND name = $2', [tenantId, name]);
  return rows[0];
}

async function writeValue(db: Db, tenantId: string, name: string, body: unknown, by: string): Promise<StoredValue<unknown>> {
  const { rows } = await db.query<StoredValue<unknown>>(
    `INSERT INTO tenant_values (tenant_id, name, body, updated_at, updated_by) VALUES ($1, $2, $3, now(), $4)
     ON CONFLICT (tenant_id, name) DO UPDATE SET body = $3, updated_at = now(), updated_by = $4
     RETURNING body, updated_at, updated_by`,
    [tenantId, name, JSON.stringify(body), by],
  );
  return rows[0]!;
}

/** Writes a tenant value and records who changed it, in one transaction. */
async function saveAudited(ctx: CallContext, name: string, body: unknown, area: string) {
  const caller = requireCaller(ctx);
  return ctx.db.transaction(async (tx) => {
    const stored = await writeValue(tx, caller.tenantId, name, body, caller.user.username);
    await recordAudit(tx, caller.tenantId, {
      action: 'save',
      user: caller.user.username,
      tenant: caller.user.tenant_name,
      area,
      result: 'success',
      ip: ctx.request.ip,
    });
    return stored;
  });
}

const VersionStored = z.object({ version: z.enum(['v1', 'v2']) });

/** A stored v1/v2 choice (PAC file, portal) with who set it; v1 until set. */
async function versionOf(db: Db, tenantId: string, name: 'pac_version' | 'portal_version'): Promise<PacVersion & PortalVersion> {
  const stored = await readValue<unknown>(db, tenantId, name);
  const parsed = VersionStored.safeParse(stored?.body);
  return parsed.success && stored
    ? { version: parsed.data.version, updated_at: stored.updated_at.toISOString(), updated_by: stored.updated_by }
    : { version: 'v1', updated_at: null, updated_by: null };
}

// ---- terms of service ----------------------------------------------------------------------------------------------

const TosAccepted = z.object({ version: z.number().int() });
/** Each user's latest acceptance is a tenant value of its own. */
const tosAcceptedName = (username: string) => `tos_accepted:${username}`;

async function tosStatusOf(ctx: CallContext): Promise<TosStatus> {
  const caller = requireCaller(ctx);
  const { doc } = await readSettingsDocument(ctx.db, caller.tenantId, termsOfService);
  const stored = await readValue<unknown>(ctx.db, caller.tenantId, tosAcceptedName(caller.user.username));
  const accepted = TosAccepted.safeParse(stored?.body);
  const acceptedVersion = accepted.success ? accepted.data.version : null;
  const current =
    stored !== undefined &&
    acceptedVersion === doc.version &&
    (doc.accept_every_days === 0 || Date.now() - stored.updated_at.getTime() < doc.accept_every_days * DAY_MS);
  return {
    ...doc,
    must_accept: doc.enabled && !current,
    accepted_version: acceptedVersion,
    accepted_at: stored && accepted.success ? stored.updated_at.toISOString() : null,
  };
}

/** The PAC file version the tenant serves (v1 until chosen): v1 serves only the file generated from the PAC settings. */
export const pacVersionOf = (db: Db, tenantId: string) => versionOf(db, tenantId, 'pac_version');

async function savePacVersion(ctx: CallContext & { readonly body: { readonly version: 'v1' | 'v2' } }): Promise<PacVersion> {
  const stored = await saveAudited(ctx, 'pac_version', { version: ctx.body.version }, 'pac.version');
  return { version: ctx.body.version, updated_at: stored.updated_at.toISOString(), updated_by: stored.updated_by };
}

async function migrationOf(db: Db, tenantId: string) {
  const stored = await readValue<{ migrate?: unknown }>(db, tenantId, 'category_migration');
  return stored
    ? { migrate: stored.body.migrate === true, updated_at: stored.updated_at.toISOString(), updated_by: stored.updated_by }
    : { migrate: false, updated_at: null, updated_by: null };
}

// ---- multi-tenant associations -----------------------------------------------------------------------------------

type Associations = readonly Omit<MultiTenantInfo['associations'][number], 'can_approve'>[];

/** The tenant's associations: as approved here (tenant_values), else as seeded. */
export async function associationsOf(db: Db, tenantId: string, tenantName: string): Promise<Associations> {
  const stored = await readValue<Associations>(db, tenantId, 'multi_tenant');
  return stored?.body ?? forTenant(LOOKUPS.multi_tenant, tenantName) ?? [];
}

function multiTenantInfo(associations: Associations, tenantName: string): MultiTenantInfo {
  const primary = associations.some((a) => a.primary_name === tenantName && a.status === 'active');
  const secondary = associations.some((a) => a.secondary_name === tenantName && a.status === 'active');
  return {
    role: primary ? 'primary' : secondary ? 'secondary' : 'none',
    associations: associations.map((a) => ({ ...a, can_approve: a.status === 'pending' && a.secondary_name === tenantName })),
    pending_approvals: associations.filter((a) => a.status === 'pending' && a.secondary_name === tenantName).length,
  };
}

// ---- policy documents at a revision ------------------------------------------------------------------------------

/** A policy area's document at revision `rev` (its defaults when never saved), read by the area's own read handler; 404 when the revision does not exist. */
async function policyAt(ctx: CallContext, screen: DocumentScreen, rev: number): Promise<Record<string, unknown>> {
  return screenHandler(ctx, screen.operationIds.read)({ ...ctx, params: { rev } });
}

async function requireRevision(ctx: CallContext, rev: number): Promise<void> {
  if (!(await revisionById(ctx.db, requireCaller(ctx).tenantId, rev))) throw new HttpError(404, `Policy revision ${rev} does not exist.`);
}

// ---- dynamic domain lists ----------------------------------------------------------------------------------------

const PRIVATE_V4 = [/^10\./, /^127\./, /^169\.254\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^0\./];

function ddlProblems(url: URL): string[] {
  const problems: string[] = [];
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) problems.push('The address names this network, not a public server.');
  else if (isIP(host) === 4 && PRIVATE_V4.some((r) => r.test(host))) problems.push('The address is a private or loopback IPv4 address.');
  else if (isIP(host) === 6 && (host === '::1' || /^f[cd]/i.test(host) || /^fe80/i.test(host))) problems.push('The address is a private or loopback IPv6 address.');
  else if (isIP(host) === 0 && !host.includes('.')) problems.push('Use a fully qualified host name, e.g. lists.example.com.');
  if (url.username || url.password) problems.push('Leave user name and password out of the address.');
  return problems;
}

// ---- the module ---------------------------------------------------------------------------------------------------

/** Extended categories and the categories their sites had before (88, Private Access, is never listed). */
const EXTENSION_FORMER: Readonly<Record<string, readonly string[]>> = { '85': ['5', '29'], '86': ['3'], '87': ['44'] };
const labelled = (id: string) => ({ value: id, label: CATEGORY_LABEL_OF.get(id) ?? id });

/** The tenant's file password (DLP captures, auditor archives): made once, 20 random characters, on the first read. */
async function filePassword(ctx: CallContext): Promise<{ password: string }> {
  const caller = requireCaller(ctx);
  return ctx.db.transaction(async (tx) => {
    const stored = await readValue<{ password?: string }>(tx, caller.tenantId, 'dlp_file_password');
    if (stored?.body.password) return { password: stored.body.password };
    const password = randomBytes(15).toString('base64url');
    await tx.query(
      `INSERT INTO tenant_values (tenant_id, name, body, updated_at, updated_by) VALUES ($1, 'dlp_file_password', $2, now(), 'system')
       ON CONFLICT (tenant_id, name) DO NOTHING`,
      [caller.tenantId, JSON.stringify({ password })],
    );
    const kept = await readValue<{ password: string }>(tx, caller.tenantId, 'dlp_file_password');
    return { password: kept?.body.password ?? password };
  });
}

export const lookupsModule: ServerModule = {
  name: 'lookups',
  implementations: implementAll(lookupOps, {
    smtpUsers: async (ctx) => {
      const users = forTenant(LOOKUPS.smtp_users, requireCaller(ctx).user.tenant_name) ?? [];
      return { users: [...users].sort((a, b) => a.email.localeCompare(b.email)) };
    },
    smtpGroups: async (ctx) => {
      const users = forTenant(LOOKUPS.smtp_users, requireCaller(ctx).user.tenant_name) ?? [];
      const counts = new Map<string, number>();
      for (const u of users) for (const g of u.groups) counts.set(g, (counts.get(g) ?? 0) + 1);
      return { groups: [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, members]) => ({ name, members })) };
    },
    groupUsers: async (ctx) => {
      await requireRevision(ctx, ctx.params.rev);
      return { rev_id: ctx.params.rev, groups: forTenant(LOOKUPS.ad_groups, requireCaller(ctx).user.tenant_name) ?? [] };
    },
    risks: async () => ({ risks: LOOKUPS.risks.map(({ name, level, description }) => ({ name, level, description })) }),
    risk: async (ctx) => {
      const found = LOOKUPS.risks.find((r) => r.name === ctx.params.risk);
      if (!found) throw new HttpError(404, `No risk type is named ${ctx.params.risk}.`);
      return { ...found, entries: found.entries.map((entry) => ({ entry })) };
    },
    contentVersion: async () => ({ version: LOOKUPS.content_version, updated_at: LOOKUPS.versions_updated_at }),
    raThreats: async () => ({ threats: RA_THREATS.map((t) => ({ ...t })) }),
    predefinedCcls: async () => ({ ccls: LOOKUPS.predefined_ccls }),
    dlpFilePassword: filePassword,
    auditorFilePassword: filePassword,
    // The limits the Egress Header Rules document's schema enforces on every save.
    egressControl: async (ctx) => ({
      enabled: requireCaller(ctx).user.capabilities.egress_policy !== false,
      max_rules: EGRESS_RULES_MAX,
      actions: [...HeaderOperation.options],
    }),
    headerBlocklist: async () => ({ headers: [...PROTECTED_HEADERS] }),
    categoryVersion: async (ctx) => ({
      version: LOOKUPS.category_version,
      updated_at: LOOKUPS.versions_updated_at,
      ...(ctx.query.timestamp === undefined ? {} : { timestamp: ctx.query.timestamp }),
    }),
    categoryExtensionMap: async () => ({
      map: Object.entries(EXTENSION_FORMER).map(([id, former]) => ({ ...labelled(id), former: former.map(labelled) })),
    }),
    categoryMigrationState: async (ctx) => migrationOf(ctx.db, requireCaller(ctx).tenantId),
    categoryMigration: async (ctx) => {
      const stored = await saveAudited(ctx, 'category_migration', { migrate: ctx.body.migrate }, 'web.category-migration');
      return { migrate: ctx.body.migrate, updated_at: stored.updated_at.toISOString(), updated_by: stored.updated_by };
    },
    pacVersion: async (ctx) => pacVersionOf(ctx.db, requireCaller(ctx).tenantId),
    savePacVersion: (ctx) => savePacVersion(ctx),
    settingsPacVersion: async (ctx) => pacVersionOf(ctx.db, requireCaller(ctx).tenantId),
    saveSettingsPacVersion: (ctx) => savePacVersion(ctx),
    casbDlpRules: async (ctx) => {
      const doc = (await policyAt(ctx, casbAppRules, ctx.params.rev)) as { appRules?: { id: string; name: string; enabled: boolean; action: string; applications: string[] }[] };
      return {
        rev_id: ctx.params.rev,
        rules: (doc.appRules ?? []).map(({ id, name, enabled, action, applications }) => ({ id, name, enabled, action, applications })),
      };
    },
    mpaApplicationList: async (ctx) => {
      const doc = (await policyAt(ctx, appCatalog, ctx.params.rev)) as { list?: { id: string; name: string }[] };
      return { rev_id: ctx.params.rev, applications: (doc.list ?? []).map((a) => ({ value: a.id, label: a.name })) };
    },
    contactForm: async (ctx) => {
      const caller = requireCaller(ctx);
      const { rows } = await ctx.db.query<{ id: number; received_at: Date }>(
        'INSERT INTO contact_requests (tenant_id, username, body, received_at) VALUES ($1, $2, $3, now()) RETURNING id, received_at',
        [caller.tenantId, caller.user.username, JSON.stringify(ctx.body)],
      );
      const row = rows[0]!;
      return { id: Number(row.id), received_at: row.received_at.toISOString(), message: 'Thank you. Your request was sent to your service provider.' };
    },
    validateDdlDomains: async (ctx) => {
      const problems = ddlProblems(new URL(ctx.body.ddlUrl));
      if (problems.length) return { valid: false, message: 'The list address cannot be used.', problems };
      const what = ctx.body.isCasb ? 'cloud application domain' : 'domain';
      return {
        valid: true,
        message: `The address can be used. The service downloads the list from it: one ${what} a line, at most ${ctx.body.options.maxEntries}.`,
        problems: [],
      };
    },
    whitelistUce: async (ctx) => {
      const caller = requireCaller(ctx);
      const value = ctx.body.sender.toLowerCase();
      const { rows } = await ctx.db.query<{ added_at: Date }>(
        `INSERT INTO mail_allow_feed (tenant_id, value, type, source, comment, added_at) VALUES ($1, $2, 'email', 'uce', $3, now())
         ON CONFLICT (tenant_id, value) DO NOTHING RETURNING added_at`,
        [caller.tenantId, value, ctx.body.comment],
      );
      if (!rows[0]) throw new HttpError(409, `${value} is already allowed.`);
      return { value, type: 'email', source: 'uce', added_at: rows[0].added_at.toISOString(), comment: ctx.body.comment };
    },
    whitelistFeeds: async (ctx) => {
      const caller = requireCaller(ctx);
      const { rows } = await ctx.db.query<{ value: string; type: 'email' | 'domain'; source: 'uce' | 'feed'; comment: string; added_at: Date }>(
        'SELECT value, type, source, comment, added_at FROM mail_allow_feed WHERE tenant_id = $1',
        [caller.tenantId],
      );
      const stored = rows.map((r) => ({ ...r, added_at: r.added_at.toISOString() }));
      const seeded = (forTenant(LOOKUPS.feeds, caller.user.tenant_name) ?? []).filter((s) => !stored.some((r) => r.value === s.value));
      const { source, type, limit } = ctx.query;
      const all = [...stored, ...seeded]
        .filter((e) => (source === 'all' || e.source === source) && (type === 'all' || e.type === type))
        .sort((a, b) => b.added_at.localeCompare(a.added_at));
      return { feeds: all.slice(0, limit), total: all.length };
    },
    portalVersion: async (ctx) => versionOf(ctx.db, requireCaller(ctx).tenantId, 'portal_version'),
    savePortalVersion: async (ctx) => {
      const stored = await saveAudited(ctx, 'portal_version', { version: ctx.body.version }, 'portal.version');
      return { version: ctx.body.version, updated_at: stored.updated_at.toISOString(), updated_by: stored.updated_by };
    },
    dashboardAppliances: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const { rows } = await ctx.db.query<{
        id: string;
        name: string;
        address: string;
        app_mode: string;
        version: string;
        group_name: string | null;
        reachable: boolean;
        maintenance: boolean;
        restart_at: Date | null;
        last_contact: Date;
      }>(
        `SELECT s.id, s.name, s.address, s.app_mode, s.version, g.name AS group_name, s.reachable, s.maintenance, s.restart_at, s.last_contact
           FROM managed_systems s LEFT JOIN managed_groups g ON g.tenant_id = s.tenant_id AND g.id = s.group_id
          WHERE s.tenant_id = $1 ORDER BY s.name`,
        [tenantId],
      );
      const now = new Date();
      const appliances = rows.map((r) => ({
        id: r.id,
        name: r.name,
        address: r.address,
        app_mode: NODE_TYPE_LABELS[r.app_mode] ?? r.app_mode,
        version: r.version,
        group: r.group_name ?? '',
        status: statusOf(r, now),
        last_contact: r.last_contact.toISOString(),
      }));
      return { appliances, total: appliances.length, online: appliances.filter((a) => a.status === 'online').length };
    },
    exportClientProfile: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const { doc } = await readSettingsDocument(ctx.db, tenantId, clientProfiles);
      if (ctx.query.uuid === undefined) {
        ctx.reply.type('application/json; charset=utf-8').header('content-disposition', attachmentDisposition('client-profiles.json'));
        return JSON.stringify({ profiles: doc.profiles.filter((p) => p.exportable) }, null, 2);
      }
      const profile = doc.profiles.find((p) => p.uuid === ctx.query.uuid);
      if (!profile) throw new HttpError(404, 'No client profile has this uuid.');
      if (!profile.exportable) throw new HttpError(403, MESSAGES.forbidden);
      sendAsFile(ctx.reply, profile.name, '.json', 'application/json; charset=utf-8', 'client-profile');
      return JSON.stringify(profile, null, 2);
    },
  }),
};

// ---- policy variants of 001 §7 whose shape differs ---------------------------------------------------------------

async function sslV3Of(db: Db, tenantId: string): Promise<boolean> {
  return (await readValue<{ enabled?: unknown }>(db, tenantId, 'sslbump_v3'))?.body.enabled === true;
}

type SslList = { id: string; destination: string; comment: string; enabled: boolean }[];

export const policyVariantsModule: ServerModule = {
  name: 'policyVariants',
  implementations: implementAll(policyVariantOps, {
    sslBumpV2: async (ctx) => {
      const doc = await screenHandler(ctx, sslBypass.operationIds.read)(ctx);
      return {
        ...(doc as { list: SslList; rev_id: number; state: 'published' | 'staged'; updated_at: string }),
        integrations_list: LOOKUPS.ssl_integrations,
        sslbump_v3: await sslV3Of(ctx.db, requireCaller(ctx).tenantId),
      };
    },
    saveSslBumpV2: async (ctx) => {
      const { list, rev_id, state, updated_at, sslbump_v3 } = ctx.body;
      const saved = await screenHandler(ctx, sslBypass.operationIds.save)({ ...ctx, body: { list, rev_id, state, updated_at } });
      if (sslbump_v3 !== undefined) await saveAudited(ctx, 'sslbump_v3', { enabled: sslbump_v3 }, 'web.ssl-bypass.v3');
      return {
        ...(saved as { list: SslList; rev_id: number; state: 'published' | 'staged'; updated_at: string }),
        integrations_list: LOOKUPS.ssl_integrations,
        sslbump_v3: await sslV3Of(ctx.db, requireCaller(ctx).tenantId),
      };
    },
    sslBumpLists: async (ctx) => {
      const doc = (await policyAt(ctx, sslBypass, ctx.params.rev)) as { list?: SslList };
      return {
        rev_id: ctx.params.rev,
        lists: [
          { id: 'tenant', name: 'Bypass entries', source: 'tenant' as const, destinations: (doc.list ?? []).filter((e) => e.enabled).map((e) => e.destination) },
          ...LOOKUPS.ssl_integrations.map((i) => ({ id: i.id, name: i.name, source: 'integration' as const, destinations: i.destinations })),
        ],
      };
    },
    contentTypesV3: async () => ({ contentTypes: { files: LOOKUPS.content_types } }),
  }),
};

// ---- tenant settings and utilities -------------------------------------------------------------------------------

const SETTING_VALUE = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const NODE_TYPE_LABELS: Readonly<Record<string, string>> = labelsOf(NodeType) ?? {};

// ---- SAML ---------------------------------------------------------------------------------------------------------

const SAML_CERT_DAYS = 3 * 365;
const SamlCertStored = z.object({ cert: z.string(), key: z.string() });

/** A self-signed RSA 2048 certificate for signing SAML requests, with its key (PEM). */
function newSamlSigningCert(tenantName: string): z.infer<typeof SamlCertStored> {
  const keyPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = randomSerial();
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 60_000);
  cert.validity.notAfter = new Date(now + SAML_CERT_DAYS * DAY_MS);
  const subject = [
    { shortName: 'O', value: tenantName },
    { shortName: 'CN', value: 'SAML request signing' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, critical: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keyPem };
}

/** The tenant's SAML request signing certificate, made once on first use (two callers at once keep the first one made). */
async function samlSigningCertOf(ctx: CallContext): Promise<X509Certificate> {
  const caller = requireCaller(ctx);
  const stored = SamlCertStored.safeParse((await readValue<unknown>(ctx.db, caller.tenantId, 'saml_signing_cert'))?.body);
  if (stored.success) return new X509Certificate(stored.data.cert);
  await ctx.db.query(
    `INSERT INTO tenant_values (tenant_id, name, body, updated_at, updated_by) VALUES ($1, 'saml_signing_cert', $2, now(), 'system')
     ON CONFLICT (tenant_id, name) DO NOTHING`,
    [caller.tenantId, JSON.stringify(newSamlSigningCert(caller.user.tenant_name))],
  );
  const kept = SamlCertStored.parse((await readValue<unknown>(ctx.db, caller.tenantId, 'saml_signing_cert'))?.body);
  return new X509Certificate(kept.cert);
}

/** The address the portal is reached at, as the caller reached it. */
const originOf = (ctx: CallContext) => `${ctx.request.protocol}://${ctx.request.host}`;

function utcOffset(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  const raw = part?.value ?? 'GMT';
  return raw === 'GMT' ? '+00:00' : raw.replace('GMT', '');
}

export const tenantUtilsModule: ServerModule = {
  name: 'tenantUtils',
  implementations: implementAll(tenantUtilOps, {
    tenantSetting: async (ctx) => {
      const caller = requireCaller(ctx);
      const { name } = ctx.params;
      if (name === 'session_logout_days') return { name, value: caller.user.session_logout_days };
      const { rows } = await ctx.db.query<{ value: unknown }>('SELECT settings -> $2::text AS value FROM tenants WHERE id = $1', [caller.tenantId, name]);
      // A setting the service provider never set reads as null.
      const value = SETTING_VALUE.safeParse(rows[0]?.value ?? null);
      return { name, value: value.success ? value.data : JSON.stringify(rows[0]?.value) };
    },
    fixedEgressState: async (ctx) => {
      const { doc } = await readSettingsDocument(ctx.db, requireCaller(ctx).tenantId, fixedEgress);
      const list = doc.fixed_egress_user.list;
      return { enabled: doc.enabled, pinned: list.length, egress_ips: [...new Set(list.map((u) => u.egress_ip))].sort() };
    },
    userIp: async (ctx) => ({ ip: ctx.request.ip }),
    allPublicIps: async () => ({ ips: LOOKUPS.public_ips }),
    decodeCert: async (ctx) => {
      let cert: X509Certificate;
      try {
        cert = new X509Certificate(ctx.body.cert.trim());
      } catch {
        throw new HttpError(400, MESSAGES.validationFailed, {
          errors: [{ path: 'cert', key: 'invalidCert', message: 'This block is not a certificate that can be read.' }],
        });
      }
      const validTo = new Date(cert.validTo);
      return {
        subject: cert.subject.replace(/\n/g, ', '),
        issuer: cert.issuer.replace(/\n/g, ', '),
        serial_number: cert.serialNumber,
        valid_from: new Date(cert.validFrom).toISOString(),
        valid_to: validTo.toISOString(),
        fingerprint_sha256: cert.fingerprint256,
        subject_alt_names: (cert.subjectAltName ?? '').split(', ').filter(Boolean),
        expired: validTo.getTime() < Date.now(),
      };
    },
    multiTenant: async (ctx) => {
      const caller = requireCaller(ctx);
      return multiTenantInfo(await associationsOf(ctx.db, caller.tenantId, caller.user.tenant_name), caller.user.tenant_name);
    },
    approveAssociation: async (ctx) => {
      const caller = requireCaller(ctx);
      const tenantName = caller.user.tenant_name;
      const associations = await associationsOf(ctx.db, caller.tenantId, tenantName);
      const found = associations.find((a) => a.uuid === ctx.params.id);
      if (!found) throw new HttpError(404, `No association has the id ${ctx.params.id}.`);
      if (found.status === 'active') return found;
      if (found.secondary_name !== tenantName) throw new HttpError(409, `${found.secondary_name} approves this request, not ${tenantName}.`);
      const approved = { ...found, status: 'active' as const };
      await saveAudited(ctx, 'multi_tenant', associations.map((a) => (a.uuid === found.uuid ? approved : a)), 'settings.multi-tenant');
      return approved;
    },
    capability: async (ctx) => {
      const { user } = requireCaller(ctx);
      const { name } = ctx.params;
      const description = CAPABILITY_DESCRIPTIONS[name];
      if (description === undefined) throw new HttpError(404, `No capability is named ${name}.`);
      const parsed = SETTING_VALUE.safeParse(user.capabilities[name] ?? null);
      const value = parsed.success ? parsed.data : JSON.stringify(user.capabilities[name]);
      return { name, enabled: value === true || (typeof value === 'number' && value > 0), value, description };
    },
    samlSetting: async (ctx) => {
      const caller = requireCaller(ctx);
      const { doc } = await readSettingsDocument(ctx.db, caller.tenantId, authSettings);
      const origin = originOf(ctx);
      return {
        enabled: doc.method === 'saml',
        entity_id: `${origin}/saml/${caller.tenantId}`,
        acs_url: `${origin}/saml/${caller.tenantId}/acs`,
        name_id_format: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        idp_entity_id: doc.saml.entity_id,
        idp_sso_url: doc.saml.sso_url,
        signing_cert_fingerprint: (await samlSigningCertOf(ctx)).fingerprint256,
      };
    },
    samlSigningCert: async (ctx) => {
      const cert = await samlSigningCertOf(ctx);
      return {
        cert: cert.toString(),
        subject: cert.subject.replace(/\n/g, ', '),
        fingerprint_sha256: cert.fingerprint256,
        valid_from: new Date(cert.validFrom).toISOString(),
        valid_to: new Date(cert.validTo).toISOString(),
      };
    },
    // The v2 path reads and saves the User Authentication page's document through that page's own handlers.
    authV2: async (ctx) => {
      const doc = (await screenHandler(ctx, authSettings.operationIds.read)(ctx)) as AuthV2Item;
      return { total: 1, items: [doc].slice(0, ctx.query.limit) };
    },
    saveAuthV2: async (ctx) => (await screenHandler(ctx, authSettings.operationIds.save)(ctx)) as AuthV2Item,
    tosStatus: tosStatusOf,
    acceptTos: async (ctx) => {
      const caller = requireCaller(ctx);
      const { doc } = await readSettingsDocument(ctx.db, caller.tenantId, termsOfService);
      if (ctx.body.version !== doc.version) {
        throw new HttpError(409, `Version ${ctx.body.version} is not the current version of the terms (${doc.version}). Read them again.`);
      }
      const stored = await saveAudited(ctx, tosAcceptedName(caller.user.username), { version: doc.version }, 'settings.terms-of-service.accept');
      return { version: doc.version, accepted_at: stored.updated_at.toISOString(), accepted_by: stored.updated_by };
    },
    timeZones: async () => {
      const now = new Date();
      // UTC first: the default of the settings that take a time zone, which the runtime's list of zones leaves out.
      const names = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((v) => v !== 'UTC')];
      return { time_zones: names.map((value) => ({ value, label: value.replace(/_/g, ' '), offset: utcOffset(value, now) })) };
    },
  }),
};
