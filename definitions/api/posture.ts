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
  ExportQuery,
  InputPolicy,
  JsonSchemaDocument,
} from '../../schemas/areas/browserPosture';
import { z } from 'zod';
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

export const exportConfigPolicy = defineOperation({
  id: 'posture.exportPolicy',
  method: 'POST',
  path: `${base}/configPolicies/{id}/export`,
  summary: 'Export a configuration policy for deployment: Microsoft Intune (JSON), a registry file or Group Policy registry XML',
  description:
    'The answer is the file\'s text. The registry formats write the settings under the browser\'s policy key ' +
    '(HKLM\\SOFTWARE\\Policies\\Google\\Chrome or ...\\Microsoft\\Edge) and exist for Windows policies only (400 on ' +
    '`format` otherwise); Intune exports Windows and macOS policies. Lists become numbered values of a sub-key.',
  params: ConfigPolicyIdParam,
  query: ExportQuery,
  response: z.string(),
  responseKind: 'text',
  access: read,
  tag,
});

export const inputConfigPolicy = defineOperation({
  id: 'posture.inputPolicy',
  method: 'GET',
  path: `${base}/configPolicies/{id}/inputPolicy`,
  summary: 'The input of a configuration policy: name, platform, browser, version and settings, as created and edited',
  params: ConfigPolicyIdParam,
  response: InputPolicy,
  access: read,
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
  exportConfigPolicy,
  inputConfigPolicy,
} as const;
