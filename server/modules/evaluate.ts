/**
 * Policy evaluation (an extension of this product): the tester's and "Why?"'s verdicts under the published and the
 * staged revision, and rule analysis, all from the one evaluator of schemas/evaluate over a revision's documents.
 */
import { randomUUID } from 'node:crypto';
import { evaluateOps, IMPACT_DAYS, type ImpactJob, type RevisionChoice } from '../../definitions/api/evaluate';
import { isDocumentScreen } from '../../definitions/define';
import { policyModel } from '../../definitions/policy/evaluation';
import type { Registry } from '../../definitions/registry';
import { analysePolicy } from '../../schemas/evaluate/analysis';
import { compilePolicy, evaluate, type CompiledPolicy } from '../../schemas/evaluate/evaluate';
import { MESSAGES } from '../../schemas/constants';
import { hostOf } from '../../schemas/evaluate/match';
import { modelScreens, type EvalRequest, type PolicyModel } from '../../schemas/evaluate/types';
import { emptyDocument, storedPolicy, upgradeDocument } from '../documents';
import { CATEGORY_LABEL_OF, POPULAR_DOMAINS, RISKY_DOMAINS } from '../logs/catalog';
import type { GeneratorPolicy } from '../logs/generator';
import { logStoreOf } from '../logs/logStores';
import { HIDDEN_VALUE, hidesUsers, logReadViewOf, viewUserNames, type LogReadView } from '../logs/readView';
import type { RequestShape } from '../logs/shapes';
import { ImpactTally, type ImpactGroup, type ImpactSummary } from '../../schemas/evaluate/impact';
import { policyRevision } from '../revisions';
import { HttpError, implementAll, requireCaller, type Db, type ServerModule } from '../types';

const models = new WeakMap<Registry, PolicyModel>();
/** The evaluation model of the registry's rule-bearing areas, built once. */
export function modelOf(registry: Registry): PolicyModel {
  let model = models.get(registry);
  if (!model) models.set(registry, (model = policyModel(registry.screens.filter(isDocumentScreen))));
  return model;
}

/** Published revisions never change: their compiled rules are kept (a few per tenant). */
const publishedCache = new Map<string, CompiledPolicy>();
const PUBLISHED_CACHE_MAX = 64;

/**
 * The documents the evaluation reads at revision `revId` (0: before the first publish, every one empty): every
 * rule-bearing area's and the settings a fallback reads.
 */
async function revisionDocuments(db: Db, tenantId: string, registry: Registry, model: PolicyModel, revId: number): Promise<Record<string, unknown>> {
  const docs: Record<string, unknown> = {};
  for (const id of modelScreens(model)) {
    const screen = registry.screen(id);
    if (!screen || !isDocumentScreen(screen)) continue;
    const stored = revId > 0 ? await storedPolicy(db, tenantId, screen, revId) : undefined;
    docs[id] = stored ? upgradeDocument(screen, stored) : emptyDocument(screen.schema);
  }
  return docs;
}

/** A revision's rules compiled for evaluation: published revisions from the cache, the working one read afresh. */
export async function compiledRevision(db: Db, tenantId: string, registry: Registry, revId: number, published: boolean): Promise<CompiledPolicy> {
  const model = modelOf(registry);
  const key = `${tenantId}:${revId}`;
  const hit = published ? publishedCache.get(key) : undefined;
  if (hit) return hit;
  const compiled = compilePolicy(model, await revisionDocuments(db, tenantId, registry, model, revId));
  if (published) {
    if (publishedCache.size >= PUBLISHED_CACHE_MAX) publishedCache.delete(publishedCache.keys().next().value!);
    publishedCache.set(key, compiled);
  }
  return compiled;
}

/** The tenant's published revisions for the log generator: the model and each revision's documents from its publish. */
export async function generatorPolicy(db: Db, tenantId: string, registry: Registry): Promise<GeneratorPolicy> {
  const model = modelOf(registry);
  const { rows } = await db.query<{ rev_id: number; published_at: Date }>(
    'SELECT rev_id, published_at FROM policy_revisions WHERE tenant_id = $1 AND published_at IS NOT NULL ORDER BY rev_id',
    [tenantId],
  );
  const revisions = [];
  for (const r of rows) revisions.push({ from: new Date(r.published_at).getTime(), documents: await revisionDocuments(db, tenantId, registry, model, r.rev_id) });
  return { model, revisions };
}

/** The revision ids behind "published" and "staged". */
export async function revisionIds(db: Db, tenantId: string): Promise<Record<RevisionChoice, number>> {
  const r = await policyRevision(db, tenantId);
  return { published: r.rev_id, staged: r.staged_rev_id };
}

