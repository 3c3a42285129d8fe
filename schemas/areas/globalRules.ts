/**
 * Global rules (spec 002 §3, §7: `/api/policy/v1/rules/{web|inspection}/global_exceptions/{rev}` with pre and post
 * lists, `/api/policy/v1/rules/global_bnb/{rev}` with unsupported_or_non_browsers in pre and post). Pre rules are
 * evaluated before the tenant's own rules, post rules after them. Rows reuse the web exception, inspection exception
 * and browser rule shapes.
 */
import { z } from 'zod';
import { RuleAction } from '../enums';
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
