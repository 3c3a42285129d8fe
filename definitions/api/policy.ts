/** Policy revision, publish and history (spec 000 §4, §7; 001 §3). */
import { PolicyRevision, RevParam, RevisionHistory, RevisionHistoryQuery } from '../../schemas/policy';
import { defineOperation } from '../define';

const tag = 'policy';
const anyPolicy = {
  any: ['web_policy:*', 'email_policy:*', 'dlp_policy:*', 'casb_policy:*', 'egress_policy:*', 'content_inspection:*', 'dashboard:*', 'settings:*', 'private_access:*', 'fwaas:*'],
};
const publishers = {
  any: [
    'web_policy:write',
    'email_policy:write',
    'dlp_policy:write',
    'casb_policy:write',
    'egress_policy:write',
    'content_inspection:write',
    'private_access:write',
    'fwaas:write',
  ],
};

export const getRevision = defineOperation({
  id: 'policy.revision',
  method: 'GET',
  path: '/api/policy/v1/rules',
  summary: 'Current policy revision: staged_rev_id, rev_id, state, updated_at',
  response: PolicyRevision,
  access: 'session',
  tag,
});

export const publish = defineOperation({
  id: 'policy.publish',
  method: 'POST',
  path: '/api/policy/v1/rules/{rev}',
  summary: 'Publish the staged revision; does nothing unless its state is "staged"',
  params: RevParam,
  response: PolicyRevision,
  access: publishers,
  revision: 'staged',
  tag,
});

export const revisionHistory = defineOperation({
  id: 'policy.history',
  method: 'GET',
  path: '/api/policy/v1/revisions',
  summary: 'Published revisions, newest first (page size 25, offset 0 by default)',
  query: RevisionHistoryQuery,
  response: RevisionHistory,
  access: anyPolicy,
  tag,
});

export const policyOperations = [getRevision, publish, revisionHistory] as const;
