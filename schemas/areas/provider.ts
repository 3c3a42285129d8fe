/** Payloads of the provider console (spec 001 §3, §7 "Tenant management", under /gdmanage/api). */
import { z } from 'zod';
import { SessionUser } from '../auth';
import { SESSION_LOGOUT_DAYS_DEFAULT } from '../constants';
import { LicenseType, labelledEnum } from '../enums';
import { HttpUrl, Password, ShortText, UserName } from '../validators';

/** Every management-service answer carries status "Success" (spec 001 §5). */
export const Success = z.literal('Success').meta({ description: 'Always "Success" on a 2xx answer; any other reply is an error.' });

const TenantName = ShortText.refine((v) => v.trim().length > 0, { message: 'Required', params: { key: 'required' } }).meta({
  title: 'Tenant name',
  description: 'Unique across the service; 3 to 200 characters, no line breaks.',
});
const TenantId = z.string().min(1).max(100).meta({ title: 'Tenant id', description: 'The tenant id (group_id).' });

/** Capabilities: feature switches (true / false) and limits (numbers) of a tenant. */
export const TenantCapabilities = z
  .record(z.string().regex(/^[A-Za-z0-9_]{1,64}$/), z.union([z.boolean(), z.number().int().min(0)]))
  .meta({ description: 'Capability name → on/off or a limit (e.g. max_users).' });

/**
 * What a new tenant may use unless its creator says otherwise: the portal with role-based access, and the features of
 * the standard subscription (reports, web, email, DLP, CASB, firewall and private access, bandwidth limits, forensics,
 * watermarks, content inspection).
 */
export const STANDARD_CAPABILITIES = {
  rbac: true,
  portal2: true,
  reports: true,
  pac: true,
  bnb: true,
  dlp: true,
  casb: true,
  email: true,
  fwaas: true,
  private_access: true,
  bandwidth_limits: true,
  browsing_forensics: true,
  watermarking: true,
  documents: true,
  files: true,
} as const;

export const IdpTokenRequest = z.strictObject({ username: UserName, password: z.string().min(1) });
export const IdpToken = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().meta({ description: 'Seconds the token can still be exchanged.' }),
  identity_provider: z.literal('local'),
});

export const OAuthLoginQuery = z.strictObject({
  identity_provider: z.literal('local').meta({ description: 'The identity provider that issued the token; "local" is the one the service hosts.' }),
  access_token: z.string().min(1).max(200),
});

export const OperatorSession = z.object({
  status: Success,
  username: z.string(),
  key_id: z.string().meta({ description: 'Id of the operator session (not the secret).' }),
  expires: z.string().meta({ description: 'When the session ends without activity, YYYY-MM-DDTHH:mm:ssZ.' }),
  Authorization: z.string().meta({ description: 'How later calls authorize: "cookie" (the HttpOnly session cookie).' }),
});

/** The signed-in operator: status "authenticated" and the same user record the tenant portal's user info answers. */
export const OperatorInfo = SessionUser.extend({ status: z.literal('authenticated') });

export const SuccessOnly = z.object({ status: Success });

export const TenantSummary = z.object({
  tid: z.string(),
  name: z.string(),
  disabled: z.boolean(),
  users: z.number(),
  capabilities: TenantCapabilities,
  session_logout_days: z.number().meta({ description: 'Inactivity time-out of the tenant\'s sessions, in days.' }),
});
/** A label operators filter tenants by (a region, a reseller). */
export const TenantTag = z
  .string()
  .refine((v) => /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/.test(v), { message: '1 to 40 letters, digits, spaces, dots, dashes or underscores.', params: { key: 'invalidTag' } })
  .meta({ title: 'Tag' });
/** A tenant as the lists show it: with the deployment it runs in and its tags. */
export const TenantListItem = TenantSummary.extend({
  deployment: z.string().meta({ title: 'Deployment', description: 'Where the tenant runs (the default deployment unless moved).' }),
  deployment_name: z.string().meta({ title: 'Deployment', description: 'The name of the deployment the tenant runs in.' }),
  tags: z.array(z.string()).meta({ title: 'Tags' }),
});
export const TenantList = z.object({ status: Success, tenants: z.array(TenantListItem) });
export const TenantListQuery = z.strictObject({
  search: z.string().max(200).optional().meta({ title: 'Search', description: 'Part of the tenant name, any case.' }),
  state: labelledEnum(['enabled', 'disabled'], { enabled: 'Enabled', disabled: 'Disabled' }, { title: 'State' }).optional(),
  deployment: z.string().min(1).max(64).optional().meta({ title: 'Deployment', description: 'Deployment id, e.g. eu-central' }),
  tag: TenantTag.optional().meta({ title: 'Tag', description: 'A tag, any case' }),
});
export const TenantParams = z.strictObject({ tid: TenantId });
export const TenantAnswer = z.object({ status: Success, tenant: TenantSummary });

