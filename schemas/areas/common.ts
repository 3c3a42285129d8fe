/**
 * Building blocks shared by the policy areas and settings pages: row keys, names, comments, bounded lists, the
 * uniqueness check of a list, and the optional rule scope. Limits are the shared validators' (spec 002 §5, §9).
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { ShortText, TEXT_MAX } from '../validators';
import { RuleConditions } from './ruleConditions';

/** Rules one list may hold (the spec gives no limit; 1000 keeps a rule table usable). */
export const RULES_MAX = 1000;
/** Values one multi-value field may hold. */
export const VALUES_MAX = 1000;

export const RowId = z.string().min(1).max(64).meta({ title: 'Id', description: 'Stable identifier of the row' });
export const RowUuid = z.uuid({ message: 'Use a UUID.' }).meta({ title: 'UUID', description: 'Stable identifier of the row' });
export const RuleName = ShortText.min(1, { message: 'Enter a name.' }).max(TEXT_MAX, { message: 'Use at most 200 characters.' }).meta({ title: 'Name' });
export const Comment = z.string().max(TEXT_MAX, { message: 'Use at most 200 characters.' }).default('').meta({ title: 'Comment' });
export const Description = z.string().max(1000, { message: 'Use at most 1000 characters.' }).default('').meta({ title: 'Description' });
export const Enabled = z.boolean().default(true).meta({ title: 'Enabled' });

/** A bounded list that reads as empty when absent. */
export const listOf = <T extends z.ZodType>(item: T, title: string, max = VALUES_MAX, description?: string) =>
  z.array(item).max(max, { message: `Use at most ${max} entries.` }).default([]).meta({ title, ...(description ? { description } : {}) });

/** A short free-text value of a multi-value field (category names, file types, header names). */
export const Token = z.string().min(1, { message: 'Enter a value.' }).max(128, { message: 'Use at most 128 characters.' });

/**
 * Refuses a second row with the same value of `key` (compared case-insensitively for strings); the issue points at
 * the later row with key `duplicate`.
 */
export function uniqueBy<R extends Record<string, unknown>>(key: keyof R & string, message = 'This value is already used in another row.') {
  return (rows: readonly R[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    rows.forEach((row, i) => {
      const raw = row[key];
      const v = typeof raw === 'string' ? raw.toLowerCase() : raw;
      if (seen.has(v)) ctx.addIssue({ code: 'custom', path: [i, key], message, params: { key: 'duplicate' } });
      seen.add(v);
    });
  };
}

/** A rule list with unique row ids, empty when absent. */
export const ruleList = <T extends z.ZodObject>(row: T, title: string, key: 'id' | 'uuid' = 'id', max = RULES_MAX) =>
  z
    .array(row)
    .max(max, { message: `Use at most ${max} rules.` })
    .superRefine(uniqueBy<z.infer<T> & Record<string, unknown>>(key, 'Each row needs its own id.'))
    .default([])
    .meta({ title });

/**
 * The traffic a rule applies to, with the condition keys of spec 002 §3. Unlike an exception, a rule of these areas
 * may leave every condition empty: it then applies to all traffic.
 */
export const RuleScope = z
  .strictObject(RuleConditions.shape)
  .prefault({})
  .meta({ title: 'Applies to', description: 'All given conditions must hold; no condition means all traffic' });
export type RuleScope = z.infer<typeof RuleScope>;

/**
 * A labelled enumeration (the `x-labels` the screens read) built from one of the value → label tables of
 * schemas/logEnums.ts, so a policy field and the log column that reports it share their values and labels.
 */
export function enumFromLabels<const L extends Readonly<Record<string, string>>>(labels: L, title: string, description?: string) {
  const values = Object.keys(labels) as [keyof L & string, ...(keyof L & string)[]];
  return labelledEnum(values, labels as unknown as { readonly [K in keyof L & string]: string }, { title, ...(description ? { description } : {}) });
}
