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
import { attributesRead, compilePolicy, evaluate, type CompiledPolicy } from '../../schemas/evaluate/evaluate';
import { MESSAGES } from '../../schemas/constants';
import { hostOf } from '../../schemas/evaluate/match';
import { modelScreens, type EvalRequest, type PolicyModel } from '../../schemas/evaluate/types';
import { emptyDocument, storedPolicy, upgradeDocument } from '../documents';
import { CATEGORY_LABEL_OF, POPULAR_DOMAINS, RISKY_DOMAINS } from '../logs/catalog';
import type { GeneratorPolicy } from '../logs/generator';
import { logStoreOf } from '../logs/logStores';
import { ANONYMISED_FIELDS, HIDDEN_VALUE, hidesUsers, logReadViewOf, RESTRICTED_FIELDS, viewUserNames, type LogReadView } from '../logs/readView';
import type { LogStore } from '../logs/logStore';
import { webFieldsReading, webShapePatterns, type RequestShape, type WebShapeField, type WebShapePatterns } from '../logs/shapes';
import { webRowFilter } from '../logs/rowFilter';
import { webEventRequest } from '../../schemas/evaluate/fromEvent';
import type { WebEvent } from '../../schemas/logs';
import { ImpactTally, type ImpactExample, type ImpactGroup, type ImpactKind, type ImpactShape, type ImpactSummary } from '../../schemas/evaluate/impact';
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

/*
 * Impact jobs are rows of `impact_jobs`, so that every server process on the database answers them and a cancel made
 * through any of them stops the job. The process that starts a job runs it: it writes the job's progress at most every
 * PROGRESS_EVERY_MS (and, while it reads the logs, a heartbeat every HEARTBEAT_MS), reads the job's status between
 * slices, and stops once the job has ended elsewhere; every write is conditional on the job being open, so a cancelled
 * or failed job is never overwritten.
 *
 * A job whose process is gone (stopped, crashed or restarted) would stay open for ever, so a job still open whose row
 * was last written more than STALE_MS ago is failed, by whichever process next reads or starts a job of the tenant.
 * That needs no record of which process owns a job and holds for PGlite (one process) and PostgreSQL (several) alike.
 * STALE_MS is far above the longest pause between two writes of a live job (a heartbeat, or a slice and a query waiting
 * behind a heavy one); a live job failed anyway stops at its next write, as a cancelled one does. Every time is the
 * database's clock (`now()`), the one clock all processes share.
 */
const IMPACT_KEEP_PER_TENANT = 20;
/** How long the job decides shapes before it gives way to other requests (and reads its status). */
const IMPACT_SLICE_MS = 25;
const PROGRESS_EVERY_MS = 250;
const HEARTBEAT_MS = 5_000;
const STALE_MS = 60_000;
/** Share of the progress the log read stands for. */
const READ_SHARE = 10;
/** First key of the per-tenant lock of a job's start (the second is the tenant's hash). */
const IMPACT_LOCK = 727_020;
const OPEN = `status IN ('queued', 'running')`;
const GONE = 'The server running the replay stopped before it finished. Start it again.';

interface ImpactRow {
  id: string;
  status: ImpactJob['status'];
  progress: number;
  published_rev_id: number;
  staged_rev_id: number;
  days: number;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  reason: string | null;
  result: ImpactSummary | null;
}

/** A job of a tenant. */
interface JobKey {
  readonly tenantId: string;
  readonly id: string;
}

const toJob = (r: ImpactRow): ImpactJob => ({
  id: r.id,
  status: r.status,
  progress: r.progress,
  ...(r.reason !== null ? { reason: r.reason } : {}),
  published_rev_id: r.published_rev_id,
  staged_rev_id: r.staged_rev_id,
  days: r.days,
  created_by: r.created_by,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
  ...(r.result !== null ? { result: r.result } : {}),
});

/** Fails the tenant's open jobs whose process is gone (see above). */
async function failGoneJobs(db: Db, tenantId: string): Promise<void> {
  await db.query(
    `UPDATE impact_jobs SET status = 'failed', reason = $2, updated_at = now()
      WHERE tenant_id = $1 AND ${OPEN} AND updated_at < now() - $3 * interval '1 millisecond'`,
    [tenantId, GONE, STALE_MS],
  );
}

async function impactRow(db: Db, job: JobKey): Promise<ImpactRow> {
  const row = (await db.query<ImpactRow>('SELECT * FROM impact_jobs WHERE tenant_id = $1 AND id = $2', [job.tenantId, job.id])).rows[0];
  if (!row) throw new HttpError(404, 'No such job');
  return row;
}