export const TenantAdmin = z.strictObject({
  username: UserName.meta({ title: 'User name', description: 'Unique across the service; the administrator signs in to the tenant portal with it.' }),
  password: Password.meta({ title: 'Password' }),
  first_name: ShortText.default('').meta({ title: 'First name' }),
  last_name: ShortText.default('').meta({ title: 'Last name' }),
});
export const CreateTenantRequest = z.strictObject({
  name: TenantName,
  capabilities: TenantCapabilities.default({}),
  users: z.array(TenantAdmin).min(1).max(50).meta({ description: 'Bulk user create: the first is the tenant\'s first administrator.' }),
});
export const EditTenantRequest = z.strictObject({
  group_id: TenantId.meta({ description: 'Must be the tenant id of the path.' }),
  name: TenantName.optional(),
  // Days, as the tenant's sessions count them: the default 0.042 day (about one hour) is the shortest, a year the longest.
  session_logout_days: z
    .number()
    .min(SESSION_LOGOUT_DAYS_DEFAULT, { message: `At least ${SESSION_LOGOUT_DAYS_DEFAULT} day (60.48 minutes, about an hour).` })
    .max(365, { message: 'At most 365 days (525,600 minutes).' })
    .optional()
    .meta({ title: 'Inactivity time-out (days)', description: 'Days without activity before the tenant\'s users are signed out; 0.042 day is about one hour (0.042 to 365).' }),
});
export const RenameTenantRequest = z.strictObject({ tid: TenantId, name: TenantName });
export const TenantCommandRequest = z.strictObject({ tid: TenantId });

export const TenantUsers = z.object({
  status: Success,
  users: z.array(
    z.object({
      uid: z.string(),
      username: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      mfa_enrolled: z.boolean().meta({ title: 'Multi-factor authentication', description: 'Whether the user has enrolled a second factor.' }),
    }),
  ),
});
export const TenantUserParams = z.strictObject({ tid: TenantId, uid: z.string().min(1).max(100) });
export const TenantUserAnswer = z.object({
  status: Success,
  user: z.object({ uid: z.string(), username: z.string(), mfa_enrolled: z.boolean() }),
});

export const DryRunQuery = z.strictObject({
  DryRun: z.enum(['true', 'false']).optional().meta({ description: '"true": answer what would change and change nothing.' }),
});
export const CapabilityChange = z.object({
  name: z.string(),
  before: z.union([z.boolean(), z.number()]).nullable(),
  after: z.union([z.boolean(), z.number()]).nullable(),
});
export const CapabilitiesAnswer = z.object({
  status: Success,
  dry_run: z.boolean(),
  capabilities: TenantCapabilities,
  entries: z
    .array(
      z.object({
        name: z.string().meta({ title: 'Capability' }),
        value: z.union([z.boolean(), z.number()]).meta({ title: 'Value' }),
        kind: labelledEnum(['switch', 'limit'], { switch: 'On / off', limit: 'Limit' }, { title: 'Kind' }),
        description: z.string().meta({ title: 'What it gives', description: 'What the capability gives the tenant; empty for a name the portal does not know.' }),
      }),
    )
    .meta({ description: 'The same capabilities as a list by name: switches (on / off) and limits (numbers).' }),
  changes: z.array(CapabilityChange),
});
export const CapabilitiesPatch = z.strictObject({ capabilities: TenantCapabilities });
export const CapabilitiesDelete = z.strictObject({
  names: z.array(z.string().regex(/^[A-Za-z0-9_]{1,64}$/)).min(1).max(100),
});

// ---- licence keys of appliances (OVA keys) and category overrides ---------------------------------------------------

/** A moment as the service sends it on save: YYYY-MM-DDTHH:mm:ssZ (UTC, whole seconds), a real date. */
export const ExpiresAt = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, { message: 'Use the form YYYY-MM-DDTHH:mm:ssZ (UTC), e.g. 2027-01-31T23:59:59Z.' })
  .refine((v) => !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().replace('.000Z', 'Z') === v, { message: 'Not a real date and time.' })
  .meta({ title: 'Expires at', description: 'UTC, YYYY-MM-DDTHH:mm:ssZ.', format: 'date-time' });

/** `expires_at` is required unless the item does not expire. */
const expiryGiven = (v: { expires_at?: string | undefined; does_not_expire: boolean }, ctx: z.RefinementCtx, path: (string | number)[] = []) => {
  if (!v.does_not_expire && v.expires_at === undefined) ctx.addIssue({ code: 'custom', path: [...path, 'expires_at'], message: 'Required unless it does not expire.', params: { key: 'required' } });
};