const KNOWN_CATEGORIES = new Map<string, readonly string[]>([
  ...POPULAR_DOMAINS.map(([d, cats]) => [d, cats.map(String)] as const),
  ...RISKY_DOMAINS.map(([d, cats]) => [d, cats.map(String)] as const),
]);

/** The request with the categories of its domain (or of a parent domain) when it names none. */
export function withCategories(request: EvalRequest): EvalRequest {
  if (request.categories?.length) return request;
  let domain = (request.domain ?? (request.url ? hostOf(request.url) : '')).toLowerCase();
  while (domain.includes('.')) {
    const cats = KNOWN_CATEGORIES.get(domain);
    if (cats) return { ...request, categories: [...cats] };
    domain = domain.slice(domain.indexOf('.') + 1);
  }
  return request;
}

const DAY_MS = 86_400_000;
/** The decisions whose deciding rule web and firewall events record (`decided_by`). */
export const LOGGED_DECISIONS: ReadonlySet<string> = new Set(['web', 'firewall']);

// ---- the impact of a publish as a background job --------------------------------------------------------------------

interface ImpactEntry {
  readonly tenantId: string;
  job: ImpactJob;
  /** Set by a cancel; the running job stops at its next pause. */
  cancelled: boolean;
}

/** Impact jobs of this server process, by id: kept an hour after they start, at most 20 per tenant. */
const impactJobs = new Map<string, ImpactEntry>();
const IMPACT_KEEP_MS = 3_600_000;
const IMPACT_KEEP_PER_TENANT = 20;
/** How long the job decides shapes before it gives way to other requests (and reports its progress). */
const IMPACT_SLICE_MS = 25;
/** Share of the progress the log read stands for. */
const READ_SHARE = 10;

const isOpen = (e: ImpactEntry) => e.job.status === 'queued' || e.job.status === 'running';

function update(entry: ImpactEntry, change: Partial<ImpactJob>): void {
  entry.job = { ...entry.job, ...change, updated_at: new Date().toISOString() };
}

function endJob(entry: ImpactEntry, status: 'finished' | 'failed' | 'cancelled', reason?: string, result?: ImpactSummary): void {
  if (status === 'cancelled') entry.cancelled = true;
  update(entry, { status, ...(status === 'finished' ? { progress: 100 } : {}), ...(reason ? { reason } : {}), ...(result ? { result } : {}) });
}

function keepJob(entry: ImpactEntry): void {
  const cutoff = Date.now() - IMPACT_KEEP_MS;
  const mine = [...impactJobs.values()].filter((e) => e.tenantId === entry.tenantId);
  for (const e of impactJobs.values()) if (!isOpen(e) && Date.parse(e.job.created_at) < cutoff) impactJobs.delete(e.job.id);
  for (const e of mine.filter((x) => !isOpen(x)).slice(0, Math.max(0, mine.length + 1 - IMPACT_KEEP_PER_TENANT))) impactJobs.delete(e.job.id);
  impactJobs.set(entry.job.id, entry);
}

function impactEntry(tenantId: string, id: string): ImpactEntry {
  const entry = impactJobs.get(id);
  if (!entry || entry.tenantId !== tenantId) throw new HttpError(404, 'No such job');
  return entry;
}

/** A logged request shape as the evaluator reads it. */
export const shapeRequest = (s: RequestShape): EvalRequest => ({
  url: s.example.url,
  domain: s.domain,
  user: s.userid,
  groups: s.group ? [s.group] : [],
  source_ip: s.src_ip,
  categories: [...s.cats],
  country: s.country,
  browser: s.browser.toLowerCase(),
  ...(s.file_type ? { file_type: s.file_type, direction: 'download' as const } : {}),
});

/**
 * The impact as the tenant's logs show users (restricted or anonymised): decided on the names as logged, answered
 * with the names hidden, in the groups and in every example; an example's request then carries no user, so opening
 * its trace decides it as for an unknown user.
 */
function viewImpact(view: LogReadView, result: ImpactSummary): ImpactSummary {
  if (!hidesUsers(view)) return result;
  const names = result.by_user.map((g) => g.key);
  const shown = new Map(viewUserNames(view, names).map((n, i) => [names[i]!, n]));
  const hidden = (name: string) => shown.get(name) ?? (view.pseudonym && !view.restricted ? view.pseudonym(name) : HIDDEN_VALUE);
  const examples = (g: ImpactGroup): ImpactGroup => ({ ...g, examples: g.examples.map(({ request: { user: _user, ...request }, ...e }) => ({ ...e, user: hidden(e.user), request })) });
  return {
    ...result,
    by_user: result.by_user.map((g) => examples({ ...g, key: hidden(g.key) })),
    by_domain: result.by_domain.map(examples),
    by_category: result.by_category.map(examples),
  };
}

/**
 * Reads the request shapes of the range (the first tenth of the progress), then decides them in slices of
 * IMPACT_SLICE_MS, giving way to other requests and reporting progress between slices, until done or cancelled.
 */
