/**
 * A finding of rule analysis: its own module, so that a screen showing findings loads it without the evaluator's
 * request and trace schemas.
 */
import { z } from 'zod';

export const FindingKind = z.enum(['shadowed', 'redundant', 'overlap', 'expired', 'expiring', 'unused']);
export type FindingKind = z.infer<typeof FindingKind>;
export const FindingRule = z.object({ key: z.string(), name: z.string(), position: z.number().int(), action: z.string() });
export type FindingRule = z.infer<typeof FindingRule>;
export const Finding = z.object({
  kind: FindingKind,
  area: z.string(),
  list: z.string(),
  listTitle: z.string(),
  rule: FindingRule.meta({ description: 'The row the finding is about' }),
  related: z.array(FindingRule).meta({ description: 'The rows that explain it: the earlier rows that cover or overlap it' }),
  message: z.string(),
});
export type Finding = z.infer<typeof Finding>;

/** What a finding's kind is called wherever a finding is shown (the rule screens' facts, the publish review). */
export const FINDING_KIND_LABELS: Readonly<Record<FindingKind, string>> = {
  shadowed: 'Shadowed',
  redundant: 'Redundant',
  overlap: 'Conflicting overlap',
  expired: 'Expired',
  expiring: 'Expiring',
  unused: 'Unused',
};
