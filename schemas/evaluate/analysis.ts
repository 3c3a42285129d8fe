/**
 * Rule analysis over compiled lists: rows an earlier row makes unreachable (shadowed: the earlier row acts
 * differently; redundant: it acts the same), rows that overlap an earlier row with a conflicting action, exceptions
 * expired or expiring within 14 days, and rows that decided no logged request in the last days. Each finding names
 * the rows involved and why, as Batfish names an unreachable line's blocking lines.
 *
 * Coverage is decided per condition and is exact for the value lists it compares (address intervals, domains and
 * their subdomains, sets of values, transfer directions); text patterns cover one another only when one is a prefix,
 * suffix or part of the other of the same kind, so a finding is never invented, and a regular expression covers only
 * an identical one.
 */
import { addressDomain, DIRECTION_COVERS, domainMatches, domainPattern, ipInterval, type DomainPattern } from './match';
import type { CompiledList, CompiledPolicy, CompiledRule } from './evaluate';
import type { ConditionDecl, Finding, FindingRule } from './types';

export interface AnalysisOptions {
  /** Epoch milliseconds of "today". */
  readonly now: number;
  /** Days ahead in which an expiring exception is reported (14). */
  readonly expiringDays?: number;
  /** Deciding-row hit counts of the last `unusedDays` days by `ruleRefText`; absent: no unused findings. */
  readonly hits?: ReadonlyMap<string, number>;
  readonly unusedDays?: number;
  /** The decisions whose deciding rows the logs record; unused rows are reported only in their lists. */
  readonly loggedDecisions?: ReadonlySet<string>;
}

const DAY_MS = 86_400_000;
const s = (v: unknown) => String(v).toLowerCase();

function intervals(values: unknown[]): (readonly [number, number])[] | null {
  const out: (readonly [number, number])[] = [];
  for (const v of values) {
    const i = ipInterval(String(v));
    if (!i) return null;
    out.push(i);
  }
  return out;
}
const domainCovers = (a: DomainPattern, b: DomainPattern) =>
  b.base === a.base ? !a.subOnly || b.subOnly : b.base.endsWith(`.${a.base}`);
const domainsMeet = (a: DomainPattern, b: DomainPattern) => domainCovers(a, b) || domainCovers(b, a) || (a.subOnly && b.subOnly && (a.base.endsWith(`.${b.base}`) || b.base.endsWith(`.${a.base}`)));

/** Does address value `a` (an address or a domain pattern) match every address value `b` matches? */
function addressCovers(a: string, b: string): boolean {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la.includes('@')) return lb === la;
  const pa = domainPattern(la);
  return lb.includes('@') ? domainMatches(pa, addressDomain(lb)) : domainCovers(pa, domainPattern(lb));
}
/** Two domain patterns of addresses that one address can match (each covering the other is checked apart). */
function addressesMeet(a: string, b: string): boolean {
  return !a.includes('@') && !b.includes('@') && domainsMeet(domainPattern(a.toLowerCase()), domainPattern(b.toLowerCase()));
}

interface Pattern {
  match: string;
  value: string;
}
function patternCovers(a: Pattern, b: Pattern): boolean {
  const av = a.value.toLowerCase();
  const bv = b.value.toLowerCase();
  if (a.match === 'regex' || b.match === 'regex') return a.match === b.match && a.value === b.value;
  switch (a.match) {
    case 'equal':
      return b.match === 'equal' && av === bv;
    case 'starts_with':
      return (b.match === 'starts_with' || b.match === 'equal') && bv.startsWith(av);
    case 'ends_with':
      return (b.match === 'ends_with' || b.match === 'equal') && bv.endsWith(av);
    default:
      return bv.includes(av);
  }
}
function patternsMeet(a: Pattern, b: Pattern): boolean {
  if (a.match === 'equal' && b.match === 'equal') return a.value.toLowerCase() === b.value.toLowerCase();
  if (a.match === 'equal') return patternCovers(b, a) || b.match === 'regex';
  if (b.match === 'equal') return patternCovers(a, b) || a.match === 'regex';
  return true;
}

/** One row's condition values, parsed once for the pairwise comparisons. */
interface Prepared {
  readonly set: boolean;
  /** A required condition the row leaves open: every request carrying the attribute. */
  readonly any: boolean;
  /** The values of the declaration's `also` field. */
  readonly also: ReadonlySet<string>;
  readonly values: unknown[];
  readonly spans: (readonly [number, number])[] | null;
  readonly domains: DomainPattern[];
  readonly keys: Set<string>;
}
function prepare(decl: ConditionDecl, rule: CompiledRule, c: number): Prepared {
  const compiled = rule.conditions[c]!;
  // The values compared: after the condition's lookup steps, if any.
  const values = [...compiled.list];
  const key = (v: unknown) => (decl.kind === 'entity' ? `${(v as { type: string }).type}:${s((v as { name: string }).name)}` : s(v));
  return {
    set: compiled.set,
    any: compiled.any === true,
    also: new Set(compiled.also ?? []),
    values,
    spans: decl.kind === 'ip' || decl.kind === 'ipRange' ? intervals(values) : null,
    domains: decl.kind === 'domain' ? values.map((v) => domainPattern(String(v))) : [],
    keys: new Set(values.map(key)),
  };
}

