/**
 * Payloads of the provider console's licensing and fleet calls (spec 001 §3, §7): SKUs, features and the capabilities
 * they turn on, a tenant's entitlements (SKUs) and entitlement overrides (single features), appliance versions,
 * deployments, pods and their nodes, rollouts. Every answer carries status "Success" (spec 001 §5).
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { ShortText } from '../validators';
import { ExpiresAt, Stamp, Success } from './provider';

export const required = <T extends z.ZodString>(s: T) => s.refine((v) => v.trim().length > 0, { message: 'Required', params: { key: 'required' } });
/** An identifier an operator chooses: lower-case letters, digits, dots, dashes, underscores; 2 to 64. */
export const Slug = (title: string, description: string) =>
  z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{1,63}$/, { message: '2 to 64 lower-case letters, digits, dots, dashes or underscores.' })
    .meta({ title, description });
export const Name = required(ShortText).meta({ title: 'Name' });
const Description = z.string().max(1000).default('').meta({ title: 'Description' });
/** The capability names a feature turns on: the same names as a tenant's capabilities (feature flags). */
const CapabilityName = z.string().regex(/^[A-Za-z0-9_]{1,64}$/, { message: 'Letters, digits and underscores, up to 64.' });

export const FeatureId = Slug('Feature id', 'Unique; links SKUs, overrides and capabilities to the feature.');
export const SkuId = Slug('SKU id', 'Unique; the stock-keeping unit a tenant is entitled to.');
export const DeploymentId = Slug('Deployment id', 'Unique name of the deployment (a region or data centre the tenants run in).');
export const TenantId = z.string().min(1).max(100).meta({ title: 'Tenant', description: 'The tenant id (group_id).' });

/** What every stored record answers besides its own fields. */
export const RecordMeta = { id: z.string(), updated_at: z.string().meta({ title: 'Updated' }), updated_by: z.string().meta({ title: 'Updated by' }) };
export const RecordParams = z.strictObject({ id: z.string().min(1).max(100) });
export const TenantRecordParams = z.strictObject({ tid: TenantId, id: z.string().min(1).max(100) });

// ---- features, SKUs, entitlements ------------------------------------------------------------------------------

export const FeatureInput = z.strictObject({
  feature_id: FeatureId,
  name: Name,
  description: Description,
  capabilities: z
    .array(CapabilityName)
    .max(50)
    .default([])
    .meta({ title: 'Capabilities', description: 'Capabilities (feature flags of the tenant portal) a tenant with this feature has on.' }),
});
export const Feature = FeatureInput.extend(RecordMeta);

export const SkuInput = z.strictObject({
  sku_id: SkuId,
  name: Name,
  description: Description,
  feature_ids: z.array(FeatureId).min(1).max(100).meta({ title: 'Features', description: 'Feature ids the SKU includes.' }),
});
export const Sku = SkuInput.extend(RecordMeta);

export const EntitlementInput = z.strictObject({
  sku_id: SkuId,
  expires_at: ExpiresAt.optional().meta({ title: 'Expires at', description: 'UTC, YYYY-MM-DDTHH:mm:ssZ; none: until removed.' }),
  note: z.string().max(1000).default('').meta({ title: 'Note' }),
});
export const Entitlement = EntitlementInput.extend({
  ...RecordMeta,
  tenant_id: z.string(),
  expired: z.boolean().meta({ title: 'Expired' }),
  sku_name: z.string().meta({ title: 'SKU', description: 'The name of the SKU.' }),
});

export const EntitlementOverrideInput = z.strictObject({
  feature_id: FeatureId,
  enabled: z.boolean().default(true).meta({ title: 'Enabled', description: 'On: the tenant has the feature without a SKU; off: not even with one.' }),
  note: z.string().max(1000).default('').meta({ title: 'Note' }),
});
export const EntitlementOverride = EntitlementOverrideInput.extend({ ...RecordMeta, tenant_id: z.string() });

