/** Policy revision, publish and history (spec 000 §4, §7). Area documents are served by the generic document handler. */
import { MESSAGES } from '../../schemas/constants';
import { recordAudit } from '../audit';
import { policyRevision, publishedRevisions, publishRevision, workingRevision } from '../revisions';
import { HttpError, requireCaller, type HandlerContext, type ServerModule } from '../types';

export const policyModule: ServerModule = {
  name: 'policy',
  handlers: {
    'policy.revision': async (ctx) => policyRevision(ctx.db, requireCaller(ctx).tenantId),

    'policy.publish': async (ctx: HandlerContext<{ rev: number }>) => {
      const caller = requireCaller(ctx);
      const { tenantId } = caller;
      return ctx.db.transaction(async (tx) => {
        const working = await workingRevision(tx, tenantId, true);
        if (ctx.params.rev !== working.rev_id) {
          throw new HttpError(409, MESSAGES.staleSave, { current: await policyRevision(tx, tenantId, working) });
        }
        // Spec 000 §4: publishing a revision that is not staged does nothing.
        if (working.state !== 'staged') return policyRevision(tx, tenantId, working);
        await publishRevision(tx, tenantId, working.rev_id, caller.user.username);
        await recordAudit(tx, tenantId, {
          action: 'publish',
          user: caller.user.username,
          tenant: caller.user.tenant_name,
          rev_id: working.rev_id,
          result: 'success',
          ip: ctx.request.ip,
        });
        return policyRevision(tx, tenantId);
      });
    },

    'policy.history': async (ctx: HandlerContext<object, { limit: number; offset: number }>) =>
      publishedRevisions(ctx.db, requireCaller(ctx).tenantId, ctx.query.limit, ctx.query.offset),
  },
};
