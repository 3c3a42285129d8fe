/** Browser posture management calls (spec 002 §7, under /api/brw-posture-mgmt/v1): configuration policies. */
import {
  AssessAllAnswer,
  Assessment,
  AssessmentList,
  AssessmentParams,
  AssessmentQuery,
  BenchmarkIdParam,
  BenchmarkList,
  BenchmarkPolicy,
  ReviewStatusBody,
  BatchDeleteAnswer,
  BatchDeleteBody,
  ConfigPolicy,
  ConfigPolicyIdParam,
  ConfigPolicyUpload,
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
const read = { any: ['browser_posture_management:read'] } as const;
const write = { any: ['browser_posture_management:write'] } as const;
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
    'A multipart/form-data upload: `uploadFile`, a JSON file with platform, browser, version, settings (default none) ' +
    'and an optional description; `name` (the portal sends the current time, `YYYY-MM-DD HH:MM:SS` UTC, and the ' +
    'administrator renames the policy later); `createdBy`, which must name the signed-in user when ' +
    'sent (the caller is recorded). The settings are checked against configSettingDefinitions of the file\'s platform, ' +
    'browser and version (errors under `uploadFile.settings`). A JSON body is refused (415).',
  body: ConfigPolicyUpload,
  requestKind: 'multipart',
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

// ---- benchmark policies and assessments (the paths are the documents'; the bodies and answers are this build's
// design: the documents name the calls only) -------------------------------------------------------------------------

const assessmentNote =
  'A check passes when the policy sets the benchmark\'s setting to the expected value, fails when it sets another ' +
  'value, and is not configured when the policy leaves the setting empty. The score is the share of checks passed.';

export const listBenchmarkPolicies = defineOperation({
  id: 'posture.listBenchmarks',
  method: 'GET',
  path: `${base}/benchmarkPolicies`,
  summary: 'The benchmark policies configuration policies can be assessed against (security baselines per browser)',
  response: BenchmarkList,
  access: read,
  tag,
});

export const getBenchmarkPolicy = defineOperation({
  id: 'posture.getBenchmark',
  method: 'GET',
  path: `${base}/benchmarkPolicies/{id}`,
  summary: 'One benchmark policy with its checks (setting, expected value, severity); an unknown id is a 404',
  params: BenchmarkIdParam,
  response: BenchmarkPolicy,
  access: read,
  tag,
});

export const listAssessments = defineOperation({
  id: 'posture.listAssessments',
  method: 'GET',
  path: `${base}/configPolicies/{id}/assessments`,
  summary: 'Every benchmark of the policy\'s browser, with the policy\'s assessment against it when there is one',
  description: 'This listing is this build\'s addition (the documents name the calls per benchmark only); ' + assessmentNote,
  params: ConfigPolicyIdParam,
  response: AssessmentList,
  access: read,
  tag,
});

export const getAssessment = defineOperation({
  id: 'posture.getAssessment',
  method: 'GET',
  path: `${base}/configPolicies/{id}/assessments/{benchId}`,
  summary: 'The assessment of a policy against a benchmark, with every check\'s outcome and review status',
  description: 'A 404 when the policy was never assessed against the benchmark. ' + assessmentNote,
  params: AssessmentParams,
  response: Assessment,
  access: read,
  tag,
});

export const queryAssessment = defineOperation({
  id: 'posture.queryAssessment',
  method: 'POST',
  path: `${base}/configPolicies/{id}/assessments/{benchId}`,
  summary: 'The assessment with its results filtered by outcome, review status and a search text',
  description: 'Changes nothing (a read with a body); the counts and score stay those of the whole assessment.',
  params: AssessmentParams,
  body: AssessmentQuery,
  response: Assessment,
  access: read,
  tag,
});

export const assessPolicy = defineOperation({
  id: 'posture.assess',
  method: 'POST',
  path: `${base}/configPolicies/{id}/assess/{benchId}`,
  summary: 'Assess the policy against a benchmark, replacing an earlier assessment and its reviews',
  description: 'The benchmark must be of the policy\'s browser (400 on `benchId` otherwise); the run is audited. ' + assessmentNote,
  params: AssessmentParams,
  response: Assessment,
  access: write,
  tag,
});

export const reassessPolicy = defineOperation({
  id: 'posture.reassess',
  method: 'POST',
  path: `${base}/configPolicies/{id}/reassess/{benchId}`,
  summary: 'Assess the policy again after it changed, keeping the review of each check whose outcome is unchanged',
  description: 'A 404 when there is no assessment to repeat. ' + assessmentNote,
  params: AssessmentParams,
  response: Assessment,
  access: write,
  tag,
});

export const assessAll = defineOperation({
  id: 'posture.assessAll',
  method: 'POST',
  path: `${base}/configPolicies/{id}/assess`,
  summary: 'Assess the policy against every benchmark of its browser (earlier assessments are repeated, keeping reviews)',
  params: ConfigPolicyIdParam,
  response: AssessAllAnswer,
  access: write,
  tag,
});

export const setReviewStatus = defineOperation({
  id: 'posture.setReviewStatus',
  method: 'PUT',
  path: `${base}/configPolicies/{id}/assessments/{benchId}/reviewStatus`,
  summary: 'Record the review of one check of an assessment (to fix, risk accepted, not applicable) with a comment',
  description:
    'Send the assessment\'s `updated_at` as read: a run or review since answers 409 with the stored assessment. An ' +
    'unknown check is a 400 on `rule_id`. Audited.',
  params: AssessmentParams,
  body: ReviewStatusBody,
  response: Assessment,
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
  exportConfigPolicy,
  inputConfigPolicy,
  listBenchmarkPolicies,
  getBenchmarkPolicy,
  listAssessments,
  getAssessment,
  queryAssessment,
  assessPolicy,
  reassessPolicy,
  assessAll,
  setReviewStatus,
} as const;
