/** Browser posture management calls (spec 002 §7, under /api/brw-posture-mgmt/v1): configuration policies. */
import {
  BatchDeleteAnswer,
  BatchDeleteBody,
  ConfigPolicy,
  ConfigPolicyIdParam,
  ConfigPolicyInput,
  ConfigPolicyList,
  ConfigPolicyPatch,
  ConfigSettingDefinitionsQuery,
  JsonSchemaDocument,
} from '../../schemas/areas/browserPosture';
import { defineOperation } from '../define';

const base = '/api/brw-posture-mgmt/v1';
const read = { any: ['browser_posture_management:read'] };
const write = { any: ['browser_posture_management:write'] };
const tag = 'browser posture';

export const configSettingDefinitions = defineOperation({
  id: 'posture.settingDefinitions',
  method: 'GET',
  path: `${base}/configSettingDefinitions`,
  summary: 'JSON Schema (draft-07) of the browser settings a platform, browser and version honour',
  query: ConfigSettingDefinitionsQuery,
  response: JsonSchemaDocument,
  access: read,
  tag,
});

export const listConfigPolicies = defineOperation({
  id: 'posture.listPolicies',
  method: 'GET',
  path: `${base}/configPolicies`,
  summary: 'Configuration policies of the tenant, newest first',
  response: ConfigPolicyList,
  access: read,
  tag,
});

export const createConfigPolicy = defineOperation({
  id: 'posture.createPolicy',
  method: 'POST',
  path: `${base}/configPolicies`,
  summary: 'Create a configuration policy',
  description:
    'The spec uploads the policy as a multipart file (uploadFile, createdBy, name); this server takes the same ' +
    'content as JSON, with the settings checked against configSettingDefinitions of its platform, browser and version.',
  body: ConfigPolicyInput,
  response: ConfigPolicy,
  access: write,
  tag,
});

export const getConfigPolicy = defineOperation({
  id: 'posture.getPolicy',
  method: 'GET',
  path: `${base}/configPolicies/{id}`,
  summary: 'One configuration policy',
  params: ConfigPolicyIdParam,
  response: ConfigPolicy,
  access: read,
  tag,
});

export const updateConfigPolicy = defineOperation({
  id: 'posture.updatePolicy',
  method: 'PATCH',
  path: `${base}/configPolicies/{id}`,
  summary: 'Change the name, description, version or settings of a configuration policy',
  params: ConfigPolicyIdParam,
  body: ConfigPolicyPatch,
  response: ConfigPolicy,
  access: write,
  tag,
});

export const deleteConfigPolicy = defineOperation({
  id: 'posture.deletePolicy',
  method: 'DELETE',
  path: `${base}/configPolicies/{id}`,
  summary: 'Delete a configuration policy',
  params: ConfigPolicyIdParam,
  response: BatchDeleteAnswer,
  access: write,
  tag,
});

export const batchDeleteConfigPolicies = defineOperation({
  id: 'posture.batchDelete',
  method: 'POST',
  path: `${base}/configPolicies/batchDelete`,
  summary: 'Delete several configuration policies; unknown ids are skipped',
  body: BatchDeleteBody,
  response: BatchDeleteAnswer,
  access: write,
  tag,
});

/** The group server/modules/posture.ts implements. */
export const postureOps = {
  configSettingDefinitions,
  listConfigPolicies,
  createConfigPolicy,
  getConfigPolicy,
  updateConfigPolicy,
  deleteConfigPolicy,
  batchDeleteConfigPolicies,
} as const;
