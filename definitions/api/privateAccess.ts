/**
 * Private access calls of spec 002 §7 that are not a document read or save: the lists other screens choose from
 * (applications, app connector clusters), the two cross-document updates, connector provisioning keys, the regions
 * connectors register in and the user portal's address. The documents themselves are the screens of
 * `definitions/privateAccess/`.
 */
import { RevParam, RevisionStamp } from '../../schemas/policy';
import {
  AccessRulesDocument,
  AppCatalogDocument,
  ApplicationList,
  ClusterList,
  ConnectorRegions,
  ProvisioningKeyAnswer,
  SetProvisioningKeyLookup,
  UpdateAccessPolicyApplication,
  UpdateCatalogClusters,
  UserPortalUrl,
} from '../../schemas/areas/privateAccess';
import { defineOperation } from '../define';

const tag = 'private access';
const env = [{ deployments: ['cloud', 'dev'] }] as const;
const read = { any: ['private_access:read'] } as const;
const write = { any: ['private_access:write'] } as const;
const feature = 'private_access';

export const applicationList = defineOperation({
  id: 'privateAccess.applicationList',
  method: 'GET',
  path: '/api/policy/v1/rules/mpa/application_list/{rev}',
  summary: 'The private applications of revision `rev`, each with its cluster by name and the access rules that name it',
  params: RevParam,
  response: ApplicationList,
  access: read,
  env,
  feature,
  tag,
});

export const clusterList = defineOperation({
  id: 'privateAccess.clusterList',
  method: 'GET',
  path: '/api/policy/v1/rules/mpa/app_connector_cluster_list/{rev}',
  summary: 'The app connector clusters of revision `rev` with their connectors, their state and the provisioning key (masked)',
  description:
    'A cluster has as many connectors as its document says. They wait for a provisioning key until one is issued ' +
    '(`set_provisioning_key_lookup`) and then register with it.',
  params: RevParam,
  response: ClusterList,
  access: read,
  env,
  feature,
  tag,
});

export const updateAccessPolicyApplication = defineOperation({
  id: 'privateAccess.updateAccessPolicyApplication',
  method: 'PUT',
  path: '/api/policy/v1/rules/mpa/update_access_policy_application/{rev}',
  summary: 'Put one application in exactly the listed access rules of the staged revision',
  description:
    'The application is added to the listed rules and taken out of every other rule. `updated_at` is the access rules ' +
    "document's as read: a stale one is a 409. A rule left with no application is a 400 on `access_rules`. The answer " +
    'is the access rules document as saved, staged.',
  params: RevParam,
  body: UpdateAccessPolicyApplication,
  response: AccessRulesDocument.extend(RevisionStamp.shape),
  access: write,
  env,
  feature,
  revision: 'staged',
  tag,
});

export const updateCatalogClusters = defineOperation({
  id: 'privateAccess.updateCatalogClusters',
  method: 'PUT',
  path: '/api/policy/v1/rules/mpa/update_catalog_clusters/{rev}',
  summary: 'Move the listed applications of the staged revision to one app connector cluster',
  description:
    "`updated_at` is the application catalogue's as read: a stale one is a 409. An unknown cluster or application is a " +
    '400 naming it. The answer is the catalogue as saved, staged.',
  params: RevParam,
  body: UpdateCatalogClusters,
  response: AppCatalogDocument.extend(RevisionStamp.shape),
  access: write,
  env,
  feature,
  revision: 'staged',
  tag,
});

export const setProvisioningKeyLookup = defineOperation({
  id: 'privateAccess.setProvisioningKeyLookup',
  method: 'PUT',
  path: '/api/policy/v1/rules/mpa/set_provisioning_key_lookup',
  summary: 'Issue a new provisioning key for an app connector cluster; connectors register with it',
  description:
    'The key is answered once; only a hash and its last four characters are kept, for the lookup connectors make when ' +
    'they register. The previous key of the cluster stops working. The cluster must be in the working revision.',
  body: SetProvisioningKeyLookup,
  response: ProvisioningKeyAnswer,
  access: write,
  env,
  feature,
  tag,
});

export const connectorRegions = defineOperation({
  id: 'privateAccess.connectorRegions',
  method: 'GET',
  path: '/api/policy/v1/mpa/app_connector_aws_region',
  summary: 'The AWS regions app connectors register in, the default for a new cluster, and how many clusters use each',
  response: ConnectorRegions,
  access: read,
  env,
  feature,
  tag,
});

export const userPortalUrl = defineOperation({
  id: 'privateAccess.userPortalUrl',
  method: 'GET',
  path: '/api/policy/v1/mpa/user_portal_url',
  summary: "The address of the tenant's user portal, where users open the applications shown on it",
  response: UserPortalUrl,
  access: read,
  env,
  feature,
  tag,
});

export const privateAccessOps = {
  applicationList,
  clusterList,
  updateAccessPolicyApplication,
  updateCatalogClusters,
  setProvisioningKeyLookup,
  connectorRegions,
  userPortalUrl,
} as const;