/** The SKU a tenant is on (its plan): of its entitlements not expired, the one that runs longest. */
export const TenantSku = z.object({
  status: Success,
  sku: z
    .object({
      sku_id: z.string().meta({ title: 'SKU' }),
      name: z.string().meta({ title: 'Name' }),
      feature_ids: z.array(z.string()).meta({ title: 'Features' }),
      expires_at: z.string().optional().meta({ title: 'Expires', description: 'None: until changed.' }),
      entitlement_id: z.string().meta({ description: 'The entitlement that gives it (see entitlements).' }),
    })
    .nullable()
    .meta({ description: 'None while the tenant has no entitlement that has not expired.' }),
  others: z.number().int().meta({ description: 'How many more entitlements the tenant has (expired ones included).' }),
  updated_at: z.string().nullable().meta({ description: 'When the tenant\'s entitlements last changed (null: never); a change sends it back.' }),
});
export const TenantSkuSave = z.strictObject({
  sku_id: SkuId.meta({ title: 'SKU', description: 'One of the service\'s SKUs.' }),
  expires_at: ExpiresAt.optional().meta({ title: 'Expires at', description: 'UTC, YYYY-MM-DDTHH:mm:ssZ; none: until changed.' }),
  note: z.string().max(1000).default('').meta({ title: 'Note' }),
  updated_at: Stamp.nullable().meta({ description: 'The updated_at read; null while the tenant has never had an entitlement. Entitlements changed since answer 409.' }),
});

/** A tenant's licensing as it applies now: its SKUs, overrides, the features that result and their capabilities. */
export const TenantSkus = z.object({
  status: Success,
  skus: z.array(
    z.object({
      sku_id: z.string().meta({ title: 'SKU' }),
      name: z.string().meta({ title: 'Name' }),
      expires_at: z.string().optional().meta({ title: 'Expires' }),
      expired: z.boolean().meta({ title: 'Expired' }),
    }),
  ),
  features: z.array(
    z.object({
      feature_id: z.string().meta({ title: 'Feature' }),
      name: z.string().meta({ title: 'Name' }),
      enabled: z.boolean().meta({ title: 'Enabled' }),
      source: labelledEnum(['sku', 'override-on', 'override-off'], { sku: 'A SKU', 'override-on': 'Override: on', 'override-off': 'Override: off' }, { title: 'Why' }),
      capabilities: z.array(z.string()).meta({ title: 'Capabilities' }),
    }),
  ),
  capabilities: z.record(z.string(), z.boolean()).meta({ description: 'Capabilities the features decide: on for an enabled feature, off otherwise.' }),
});

export const FeatureCapabilities = z.object({
  status: Success,
  items: z.array(z.object({ feature_id: z.string().meta({ title: 'Feature' }), capability: z.string().meta({ title: 'Capability' }) })),
});

// ---- appliance versions ----------------------------------------------------------------------------------------

export const VersionInput = z.strictObject({
  version_string: z
    .string()
    .regex(/^\d+(\.\d+){1,3}$/, { message: 'A version number, e.g. 4.3 or 4.3.1.' })
    .meta({ title: 'Version', description: 'The appliance version, e.g. 4.3.1; unique.' }),
  supported_version: z.boolean().default(true).meta({ title: 'Supported', description: 'Still supported: appliances may run and be updated to it.' }),
  ga_version: z.boolean().default(false).meta({ title: 'Generally available', description: 'Released to every customer (not only early access).' }),
  note: z.string().max(1000).default('').meta({ title: 'Note' }),
});
export const ApplianceVersion = VersionInput.extend(RecordMeta);

// ---- deployments, pods and nodes -------------------------------------------------------------------------------

