/** Policy revision (spec 000 §3, 001 §3, 002 §3) and the stamp every save carries. */
import { z } from 'zod';

export const RevisionState = z.enum(['staged', 'published']).meta({
  description: '"staged" means the working revision has unpublished changes.',
});
export type RevisionState = z.infer<typeof RevisionState>;

/** GET /api/policy/v1/rules. */
export const PolicyRevision = z.object({
  staged_rev_id: z.number().int().nonnegative().meta({ description: 'Revision that saves go to' }),
  rev_id: z.number().int().nonnegative().meta({ description: 'Last published revision' }),
  state: RevisionState,
  updated_at: z.iso.datetime(),
});
export type PolicyRevision = z.infer<typeof PolicyRevision>;

/** Sent with every policy save; a save whose updated_at is older than the stored document's gets 409. */
export const RevisionStamp = z.object({
  rev_id: z.number().int().nonnegative(),
  state: RevisionState,
  updated_at: z.iso.datetime(),
});
export type RevisionStamp = z.infer<typeof RevisionStamp>;

/** Stamp of a settings document that has no revision: its own updated_at, and who saved it. */
export const SettingsStamp = z.object({
  updated_at: z.iso.datetime().optional(),
  updated_by: z.string().optional(),
});

/** Limits of the change reason a publish records. */
export const PUBLISH_REASON = { min: 3, max: 500 } as const;

export const PublishReason = z
  .string()
  .trim()
  .min(PUBLISH_REASON.min)
  .max(PUBLISH_REASON.max)
  .meta({ title: 'Change reason', description: 'Why this revision is published; kept with the revision in its history.' });

/** Body of a publish: the change reason. Optional for API callers (the spec's publish call has no body); the portal always sends one. */
export const PublishBody = z.strictObject({ reason: PublishReason.optional() });

/** One entry of the revision history. */
export const RevisionHistoryEntry = z.object({
  rev_id: z.number().int(),
  state: RevisionState,
  updated_at: z.iso.datetime(),
  published_at: z.iso.datetime().nullable(),
  published_by: z.string().nullable(),
  reason: z.string().nullable().meta({ description: 'The change reason given at publish (none for publishes without one).' }),
  areas: z.array(z.string()).meta({ description: 'Screen ids of the areas whose content this revision changed.' }),
});
export const RevisionHistory = z.object({
  revisions: z.array(RevisionHistoryEntry),
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
});
export const RevisionHistoryQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export const RevParam = z.strictObject({ rev: z.coerce.number().int().nonnegative() });

/** One area's document before (at the base revision) and after (at the revision), secrets masked. */
export const AreaChange = z.object({
  screen_id: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
/** The areas a revision changed against its predecessor (for the working revision: against the published one). */
export const RevisionChanges = z.object({
  rev_id: z.number().int(),
  base_rev_id: z.number().int(),
  areas: z.array(AreaChange),
});
export type RevisionChanges = z.infer<typeof RevisionChanges>;
