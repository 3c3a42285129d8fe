/**
 * Threats (`risks`, spec 000 §3: list, flash). The spec names the two keys only; the design: `list` holds the action
 * for each threat category (botnet, c&c, malware, phishing and the other feeds of schemas/logEnums.ts), each category
 * once; `flash` says what isolated pages may do with Adobe Flash content and which sites are excepted.
 */
import { z } from 'zod';
import { RuleAction, labelledEnum } from '../enums';
import { THREAT_CATEGORY_LABELS } from '../logEnums';
import { Domain } from '../validators';
import { Comment, RowId, enumFromLabels, listOf, uniqueBy } from './common';

export const ThreatCategoryChoice = enumFromLabels(THREAT_CATEGORY_LABELS, 'Threat category');

export const ThreatRule = z.strictObject({
  id: RowId,
  threat: ThreatCategoryChoice,
  action: RuleAction,
  notify_user: z.boolean().default(true).meta({ title: 'Show the block page', description: 'Off: the request fails silently' }),
  comment: Comment,
});
export type ThreatRule = z.infer<typeof ThreatRule>;

export const FlashAction = labelledEnum(
  ['block', 'isolate', 'allow'],
  { block: 'Block Flash content', isolate: 'Run Flash in isolation', allow: 'Allow Flash content' },
  { title: 'Flash content' },
);

export const FlashSettings = z
  .strictObject({
    action: FlashAction.default('block'),
    exceptions: listOf(Domain, 'Sites excepted', 1000, 'Sites that may always run Flash in isolation'),
  })
  .prefault({})
  .meta({ title: 'Flash' });

const THREATS_MAX = Object.keys(THREAT_CATEGORY_LABELS).length;

export const WebThreatsDocument = z.strictObject({
  list: z
    .array(ThreatRule)
    .max(THREATS_MAX, { message: `There are ${THREATS_MAX} threat categories.` })
    .superRefine(uniqueBy<ThreatRule>('threat', 'This threat category already has an action.'))
    .superRefine(uniqueBy<ThreatRule>('id', 'Each row needs its own id.'))
    .default([])
    .meta({ title: 'Threat actions' }),
  flash: FlashSettings,
});
export type WebThreatsDocument = z.infer<typeof WebThreatsDocument>;
