/**
 * Global rules (spec 002 §3, §7: `/api/policy/v1/rules/{web|inspection}/global_exceptions/{rev}` with pre and post
 * lists, `/api/policy/v1/rules/global_bnb/{rev}` with unsupported_or_non_browsers in pre and post). Pre rules are
 * evaluated before the tenant's own rules, post rules after them. Rows reuse the web exception, inspection exception
 * and browser rule shapes.
 */
import { z } from 'zod';
import { RuleAction, labelledEnum } from '../enums';
import { Comment, ruleList } from './common';
import { WebException } from './webExceptions';
import { BrowserRule, InspectionException } from './webRules';

export const WebGlobalExceptionsDocument = z.strictObject({
  pre: ruleList(WebException, 'Before the tenant rules'),
  post: ruleList(WebException, 'After the tenant rules'),
});
export type WebGlobalExceptionsDocument = z.infer<typeof WebGlobalExceptionsDocument>;

export const InspectionGlobalExceptionsDocument = z.strictObject({
  pre: ruleList(InspectionException, 'Before the tenant rules'),
  post: ruleList(InspectionException, 'After the tenant rules'),
});
export type InspectionGlobalExceptionsDocument = z.infer<typeof InspectionGlobalExceptionsDocument>;

const BrowserRuleSet = (title: string) =>
  z
    .strictObject({
      list: ruleList(BrowserRule, 'Browser and web-app rules'),
      unsupported_or_non_browsers: z
        .strictObject({ action: RuleAction.default('block'), comment: Comment })
        .prefault({})
        .meta({ title: 'Unsupported browsers and non-browser clients' }),
    })
    .prefault({})
    .meta({ title });

export const GlobalBrowserRulesDocument = z.strictObject({
  pre: BrowserRuleSet('Before the tenant rules'),
  post: BrowserRuleSet('After the tenant rules'),
});
export type GlobalBrowserRulesDocument = z.infer<typeof GlobalBrowserRulesDocument>;

// ---- the parent tenant's global rules (002 §7 parent_global_exceptions, parent_global_bnb) -------------------------

export const RulePosition = labelledEnum(
  ['pre', 'post'],
  { pre: 'Before this tenant\'s rules', post: 'After this tenant\'s rules' },
  { title: 'Evaluated' },
);

/** Which tenant the rules come from and the published revision they were read at. */
const ParentOf = {
  parent: z.string().nullable().meta({ title: 'Parent tenant', description: 'The primary tenant that manages this tenant; null when none does' }),
  rev_id: z.number().int().meta({ title: 'Published revision of the parent', description: '0 when there is no parent or it never published' }),
  published_at: z.iso.datetime().nullable().meta({ title: 'Published' }),
};

const positioned = <T extends z.ZodObject>(row: T) => z.array(row.extend({ position: RulePosition }));

/** Answer of GET /api/policy/v1/rules/{web|inspection}/parent_global_exceptions/: the parent's lists, read only. */
export const ParentWebGlobalExceptions = WebGlobalExceptionsDocument.extend({
  ...ParentOf,
  rules: positioned(WebException).meta({ title: 'Rules', description: 'pre then post, in the order they are evaluated' }),
}).meta({ title: 'Parent tenant web exceptions' });

export const ParentInspectionGlobalExceptions = InspectionGlobalExceptionsDocument.extend({
  ...ParentOf,
  rules: positioned(InspectionException).meta({ title: 'Rules', description: 'pre then post, in the order they are evaluated' }),
}).meta({ title: 'Parent tenant inspection exceptions' });

export const ParentGlobalBrowserRules = GlobalBrowserRulesDocument.extend({
  ...ParentOf,
  rules: positioned(BrowserRule).meta({ title: 'Rules', description: 'pre then post, in the order they are evaluated' }),
}).meta({ title: 'Parent tenant browser rules' });
