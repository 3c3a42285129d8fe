/**
 * Web exceptions (`/api/policy/v3/rules/web/exceptions/{rev}`, spec 002 §3): ordered rules that override the web
 * policy for matching traffic (allow, isolate or block), the bypass list whose traffic skips the service, and the
 * reordering events of the last edit.
 */
import { z } from 'zod';
import { RuleAction, TransferDirection } from '../enums';
import { ShortText } from '../validators';
import { ReorderingEvent, RuleConditions } from './ruleConditions';

export const RULES_MAX = 1000;

const id = z.string().min(1).max(64).meta({ title: 'Id', description: 'Stable identifier of the rule' });
const name = ShortText.min(1, { message: 'Enter a name.' }).meta({ title: 'Name' });
const comment = z.string().max(200, { message: 'Use at most 200 characters.' }).default('').meta({ title: 'Comment' });

export const WebException = z.strictObject({
  id,
  name,
  enabled: z.boolean().default(true).meta({ title: 'Enabled' }),
  conditions: RuleConditions,
  action: RuleAction,
  transferDirection: TransferDirection.default('all'),
  expires: z.iso
    .date({ message: 'Enter a date such as 2027-01-31.' })
    .optional()
    .meta({ title: 'Expires', description: 'From this day on (UTC) the exception no longer applies; empty: never' }),
  comment,
});
export type WebException = z.infer<typeof WebException>;

/** Traffic matching a bypass entry goes straight to the site, neither isolated nor inspected. */
export const WebBypass = z.strictObject({
  id,
  name,
  enabled: z.boolean().default(true).meta({ title: 'Enabled' }),
  conditions: RuleConditions,
  comment,
});
export type WebBypass = z.infer<typeof WebBypass>;

export const WebExceptionsDocument = z
  .strictObject({
    list: z.array(WebException).max(RULES_MAX, { message: `Use at most ${RULES_MAX} rules.` }).meta({ title: 'Exceptions' }),
    bypass: z.array(WebBypass).max(RULES_MAX, { message: `Use at most ${RULES_MAX} rules.` }).default([]).meta({ title: 'Bypass' }),
    reorderingEvents: z.array(ReorderingEvent).max(RULES_MAX).default([]).meta({ title: 'Reordering events' }),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    for (const key of ['list', 'bypass'] as const) {
      doc[key].forEach((rule, i) => {
        if (seen.has(rule.id)) {
          ctx.addIssue({ code: 'custom', path: [key, i, 'id'], message: 'Each rule needs its own id.', params: { key: 'duplicate' } });
        }
        seen.add(rule.id);
      });
    }
  });
export type WebExceptionsDocument = z.infer<typeof WebExceptionsDocument>;