/** Marks the job running at `progress` (never lower); false once it has ended (cancelled, or failed as gone). */
async function advance(db: Db, job: JobKey, progress: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE impact_jobs SET status = 'running', progress = greatest(progress, $3), updated_at = now()
      WHERE tenant_id = $1 AND id = $2 AND ${OPEN} RETURNING id`,
    [job.tenantId, job.id, progress],
  );
  return rows.length > 0;
}

async function isOpen(db: Db, job: JobKey): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM impact_jobs WHERE tenant_id = $1 AND id = $2 AND ${OPEN}`, [job.tenantId, job.id])).rows.length > 0;
}

/** Ends the job if it is still open: the row as ended, or undefined when it had ended already. */
async function endJob(db: Db, job: JobKey, status: 'finished' | 'failed' | 'cancelled', end: { reason?: string; result?: ImpactSummary }): Promise<ImpactRow | undefined> {
  const { rows } = await db.query<ImpactRow>(
    `UPDATE impact_jobs SET status = $3, reason = $4, result = $5, progress = CASE WHEN $3 = 'finished' THEN 100 ELSE progress END, updated_at = now()
      WHERE tenant_id = $1 AND id = $2 AND ${OPEN} RETURNING *`,
    [job.tenantId, job.id, status, end.reason ?? null, end.result ? JSON.stringify(end.result) : null],
  );
  return rows[0];
}

/**
 * A logged request shape as the impact decides it: the request the evaluator reads (as fromEvent.ts makes it of one
 * event, of the fields the shape has), whose it is (the log's user; a field the events lack reads as ''), and how
 * many events had it; `ref` names it to `examplesWanted`. The request carries no time: the impact decides every
 * request as if it were made now. With `example` (the shape's newest event), the shape as an example shows it: that
 * event's time and URL or subject, and its values of the fields grouped by patterns in the request.
 */
export function impactShape(s: RequestShape, ref?: number, example: RequestShape['example'] = undefined): ImpactShape {
  const named = ref === undefined ? {} : { ref };
  const timestamp = example ? new Date(example.ts).toISOString() : '';
  if (s.kind === 'email') {
    const subject = example && 'subject' in example ? example.subject : '';
    return {
      kind: 'email',
      request: {
        sender: s.sender,
        sender_domain: s.domain,
        recipient: s.recipient,
        ...(s.file_type ? { file_type: s.file_type } : {}),
        ...(s.link_risk ? { link_risk: s.link_risk } : {}),
      },
      user: s.userid ?? '',
      count: s.count,
      ...(example && { example: { timestamp, ...(subject ? { subject } : {}) } }),
      ...named,
    };
  }
  const shown = example && 'values' in example ? example : undefined;
  // The logged fields, absent ones left out (a loop: this runs for every shape of a million events).
  const event: Partial<Record<string, unknown>> = {};
  for (const from of shown ? [s.event, shown.values] : [s.event]) {
    for (const f in from) {
      const v = from[f as keyof typeof from];
      if (v !== null && v !== undefined) event[f] = v;
      else delete event[f];
    }
  }
  const logged = event as Partial<WebEvent>;
  return {
    kind: 'web',
    request: webEventRequest(logged),
    user: logged.userid ?? '',
    count: s.count,
    // The shape as grouped, a field grouped by patterns by its group: the same on every store.
    key: JSON.stringify({ ...s.event, ...s.groups }),
    ...(shown && { example: { timestamp, url: shown.url } }),
    ...named,
  };
}

/**
 * The request shapes the tally is to decide: those of the kinds whose policy the staged revision changes, and of the
 * web log only the requests a changed row could match (`webRowFilter` of the tally's `webChanges`). The events of the
 * other kinds (`addUnchanged`) and the web requests left out (`addUnmatched`) are counted into the tally: none of their
 * actions can change.
 */
export async function shapesToReplay(
  store: LogStore,
  db: Db,
  range: readonly [tenantId: string, sinceMs: number, untilMs: number],
  tally: ImpactTally,
  fields: readonly WebShapeField[],
  patterns: WebShapePatterns,
): Promise<RequestShape[]> {
  let shapes: RequestShape[] = [];
  if (tally.replayed.length) {
    const web = tally.webChanges && webRowFilter(tally.webChanges);
    const found = await store.requestShapes(db, ...range, fields, patterns, { kinds: tally.replayed, ...(web && { web }) });
    tally.addUnmatched(found.webLeftOut);
    shapes = found.shapes;
  }
  for (const kind of tally.unchanged) tally.addUnchanged(kind, await store.eventCount(db, range[0], kind, range[1], range[2]));
  return shapes;
}

