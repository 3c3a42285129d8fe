/** Policy revision, publish and history (spec 000 §4, §7; 001 §3). */
import { z } from 'zod';
import { PolicyRevision, PublishBody, RevParam, RevisionChanges, RevisionHistory, RevisionHistoryQuery } from '../../schemas/policy';
import { defineOperation, type PermissionRule } from '../define';

const tag = 'policy';
/** Who may read policy revisions: anyone with a policy (or dashboard / settings) role. */
export const POLICY_READ: PermissionRule = {
  any: ['web_policy:*', 'email_policy:*', 'dlp_policy:*', 'casb_policy:*', 'egress_policy:*', 'content_inspection:*', 'dashboard:*', 'settings:*', 'private_access:*', 'fwaas:*'],
};
/** Who may publish and roll back: anyone who may write some policy area. */
export const POLICY_PUBLISH: PermissionRule = {
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
  description:
    'Spec 000 §7 sends a revision and a timestamp with this call. Without them `rev_id` is the last published ' +
    'revision; with them it is the last revision published at or before `revision` and at or before `timestamp` ' +
    '(0 when none was), so a caller learns which revision was in force then. `staged_rev_id`, `state` and ' +
    '`updated_at` are always the working revision\'s. A `revision` the tenant never had is 404 (0 stands for none). The current time as ' +
    '`timestamp` answers as no timestamp does, and no answer is cached.',
  query: z.strictObject({
    revision: z.coerce.number().int().nonnegative().max(2_147_483_647).optional().meta({ description: 'A revision of the tenant: the answer\'s rev_id is the last one published at or before it' }),
    timestamp: z.coerce.number().int().nonnegative().max(8_640_000_000_000_000).optional().meta({ description: 'A time in milliseconds since 1970: the answer\'s rev_id is the last revision published at or before it' }),
  }),
  response: PolicyRevision,
  access: 'session',
  tag,
});

export const publish = defineOperation({
  id: 'policy.publish',
  method: 'POST',
  path: '/api/policy/v1/rules/{rev}',
  summary: 'Publish the staged revision; does nothing unless its state is "staged"',
  description:
    'The optional `reason` (3–500 characters) is stored with the revision and shown in its history; the portal always sends one. ' +
    'Saves and publishes of a tenant run one at a time, so a save never lands in a revision after it is published.',
  params: RevParam,
  body: PublishBody,
  response: PolicyRevision,
  access: POLICY_PUBLISH,
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
  access: POLICY_READ,
  tag,
});

export const revisionChanges = defineOperation({
  id: 'policy.changes',
  method: 'GET',
  path: '/api/policy/v1/revisions/{rev}/changes',
  summary: 'The areas a revision changed, each as its document before and after (secrets masked)',
  description:
    'Compares revision `rev` with revision `rev - 1`: for the working revision that is the last published one, so the ' +
    'answer is what a publish would put live. Only areas whose stored content differs, and that the caller may read, are listed.',
  params: RevParam,
  response: RevisionChanges,
  access: POLICY_READ,
  tag,
});

export const rollback = defineOperation({
  id: 'policy.rollback',
  method: 'POST',
  path: '/api/policy/v1/revisions/{rev}/rollback',
  summary: 'Stage the content of published revision `rev` as the working revision (publish it to make it live)',
  description:
    'Every area whose content differs from revision `rev` is saved in the working revision with that content; the ' +
    'working revision then holds unpublished changes, reviewed and published like any other. 404 when `rev` was never published.',
  params: RevParam,
  response: PolicyRevision,
  access: POLICY_PUBLISH,
  tag,
});

/** The group server/modules/policy.ts implements. */
export const policyOps = { getRevision, publish, revisionHistory, revisionChanges, rollback } as const;
