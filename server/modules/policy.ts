/** Policy revision, publish with its change reason, history, changes and rollback (spec 000 §4, §7). Area documents are served by the generic document handler. */
import { policyOps } from '../../definitions/api/policy';
import type { DocumentScreen } from '../../definitions/define';
import type { Registry } from '../../definitions/registry';
import { rbacEnforced, ruleAllows, type Environment } from '../../schemas/access';
import { MESSAGES } from '../../schemas/constants';
import { recordAudit } from '../audit';
import { current, emptyDocument, readWorkingPolicyDocuments, upgradeDocument, writePolicyDocument } from '../documents';
import {
  areasDifferingFrom,
  markStaged,
  policyRevision,
  publishedRevisions,
  publishRevision,
  revisionById,
  revisionChanges,
  workingRevision,
} from '../revisions';
import { HttpError, implementAll, requireCaller, type Caller, type ServerModule } from '../types';

/** The policy area whose documents are stored under this key; documents of screens the registry no longer has are left out. */
function policyScreen(registry: Registry, storageKey: string): DocumentScreen | undefined {
  const screen = registry.documentScreen(storageKey);
  return screen?.endpoint.revision === 'staged' ? screen : undefined;
}

/** Whether the caller may read the area (its screen's read rule), as the area's own GET decides. */
const mayRead = (env: Environment, caller: Caller, screen: DocumentScreen) =>
  !rbacEnforced(env, caller.user.capabilities) || ruleAllows(screen.read, caller.grants);

export const policyModule: ServerModule = {
  name: 'policy',
  warmUp: async (db, tenantId, { registry }) => {
    await policyRevision(db, tenantId);
    await readWorkingPolicyDocuments(db, tenantId, registry);
  },
  implementations: implementAll(policyOps, {
    getRevision: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const now = await policyRevision(ctx.db, tenantId);
      const { revision, timestamp } = ctx.query;
      if (revision === undefined && timestamp === undefined) return now;
      if (revision !== undefined && revision > 0 && !(await revisionById(ctx.db, tenantId, revision))) throw new HttpError(404, `Policy revision ${revision} does not exist.`);
      // Spec 000 §7: the revision in force at that revision and time.
      const { rows } = await ctx.db.query<{ rev_id: number | null }>(
        'SELECT max(rev_id) AS rev_id FROM policy_revisions WHERE tenant_id = $1 AND published_at IS NOT NULL AND rev_id <= $2 AND published_at <= $3',
        [tenantId, revision ?? now.staged_rev_id, new Date(timestamp ?? Date.now()).toISOString()],
      );
      return { ...now, rev_id: rows[0]?.rev_id ?? 0 };
    },

    publish: async (ctx) => {
      const caller = requireCaller(ctx);
      const { tenantId } = caller;
      return ctx.db.transaction(async (tx) => {
        const working = await workingRevision(tx, tenantId, true);
        if (ctx.params.rev !== working.rev_id) {
          throw new HttpError(409, MESSAGES.staleSave, { current: await policyRevision(tx, tenantId, working) });
        }
        // Spec 000 §4: publishing a revision that is not staged does nothing.
        if (working.state !== 'staged') return policyRevision(tx, tenantId, working);
        const reason = ctx.body.reason ?? null;
        await publishRevision(tx, tenantId, working.rev_id, caller.user.username, reason);
        await recordAudit(tx, tenantId, {
          action: 'publish',
          user: caller.user.username,
          tenant: caller.user.tenant_name,
          rev_id: working.rev_id,
          ...(reason === null ? {} : { details: reason }),
          result: 'success',
          ip: ctx.request.ip,
        });
        return policyRevision(tx, tenantId);
      });
    },

    revisionHistory: async (ctx) => {
      const history = await publishedRevisions(ctx.db, requireCaller(ctx).tenantId, ctx.query.limit, ctx.query.offset);
      // Areas are stored by storage key; answers name them by their screen id.
      const areaId = (key: string) => ctx.registry.documentScreen(key)?.id ?? key;
      return { ...history, revisions: history.revisions.map((r) => ({ ...r, areas: r.areas.map(areaId) })) };
    },

    revisionChanges: async (ctx) => {
      const caller = requireCaller(ctx);
      const { tenantId } = caller;
      const rev = await revisionById(ctx.db, tenantId, ctx.params.rev);
      if (!rev) throw new HttpError(404, `Policy revision ${ctx.params.rev} does not exist.`);
      const areas = (await revisionChanges(ctx.db, tenantId, rev.rev_id)).flatMap(({ storageKey, before, after }) => {
        const screen = policyScreen(ctx.registry, storageKey);
        if (!screen || !mayRead(ctx.env, caller, screen)) return [];
        return [{ screen_id: screen.id, before: current(screen, before), after: current(screen, after) }];
      });
      return { rev_id: rev.rev_id, base_rev_id: rev.rev_id - 1, areas };
    },

    rollback: async (ctx) => {
      const caller = requireCaller(ctx);
      const { tenantId } = caller;
      return ctx.db.transaction(async (tx) => {
        const working = await workingRevision(tx, tenantId, true);
        const target = await revisionById(tx, tenantId, ctx.params.rev);
        if (!target?.published_at) throw new HttpError(404, `Policy revision ${ctx.params.rev} was never published.`);
        const now = new Date().toISOString();
        let staged = false;
        for (const { storageKey, target: stored } of await areasDifferingFrom(tx, tenantId, target.rev_id, working.rev_id)) {
          const screen = policyScreen(ctx.registry, storageKey);
          if (!screen) continue;
          // The old content comes back at today's version: migrated, as a read of it would answer it.
          const doc = stored ? (upgradeDocument(screen, stored) as Record<string, unknown>) : emptyDocument(screen.schema);
          await writePolicyDocument(tx, tenantId, screen, working.rev_id, doc, now, caller.user.username);
          staged = true;
        }
        if (!staged) return policyRevision(tx, tenantId, working);
        await markStaged(tx, tenantId, working.rev_id, now);
        await recordAudit(tx, tenantId, {
          action: 'rollback',
          user: caller.user.username,
          tenant: caller.user.tenant_name,
          rev_id: working.rev_id,
          details: `Staged the content of revision ${target.rev_id}`,
          result: 'success',
          ip: ctx.request.ip,
        });
        return policyRevision(tx, tenantId);
      });
    },
  }),
};