export const DeploymentInput = z.strictObject({
  deployment_id: DeploymentId,
  name: Name,
  region: z.string().max(100).default('').meta({ title: 'Region' }),
  note: z.string().max(1000).default('').meta({ title: 'Note' }),
});
export const Deployment = DeploymentInput.extend({
  ...RecordMeta,
  tenants: z.number().meta({ title: 'Tenants', description: 'Tenants running in the deployment (those without one run in the default).' }),
  default: z.boolean().meta({ title: 'Default' }),
});
export const DeploymentMove = z.strictObject({
  tids: z.array(TenantId).min(1).max(500).meta({ title: 'Tenants', description: 'The tenants to move (their ids).' }),
  deployment: DeploymentId.meta({ title: 'To deployment', description: 'Where the tenants run from now on.' }),
});
export const DeploymentMoveAnswer = z.object({ status: Success, moved: z.array(z.object({ tid: z.string(), from: z.string(), to: z.string() })) });
export const DefaultDeployment = z.strictObject({ default_deployment: DeploymentId.meta({ title: 'Default deployment', description: 'Where new tenants, and those not moved anywhere, run.' }) });
export const DefaultDeploymentAnswer = z.object({ status: Success, default_deployment: z.string() });
export const TenantDeployments = z.object({
  status: Success,
  items: z.array(
    z.object({
      tid: z.string(),
      name: z.string().meta({ title: 'Tenant' }),
      deployment: z.string().meta({ title: 'Deployment id' }),
      deployment_name: z.string().meta({ title: 'Deployment', description: 'The name of the deployment the tenant runs in.' }),
    }),
  ),
});

export const NodeState = labelledEnum(
  ['active', 'draining', 'maintenance', 'offline'],
  { active: 'Active', draining: 'Draining', maintenance: 'Maintenance', offline: 'Offline' },
  { title: 'State', description: 'Active serves traffic; draining takes no new sessions; maintenance and offline serve nothing.' },
);
export const PodNode = z.strictObject({
  node_id: Slug('Node id', 'Unique within the pod.'),
  host: required(ShortText).meta({ title: 'Host' }),
  state: NodeState.default('active'),
  diagnostics_requested_at: z.string().optional().meta({ title: 'Diagnostics requested' }),
});
export const PodInput = z.strictObject({
  pod_id: Slug('Pod id', 'Unique name of the pod.'),
  deployment_id: DeploymentId,
  nodes: z
    .array(PodNode.omit({ diagnostics_requested_at: true }))
    .max(50)
    .default([])
    .meta({ title: 'Nodes' }),
});
export const Pod = PodInput.extend({ ...RecordMeta, nodes: z.array(PodNode), active_nodes: z.number().meta({ title: 'Active nodes' }) });
export const PodNodeParams = z.strictObject({ id: z.string().min(1).max(100), node_id: z.string().min(1).max(100) });
export const NodeStateInput = z.strictObject({ state: NodeState, updated_at: Stamp });

// ---- rollouts ----------------------------------------------------------------------------------------------------

export const RolloutState = labelledEnum(
  ['planned', 'started', 'completed', 'cancelled'],
  { planned: 'Planned', started: 'Started', completed: 'Completed', cancelled: 'Cancelled' },
  { title: 'State' },
);
export const RolloutInput = z.strictObject({
  version_string: z.string().min(1).max(30).meta({ title: 'Version', description: 'An appliance version of the version list.' }),
  deployment_id: DeploymentId,
  note: z.string().max(1000).default('').meta({ title: 'Note' }),
});
export const Rollout = RolloutInput.extend({
  ...RecordMeta,
  state: RolloutState,
  started_at: z.string().optional().meta({ title: 'Started' }),
  deployment_name: z.string().meta({ title: 'Deployment', description: 'The name of the deployment.' }),
});
export const RolloutInit = z.strictObject({ id: z.string().min(1).max(100), updated_at: Stamp });
export const RolloutStateInput = z.strictObject({ state: z.enum(['completed', 'cancelled']).meta({ title: 'State' }), updated_at: Stamp });
