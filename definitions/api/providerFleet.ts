/**
 * The provider console's licensing and fleet calls (spec 001 §7 "Tenant management"; the fleet and licensing of issue
 * 14): SKUs and features (sku-management), the capabilities features turn on, a tenant's entitlements and entitlement
 * overrides with its resulting SKUs view, appliance versions, deployments (bulk move, default), pods and their nodes,
 * rollouts. Spec 001 names these calls without methods or payloads; the paths, methods and bodies here are this
 * service's design, written in each operation's description. Reads are open to every operator (`provider:read`,
 * the support role too); changes need `provider:write`. Every change of a stored record sends the updated_at it read
 * and gets 409 with the stored record when it is stale.
 */
import { z } from 'zod';
import { Stamp, Success, TenantParams } from '../../schemas/areas/provider';
import {
  ApplianceVersion,
  DefaultDeployment,
  DefaultDeploymentAnswer,
  Deployment,
  DeploymentInput,
  DeploymentMove,
  DeploymentMoveAnswer,
  Entitlement,
  EntitlementInput,
  EntitlementOverride,
  EntitlementOverrideInput,
  Feature,
  FeatureCapabilities,
  FeatureInput,
  NodeStateInput,
  Pod,
  PodInput,
  PodNode,
  PodNodeParams,
  RecordParams,
  Rollout,
  RolloutInit,
  RolloutInput,
  RolloutStateInput,
  Sku,
  SkuInput,
  TenantDeployments,
  TenantRecordParams,
  TenantSku,
  TenantSkuSave,
  TenantSkus,
  VersionInput,
} from '../../schemas/areas/providerFleet';
import { defineOperation } from '../define';
import { PROVIDER_READ, PROVIDER_WRITE } from './provider';

const tag = 'provider';
const V1 = '/gdmanage/api/v1';
const stampNote = 'Send the updated_at read: a record changed since (or none sent) answers 409 with the stored record, nothing changed.';

/**
 * The four calls of a kind of record: list, create, replace (stamped) and delete, at `path` and `path/{id}`.
 * `listParams` / `itemParams` are the path parameters (a tenant's records carry `tid`; service-wide lists have none).
 */
export function recordOps<const N extends string, I extends z.ZodObject, R extends z.ZodObject, LP extends z.ZodObject | undefined, IP extends z.ZodObject>(spec: {
  readonly name: N;
  readonly path: string;
  /** The spec's name for `path`, served as an alias (list and create at it, replace and delete at `alias/{id}`). */
  readonly alias?: string;
  readonly noun: string;
  readonly plural: string;
  readonly input: I;
  readonly record: R;
  readonly listParams: LP;
  readonly itemParams: IP;
  readonly design: string;
  readonly createNote?: string;
  readonly deleteNote?: string;
}) {
  const { name, path, alias, noun, plural, input, record, listParams, itemParams, design } = spec;
  const aliases = (suffix: string) => (alias ? { aliases: [`${alias}${suffix}`] } : {});
  const one = z.object({ status: Success, item: record });
  return {
    list: defineOperation({
      id: `provider.${name}.list`,
      method: 'GET',
      path,
      ...aliases(''),
      summary: `${plural}`,
      description: design,
      params: listParams,
      response: z.object({ status: Success, items: z.array(record) }),
      access: PROVIDER_READ,
      tag,
    }),
    create: defineOperation({
      id: `provider.${name}.create`,
      method: 'POST',
      path,
      ...aliases(''),
      summary: `Add a ${noun}`,
      description: `${design} ${spec.createNote ?? ''}`.trim(),
      params: listParams,
      body: input,
      response: one,
      access: PROVIDER_WRITE,
      tag,
    }),
    update: defineOperation({
      id: `provider.${name}.update`,
      method: 'PUT',
      path: `${path}/{id}`,
      ...aliases('/{id}'),
      summary: `Replace a ${noun}`,
      description: `${design} The body is the whole ${noun} with the updated_at read; its id cannot change. ${stampNote}`,
      params: itemParams,
      body: input.extend({ updated_at: Stamp }),
      response: one,
      access: PROVIDER_WRITE,
      tag,
    }),
    delete: defineOperation({
      id: `provider.${name}.delete`,
      method: 'DELETE',
      path: `${path}/{id}`,
      ...aliases('/{id}'),
      summary: `Delete a ${noun}`,
      description: `${design} ${spec.deleteNote ?? ''}`.trim(),
      params: itemParams,
      response: z.object({ status: Success }),
      access: PROVIDER_WRITE,
      tag,
    }),
  };
}