/** Every request condition `decl` of row `a` lets through, row `b`'s lets through too? (`a` covers `b`.) */
function covers(decl: ConditionDecl, pa: Prepared, pb: Prepared): boolean {
  if (!pa.set || pa.any) return true;
  if (!pb.set || pb.any) return false;
  if (decl.also) {
    // Either field satisfies the condition: `a` covers `b` when it covers each of `b`'s fields on its own.
    for (const g of pb.also) if (!pa.also.has(g)) return false;
    if (pb.values.length === 0) return true;
    if (pa.values.length === 0) return false;
  }
  const va = pa.values;
  const vb = pb.values;
  switch (decl.kind) {
    case 'ip':
    case 'ipRange': {
      const ia = pa.spans;
      const ib = pb.spans;
      return !!ia && !!ib && ib.every(([x, y]) => ia.some(([p, q]) => p <= x && y <= q));
    }
    case 'domain':
      for (const d of pb.domains) {
        let covered = false;
        for (const p of pa.domains) if (domainCovers(p, d)) covered = true;
        if (!covered) return false;
      }
      return true;
    case 'destination': {
      const ipA = va.map((v) => ipInterval(String(v)));
      const domA = va.map((v, i) => (ipA[i] ? null : domainPattern(String(v))));
      return vb.every((v) => {
        const ib = ipInterval(String(v));
        if (ib) return ipA.some((ia) => ia && ia[0] <= ib[0] && ib[1] <= ia[1]);
        const pb = domainPattern(String(v));
        return domA.some((p) => p && domainCovers(p, pb));
      });
    }
    case 'text':
      return (vb as Pattern[]).every((pb) => (va as Pattern[]).some((pa) => patternCovers(pa, pb)));
    case 'direction': {
      const da = DIRECTION_COVERS[String(va[0])] ?? [];
      return (DIRECTION_COVERS[String(vb[0])] ?? []).every((d) => da.includes(d));
    }
    case 'address':
      return vb.every((b) => va.some((a) => addressCovers(String(a), String(b))));
    default: {
      for (const k of pb.keys) if (!pa.keys.has(k)) return false;
      return true;
    }
  }
}

/** Can one request satisfy condition `decl` of both rows? */
function meets(decl: ConditionDecl, pa: Prepared, pb: Prepared): boolean {
  if (!pa.set || !pb.set || pa.any || pb.any) return true;
  // A request can hold a value of either field of one row and of the other's.
  if (decl.also && (pa.also.size > 0 || pb.also.size > 0)) return true;
  const va = pa.values;
  const vb = pb.values;
  switch (decl.kind) {
    case 'ip':
    case 'ipRange': {
      const ia = pa.spans;
      const ib = pb.spans;
      if (!ia || !ib) return true;
      return ia.some(([p, q]) => ib.some(([x, y]) => p <= y && x <= q));
    }
    case 'domain':
      for (const x of pa.domains) for (const y of pb.domains) if (domainsMeet(x, y)) return true;
      return false;
    case 'destination':
      return true;
    case 'text':
      return (va as Pattern[]).some((pa) => (vb as Pattern[]).some((pb) => patternsMeet(pa, pb)));
    case 'address':
      return va.some((a) => vb.some((b) => addressCovers(String(a), String(b)) || addressCovers(String(b), String(a)) || addressesMeet(String(a), String(b))));
    case 'direction': {
      const da = DIRECTION_COVERS[String(va[0])] ?? [];
      return (DIRECTION_COVERS[String(vb[0])] ?? []).some((d) => da.includes(d));
    }
    default: {
      for (const k of pb.keys) if (pa.keys.has(k)) return true;
      return false;
    }
  }
}

/** A domain and its parent domains: a.b.example.com, b.example.com, example.com, com. */
function selfAndParents(base: string): string[] {
  const out = [base];
  for (let i = base.indexOf('.'); i >= 0; i = base.indexOf('.', i + 1)) out.push(base.slice(i + 1));
  return out;
}

/**
 * The earlier rows that can cover or meet row j, in row order. When the list has a domain condition, a row whose
 * domains neither contain nor lie inside row j's can do neither, so only rows sharing a domain family (and rows
 * without domains) are compared: a 5,000-row list is not 12 million comparisons.
 */