export const OvaKeyFeature = z.strictObject({
  feature_name: ShortText.refine((v) => v.trim().length > 0, { message: 'Required', params: { key: 'required' } }).meta({ title: 'Feature' }),
  expires_at: ExpiresAt.optional(),
  does_not_expire: z.boolean().default(false).meta({ title: 'Does not expire' }),
});
const OvaKeyFields = z.strictObject({
  expires_at: ExpiresAt.optional(),
  tenant_name: ShortText.refine((v) => v.trim().length > 0, { message: 'Required', params: { key: 'required' } }).meta({
    title: 'Tenant name',
    description: 'The customer the appliance is licensed to, as written on the key.',
  }),
  license_type: LicenseType,
  does_not_expire: z.boolean().default(false).meta({ title: 'Does not expire', description: 'The key is valid without an end date; the expiry is then ignored.' }),
  include_ga_supported: z.boolean().default(false).meta({ title: 'Include supported GA versions', description: 'The key also activates every generally available version still supported.' }),
  versions: z.array(z.string().regex(/^\d+(\.\d+){0,3}$/, { message: 'A version number, e.g. 4.2 or 4.2.1.' })).max(50).default([]).meta({
    title: 'Versions',
    description: 'Appliance versions the key activates (e.g. 4.2.1).',
  }),
  note: z.string().max(1000).default('').meta({ title: 'Note' }),
  features: z.array(OvaKeyFeature).max(100).default([]).meta({ title: 'Key features', description: 'Features the key turns on, each with its own expiry.' }),
});
const checkExpiries = (v: z.output<typeof OvaKeyFields>, ctx: z.RefinementCtx) => {
  expiryGiven(v, ctx);
  v.features.forEach((f, i) => expiryGiven(f, ctx, ['features', i]));
};
export const OvaKeyId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,99}$/, { message: '3 to 100 letters, digits, dots, dashes or underscores.' })
  .meta({ title: 'Key id', description: 'The licence key as the appliance is given it; unique.' });
/** What an operator saves for a new key. */
export const OvaKeyCreate = OvaKeyFields.extend({ key_id: OvaKeyId }).superRefine(checkExpiries);
/** The updated_at an editor read; a change made meanwhile (or none sent) answers 409 with the stored record. */
export const Stamp = z.iso.datetime().meta({ title: 'Updated', description: 'The updated_at as read; a record changed since answers 409 with the stored record.' });
/** What a key holds, as stored (its id is the key). */
export const OvaKeyBody = OvaKeyFields.superRefine(checkExpiries);
/** What an operator saves for an existing key (its id is in the path), with the stamp read. */
export const OvaKeyUpdate = OvaKeyFields.extend({ updated_at: Stamp }).superRefine(checkExpiries);
export const OvaKeyParams = z.strictObject({ key_id: OvaKeyId });
export const OvaKey = OvaKeyFields.extend({
  key_id: z.string(),
  expired: z.boolean().meta({ title: 'Expired', description: 'Whether the key has passed its expiry.' }),
  updated_at: z.string().meta({ title: 'Updated' }),
  updated_by: z.string().meta({ title: 'Updated by' }),
});
export const OvaKeyList = z.object({ status: Success, keys: z.array(OvaKey) });
export const OvaKeyAnswer = z.object({ status: Success, key: OvaKey });

export const CategoryOverrideInput = z.strictObject({
  url: HttpUrl.meta({ title: 'URL', description: 'The address whose category is overridden (http or https).' }),
  category_ids: z.array(z.number().int().min(1).max(10_000)).min(1).max(20).meta({ title: 'Category ids', description: 'The categories the URL is given instead of its rated ones.' }),
  tenants: z.array(TenantId).max(500).default([]).meta({ title: 'Tenants', description: 'Tenant ids the override applies to; empty: every tenant.' }),
  submission_reference: z.string().max(200).default('').meta({ title: 'Submission reference', description: 'The reclassification request it answers, if any.' }),
  active: z.boolean().default(true).meta({ title: 'Active' }),
});
/** What an operator saves over an existing override, with the stamp read. */
export const CategoryOverrideUpdate = CategoryOverrideInput.extend({ updated_at: Stamp });
export const CategoryOverrideParams = z.strictObject({ id: z.string().min(1).max(100) });
export const CategoryOverride = CategoryOverrideInput.extend({
  id: z.string(),
  updated_at: z.string().meta({ title: 'Updated' }),
  updated_by: z.string().meta({ title: 'Updated by' }),
});
export const CategoryOverrideList = z.object({ status: Success, overrides: z.array(CategoryOverride) });
export const CategoryOverrideAnswer = z.object({ status: Success, override: CategoryOverride });