async function runImpact(db: Db, entry: ImpactEntry, revisions: { published: CompiledPolicy; staged: CompiledPolicy }, view: LogReadView): Promise<void> {
  try {
    update(entry, { status: 'running' });
    const now = Date.now();
    const shapes = await logStoreOf(db).requestShapes(db.heavy(), entry.tenantId, now - IMPACT_DAYS * DAY_MS, now);
    const tally = new ImpactTally(revisions.published, revisions.staged, now);
    let i = 0;
    while (i < shapes.length) {
      if (entry.cancelled) return;
      update(entry, { progress: READ_SHARE + Math.floor(((100 - READ_SHARE) * i) / shapes.length) });
      const until = performance.now() + IMPACT_SLICE_MS;
      do {
        const s = shapes[i++]!;
        tally.add({ request: shapeRequest(s), count: s.count, example: { timestamp: new Date(s.example.ts).toISOString(), url: s.example.url } });
      } while (i < shapes.length && performance.now() < until);
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (entry.cancelled) return;
    const result = viewImpact(view, tally.summary());
    endJob(entry, 'finished', undefined, { ...result, by_category: result.by_category.map((g) => ({ ...g, label: CATEGORY_LABEL_OF.get(g.key) ?? g.key })) });
  } catch (e) {
    // The cause (e.g. a database error) goes to the server's log, not to the administrator.
    console.error('impact job failed', e);
    if (!entry.cancelled) endJob(entry, 'failed', 'The logged requests could not be replayed. Try again later.');
  }
}

export const evaluateModule: ServerModule = {
  name: 'evaluate',
  implementations: implementAll(evaluateOps, {
    evaluate: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const ids = await revisionIds(ctx.db, tenantId);
      const { revisions: chosen, ...asked } = ctx.body;
      const request = withCategories(asked);
      const now = Date.now();
      const revisions = [];
      for (const revision of chosen) {
        const compiled = await compiledRevision(ctx.db, tenantId, ctx.registry, ids[revision], revision === 'published');
        revisions.push({ revision, rev_id: ids[revision], verdict: evaluate(compiled, request, now) });
      }
      return { request, revisions };
    },

    impact: async (ctx) => {
      const caller = requireCaller(ctx);
      const ids = await revisionIds(ctx.db, caller.tenantId);
      // Both revisions as they are now: later edits of the staged one do not change a running job.
      const revisions = {
        published: await compiledRevision(ctx.db, caller.tenantId, ctx.registry, ids.published, true),
        staged: await compiledRevision(ctx.db, caller.tenantId, ctx.registry, ids.staged, false),
      };
      for (const open of impactJobs.values()) {
        if (open.tenantId === caller.tenantId && open.job.created_by === caller.user.username && isOpen(open)) endJob(open, 'cancelled', 'A newer impact job replaced it');
      }
      const at = new Date().toISOString();
      const entry: ImpactEntry = {
        tenantId: caller.tenantId,
        cancelled: false,
        job: { id: randomUUID(), status: 'queued', progress: 0, published_rev_id: ids.published, staged_rev_id: ids.staged, days: IMPACT_DAYS, created_by: caller.user.username, created_at: at, updated_at: at },
      };
      const view = await logReadViewOf(ctx.db, caller.tenantId, caller.user.capabilities);
      keepJob(entry);
      void runImpact(ctx.db, entry, revisions, view);
      return entry.job;
    },

    impactJob: async (ctx) => impactEntry(requireCaller(ctx).tenantId, ctx.params.id).job,

    impactCancel: async (ctx) => {
      const entry = impactEntry(requireCaller(ctx).tenantId, ctx.params.id);
      if (!isOpen(entry)) throw new HttpError(409, `The job has already ended (${entry.job.status}).`);
      endJob(entry, 'cancelled', 'Cancelled by an administrator');
      return entry.job;
    },

    analysis: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const { revision, area, days } = ctx.query;
      if (area && !modelOf(ctx.registry).areas.some((a) => a.id === area)) {
        throw new HttpError(400, MESSAGES.validationFailed, { errors: [{ path: 'area', key: 'invalid_value', message: 'This area has no rules to analyse.' }] });
      }
      const ids = await revisionIds(ctx.db, tenantId);
      const compiled = await compiledRevision(ctx.db, tenantId, ctx.registry, ids[revision], revision === 'published');
      const now = Date.now();
      const hits = await logStoreOf(ctx.db).ruleHits(ctx.db, tenantId, now - days * DAY_MS);
      return { rev_id: ids[revision], days, findings: analysePolicy(compiled, { now, hits, unusedDays: days, loggedDecisions: LOGGED_DECISIONS, ...(area ? { area } : {}) }) };
    },
  }),
};