/**
 * Each shape the tally shows as an example, with its newest event (the tally's shapes made by `impactShape(shapes[i],
 * i)`), as `ImpactTally.summary` takes them. The tally decides on the shapes as grouped (a field grouped by patterns
 * holds one of its group's values, which the policy decides alike) and tells them apart by their groups, so that
 * every store gives it the same summary; only the examples shown read their own event.
 */
export async function examplesFound(
  store: LogStore,
  db: Db,
  range: readonly [tenantId: string, sinceMs: number, untilMs: number],
  shapes: readonly RequestShape[],
  tally: ImpactTally,
  fields: readonly WebShapeField[],
  patterns: WebShapePatterns,
): Promise<(shape: ImpactShape) => ImpactShape | undefined> {
  const wanted = tally.examplesWanted();
  const examples = await store.shapeExamples(db, ...range, wanted.map((w) => shapes[w.ref!]!), fields, patterns);
  const found = new Map(wanted.map((w, k) => [w, examples[k] && impactShape(shapes[w.ref!]!, w.ref, examples[k])]));
  return (shape) => found.get(shape);
}

/**
 * The request attributes of the log fields a view hides (readView.ts): an example's request leaves them out while the
 * logs hide them. Anonymised names hide the user (the recipient of mail); restricted logs the client address as well.
 */
const HIDDEN_ATTRIBUTES: Readonly<Record<ImpactKind, Readonly<Record<string, keyof EvalRequest>>>> = {
  web: { userid: 'user', src_ip: 'source_ip' },
  email: { recipient: 'recipient' },
};
const hiddenAttributes = (view: LogReadView, kind: ImpactKind): Set<keyof EvalRequest> => {
  const fields = [...(view.pseudonym ? ANONYMISED_FIELDS[kind] : []), ...(view.restricted ? RESTRICTED_FIELDS[kind] : [])];
  return new Set(fields.flatMap((f) => HIDDEN_ATTRIBUTES[kind][f] ?? []));
};

/**
 * The impact as the tenant's logs show users (restricted or anonymised): decided on the names as logged, answered
 * with the names hidden, in the groups and in every example; an example's request then carries no user (no recipient
 * for mail) and, while the logs are restricted, no client address, so opening its trace decides it as for an unknown
 * user.
 */
function viewImpact(view: LogReadView, result: ImpactSummary): ImpactSummary {
  if (!hidesUsers(view)) return result;
  const names = result.by_user.map((g) => g.key);
  const shown = new Map(viewUserNames(view, names).map((n, i) => [names[i]!, n]));
  const hidden = (name: string) => shown.get(name) ?? (view.pseudonym && !view.restricted ? view.pseudonym(name) : HIDDEN_VALUE);
  const hiddenOf = { web: hiddenAttributes(view, 'web'), email: hiddenAttributes(view, 'email') };
  const withoutUser = (e: ImpactExample): EvalRequest => Object.fromEntries(Object.entries(e.request).filter(([a]) => !hiddenOf[e.kind].has(a as keyof EvalRequest)));
  const examples = (g: ImpactGroup): ImpactGroup => ({ ...g, examples: g.examples.map((e) => ({ ...e, user: hidden(e.user), request: withoutUser(e) })) });
  return {
    ...result,
    by_user: result.by_user.map((g) => examples({ ...g, key: hidden(g.key) })),
    by_domain: result.by_domain.map(examples),
    by_sender_domain: result.by_sender_domain.map(examples),
    by_category: result.by_category.map(examples),
  };
}

/**
 * Reads the request shapes of the range (the first tenth of the progress), then decides them in slices of
 * IMPACT_SLICE_MS, giving way to other requests and reading the job's status between slices, until done or ended.
 */
