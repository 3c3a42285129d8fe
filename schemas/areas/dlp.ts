/**
 * DLP areas (spec 000 §3, §7: `dlp`, `dlp_dicts` with list and overrides, `dlp_groups`, `dlp_auditors`). The spec
 * names the calls and the dictionaries' keys only; the fields are what an administrator of a DLP engine expects: custom
 * dictionaries of keywords or patterns, overrides of the predefined dictionaries (the alert sub types of
 * schemas/logEnums.ts), groups of dictionaries joined by AND or OR, auditors notified of incidents, and the rules that
 * tie them to channels and actions.
 */
import { z } from 'zod';
import { Logic, labelledEnum } from '../enums';
import { ALERT_SUB_TYPE_LABELS, DLP_ACTION_LABELS, SUB_EVENT_TYPE_LABELS } from '../logEnums';
import { Email, VALIDATOR_MESSAGES, isValidRegex } from '../validators';
import { Comment, Enabled, RowId, RuleName, RuleScope, Token, enumFromLabels, listOf, ruleList, uniqueBy } from './common';

const int = (min: number, max: number, title: string, description?: string) =>
  z.number().int({ message: 'Enter a whole number.' }).min(min, { message: `Use at least ${min}.` }).max(max, { message: `Use at most ${max}.` }).meta({ title, ...(description ? { description } : {}) });
const ids = (title: string, description: string, min = 0) =>
  z.array(RowId).min(min, { message: 'Choose at least one.' }).max(200).default([]).meta({ title, description });

export const DlpActionChoice = enumFromLabels(DLP_ACTION_LABELS, 'Action');
export const DlpChannel = enumFromLabels(SUB_EVENT_TYPE_LABELS, 'Channel');
export const PredefinedDictionary = enumFromLabels(ALERT_SUB_TYPE_LABELS, 'Predefined dictionary');

// ---- dictionaries (dlp_dicts: list, overrides) --------------------------------------------------------------------

export const DictionaryKind = labelledEnum(
  ['keywords', 'regex'],
  { keywords: 'Keywords and phrases', regex: 'Regular expressions' },
  { title: 'Kind' },
);

export const DlpDictionary = z
  .strictObject({
    id: RowId,
    name: RuleName,
    kind: DictionaryKind,
    entries: z
      .array(z.string().min(1, { message: 'Enter a value.' }).max(500, { message: 'Use at most 500 characters.' }))
      .min(1, { message: 'Add at least one entry.' })
      .max(5000)
      .meta({ title: 'Entries' }),
    case_sensitive: z.boolean().default(false).meta({ title: 'Case-sensitive' }),
    comment: Comment,
  })
  .superRefine((d, ctx) => {
    if (d.kind !== 'regex') return;
    d.entries.forEach((e, i) => {
      if (!isValidRegex(e)) ctx.addIssue({ code: 'custom', path: ['entries', i], message: VALIDATOR_MESSAGES.invalidRegex, params: { key: 'invalidRegex' } });
    });
  });
export type DlpDictionary = z.infer<typeof DlpDictionary>;

export const DictionaryOverride = z.strictObject({
  id: RowId,
  dictionary: PredefinedDictionary,
  enabled: Enabled,
  threshold: int(1, 1000, 'Matches before an incident').default(1),
  exclusions: listOf(z.string().min(1).max(500), 'Excluded values', 1000, 'Values never counted, such as test card numbers'),
});
export type DictionaryOverride = z.infer<typeof DictionaryOverride>;

export const DlpDictionariesDocument = z.strictObject({
  list: ruleList(DlpDictionary, 'Custom dictionaries', 'id', 500),
  overrides: z
    .array(DictionaryOverride)
    .max(Object.keys(ALERT_SUB_TYPE_LABELS).length)
    .superRefine(uniqueBy<DictionaryOverride>('dictionary', 'This dictionary already has an override.'))
    .superRefine(uniqueBy<DictionaryOverride>('id', 'Each row needs its own id.'))
    .default([])
    .meta({ title: 'Predefined dictionary overrides' }),
});
export type DlpDictionariesDocument = z.infer<typeof DlpDictionariesDocument>;

