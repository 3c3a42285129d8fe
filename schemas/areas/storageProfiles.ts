/**
 * Storage profiles (spec 002 §3, §5): where browser-forensics recordings and exported files are written, an Amazon
 * S3 bucket or an Azure file share / blob container. The list has 1 to 50 profiles; every string is 1 to 250
 * characters. A profile is one object whose platform decides which fields it needs: a missing one is reported at its
 * own path (e.g. `list.0.s3_bucket`), and a field of the other platform is refused.
 */
import { z } from 'zod';
import { AzureStorageMode, SizeUnit, StorageAccessType, StoragePlatform } from '../enums';

export const STORAGE_PROFILES_MAX = 50;
export const STORAGE_STRING_MAX = 250;

/** A string of 1 to 250 characters, the rule of every storage-profile string. */
const text = (title: string, description?: string) =>
  z
    .string()
    .min(1, { message: `Enter the ${title.toLowerCase()}.` })
    .max(STORAGE_STRING_MAX, { message: `Use at most ${STORAGE_STRING_MAX} characters.` })
    .meta({ title, description });

/** A credential: write-only, so the server never returns it in clear once saved. */
const secret = (title: string, required: string) =>
  text(title).meta({ title, description: `${required}. Shown as ******** once saved; leave it so to keep the stored value`, writeOnly: true });

export const LimitSize = z
  .strictObject({
    enabled: z.boolean().meta({ title: 'Limit the stored size' }),
    max_size: z.number().int().min(1).max(1_000_000).meta({ title: 'Maximum size' }),
    units: SizeUnit,
  })
  .meta({ title: 'Size limit' });

const ASSUME_ROLE_FIELDS = ['external_aws_ac_id', 'iam_role_name', 'external_id'] as const;

/** Optional as a whole: all three fields or none (a form that leaves the section empty sends `{}`). */
export const AssumeRole = z
  .strictObject({
    external_aws_ac_id: text('External AWS account id').optional(),
    iam_role_name: text('IAM role name').optional(),
    external_id: text('External id').optional(),
  })
  .superRefine((r, ctx) => {
    if (ASSUME_ROLE_FIELDS.every((k) => r[k] === undefined)) return;
    for (const k of ASSUME_ROLE_FIELDS) {
      if (r[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: 'An assume role needs all three fields.', params: { key: 'required' } });
    }
  })
  .meta({ title: 'Assume role', description: 'Write through a role of another AWS account: fill all three fields, or none' });

/** Fields each platform requires, and the fields only it may have. */
export const PLATFORM_FIELDS = {
  'Amazon AWS': { required: ['s3_bucket', 'key_id', 'secret_key', 'path'], own: ['s3_bucket', 'key_id', 'assume_role', 'assume_role_key'] },
  'Microsoft Azure': { required: ['account', 'share', 'secret_key', 'path'], own: ['account', 'share', 'storage_mode'] },
} as const satisfies Record<StoragePlatform, { required: readonly string[]; own: readonly string[] }>;

export const StorageProfile = z
  .strictObject({
    uuid: z.uuid().meta({ title: 'Id', description: 'Stable identifier of the profile' }),
    name: text('Name'),
    description: text('Description').optional(),
    storage_platform: StoragePlatform,
    // Amazon AWS
    s3_bucket: text('S3 bucket', 'Required for Amazon AWS profiles').optional(),
    key_id: text('Access key id', 'Required for Amazon AWS profiles').optional(),
    // Microsoft Azure
    account: text('Storage account', 'Required for Microsoft Azure profiles').optional(),
    share: text('Share', 'File share or blob container name; required for Microsoft Azure profiles').optional(),
    storage_mode: AzureStorageMode.optional(),
    // both
    secret_key: secret('Secret key', 'Required for both platforms').optional(),
    path: text('Path', 'Folder inside the bucket or share; required for both platforms').optional(),
    // Amazon AWS, optional
    assume_role: AssumeRole.optional(),
    assume_role_key: secret('Assume-role key', 'Optional, for the assume role').optional(),
    access_type: StorageAccessType.optional(),
    limit_size: LimitSize.optional(),
    validated: z.boolean().meta({ title: 'Validated', description: 'Whether the last validation of these settings succeeded' }),
  })
  .superRefine((p, ctx) => {
    const platform = PLATFORM_FIELDS[p.storage_platform];
    const other = PLATFORM_FIELDS[p.storage_platform === 'Amazon AWS' ? 'Microsoft Azure' : 'Amazon AWS'];
    for (const field of platform.required) {
      if (p[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${p.storage_platform} profiles need this field.`, params: { key: 'required' } });
      }
    }
    for (const field of other.own) {
      const v = p[field];
      // An empty assume-role section left by a form is no assume role.
      if (v !== undefined && !(typeof v === 'object' && Object.keys(v).length === 0)) {
        ctx.addIssue({ code: 'custom', path: [field], message: `Not a field of ${p.storage_platform} profiles.`, params: { key: 'notForPlatform' } });
      }
    }
  })
  // The stored keys belong to one platform and account: pointing the profile elsewhere needs them retyped.
  .meta({ 'x-secret-scope': ['storage_platform', 'key_id', 'account'] });
export type StorageProfile = z.infer<typeof StorageProfile>;

export const StorageProfilesDocument = z.strictObject({
  list: z
    .array(StorageProfile)
    .min(1, { message: 'Keep at least one storage profile.' })
    .max(STORAGE_PROFILES_MAX, { message: `At most ${STORAGE_PROFILES_MAX} storage profiles are allowed.` })
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((p, i) => {
        if (seen.has(p.uuid)) ctx.addIssue({ code: 'custom', path: [i, 'uuid'], message: 'Each profile needs its own id.', params: { key: 'duplicate' } });
        seen.add(p.uuid);
      });
    })
    .meta({ title: 'Storage profiles' }),
});
export type StorageProfilesDocument = z.infer<typeof StorageProfilesDocument>;

/** Answer of POST /api/settings/v1/storage/validate. */
export const StorageValidation = z.object({
  validated: z.boolean(),
  message: z.string(),
});
export type StorageValidation = z.infer<typeof StorageValidation>;

/** Path parameter of the capability calls. */
export const CapabilityParam = z.strictObject({
  capability: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'Use letters, digits, _, . or - (at most 64).' }),
});
/** Answer of GET /api/settings/v1/{storage|bf}/capabilities/{capability}: whether the tenant has it. */
export const CapabilityAnswer = z.object({
  capability: z.string(),
  enabled: z.boolean(),
});