const entitlementEffect =
  'The tenant\'s capabilities follow at once: a capability some feature turns on is on when the tenant has an enabled ' +
  'feature that turns it on and off otherwise; capabilities no feature names are left as they are, and each change is in the tenant\'s audit log.';

export const featureOps = recordOps({
  name: 'features',
  path: `${V1}/features`,
  noun: 'feature',
  plural: 'Features: what a SKU or an override gives a tenant, and the capabilities each turns on',
  input: FeatureInput,
  record: Feature,
  listParams: undefined,
  itemParams: RecordParams,
  design: 'Features are service-wide records keyed by feature_id (design of this service: /v1/features, /v1/features/{feature_id}).',
  createNote: 'A feature id already taken is 409.',
  deleteNote: 'A feature some SKU or override still names is 409, nothing deleted.',
});

export const skuOps = recordOps({
  name: 'skus',
  path: `${V1}/sku-management/skus`,
  noun: 'SKU',
  plural: 'SKUs: the units a tenant is entitled to, each a set of features',
  input: SkuInput,
  record: Sku,
  listParams: undefined,
  itemParams: RecordParams,
  design: 'SKUs are service-wide records keyed by sku_id under sku-management (design of this service). Every feature_id must be a feature (400 naming feature_ids.N).',
  createNote: 'A SKU id already taken is 409.',
  deleteNote: 'A SKU some tenant is entitled to is 409, nothing deleted.',
});

export const entitlementOps = recordOps({
  name: 'entitlements',
  path: `${V1}/tenants/{tid}/entitlements`,
  noun: 'entitlement',
  plural: 'A tenant\'s entitlements: the SKUs it has, until when',
  input: EntitlementInput,
  record: Entitlement,
  listParams: TenantParams,
  itemParams: TenantRecordParams,
  design: `An entitlement links a tenant (tenant_id, the group_id) to a SKU (sku_id); one that has expired gives nothing. ${entitlementEffect}`,
  createNote: 'An unknown sku_id is 400.',
});

export const entitlementOverrideOps = recordOps({
  name: 'entitlementOverrides',
  path: `${V1}/tenants/{tid}/entitlement_overrides`,
  noun: 'entitlement override',
  plural: 'A tenant\'s entitlement overrides: single features given or taken away whatever its SKUs say',
  input: EntitlementOverrideInput,
  record: EntitlementOverride,
  listParams: TenantParams,
  itemParams: TenantRecordParams,
  design: `An override links a tenant (tenant_id) to a feature (feature_id), on or off; one override per feature. ${entitlementEffect}`,
  createNote: 'An unknown feature_id is 400; a second override of one feature is 409.',
});

export const versionOps = recordOps({
  name: 'versions',
  path: `${V1}/versions`,
  alias: `${V1}/ova/versions`,
  noun: 'appliance version',
  plural: 'Appliance versions: which are supported and which generally available',
  input: VersionInput,
  record: ApplianceVersion,
  listParams: undefined,
  itemParams: RecordParams,
  design:
    'Versions are keyed by version_string (design of this service: /v1/versions, /v1/versions/{version_string}; the ' +
    'same calls answer at /v1/ova/versions, the name spec 001 §7 gives them: "ova keys, features and versions").',
  createNote: 'A version already listed is 409.',
  deleteNote: 'A version a planned or started rollout names is 409.',
});