function domainCandidates(decls: readonly ConditionDecl[], prepared: readonly (readonly Prepared[])[]): (j: number) => Iterable<number> {
  const all = (j: number) => Array.from({ length: j }, (_, i) => i);
  const dc = decls.findIndex((d) => d.kind === 'domain');
  if (dc < 0) return all;
  const without: number[] = [];
  const byBase = new Map<string, number[]>();
  const byAncestor = new Map<string, number[]>();
  const add = (m: Map<string, number[]>, k: string, i: number) => {
    const l = m.get(k);
    if (l) l.push(i);
    else m.set(k, [i]);
  };
  prepared.forEach((p, i) => {
    if (!p[dc]!.set) return without.push(i);
    for (const d of p[dc]!.domains) {
      add(byBase, d.base, i);
      for (const s of selfAndParents(d.base)) add(byAncestor, s, i);
    }
  });
  return (j) => {
    const mine = prepared[j]![dc]!;
    if (!mine.set) return all(j);
    const found = new Set<number>();
    for (const i of without) if (i < j) found.add(i);
    for (const d of mine.domains) {
      for (const s of selfAndParents(d.base)) for (const i of byBase.get(s) ?? []) if (i < j) found.add(i);
      for (const i of byAncestor.get(d.base) ?? []) if (i < j) found.add(i);
    }
    return [...found].sort((x, y) => x - y);
  };
}

const ruleOf = (r: CompiledRule): FindingRule => ({ key: r.key, name: r.name, position: r.position, action: r.action });
const named = (r: CompiledRule) => `"${r.name}" (position ${r.position})`;
const namedAll = (rs: readonly CompiledRule[]) => rs.map(named).join(', ');

/** The findings of one list, in row order. */
export function analyseList(list: CompiledList, options: AnalysisOptions): Finding[] {
  const findings: Finding[] = [];
  const base = { area: list.area.id, list: list.decl.id, listTitle: list.decl.title };
  const decls = list.decl.conditions;
  const live = list.rules.filter((r) => r.enabled && r.expiresAt > options.now);
  const sortedByAction = list.decl.order !== 'listed';
  const prepared = live.map((r) => decls.map((d, c) => prepare(d, r, c)));
  // Only a row's set conditions can keep it from covering or meeting another row.
  const setOf = prepared.map((p) => p.flatMap((c, i) => (c.set ? [i] : [])));
  const candidatesOf = domainCandidates(decls, prepared);
  for (let j = 0; j < live.length; j++) {
    const b = live[j]!;
    const coverers: CompiledRule[] = [];
    const overlaps: CompiledRule[] = [];
    for (const i of candidatesOf(j)) {
      const a = live[i]!;
      let all = true;
      for (const c of setOf[i]!) {
        if (!covers(decls[c]!, prepared[i]![c]!, prepared[j]![c]!)) {
          all = false;
          break;
        }
      }
      if (all) {
        coverers.push(a);
        continue;
      }
      if (sortedByAction || a.action === b.action) continue;
      let meet = true;
      for (const c of setOf[i]!) {
        meet = meets(decls[c]!, prepared[i]![c]!, prepared[j]![c]!);
        if (!meet) break;
      }
      if (meet) overlaps.push(a);
    }
    if (coverers.length > 0) {
      const first = coverers[0]!;
      const kind = first.action === b.action ? 'redundant' : 'shadowed';
      findings.push({
        ...base,
        kind,
        rule: ruleOf(b),
        related: coverers.map(ruleOf),
        message:
          kind === 'shadowed'
            ? `${named(b)} can never match: ${namedAll(coverers)} before it match${coverers.length > 1 ? '' : 'es'} every request it matches, and ${named(first)} decides them first with ${first.action} instead of ${b.action}.`
            : `${named(b)} is redundant: ${named(first)} before it matches every request it matches with the same action (${b.action}); removing it changes nothing.`,
      });
    } else if (overlaps.length > 0) {
      findings.push({
        ...base,
        kind: 'overlap',
        rule: ruleOf(b),
        related: overlaps.map(ruleOf),
        message: `${named(b)} (${b.action}) overlaps ${namedAll(overlaps)} with a different action: requests matching both get the earlier rule's action.`,
      });
    }
  }
  const horizon = options.now + (options.expiringDays ?? 14) * DAY_MS;
  for (const r of list.rules) {
    if (!r.enabled || r.expiresAt === Infinity) continue;
    if (r.expiresAt <= options.now) {
      findings.push({ ...base, kind: 'expired', rule: ruleOf(r), related: [], message: `${named(r)} expired on ${r.expires} and no longer applies; delete it or set a new date.` });
    } else if (r.expiresAt <= horizon) {
      const days = Math.ceil((r.expiresAt - options.now) / DAY_MS);
      findings.push({ ...base, kind: 'expiring', rule: ruleOf(r), related: [], message: `${named(r)} expires on ${r.expires}, in ${days} day${days === 1 ? '' : 's'}.` });
    }
  }
  if (options.hits && (!options.loggedDecisions || options.loggedDecisions.has(list.decl.decides))) {
    const days = options.unusedDays ?? 30;
    for (const r of live) {
      if ((options.hits.get(`${list.area.id}/${list.decl.id}/${r.key}`) ?? 0) === 0) {
        findings.push({ ...base, kind: 'unused', rule: ruleOf(r), related: [], message: `${named(r)} decided no logged request in the last ${days} days.` });
      }
    }
  }
  return findings;
}

/** Findings of every list of a compiled revision (or of the lists of one area). */
export function analysePolicy(policy: CompiledPolicy, options: AnalysisOptions & { readonly area?: string }): Finding[] {
  return policy.lists.filter((l) => !options.area || l.area.id === options.area).flatMap((l) => analyseList(l, options));
}
