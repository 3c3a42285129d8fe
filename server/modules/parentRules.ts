/**
 * The parent tenant's global rules (definitions/api/parentRules.ts): the primary tenant of the caller's tenant's
 * active association, its global exceptions and browser rules at its last published revision.
 */
import { parentRuleOps } from '../../definitions/api/parentRules';
import type { DocumentScreen } from '../../definitions/define';
import { globalBrowserRules } from '../../definitions/policy/web/globalBrowserRules';
import { globalInspectionExceptions } from '../../definitions/policy/web/globalInspectionExceptions';
import { webGlobalExceptions } from '../../definitions/policy/web/webGlobalExceptions';
import type { GlobalBrowserRulesDocument, InspectionGlobalExceptionsDocument, WebGlobalExceptionsDocument } from '../../schemas/areas/globalRules';
import { current, storedPolicy } from '../documents';
import { policyRevision, revisionById } from '../revisions';
import { implementAll, requireCaller, type CallContext, type ServerModule } from '../types';
import { associationsOf } from './lookups';

/** The parent tenant's document of `screen` as last published, with where it comes from; empty when no tenant of this service manages the caller's. */
async function parentDocument(ctx: CallContext, screen: DocumentScreen) {
  const caller = requireCaller(ctx);
  const name = caller.user.tenant_name;
  const association = (await associationsOf(ctx.db, caller.tenantId, name)).find((a) => a.secondary_name === name && a.status === 'active');
  const { rows } = association
    ? await ctx.db.query<{ id: string }>('SELECT id FROM tenants WHERE name = $1', [association.primary_name])
    : { rows: [] as { id: string }[] };
  const parentId = rows[0]?.id;
  if (!association || !parentId) return { doc: current(screen, undefined), from: { parent: null, rev_id: 0, published_at: null } };
  const { rev_id } = await policyRevision(ctx.db, parentId);
  const published = rev_id > 0 ? await revisionById(ctx.db, parentId, rev_id) : undefined;
  const stored = rev_id > 0 ? await storedPolicy(ctx.db, parentId, screen, rev_id) : undefined;
  return {
    doc: current(screen, stored),
    from: { parent: association.primary_name, rev_id, published_at: published?.published_at?.toISOString() ?? null },
  };
}

/** pre then post, each rule with its position. */
const positioned = <R>(pre: readonly R[], post: readonly R[]) => [
  ...pre.map((r) => ({ ...r, position: 'pre' as const })),
  ...post.map((r) => ({ ...r, position: 'post' as const })),
];

export const parentRulesModule: ServerModule = {
  name: 'parentRules',
  implementations: implementAll(parentRuleOps, {
    parentWebExceptions: async (ctx) => {
      const { doc, from } = await parentDocument(ctx, webGlobalExceptions);
      const { pre, post } = doc as WebGlobalExceptionsDocument;
      return { ...from, pre, post, rules: positioned(pre, post) };
    },
    parentInspectionExceptions: async (ctx) => {
      const { doc, from } = await parentDocument(ctx, globalInspectionExceptions);
      const { pre, post } = doc as InspectionGlobalExceptionsDocument;
      return { ...from, pre, post, rules: positioned(pre, post) };
    },
    parentBrowserRules: async (ctx) => {
      const { doc, from } = await parentDocument(ctx, globalBrowserRules);
      const { pre, post } = doc as GlobalBrowserRulesDocument;
      return { ...from, pre, post, rules: positioned(pre.list, post.list) };
    },
  }),
};
