/**
 * Policy evaluation calls (an extension of this product, not in the specification): test a request against the
 * published and the staged revision, and analyse a revision's rules.
 */
import { z } from 'zod';
import { JobStatusValue } from '../../schemas/areas/appliance';
import { ImpactSummary } from '../../schemas/evaluate/impact';
import { EvalRequest, Verdict } from '../../schemas/evaluate/types';
import { defineOperation } from '../define';
import { analysis, EXTENSION, RevisionChoice } from './analysis';
import { POLICY_READ } from './policy';

const tag = 'policy evaluation';


export const EvaluateBody = EvalRequest.extend({
  revisions: z
    .array(RevisionChoice)
    .min(1, { message: 'Choose at least one revision.' })
    .max(2)
    .refine((v) => new Set(v).size === v.length, { message: 'Each revision once.', params: { key: 'duplicate' } })
    .default(['published', 'staged'])
    .meta({ title: 'Revisions', description: 'Which revisions decide the request: published, staged or both' }),
}).meta({ description: 'The request attributes (every one optional) and the revisions that decide it' });
export type EvaluateBody = z.infer<typeof EvaluateBody>;

export const RevisionVerdict = z.object({
  revision: RevisionChoice,
  rev_id: z.number().int().meta({ description: 'The revision evaluated (0: nothing published yet)' }),
  verdict: Verdict,
});
export const EvaluateAnswer = z.object({
  request: EvalRequest.meta({ description: 'The request as evaluated, with the categories of its domain filled in when none were given' }),
  revisions: z.array(RevisionVerdict),
});
export type EvaluateAnswer = z.infer<typeof EvaluateAnswer>;

export const evaluate = defineOperation({
  id: 'policy.evaluate',
  method: 'POST',
  path: '/api/policy/v1/evaluate',
  summary: 'Decide a request under the published and/or the staged revision, with the trace of every rule consulted',
  description:
    EXTENSION +
    'Every rule-bearing area is consulted in its order (bypass entries and exceptions before categories and ' +
    'application rules; within a tier the strictest action wins); the answer gives, per decision, the action, the ' +
    'deciding rule and the trace: every list and rule consulted with each condition\'s result, and why later rules ' +
    'were not reached. A request without categories gets those of its domain.',
  body: EvaluateBody,
  response: EvaluateAnswer,
  access: POLICY_READ,
  tag,
});


/** How many days of web and email logs the impact replays. */
export const IMPACT_DAYS = 7;

export const ImpactJob = z.object({
  id: z.uuid(),
  status: JobStatusValue,
  progress: z.number().int().min(0).max(100),
  reason: z.string().optional().meta({ description: 'Why the job failed or was cancelled' }),
  published_rev_id: z.number().int(),
  staged_rev_id: z.number().int(),
  days: z.number().int(),
  created_by: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  result: ImpactSummary.optional().meta({ description: 'Set once the job has finished' }),
});
export type ImpactJob = z.infer<typeof ImpactJob>;
export const ImpactJobParams = z.strictObject({ id: z.uuid().meta({ title: 'Job id' }) });

const IMPACT_TEXT =
  `The distinct request shapes of the last ${IMPACT_DAYS} days of web logs and of email logs, with their counts, are ` +
  'decided under the published and the staged revision as they are when the job starts, each as if it were made ' +
  'then (a rule expiring before that no longer applies): a web request by its web action and a mail message by its ' +
  'email action. A web shape is the user, domain and categories of the requests, with every other field that either ' +
  "revision's web rules read (group, source address, URL, risks, country, browser, user agent, file type and hash, " +
  'application); a mail shape is the sender and its domain, the recipient, the attachment type and the link risk. ' +
  'The events whose action changes are counted per transition (e.g. allow → block) and grouped by user, domain, ' +
  'sender domain and category (the 20 largest groups each, with up to 3 example events and their requests; while ' +
  "the tenant's logs hide users or client addresses, so do the groups and examples). ";

export const impact = defineOperation({
  id: 'policy.impact',
  method: 'POST',
  path: '/api/policy/v1/impact',
  summary: `Start replaying the last ${IMPACT_DAYS} days of web requests and mail messages against the staged revision, as a background job`,
  description:
    EXTENSION +
    IMPACT_TEXT +
    'The answer is the job, queued; read it with `policy.impactJob` until it has finished. A new job of the same ' +
    'administrator cancels the one still open; a job whose server stopped before it finished reads as failed a minute ' +
    'later. Any server of the deployment answers a job and cancels it. Jobs are kept for an hour, the newest 20 of a ' +
    'tenant.',
  response: ImpactJob,
  access: POLICY_READ,
  tag,
});

export const impactJob = defineOperation({
  id: 'policy.impactJob',
  method: 'GET',
  path: '/api/policy/v1/impact/{id}',
  summary: 'An impact job: queued, running (with progress 0 to 100), finished (with the result), failed or cancelled',
  params: ImpactJobParams,
  response: ImpactJob,
  access: POLICY_READ,
  tag,
});

export const impactCancel = defineOperation({
  id: 'policy.impactCancel',
  method: 'POST',
  path: '/api/policy/v1/impact/{id}/cancel',
  summary: 'Cancel an impact job still queued or running (409 when it has already ended)',
  params: ImpactJobParams,
  response: ImpactJob,
  access: POLICY_READ,
  tag,
});

/** The group server/modules/evaluate.ts implements. */
export { analysis, RevisionChoice };
export const evaluateOps = { evaluate, analysis, impact, impactJob, impactCancel } as const;