export const deploymentOps = recordOps({
  name: 'deployments',
  path: `${V1}/deployments`,
  noun: 'deployment',
  plural: 'Deployments: where tenants run, with how many tenants each holds',
  input: DeploymentInput,
  record: Deployment,
  listParams: undefined,
  itemParams: RecordParams,
  design: 'Deployments are keyed by deployment_id (design of this service: /v1/deployments). A tenant never moved runs in the default deployment.',
  createNote: 'A deployment id already taken is 409.',
  deleteNote: 'The default deployment, or one that holds tenants or pods, is 409, nothing deleted.',
});

export const podOps = recordOps({
  name: 'pods',
  path: `${V1}/pods`,
  noun: 'pod',
  plural: 'Pods of the deployments and their nodes, with each node\'s state',
  input: PodInput,
  record: Pod,
  listParams: undefined,
  itemParams: RecordParams,
  design: 'Pods are keyed by pod_id and belong to a deployment (an unknown deployment_id is 400). Node ids are unique within a pod.',
  createNote: 'A pod id already taken is 409.',
});

export const rolloutOps = recordOps({
  name: 'rollouts',
  path: `${V1}/ops/rollout`,
  noun: 'rollout',
  plural: 'Rollouts (ops/rollout): appliance versions planned, started and done per deployment',
  input: RolloutInput,
  record: Rollout,
  listParams: undefined,
  itemParams: RecordParams,
  design:
    'A rollout brings a version of the version list (400 otherwise) to a deployment (400 when unknown); it is planned, started by ' +
    'the rolloutinit command, then completed or cancelled. Only a planned rollout may be replaced (409 otherwise).',
});

export const tenantSkus = defineOperation({
  id: 'provider.tenantSkus.get',
  method: 'GET',
  path: `${V1}/tenants/{tid}/skus`,
  summary: 'A tenant\'s SKUs and entitlements as they apply now: its SKUs, features (with why) and the capabilities they decide',
  params: TenantParams,
  response: TenantSkus,
  access: PROVIDER_READ,
  tag,
});

const tenantSkuDesign =
  'The tenant\'s SKU is the plan it is on: of its entitlements that have not expired, the one without an end date, else the ' +
  'one that runs longest. Spec 001 names /v1/tenants/{tid}/sku without a payload: this is the design of this service.';
export const tenantSku = defineOperation({
  id: 'provider.tenantSku.get',
  method: 'GET',
  path: `${V1}/tenants/{tid}/sku`,
  summary: 'The SKU a tenant is on (its plan), with its features',
  description: `${tenantSkuDesign} The other entitlements are counted; the skus call lists them all.`,
  params: TenantParams,
  response: TenantSku,
  access: PROVIDER_READ,
  tag,
});
export const saveTenantSku = defineOperation({
  id: 'provider.tenantSku.save',
  method: 'PUT',
  path: `${V1}/tenants/{tid}/sku`,
  summary: 'Put a tenant on one SKU: its entitlements are replaced by one to this SKU (an upgrade or downgrade in one step)',
  description:
    `${tenantSkuDesign} Every entitlement of the tenant is replaced by one to sku_id, in one step; overrides stay. ` +
    `${entitlementEffect} An unknown sku_id is 400 naming it; entitlements changed since the updated_at read answer 409 ` +
    'with the current SKU, nothing changed.',
  params: TenantParams,
  body: TenantSkuSave,
  response: TenantSku,
  access: PROVIDER_WRITE,
  tag,
});

export const featureCapabilities = defineOperation({
  id: 'provider.featureCapabilities.list',
  method: 'GET',
  path: `${V1}/feature_capabilities`,
  summary: 'Every capability a feature turns on, one row per feature and capability (edited on the feature)',
  response: FeatureCapabilities,
  access: PROVIDER_READ,
  tag,
});

