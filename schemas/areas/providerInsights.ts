/**
 * Payloads of the provider console's views into tenants and the fleet (spec 001 §3, §7 "Tenant management"): tenant
 * insights (analytics: charts, reports), schema states of its stored documents, the appliance inventory, capability
 * validity, SKU assignments of licence keys, a tenant's policy API tokens, custom host names and bulk user create.
 * Every answer carries status "Success" (spec 001 §5).
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { Hostname } from '../validators';
import { ExpiresAt, Stamp, Success, TenantAdmin } from './provider';
import { RecordMeta, SkuId } from './providerFleet';

// ---- analytics (tenant insights: charts, reports) ----------------------------------------------------------------------

export const AnalyticsQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(90).default(7).meta({ title: 'Days', description: '1 to 90 days back, 7 by default' }),
});
export const TenantAnalytics = z.object({
  status: Success,
  charts: z.array(
    z.object({
      id: z.string(),
      title: z.string().meta({ title: 'Chart' }),
      points: z.array(z.object({ label: z.string(), value: z.number() })),
      summary: z.string().meta({ title: 'Summary', description: 'The points in one line: each while there are at most six, else the total and the largest.' }),
    }),
  ),
  reports: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      source: z.string().meta({ description: 'instant or scheduled' }),
      created_at: z.string(),
      created_by: z.string(),
    }),
  ),
});

// ---- schema states -----------------------------------------------------------------------------------------------------

export const SchemaState = labelledEnum(
  ['current', 'outdated', 'newer', 'unsaved'],
  {
    current: 'Current',
    outdated: 'Older version',
    newer: 'Newer version',
    unsaved: 'Never saved',
  },
  {
    title: 'State',
    description:
      'An older version is brought up to date when read and stored so when saved; a newer one cannot be read by this service; a document never saved reads as its defaults.',
  },
);
export const TenantSchemaStates = z.object({
  status: Success,
  items: z.array(
    z.object({
      screen_id: z.string().meta({ title: 'Area' }),
      title: z.string().meta({ title: 'Title' }),
      kind: labelledEnum(['policy', 'settings'], { policy: 'Policy (working revision)', settings: 'Settings' }, { title: 'Kind' }),
      stored_version: z.number().int().nullable().meta({ title: 'Stored version' }),
      current_version: z.number().int().meta({ title: 'Current version' }),
      state: SchemaState,
    }),
  ),
});

// ---- inventory ---------------------------------------------------------------------------------------------------------

export const InventoryQuery = z.strictObject({ tid: z.string().min(1).max(100).optional().meta({ title: 'Tenant', description: 'Only this tenant\'s appliances.' }) });
export const Inventory = z.object({
  status: Success,
  items: z.array(
    z.object({
      tid: z.string(),
      tenant: z.string().meta({ title: 'Tenant' }),
      id: z.string(),
      name: z.string().meta({ title: 'Appliance' }),
      address: z.string().meta({ title: 'Address' }),
      app_mode: z.string().meta({ title: 'Mode' }),
      version: z.string().meta({ title: 'Version' }),
      supported: z.boolean().nullable().meta({ title: 'Supported version', description: 'Whether the version list marks its version supported; empty when the list does not name it.' }),
      reachable: z.boolean().meta({ title: 'Reachable' }),
      maintenance: z.boolean().meta({ title: 'Maintenance' }),
    }),
  ),
});

// ---- capability validity ------------------------------------------------------------------------------------------------

export const CapabilitiesValidity = z.object({
  status: Success,
  items: z.array(
    z.object({
      name: z.string().meta({ title: 'Capability' }),
      value: z.union([z.boolean(), z.number()]).meta({ title: 'Value' }),
      flags: z.array(z.string()).meta({ title: 'Feature flags', description: 'Feature flags of the tenant portal that follow this capability now (switching it changes them).' }),
      licensed: z.boolean().nullable().meta({ title: 'Entitlements say', description: 'On or off as the tenant\'s features decide; empty when no feature names it.' }),
      valid: z.boolean().meta({ title: 'Valid' }),
      problems: z.array(z.string()).meta({ title: 'Problems' }),
    }),
  ),
  flags: z.record(z.string(), z.boolean()).meta({ description: 'Every feature flag of the tenant portal as the capabilities give it now.' }),
});

// ---- SKU assignments of licence keys --------------------------------------------------------------------------------------

export const OvaSkuAssignment = z.strictObject({
  sku: SkuId.meta({ title: 'SKU', description: 'One of the service\'s SKUs.' }),
  expires_at: ExpiresAt,
});
export const OvaKeySkus = z.object({
  status: Success,
  key_id: z.string(),
  skus: z.array(OvaSkuAssignment.extend({ expired: z.boolean().meta({ title: 'Expired' }) })),
  updated_at: z.string().nullable(),
});
export const OvaKeySkusSave = z.strictObject({
  skus: z.array(OvaSkuAssignment).max(50).meta({ title: 'SKUs', description: 'The SKUs the key carries, each until its expiry; one entry per SKU.' }),
  updated_at: Stamp.nullable().meta({ description: 'The updated_at read; null while the key has never had SKUs.' }),
});

// ---- policy API tokens ----------------------------------------------------------------------------------------------------

export const TenantApiTokens = z.object({
  status: Success,
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string().meta({ title: 'Name' }),
      role: z.string().meta({ title: 'Scope' }),
      created_at: z.string().meta({ title: 'Created' }),
      created_by: z.string().meta({ title: 'Created by' }),
      expires_at: z.string().meta({ title: 'Expires' }),
      last_used_at: z.string().nullable().meta({ title: 'Last used' }),
      expired: z.boolean().meta({ title: 'Expired' }),
    }),
  ),
});
export const TenantApiTokenParams = z.strictObject({ tid: z.string().min(1).max(100), id: z.uuid() });

// ---- custom host names ------------------------------------------------------------------------------------------------------

export const CustomHostNameInput = z.strictObject({
  hostname: Hostname.meta({ title: 'Host name', description: 'A name in the tenant\'s own domain, e.g. portal.example.com; unique across the service.' }),
  purpose: labelledEnum(
    ['portal', 'block_page', 'pac'],
    { portal: 'Administration portal', block_page: 'Block and warning pages', pac: 'PAC file' },
    { title: 'Serves', description: 'What the service answers under this name.' },
  ),
  note: z.string().max(1000).default('').meta({ title: 'Note' }),
});
export const CustomHostName = CustomHostNameInput.extend({ ...RecordMeta, tenant_id: z.string() });

// ---- bulk user create -----------------------------------------------------------------------------------------------------

export const BulkUsersRequest = z.strictObject({
  users: z.array(TenantAdmin).min(1).max(50).meta({ description: 'Administrators to add to the tenant, all or none.' }),
});
export const BulkUsersAnswer = z.object({
  status: Success,
  users: z.array(z.object({ uid: z.string(), username: z.string() })),
});