async function runImpact(db: Db, job: JobKey, now: number, revisions: { published: CompiledPolicy; staged: CompiledPolicy }, view: LogReadView): Promise<void> {
  try {
    if (!(await advance(db, job, 0))) return;
    const heartbeat = setInterval(() => void advance(db, job, 0).catch(() => undefined), HEARTBEAT_MS).unref();
    let shapes: RequestShape[];
    // A shape groups the events by the fields whose attributes either revision's web rules read; a URL or user agent
    // that they read through text patterns alone, by which of the patterns it matches.
    const both = [revisions.published, revisions.staged];
    const fields = webFieldsReading(attributesRead(both, 'web'));
    const patterns = webShapePatterns(both, fields);
    const range = [job.tenantId, now - IMPACT_DAYS * DAY_MS, now] as const;
    const store = logStoreOf(db);
    const tally = new ImpactTally(revisions.published, revisions.staged, now);
    try {
      shapes = await shapesToReplay(store, db.heavy(), range, tally, fields, patterns);
    } finally {
      clearInterval(heartbeat);
    }
    let written = -Infinity;
    let i = 0;
    while (i < shapes.length) {
      const due = performance.now() - written >= PROGRESS_EVERY_MS;
      const open = due ? await advance(db, job, READ_SHARE + Math.floor(((100 - READ_SHARE) * i) / shapes.length)) : await isOpen(db, job);
      if (!open) return;
      if (due) written = performance.now();
      const until = performance.now() + IMPACT_SLICE_MS;
      do {
        tally.add(impactShape(shapes[i]!, i));
        i++;
      } while (i < shapes.length && performance.now() < until);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const found = await examplesFound(store, db.heavy(), range, shapes, tally, fields, patterns);
    const result = viewImpact(view, tally.summary(found));
    await endJob(db, job, 'finished', { result: { ...result, by_category: result.by_category.map((g) => ({ ...g, label: CATEGORY_LABEL_OF.get(g.key) ?? g.key })) } });
  } catch (e) {
    // The cause (e.g. a database error) goes to the server's log, not to the administrator.
    console.error('impact job failed', e);
    await endJob(db, job, 'failed', { reason: 'The logged requests could not be replayed. Try again later.' }).catch(() => undefined);
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
      const { tenantId } = caller;
      const ids = await revisionIds(ctx.db, tenantId);
      // Both revisions as they are now: later edits of the staged one do not change a running job.
      const revisions = {
        published: await compiledRevision(ctx.db, tenantId, ctx.registry, ids.published, true),
        staged: await compiledRevision(ctx.db, tenantId, ctx.registry, ids.staged, false),
      };
      const view = await logReadViewOf(ctx.db, tenantId, caller.user.capabilities);
      const row = await ctx.db.transaction(async (tx) => {
        // One start at a time per tenant, so that an administrator has one open job and the tenant at most 20.
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [IMPACT_LOCK, tenantId]);
        await failGoneJobs(tx, tenantId);
        await tx.query(`UPDATE impact_jobs SET status = 'cancelled', reason = $3, updated_at = now() WHERE tenant_id = $1 AND created_by = $2 AND ${OPEN}`, [
          tenantId,
          caller.user.username,
          'A newer impact job replaced it',
        ]);
        await tx.query(`DELETE FROM impact_jobs WHERE NOT (${OPEN}) AND created_at < now() - interval '1 hour'`);
        await tx.query(
          `DELETE FROM impact_jobs WHERE tenant_id = $1 AND id IN (
             SELECT id FROM impact_jobs WHERE tenant_id = $1 AND NOT (${OPEN}) ORDER BY created_at
              LIMIT greatest(0, (SELECT count(*) FROM impact_jobs WHERE tenant_id = $1) + 1 - $2))`,
          [tenantId, IMPACT_KEEP_PER_TENANT],
        );
        const { rows } = await tx.query<ImpactRow>(
          `INSERT INTO impact_jobs (tenant_id, id, status, progress, published_rev_id, staged_rev_id, days, created_by, created_at, updated_at)
           VALUES ($1, $2, 'queued', 0, $3, $4, $5, $6, now(), now()) RETURNING *`,
          [tenantId, randomUUID(), ids.published, ids.staged, IMPACT_DAYS, caller.user.username],
        );
        return rows[0]!;
      });
      void runImpact(ctx.db, { tenantId, id: row.id }, new Date(row.created_at).getTime(), revisions, view);
      return toJob(row);
    },

    impactJob: async (ctx) => {
      const job = { tenantId: requireCaller(ctx).tenantId, id: ctx.params.id };
      await failGoneJobs(ctx.db, job.tenantId);
      return toJob(await impactRow(ctx.db, job));
    },

    impactCancel: async (ctx) => {
      const job = { tenantId: requireCaller(ctx).tenantId, id: ctx.params.id };
      await failGoneJobs(ctx.db, job.tenantId);
      const cancelled = await endJob(ctx.db, job, 'cancelled', { reason: 'Cancelled by an administrator' });
      if (cancelled) return toJob(cancelled);
      throw new HttpError(409, `The job has already ended (${(await impactRow(ctx.db, job)).status}).`);
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