// ---- dictionary groups (dlp_groups) -------------------------------------------------------------------------------

export const DlpGroup = z
  .strictObject({
    id: RowId,
    name: RuleName,
    logic: Logic.default('or'),
    dictionaries: ids('Custom dictionaries', 'Ids of custom dictionaries'),
    predefined: z.array(PredefinedDictionary).max(Object.keys(ALERT_SUB_TYPE_LABELS).length).default([]).meta({ title: 'Predefined dictionaries' }),
    comment: Comment,
  })
  .refine((g) => g.dictionaries.length + g.predefined.length > 0, {
    message: 'Choose at least one dictionary.',
    path: ['dictionaries'],
    params: { key: 'dictionaryRequired' },
  });
export type DlpGroup = z.infer<typeof DlpGroup>;

export const DlpGroupsDocument = z.strictObject({ list: ruleList(DlpGroup, 'Dictionary groups', 'id', 200) });
export type DlpGroupsDocument = z.infer<typeof DlpGroupsDocument>;

// ---- auditors (dlp_auditors) --------------------------------------------------------------------------------------

export const DlpAuditor = z.strictObject({
  id: RowId,
  name: RuleName,
  emails: z.array(Email.min(3).max(254)).min(1, { message: 'Add at least one address.' }).max(50).meta({ title: 'Addresses' }),
  notify_on: z.array(DlpActionChoice).min(1, { message: 'Choose at least one action.' }).max(3).meta({ title: 'Notify on', description: 'Incidents with these actions' }),
  attach_file: z.boolean().default(false).meta({ title: 'Attach the file', description: 'In an archive protected by the DLP file password' }),
  digest: labelledEnum(['immediate', 'hourly', 'daily'], { immediate: 'Each incident', hourly: 'Hourly digest', daily: 'Daily digest' }, { title: 'Send' }).default('immediate'),
  comment: Comment,
});
export type DlpAuditor = z.infer<typeof DlpAuditor>;

export const DlpAuditorsDocument = z.strictObject({ list: ruleList(DlpAuditor, 'Auditors', 'id', 100) });
export type DlpAuditorsDocument = z.infer<typeof DlpAuditorsDocument>;

// ---- rules (dlp) --------------------------------------------------------------------------------------------------

export const DlpRule = z
  .strictObject({
    id: RowId,
    name: RuleName,
    enabled: Enabled,
    scope: RuleScope,
    channels: z.array(DlpChannel).min(1, { message: 'Choose at least one channel.' }).max(Object.keys(SUB_EVENT_TYPE_LABELS).length).meta({ title: 'Channels' }),
    groups: ids('Dictionary groups', 'Ids of dictionary groups'),
    predefined: z.array(PredefinedDictionary).max(Object.keys(ALERT_SUB_TYPE_LABELS).length).default([]).meta({ title: 'Predefined dictionaries' }),
    ccls: z
      .array(Token)
      .max(100)
      .default([])
      .meta({ title: 'Predefined content control lists', description: 'Data identifiers of the service (by id), such as IBANs or national identity numbers; an id the service no longer offers matches nothing' }),
    threshold: int(1, 1000, 'Matches before the action').default(1),
    action: DlpActionChoice,
    casb_profiles: ids('SaaS profiles', 'Only in SaaS applications of these profiles (CASB profiles); none: in every site and application'),
    casb_rules: ids('SaaS application rules', 'Only in traffic these SaaS application rules govern; none: in every site and application'),
    auditors: ids('Auditors', 'Ids of auditors notified'),
    notify_user: z.boolean().default(true).meta({ title: 'Tell the user', description: 'Shows the DLP notification text' }),
    comment: Comment,
  })
  .refine((r) => r.groups.length + r.predefined.length + r.ccls.length > 0, {
    message: 'Choose at least one dictionary group, predefined dictionary or content control list.',
    path: ['groups'],
    params: { key: 'dictionaryRequired' },
  });
export type DlpRule = z.infer<typeof DlpRule>;

export const DlpRulesDocument = z.strictObject({ list: ruleList(DlpRule, 'DLP rules') });
export type DlpRulesDocument = z.infer<typeof DlpRulesDocument>;
