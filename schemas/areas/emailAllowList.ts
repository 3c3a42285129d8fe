/**
 * Email allow-list (`safemail/whitelist`, spec 000 §3): senders whose mail is delivered without isolation. Each entry
 * is one sender address (name@example.com) or a whole sender domain (example.com, *.example.com).
 */
import { z } from 'zod';
import { CHECKS, VALIDATOR_MESSAGES, isDomain } from '../validators';

export const ALLOW_LIST_MAX = 10_000;
/** Rows one bulk import may add (spec 002 §5 leaves the maximum "not shown"). */
export const ALLOW_LIST_IMPORT_MAX = 500;

/** A sender address or domain; the error key says which of the two was meant (an @ means an address). */
export const Sender = z
  .string()
  .min(1, { message: 'Enter a sender address or domain.' })
  .max(254, { message: 'Use at most 254 characters.' })
  .superRefine((v, ctx) => {
    if (v === '') return;
    const key = v.includes('@') ? 'invalidEmail' : 'invalidDomain';
    const ok = key === 'invalidEmail' ? CHECKS.invalidEmail(v) : isDomain(v);
    if (!ok) ctx.addIssue({ code: 'custom', message: VALIDATOR_MESSAGES[key], params: { key } });
  })
  .meta({ title: 'Sender', description: 'An address such as name@example.com, or a domain such as example.com' });

export const AllowListEntry = z.strictObject({
  id: z.string().min(1).max(64).meta({ title: 'Id' }),
  sender: Sender,
  comment: z.string().max(200, { message: 'Use at most 200 characters.' }).default('').meta({ title: 'Comment' }),
  enabled: z.boolean().default(true).meta({ title: 'Enabled' }),
});
export type AllowListEntry = z.infer<typeof AllowListEntry>;

export const EmailAllowListDocument = z.strictObject({
  list: z
    .array(AllowListEntry)
    .max(ALLOW_LIST_MAX, { message: `Use at most ${ALLOW_LIST_MAX} entries.` })
    .superRefine((list, ctx) => {
      const seen = new Map<string, number>();
      list.forEach((e, i) => {
        const k = e.sender.toLowerCase();
        if (seen.has(k)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'sender'],
            message: `This sender is already listed in row ${seen.get(k)! + 1}.`,
            params: { key: 'duplicate' },
          });
        } else seen.set(k, i);
      });
    })
    .meta({ title: 'Allowed senders' }),
});
export type EmailAllowListDocument = z.infer<typeof EmailAllowListDocument>;
