/**
 * Auditor profiles (spec 000 §3 "default profiles, list, file password"; §7 auditor_profiles: GET and PUT default,
 * GET and PUT list, GET file_password). The spec names the calls only; the fields are this build's design: a profile
 * says who receives the files DLP and forensic captures keep for review and how, and one profile is the default for
 * rules that name none. The archives are protected by the tenant's file password (the DLP file password).
 */
import { z } from 'zod';
import { Email } from '../validators';
import { Comment, RowId, RuleName, ruleList } from './common';

export const AuditorProfile = z.strictObject({
  id: RowId,
  name: RuleName,
  emails: z.array(Email.min(3).max(254)).min(1, { message: 'Add at least one address.' }).max(50).meta({ title: 'Auditors', description: 'Addresses that receive the captured files' }),
  attach_file: z.boolean().default(true).meta({ title: 'Attach the file', description: 'In an archive protected by the file password; off: a link to the portal only' }),
  comment: Comment,
});
export type AuditorProfile = z.infer<typeof AuditorProfile>;

export const AuditorProfilesDocument = z.strictObject({ list: ruleList(AuditorProfile, 'Auditor profiles', 'id', 100) });
export type AuditorProfilesDocument = z.infer<typeof AuditorProfilesDocument>;

export const AuditorProfileDefaultDocument = z.strictObject({
  default: z.string().max(64).default('').meta({ title: 'Default profile', description: 'Used by rules that name no profile; empty: none' }),
});
export type AuditorProfileDefaultDocument = z.infer<typeof AuditorProfileDefaultDocument>;
