/**
 * Rule analysis (an extension of this product, not in the specification), apart from the other evaluation calls: the
 * rule screens' facts line reads it, and loads no more than it needs.
 */
import { z } from 'zod';
import { Finding } from '../../schemas/evaluate/finding';
import { defineOperation } from '../define';
import { POLICY_READ } from './policy';

const tag = 'policy evaluation';
export const EXTENSION = 'An extension of this product, not in the specification. ';

export const RevisionChoice = z.enum(['published', 'staged']).meta({ title: 'Revision', 'x-labels': { published: 'Published', staged: 'Staged' } });
export type RevisionChoice = z.infer<typeof RevisionChoice>;

export const AnalysisQuery = z.strictObject({
  revision: RevisionChoice.default('staged'),
  area: z.string().max(64).optional().meta({ description: 'One area id; empty: every rule-bearing area' }),
  days: z.coerce.number().int().min(1).max(90).default(30).meta({ description: 'Days of logs in which a rule that decided nothing is reported' }),
});
export const AnalysisAnswer = z.object({
  rev_id: z.number().int(),
  days: z.number().int(),
  findings: z.array(Finding),
});
export type AnalysisAnswer = z.infer<typeof AnalysisAnswer>;

export const analysis = defineOperation({
  id: 'policy.analysis',
  method: 'GET',
  path: '/api/policy/v1/analysis',
  summary: 'Rule analysis of a revision: shadowed, redundant and conflicting rules, expired and expiring exceptions, unused rules',
  description:
    EXTENSION +
    'Each finding names the rule and the earlier rules that explain it. A rule is unused when it decided no logged ' +
    'request in the last `days` days.',
  query: AnalysisQuery,
  response: AnalysisAnswer,
  access: POLICY_READ,
  tag,
});
