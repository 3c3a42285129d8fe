/**
 * Documents and files (definitions/api/docsAndFiles.ts): the v4 file type catalogue, and the conversion of rules that
 * name v3 families into the families' v4 types, saved through the screens' own save handlers (revision check, audit,
 * staged state) so the conversion is one more save of the working revision.
 */
import { docsAndFilesOps } from '../../definitions/api/docsAndFiles';
import type { DocumentScreen } from '../../definitions/define';
import { docRules } from '../../definitions/policy/files/docRules';
import { fileRules } from '../../definitions/policy/files/fileRules';
import type { ContentMigrationAnswer } from '../../schemas/areas/docsAndFiles';
import { documentHandler } from '../documents';
import { workingRevision } from '../revisions';
import { implementAll, requireCaller, type CallContext, type ServerModule } from '../types';
import { LOOKUPS } from './lookups';

type Envelope = { list: { name: string; content_types: string[] }[]; rev_id: number; state: 'staged' | 'published'; updated_at: string } & Record<string, unknown>;

const handlerOf = (ctx: CallContext, opId: string) => {
  const op = ctx.registry.operation(opId);
  if (!op) throw new Error(`No operation ${opId}`);
  return documentHandler(ctx.registry, op) as unknown as (c: CallContext & { params: unknown; body?: unknown }) => Promise<Envelope>;
};

/** Each v3 family's v4 type ids, in catalogue order. */
const TYPES_OF_FAMILY = LOOKUPS.content_types_v4.reduce((m, t) => m.set(t.family, [...(m.get(t.family) ?? []), t.id]), new Map<string, string[]>());

/** A rule's types with each family replaced by its types (duplicates dropped), or undefined when it names no family. */
function converted(types: readonly string[]): string[] | undefined {
  if (!types.some((t) => TYPES_OF_FAMILY.has(t))) return undefined;
  return [...new Set(types.flatMap((t) => TYPES_OF_FAMILY.get(t) ?? [t]))];
}

const SCREENS: Readonly<Record<'content' | 'docs', DocumentScreen>> = { content: fileRules, docs: docRules };

export const docsAndFilesModule: ServerModule = {
  name: 'docsAndFiles',
  implementations: implementAll(docsAndFilesOps, {
    contentTypesV4: async () => ({ content_types: LOOKUPS.content_types_v4 }),
    contentMigration: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const changed: ContentMigrationAnswer['changed'] = [];
      let rev = await workingRevision(ctx.db, tenantId);
      let state = rev.state;
      for (const area of ctx.body.areas) {
        const screen = SCREENS[area];
        const doc = await handlerOf(ctx, screen.operationIds.read)({ ...ctx, params: { rev: rev.rev_id } });
        const list = doc.list.map((rule) => {
          const to = converted(rule.content_types);
          if (!to) return rule;
          changed.push({ area, rule: rule.name, from: rule.content_types.filter((t) => TYPES_OF_FAMILY.has(t)), to });
          return { ...rule, content_types: to };
        });
        if (list.every((r, i) => r === doc.list[i])) continue;
        const saved = await handlerOf(ctx, screen.operationIds.save)({ ...ctx, params: { rev: rev.rev_id }, body: { ...doc, list } });
        state = saved.state;
        rev = { ...rev, rev_id: saved.rev_id };
      }
      return { rev_id: rev.rev_id, state, changed };
    },
  }),
};
