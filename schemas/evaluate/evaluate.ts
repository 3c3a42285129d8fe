/**
 * The one policy evaluator: a revision's documents, compiled with the areas' declarations (`PolicyModel`), decide a
 * request. `evaluate` answers the verdict with its full trace (the tester, "Why?"); `decide` answers only each
 * decision's action and deciding row (the log generator, the impact of a publish), on the same compiled rows, so the
 * two never disagree. Pure: no I/O, no clock (the caller passes "now").
 */
import { compileCondition, isPortableRegex, prepareRequest, regexAsTextPatterns, requestText, type CompiledCondition, type PreparedRequest, type TextPatternValue } from './match';
import type {
  ConditionDecl,
  ConditionTrace,
  DecisionDecl,
  DecisionVerdict,
  EvalRequest,
  EvaluatedArea,
  Fallback,
  ListTrace,
  PolicyDocuments,
  PolicyModel,
  RequestAttribute,
  RuleListDecl,
  RuleRef,
  RuleTrace,
  Verdict,
} from './types';

/** A dotted path of a plain object. */
export function valueAt(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export interface CompiledRule {
  readonly key: string;
  readonly name: string;
  readonly position: number;
  readonly action: string;
  readonly enabled: boolean;
  /** Epoch milliseconds from which the row no longer applies, or Infinity. */
  readonly expiresAt: number;
  readonly expires?: string;
  readonly conditions: readonly CompiledCondition[];
  /** The set conditions only, for the fast path. */
  readonly tests: readonly ((r: PreparedRequest) => boolean)[];
  /** The row as stored. */
  readonly row: Record<string, unknown>;
}

export interface CompiledList {
  readonly area: EvaluatedArea;
  readonly decl: RuleListDecl;
  readonly rules: readonly CompiledRule[];
}

export interface CompiledDecision {
  readonly decl: DecisionDecl;
  /** What the decision comes to when no row matches, under the revision's settings. */
  readonly fallback: Fallback;
  /** Lists grouped by tier, lowest tier first. */
  readonly tiers: readonly (readonly CompiledList[])[];
  readonly rank: ReadonlyMap<string, number>;
}

export interface CompiledPolicy {
  readonly decisions: readonly CompiledDecision[];
  readonly lists: readonly CompiledList[];
}

const DAY_MS = 86_400_000;

/** The rows of one list in evaluation order, compiled. */
export function compileList(area: EvaluatedArea, decl: RuleListDecl, document: unknown): CompiledList {
  const rows = valueAt(document, decl.rows);
  const raw = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  const actionOf = (row: Record<string, unknown>) => ('constant' in decl.action ? decl.action.constant : String(valueAt(row, decl.action.field) ?? ''));
  let ordered = raw;
  if (decl.order !== 'listed') {
    const byAction = decl.order.byAction;
    const rank = (row: Record<string, unknown>) => {
      const i = byAction.indexOf(actionOf(row));
      return i < 0 ? byAction.length : i;
    };
    ordered = raw.map((row, i) => ({ row, i, r: rank(row) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.row);
  }
  const rules = ordered.map((row, i): CompiledRule => {
    const key = String(valueAt(row, decl.key ?? 'id') ?? i + 1);
    const rawName = String(valueAt(row, decl.name ?? 'name') ?? key);
    const name = decl.names?.[rawName] ?? rawName;
    const expires = decl.expires ? valueAt(row, decl.expires) : undefined;
    const expiresAt = typeof expires === 'string' && expires ? Date.parse(`${expires.slice(0, 10)}T00:00:00Z`) : Infinity;
    const conditions = decl.conditions.map((c) => compileCondition(c, valueAt(row, c.field), document, c.also ? valueAt(row, c.also.field) : undefined));
    return {
      key,
      name,
      position: i + 1,
      action: actionOf(row),
      enabled: decl.enabled ? valueAt(row, decl.enabled) !== false : true,
      expiresAt: Number.isNaN(expiresAt) ? Infinity : expiresAt,
      ...(typeof expires === 'string' && expires ? { expires } : {}),
      conditions,
      tests: conditions.filter((c) => c.set).map((c) => c.test),
      row,
    };
  });
  return { area, decl, rules };
}

/** What a decision comes to when no row matches, under the revision's settings (see `DecisionDecl.fallbackFrom`). */
function fallbackOf(decl: DecisionDecl, documents: PolicyDocuments): Fallback {
  const from = decl.fallbackFrom;
  if (!from) return decl.fallback;
  const settings = documents[from.screen];
  return from.cases.find((c) => Object.entries(c.when).every(([path, value]) => valueAt(settings, path) === value)) ?? decl.fallback;
}

/** Compiles a revision's documents under the model: do it once per revision and reuse it for every request. */
export function compilePolicy(model: PolicyModel, documents: PolicyDocuments): CompiledPolicy {
  const lists: CompiledList[] = [];
  for (const area of model.areas) for (const decl of area.evaluation.lists) lists.push(compileList(area, decl, documents[area.id]));
  const decisions = model.decisions.map((decl): CompiledDecision => {
    const mine = lists.filter((l) => l.decl.decides === decl.id);
    const tierNumbers = [...new Set(mine.map((l) => l.decl.tier))].sort((a, b) => a - b);
    return {
      decl,
      fallback: fallbackOf(decl, documents),
      tiers: tierNumbers.map((t) => mine.filter((l) => l.decl.tier === t)),
      rank: new Map(decl.precedence.map((a, i) => [a, i])),
    };
  });
  return { decisions, lists };
}

/** The request attributes a condition reads (see `ConditionDecl.attribute`). */
function conditionReads(c: ConditionDecl): RequestAttribute[] {
  return [
    c.attribute,
    ...(c.kind === 'entity' ? (['groups'] as const) : []),
    ...(c.kind === 'destination' ? (['domain', 'dest_ip'] as const) : []),
    ...(c.domainAttribute ? [c.domainAttribute] : []),
    ...(c.also ? [c.also.attribute] : []),
  ];
}

/**
 * The request attributes some row of `decision` reads with a condition it sets, in any of `policies`: an attribute
 * outside them cannot change the decision (disabled and expired rows count too, so the answer holds at any time).
 */
export function attributesRead(policies: readonly CompiledPolicy[], decision: string): Set<RequestAttribute> {
  const read = new Set<RequestAttribute>();
  for (const policy of policies) {
    for (const list of policy.lists) {
      if (list.decl.decides !== decision) continue;
      for (const rule of list.rules) for (const c of rule.conditions) if (c.set) for (const a of conditionReads(c.decl)) read.add(a);
    }
  }
  return read;
}

/**
 * The text patterns (starts with, ends with, contains, equal) of every set condition of `decision` reading
 * `attribute`, in any of `policies`, a regular expression as the patterns it is equivalent to (`regexAsTextPatterns`)
 * or else as itself when the stores can test it (`isPortableRegex`): a value of the attribute matters to the decision
 * only through which of them it matches. Undefined when some condition reads the attribute otherwise (a regular
 * expression outside both subsets, another kind of condition, one that holds for any value), so that only the value
 * itself tells.
 */
export function textPatternsRead(policies: readonly CompiledPolicy[], decision: string, attribute: RequestAttribute): TextPatternValue[] | undefined {
  const patterns = new Map<string, TextPatternValue>();
  for (const policy of policies) {
    for (const list of policy.lists) {
      if (list.decl.decides !== decision) continue;
      for (const rule of list.rules) {
        for (const c of rule.conditions) {
          if (!c.set || !conditionReads(c.decl).includes(attribute)) continue;
          if (c.decl.kind !== 'text' || c.decl.attribute !== attribute || c.decl.also || c.any) return undefined;
          for (const p of c.list as TextPatternValue[]) {
            const plain = TEXT_MATCHES.has(p.match)
              ? [{ match: p.match, value: p.value.toLowerCase() }]
              : p.match === 'regex'
                ? (regexAsTextPatterns(p.value) ?? (isPortableRegex(p.value) ? [p] : undefined))
                : undefined;
            if (!plain) return undefined;
            for (const lowered of plain) patterns.set(JSON.stringify(lowered), lowered);
          }
        }
      }
    }
  }
  return [...patterns.values()];
}

const TEXT_MATCHES = new Set(['starts_with', 'ends_with', 'contains', 'equal']);

/** Whether a row applies at `time` (enabled, not expired): only then can it match. */
export const appliesAt = (rule: CompiledRule, time: number): boolean => rule.enabled && time < rule.expiresAt;

function firstMatch(list: CompiledList, r: PreparedRequest): CompiledRule | null {
  outer: for (const rule of list.rules) {
    if (!appliesAt(rule, r.time)) continue;
    for (const t of rule.tests) if (!t(r)) continue outer;
    return rule;
  }
  return null;
}

/** Does the request carry the attribute (a non-empty value)? */
const carries = (request: EvalRequest, attribute: keyof EvalRequest): boolean => {
  const v = request[attribute];
  return v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
};

/** Whether decision `d` concerns the request (its `appliesTo`). */
export function concerns(d: DecisionDecl, request: EvalRequest): boolean {
  const a = d.appliesTo;
  if (!a) return true;
  return 'any' in a ? a.any.some((x) => carries(request, x)) : !a.none.some((x) => carries(request, x));
}

const rankOf = (d: CompiledDecision, action: string) => d.rank.get(action) ?? d.decl.precedence.length;

/** One decision's winning row over its tiers, or null: the same choice `evaluate` explains. */
function winnerOf(d: CompiledDecision, r: PreparedRequest): { list: CompiledList; rule: CompiledRule } | null {
  for (const tier of d.tiers) {
    let best: { list: CompiledList; rule: CompiledRule } | null = null;
    for (const list of tier) {
      const rule = firstMatch(list, r);
      if (rule && (!best || rankOf(d, rule.action) < rankOf(d, best.rule.action))) best = { list, rule };
    }
    if (best) return best;
  }
  return null;
}

/** A row as it decides: its key, action, state, expiry and conditions (their values after the lookup steps). */
const rowPrint = (r: CompiledRule) => JSON.stringify([r.key, r.action, r.enabled, r.expiresAt, r.conditions.map((c) => [c.decl.field, c.set, c.any ?? false, c.list, c.also ?? []])]);

/** Cells of the longest-common-subsequence table one list's changed middle may take; past it every row there counts as changed. */
const LCS_CELLS = 4_000_000;

/**
 * The rows of `a` and `b` outside a longest common subsequence of equal rows (`rowPrint`): those added, removed,
 * changed or moved. Common rows at both ends are matched first, so a table is needed only for the middle.
 */
function unmatchedRows(a: readonly CompiledRule[], b: readonly CompiledRule[]): CompiledRule[] {
  const pa = a.map(rowPrint);
  const pb = b.map(rowPrint);
  let start = 0;
  while (start < pa.length && start < pb.length && pa[start] === pb[start]) start++;
  let endA = pa.length;
  let endB = pb.length;
  while (endA > start && endB > start && pa[endA - 1] === pb[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0 || m === 0 || n * m > LCS_CELLS) return [...a.slice(start, endA), ...b.slice(start, endB)];
  // len[i][j]: the longest common subsequence of the middles' suffixes from i and j.
  const len = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      len[at(i, j)] = pa[start + i] === pb[start + j] ? len[at(i + 1, j + 1)]! + 1 : Math.max(len[at(i + 1, j)]!, len[at(i, j + 1)]!);
    }
  }
  const out: CompiledRule[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (pa[start + i] === pb[start + j]) {
      i++;
      j++;
    } else if (len[at(i + 1, j)]! >= len[at(i, j + 1)]!) out.push(a[start + i++]!);
    else out.push(b[start + j++]!);
  }
  while (i < n) out.push(a[start + i++]!);
  while (j < m) out.push(b[start + j++]!);
  return out;
}

/**
 * The rows (of either revision, each as that revision holds it) that can make `decision` differ between two compiled
 * revisions, or undefined when any request may differ (the fallback differs). A request none of them matches is
 * decided alike by both: list by list, the rows it matches are the same rows in the same order (the others' relative
 * order is kept), so every list's first match, each tier's winner and the decision are the same. A row changed in the
 * staged revision comes twice, as published and as staged; a moved row once or twice, as the shortest edit needs.
 */
export function changedRows(a: CompiledPolicy, b: CompiledPolicy, decision: string): CompiledRule[] | undefined {
  const da = a.decisions.find((x) => x.decl.id === decision);
  const db = b.decisions.find((x) => x.decl.id === decision);
  if (!da || !db || da.fallback.action !== db.fallback.action) return undefined;
  const listsA = da.tiers.flat();
  const listsB = db.tiers.flat();
  // Both revisions are compiled under one model: the same lists, in the same tiers and order.
  if (listsA.length !== listsB.length || listsA.some((l, i) => l.area.id !== listsB[i]!.area.id || l.decl.id !== listsB[i]!.decl.id)) return undefined;
  return listsA.flatMap((l, i) => unmatchedRows(l.rules, listsB[i]!.rules));
}

/** Each decision's action and deciding row, without a trace. */
export interface Decision {
  readonly decision: string;
  /** False when the decision does not concern the request (then the action is empty and no row decided). */
  readonly applies: boolean;
  readonly action: string;
  readonly area: string | null;
  readonly list: string | null;
  readonly key: string | null;
  readonly name: string | null;
}

/**
 * The fast path for one decision (`web`, `firewall`, ...): its action and deciding row, or null for an unknown decision.
 * `prepared` is `prepareRequest(request, now)` when the caller decides the request under several revisions.
 */
export function decideOne(policy: CompiledPolicy, decision: string, request: EvalRequest, now: number, prepared?: PreparedRequest): Decision | null {
  const d = policy.decisions.find((x) => x.decl.id === decision);
  if (!d) return null;
  if (!concerns(d.decl, request)) return { decision, applies: false, action: '', area: null, list: null, key: null, name: null };
  const hit = winnerOf(d, prepared ?? prepareRequest(request, now));
  return hit
    ? { decision, applies: true, action: hit.rule.action, area: hit.list.area.id, list: hit.list.decl.id, key: hit.rule.key, name: hit.rule.name }
    : { decision, applies: true, action: d.fallback.action, area: null, list: null, key: null, name: null };
}

/** The fast path: each decision's action and deciding row. `now` (epoch ms) is the time when the request has none. */
export function decide(policy: CompiledPolicy, request: EvalRequest, now: number): Decision[] {
  const r = prepareRequest(request, now);
  return policy.decisions.map((d) => {
    if (!concerns(d.decl, request)) return { decision: d.decl.id, applies: false, action: '', area: null, list: null, key: null, name: null };
    const hit = winnerOf(d, r);
    return hit
      ? { decision: d.decl.id, applies: true, action: hit.rule.action, area: hit.list.area.id, list: hit.list.decl.id, key: hit.rule.key, name: hit.rule.name }
      : { decision: d.decl.id, applies: true, action: d.fallback.action, area: null, list: null, key: null, name: null };
  });
}

const ruleLabel = (list: CompiledList, rule: CompiledRule) => `"${rule.name}" (${list.area.title}, ${list.decl.title}, position ${rule.position})`;

function traceConditions(rule: CompiledRule, r: PreparedRequest): { conditions: ConditionTrace[]; holds: boolean } {
  let holds = true;
  const conditions = rule.conditions.map((c): ConditionTrace => {
    const result = !c.set ? 'not-set' : c.test(r) ? 'match' : 'no-match';
    if (result === 'no-match') holds = false;
    return { field: c.decl.field, label: c.decl.label, attribute: c.decl.attribute, values: [...c.values], request: requestText(c.decl, r), result };
  });
  return { conditions, holds };
}

/** The verdict of every decision with the trace: every list and row consulted in order, with each condition's result. */
export function evaluate(policy: CompiledPolicy, request: EvalRequest, now: number): Verdict {
  const r = prepareRequest(request, now);
  const decisions = policy.decisions.map((d): DecisionVerdict => {
    if (!concerns(d.decl, request)) {
      return { decision: d.decl.id, title: d.decl.title, applies: false, action: '', actionLabel: 'Not applicable', decidedBy: null, reason: d.decl.appliesTo!.reason, lists: [] };
    }
    const winner = winnerOf(d, r);
    const winnerTier = winner ? winner.list.decl.tier : Infinity;
    const labelOf = (a: string) => d.decl.labels[a] ?? a;
    const lists: ListTrace[] = [];
    for (const tier of d.tiers) {
      for (const list of tier) {
        const base = { area: list.area.id, areaTitle: list.area.title, ...(list.area.route ? { route: list.area.route } : {}), list: list.decl.id, title: list.decl.title, tier: list.decl.tier };
        if (list.decl.tier > winnerTier) {
          const reason = `Not consulted: ${ruleLabel(winner!.list, winner!.rule)} decided in an earlier tier.`;
          lists.push({ ...base, reason, rules: list.rules.map((rule) => notReached(rule, reason)) });
          continue;
        }
        const rules: RuleTrace[] = [];
        let first: CompiledRule | null = null;
        for (const rule of list.rules) {
          if (first) {
            rules.push(notReached(rule, `Not reached: ${ruleLabel(list, first)} matched first.`));
            continue;
          }
          if (!rule.enabled) {
            rules.push({ ...ruleBase(rule), outcome: 'disabled', conditions: [], reason: 'Disabled: skipped.' });
            continue;
          }
          if (r.time >= rule.expiresAt) {
            rules.push({ ...ruleBase(rule), outcome: 'expired', conditions: [], reason: `Expired on ${rule.expires}: skipped.` });
            continue;
          }
          const { conditions, holds } = traceConditions(rule, r);
          if (!holds) {
            const failed = conditions.filter((c) => c.result === 'no-match').map((c) => c.label);
            rules.push({ ...ruleBase(rule), outcome: 'no-match', conditions, reason: `No match: ${failed.join(', ')} did not hold.` });
            continue;
          }
          first = rule;
          const decided = winner !== null && winner.rule === rule && winner.list === list;
          const reason = decided
            ? conditions.some((c) => c.result === 'match')
              ? `Decided: every condition holds; action ${labelOf(rule.action)}.`
              : `Decided: the rule has no condition, so it applies to every request; action ${labelOf(rule.action)}.`
            : `Matched, but ${ruleLabel(winner!.list, winner!.rule)} decided: ${labelOf(winner!.rule.action)} takes precedence over ${labelOf(rule.action)}.`;
          rules.push({ ...ruleBase(rule), outcome: decided ? 'decided' : 'matched', conditions, reason });
        }
        const reason = first
          ? winner && winner.list === list
            ? `${ruleLabel(list, first)} decided.`
            : `${ruleLabel(list, first)} matched; a row of another list of the same tier took precedence.`
          : list.rules.length === 0
            ? 'No rows.'
            : 'No row matched.';
        lists.push({ ...base, reason, rules });
      }
    }
    const decidedBy: RuleRef | null = winner ? { area: winner.list.area.id, list: winner.list.decl.id, key: winner.rule.key, name: winner.rule.name, position: winner.rule.position } : null;
    const action = winner ? winner.rule.action : d.fallback.action;
    return {
      decision: d.decl.id,
      title: d.decl.title,
      applies: true,
      action,
      actionLabel: labelOf(action),
      decidedBy,
      reason: winner ? `${ruleLabel(winner.list, winner.rule)} decided: ${labelOf(action)}.` : d.fallback.reason,
      lists,
    };
  });
  return { decisions };
}

function ruleBase(rule: CompiledRule) {
  return { key: rule.key, name: rule.name, position: rule.position, action: rule.action };
}
function notReached(rule: CompiledRule, reason: string): RuleTrace {
  return { ...ruleBase(rule), outcome: 'not-reached', conditions: [], reason };
}

/** Days from epoch ms `a` to `b`, rounded down. */
export const daysBetween = (a: number, b: number): number => Math.floor((b - a) / DAY_MS);