export const moveTenants = defineOperation({
  id: 'provider.deployments.moveTenants',
  method: 'POST',
  path: `${V1}/deployments/move`,
  summary: 'Move tenants to a deployment in bulk (tids, deployment)',
  description: 'All or none: an unknown tenant or deployment is 400 naming it, nothing moved. A tenant already there is left as it is and not listed.',
  body: DeploymentMove,
  response: DeploymentMoveAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const tenantDeployments = defineOperation({
  id: 'provider.deployments.tenants',
  method: 'GET',
  path: `${V1}/tenant_deployments`,
  summary: 'Every tenant with the deployment it runs in',
  response: TenantDeployments,
  access: PROVIDER_READ,
  tag,
});

export const getDefaultDeployment = defineOperation({
  id: 'provider.deployments.getDefault',
  method: 'GET',
  path: `${V1}/default_deployment`,
  summary: 'The default deployment: where new tenants and those never moved run',
  response: DefaultDeploymentAnswer,
  access: PROVIDER_READ,
  tag,
});

export const setDefaultDeployment = defineOperation({
  id: 'provider.deployments.setDefault',
  method: 'PUT',
  path: `${V1}/default_deployment`,
  summary: 'Make a deployment the default (default_deployment)',
  description: 'Tenants never moved run in the new default from then on. An unknown deployment is 400.',
  body: DefaultDeployment,
  response: DefaultDeploymentAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const podNodes = defineOperation({
  id: 'provider.pods.nodes',
  method: 'GET',
  path: `${V1}/pods/{id}/nodes`,
  summary: 'The nodes of a pod, each with the pod\'s updated_at (the stamp a node state change sends back)',
  params: RecordParams,
  response: z.object({ status: Success, items: z.array(PodNode.extend({ pod_id: z.string(), updated_at: z.string() })) }),
  access: PROVIDER_READ,
  tag,
});

export const setNodeState = defineOperation({
  id: 'provider.pods.setNodeState',
  method: 'POST',
  path: `${V1}/pods/{id}/nodes/{node_id}/state`,
  summary: 'Post a state to a pod node (active, draining, maintenance, offline)',
  description: `The updated_at is the pod's. ${stampNote}`,
  params: PodNodeParams,
  body: NodeStateInput,
  response: z.object({ status: Success, item: Pod }),
  access: PROVIDER_WRITE,
  tag,
});

export const requestDiagnostics = defineOperation({
  id: 'provider.pods.requestDiagnostics',
  method: 'POST',
  path: `${V1}/pods/{id}/nodes/{node_id}/diagnostics`,
  summary: 'Request diagnostics of a pod node; the node records when they were asked for',
  params: PodNodeParams,
  response: z.object({ status: Success, item: Pod }),
  access: PROVIDER_WRITE,
  tag,
});

export const rolloutInit = defineOperation({
  id: 'provider.commands.rolloutInit',
  method: 'POST',
  path: `${V1}/commands/rolloutinit`,
  summary: 'Start a planned rollout (rolloutinit): its state becomes started',
  description: `Only a planned rollout starts (409 otherwise). ${stampNote}`,
  body: RolloutInit,
  response: z.object({ status: Success, item: Rollout }),
  access: PROVIDER_WRITE,
  tag,
});

export const finishRollout = defineOperation({
  id: 'provider.rollouts.finish',
  method: 'POST',
  path: `${V1}/ops/rollout/{id}/state`,
  summary: 'Mark a started rollout completed, or cancel a planned or started one',
  description: stampNote,
  params: RecordParams,
  body: RolloutStateInput,
  response: z.object({ status: Success, item: Rollout }),
  access: PROVIDER_WRITE,
  tag,
});

/** The group server/modules/providerFleet.ts implements, beside the record kinds above. */
export const providerFleetOps = {
  tenantSkus,
  tenantSku,
  saveTenantSku,
  featureCapabilities,
  moveTenants,
  tenantDeployments,
  getDefaultDeployment,
  setDefaultDeployment,
  podNodes,
  setNodeState,
  requestDiagnostics,
  rolloutInit,
  finishRollout,
} as const;

export const providerRecordOps = {
  features: featureOps,
  skus: skuOps,
  entitlements: entitlementOps,
  entitlementOverrides: entitlementOverrideOps,
  versions: versionOps,
  deployments: deploymentOps,
  pods: podOps,
  rollouts: rolloutOps,
} as const;

export const providerFleetOperations = [...Object.values(providerFleetOps), ...Object.values(providerRecordOps).flatMap((g) => Object.values(g))];
