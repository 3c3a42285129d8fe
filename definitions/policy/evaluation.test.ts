/**
 * Differential proof of the evaluator: for every rule-bearing area of the registry, random rulebases built from the
 * area's own declaration and 100,000 random requests; the evaluator's decision must equal that of a deliberately
 * naive reference written here with plain loops (the deciding row is the first row, in evaluation order, whose
 * conditions all hold), and the trace must name the same deciding row.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analysePolicy } from '../../schemas/evaluate/analysis';
import { appliesAt, changedRows, compilePolicy, decide, decideOne, evaluate } from '../../schemas/evaluate/evaluate';
import { prepareRequest } from '../../schemas/evaluate/match';
import type { ConditionDecl, DecisionDecl, EvalRequest, EvaluatedArea, LookupStep, RuleListDecl } from '../../schemas/evaluate/types';
import { registry } from '../index';
import { POLICY_DECISIONS, policyModel } from './evaluation';

const REQUESTS_PER_AREA = 100_000;
const RULEBASES_PER_AREA = 20;
const NOW = Date.parse('2026-11-28T12:00:00Z');

// Small value pools, so that random rows and random requests meet often.
const DOMAINS = ['example.com', 'a.example.com', 'b.a.example.com', 'news.org', 'x.news.org', 'bank.net'];
const DOMAIN_RULES = [...DOMAINS, '*.example.com', '*.news.org', '*.a.example.com'];
const IPS = ['10.0.0.1', '10.0.1.7', '10.1.2.3', '192.168.1.10', '192.168.1.200', '172.16.5.5'];
const IP_RULES = ['10.0.0.0/8', '10.0.0.0/24', '10.0.1.7', '192.168.1.0/25', '192.168.1.0/24', '172.16.0.0/12', '172.16.5.5/32'];
const RANGE_RULES = ['10.0.0.0-10.0.0.255', '192.168.1.5-192.168.1.100', '172.16.5.5', '10.1.0.0-10.2.0.0'];
const WORDS = ['a', 'b', 'c', 'd'];
const URLS = ['https://example.com/login', 'https://a.example.com/files/report.pdf', 'http://news.org/today', 'https://bank.net/account?id=1'];
const TEXT_RULES = [
  { match: 'contains', value: 'login' },
  { match: 'starts_with', value: 'https://a.' },
  { match: 'ends_with', value: '.pdf' },
  { match: 'equal', value: 'http://news.org/today' },
  { match: 'regex', value: 'bank\\.(net|com)' },
  { match: 'contains', value: 'Mozilla' },
];
const AGENTS = ['Mozilla/5.0 Chrome', 'curl/8.0', 'Mozilla/5.0 Firefox'];
const USERS = ['ann', 'bob', 'eve'];
const GROUPS = ['sales', 'it', 'hr'];
const DIRECTIONS = ['all', 'uploads', 'downloads', 'uploadsAndDownloads'];
const ADDRESSES = ['ann@example.com', 'bob@a.example.com', 'eve@news.org', 'Ann@Example.com', 'zed@bank.net'];
const ADDRESS_RULES = ['ann@example.com', 'bob@a.example.com', 'eve@news.org', 'example.com', '*.example.com', 'news.org', 'a.example.com', 'bank.net'];
const FILE_NAMES = ['invoice.A', 'x.tar.b', 'photo.c', 'noext', 'report.d'];
/** Keys a lookup condition's rows name: those of its first step's rows, and one naming no row. */
const LOOKUP_KEYS = ['k0', 'k1', 'k2', 'missing'];

/** The values a random row holds for a condition of this kind and attribute. */
function valuePool(c: ConditionDecl): readonly unknown[] {
  if (c.via) return LOOKUP_KEYS;
  switch (c.kind) {
    case 'address':
      return ADDRESS_RULES;
    case 'ip':
      return IP_RULES;
    case 'ipRange':
      return RANGE_RULES;
    case 'domain':
      return DOMAIN_RULES;
    case 'destination':
      return [...DOMAIN_RULES, ...IP_RULES];
    case 'text':
      return TEXT_RULES;
    case 'entity':
      return [...USERS.map((name) => ({ type: 'user', name })), ...GROUPS.map((name) => ({ type: 'group', name }))];
    case 'direction':
      return DIRECTIONS;
    case 'value':
      return [...(c.any ? [c.any] : []), ...WORDS];
    default:
      return c.attribute === 'user' ? USERS : c.attribute === 'groups' ? GROUPS : WORDS;
  }
}

const SCALAR_KINDS = new Set(['direction', 'value']);

function setPath(row: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let cur = row;
  for (const p of parts.slice(0, -1)) cur = (cur[p] ??= {}) as Record<string, unknown>;
  cur[parts[parts.length - 1]!] = value;
}

function rowArbitrary(list: RuleListDecl, actions: readonly string[]) {
  // About two conditions set per row, whatever the number of conditions.
  const unsetWeight = Math.max(1, list.conditions.length - 2);
  const conds = list.conditions.map((c) => {
    const pool = valuePool(c);
    return SCALAR_KINDS.has(c.kind)
      ? fc.option(fc.constantFrom(...pool), { nil: undefined })
      : fc.oneof({ weight: unsetWeight, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.uniqueArray(fc.constantFrom(...pool), { minLength: 1, maxLength: 3, selector: (v) => JSON.stringify(v) }) });
  });
  const also = list.conditions.map((c) =>
    c.also ? fc.oneof(fc.constant(undefined), fc.uniqueArray(fc.constantFrom(...GROUPS), { minLength: 1, maxLength: 2 })) : fc.constant(undefined),
  );
  return fc.record({
    conds: fc.tuple(...conds),
    also: fc.tuple(...also),
    enabled: fc.boolean(),
    action: fc.constantFrom(...actions),
    expires: fc.option(fc.constantFrom('2026-11-01', '2026-11-29', '2027-01-01'), { nil: undefined }),
  });
}

/** A random document for `area`: rows of each list built from its declaration. */
function documentArbitrary(area: EvaluatedArea, decision: (id: string) => DecisionDecl) {
  return fc.tuple(
    ...area.evaluation.lists.map((list) => {
      const d = decision(list.decides);
      const actions = 'constant' in list.action ? [list.action.constant] : d.precedence;
      return fc.array(rowArbitrary(list, actions), { minLength: 0, maxLength: 12 }).map((rows) =>
        rows.map((r, i) => {
          const row: Record<string, unknown> = { id: `${list.id}-${i}`, name: `${list.title} ${i}` };
          list.conditions.forEach((c, ci) => {
            if (r.conds[ci] !== undefined) setPath(row, c.field, r.conds[ci]);
            if (c.also && r.also[ci] !== undefined) setPath(row, c.also.field, r.also[ci]);
          });
          if (list.enabled) setPath(row, list.enabled, r.enabled);
          if (list.expires && r.expires) setPath(row, list.expires, r.expires);
          if ('field' in list.action) setPath(row, list.action.field, r.action);
          return row;
        }),
      );
    }),
  ).map((lists) => {
    const doc: Record<string, unknown> = {};
    area.evaluation.lists.forEach((list, i) => setPath(doc, list.rows, lists[i]));
    for (const list of area.evaluation.lists) for (const c of list.conditions) if (c.via) addLookupRows(doc, c.via);
    return doc;
  });
}

/**
 * Fixed rows for a condition's lookup steps: three rows per step, keyed k0..k2, each naming two rows of the next
 * step, and the last step's rows holding values of the pool (one row per field value).
 */
function addLookupRows(doc: Record<string, unknown>, steps: readonly LookupStep[]) {
  steps.forEach((step, i) => {
    const last = i === steps.length - 1;
    const rows = [0, 1, 2].map((j) => {
      const row: Record<string, unknown> = { [step.key ?? 'id']: `k${j}`, name: `${step.rows} ${j}` };
      step.fields.forEach((f, fi) => (row[f] = last ? [WORDS[(j + fi) % WORDS.length]] : [`k${j}`, `k${(j + 1) % 3}`]));
      return row;
    });
    setPath(doc, step.rows, rows);
  });
}

const webRequestArbitrary = fc.record(
  {
    url: fc.constantFrom(...URLS),
    domain: fc.constantFrom(...DOMAINS, '10.0.0.1'),
    user: fc.constantFrom(...USERS, 'ANN'),
    groups: fc.subarray(GROUPS),
    source_ip: fc.constantFrom(...IPS),
    dest_ip: fc.constantFrom(...IPS),
    categories: fc.subarray(WORDS),
    risks: fc.subarray(WORDS),
    country: fc.constantFrom(...WORDS),
    source_country: fc.constantFrom(...WORDS),
    browser: fc.constantFrom(...WORDS),
    user_agent: fc.constantFrom(...AGENTS),
    file_type: fc.constantFrom(...WORDS),
    sha256: fc.constantFrom(...WORDS),
    direction: fc.constantFrom('upload' as const, 'download' as const),
    application: fc.constantFrom(...WORDS),
    activity: fc.constantFrom(...WORDS),
    channel: fc.constantFrom(...WORDS),
    request_type: fc.constantFrom(...WORDS),
    service: fc.constantFrom(...WORDS),
    feeds: fc.subarray(WORDS),
    access_source: fc.constantFrom(...WORDS),
    platform: fc.constantFrom(...WORDS),
    time: fc.constantFrom('2026-11-28T12:00:00.000Z', '2026-12-31T00:00:00.000Z'),
    file_name: fc.constantFrom(...FILE_NAMES),
  },
  { requiredKeys: [] },
);
const mailArbitrary = fc.record(
  {
    sender: fc.constantFrom(...ADDRESSES),
    sender_domain: fc.constantFrom(...DOMAINS),
    recipient: fc.constantFrom(...ADDRESSES),
    recipient_groups: fc.subarray(GROUPS),
    link_risk: fc.constantFrom('G' as const, 'Y' as const, 'R' as const),
  },
  { requiredKeys: [] },
);
/** Web requests, and mail messages (which may carry any other attribute too, and even no mail attribute). */
const requestArbitrary: fc.Arbitrary<EvalRequest> = fc.oneof(
  webRequestArbitrary,
  fc.tuple(webRequestArbitrary, mailArbitrary).map(([web, mail]): EvalRequest => ({ ...web, ...mail })),
);

// ---- the naive reference: plain loops, its own parsing --------------------------------------------------------------

function ipToBits(ip: string): string | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let bits = '';
  for (const p of parts) {
    if (!/^\d+$/.test(p) || Number(p) > 255) return null;
    bits += Number(p).toString(2).padStart(8, '0');
  }
  return bits;
}
function ipInRule(ip: string | undefined, rule: string): boolean {
  if (!ip) return false;
  const bits = ipToBits(ip);
  if (bits === null) return false;
  if (rule.includes('-')) {
    const [a, b] = rule.split('-');
    const ba = ipToBits(a!)!;
    const bb = ipToBits(b!)!;
    return bits >= ba && bits <= bb;
  }
  if (rule.includes('/')) {
    const [net, len] = rule.split('/');
    const n = Number(len);
    return bits.slice(0, n) === ipToBits(net!)!.slice(0, n);
  }
  return bits === ipToBits(rule);
}
function domainInRule(domain: string, rule: string): boolean {
  if (rule.startsWith('*.')) return domain.endsWith(rule.slice(1));
  return domain === rule || domain.endsWith(`.${rule}`);
}
const regexes = new Map<string, RegExp>();
function regexOf(source: string): RegExp {
  let re = regexes.get(source);
  if (!re) regexes.set(source, (re = new RegExp(source, 'i')));
  return re;
}
function textInRule(text: string, p: { match: string; value: string }): boolean {
  const t = text.toLowerCase();
  const v = p.value.toLowerCase();
  if (p.match === 'contains') return t.indexOf(v) >= 0;
  if (p.match === 'starts_with') return t.slice(0, v.length) === v;
  if (p.match === 'ends_with') return v.length <= t.length && t.slice(t.length - v.length) === v;
  if (p.match === 'equal') return t === v;
  return regexOf(p.value).test(text);
}
function fieldOf(row: Record<string, unknown>, path: string): unknown {
  let cur: unknown = row;
  for (const p of path.split('.')) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[p] : undefined;
  return cur;
}
function requestDomain(req: EvalRequest): string {
  if (req.domain) return req.domain.toLowerCase();
  if (!req.url) return '';
  return req.url.split('://')[1]!.split('/')[0]!.split('?')[0]!.toLowerCase();
}

/** The extension of a file name, its own way: the text after the last dot, when the dot is not the first character. */
function naiveExtension(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const m = /\.([^.]+)$/.exec(name);
  return m && m.index > 0 ? m[1]!.toLowerCase() : undefined;
}
/** The request's value of an attribute, a file name standing for the file type when none is given. */
function attributeOf(req: EvalRequest, attribute: keyof EvalRequest): unknown {
  if (attribute === 'file_type' && req.file_type === undefined) return naiveExtension(req.file_name);
  return req[attribute];
}
/** A condition's values after its lookup steps, by scanning the document's rows. */
function naiveLookUp(steps: readonly LookupStep[], doc: Record<string, unknown>, keys: unknown[]): unknown[] {
  let cur = keys.map(String);
  for (const step of steps) {
    const next: string[] = [];
    for (const k of cur) {
      for (const row of (fieldOf(doc, step.rows) as Record<string, unknown>[]) ?? []) {
        if (String(row[step.key ?? 'id']) !== k) continue;
        for (const f of step.fields) for (const v of (row[f] as unknown[]) ?? []) next.push(String(v));
      }
    }
    cur = next;
  }
  return cur;
}

function naiveCondition(c: ConditionDecl, row: Record<string, unknown>, doc: Record<string, unknown>, req: EvalRequest): boolean {
  const value = fieldOf(row, c.field);
  let values: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  if (c.also) {
    const groups = (fieldOf(row, c.also.field) as string[] | undefined) ?? [];
    const mine = (req[c.also.attribute] as string[] | undefined) ?? [];
    for (const g of groups) for (const m of mine) if (g.toLowerCase() === m.toLowerCase()) return true;
    if (values.length === 0 && groups.length > 0) return false;
  }
  if (values.length === 0) return c.required ? attributeOf(req, c.attribute) !== undefined : true;
  if (c.via) values = naiveLookUp(c.via, doc, values);
  if ((c.kind === 'value' || c.kind === 'direction') && values[0] === c.any) return true;
  const domain = requestDomain(req);
  for (const v of values) {
    if (c.kind === 'ip' || c.kind === 'ipRange') {
      const ip = c.attribute === 'dest_ip' ? (req.dest_ip ?? domain) : (req[c.attribute] as string | undefined);
      if (ipInRule(ip, String(v))) return true;
    } else if (c.kind === 'domain') {
      if (domain && domainInRule(domain, String(v))) return true;
    } else if (c.kind === 'destination') {
      const isAddress = ipToBits(String(v).split('/')[0]!) !== null;
      if (isAddress ? ipInRule(req.dest_ip ?? domain, String(v)) : domain !== '' && domainInRule(domain, String(v))) return true;
    } else if (c.kind === 'text') {
      const text = c.attribute === 'url' ? req.url : (req[c.attribute] as string | undefined);
      if (text && textInRule(text, v as { match: string; value: string })) return true;
    } else if (c.kind === 'entity') {
      const e = v as { type: string; name: string };
      if (e.type === 'user' && req.user?.toLowerCase() === e.name.toLowerCase()) return true;
      if (e.type === 'group') for (const g of req.groups ?? []) if (g.toLowerCase() === e.name.toLowerCase()) return true;
    } else if (c.kind === 'address') {
      const address = (req[c.attribute] as string | undefined)?.toLowerCase();
      const rule = String(v).toLowerCase();
      if (rule.includes('@')) {
        if (address === rule) return true;
      } else {
        const domain = address ? (address.includes('@') ? address.slice(address.lastIndexOf('@') + 1) : '') : c.domainAttribute ? ((req[c.domainAttribute] as string | undefined) ?? '').toLowerCase() : '';
        if (domain && domainInRule(domain, rule)) return true;
      }
    } else if (c.kind === 'direction') {
      const d = req.direction;
      if (v === 'uploads' && d === 'upload') return true;
      if (v === 'downloads' && d === 'download') return true;
      if (v === 'uploadsAndDownloads' && d !== undefined) return true;
    } else {
      const have = attributeOf(req, c.attribute);
      const list = Array.isArray(have) ? have : have === undefined ? [] : [have];
      for (const h of list) if (String(h).toLowerCase() === String(v).toLowerCase()) return true;
    }
  }
  return false;
}

/** Does decision `d` concern the request: one of its `any` attributes set, or none of its `none` attributes? */
function naiveApplies(d: DecisionDecl, req: EvalRequest): boolean {
  if (!d.appliesTo) return true;
  const has = (attribute: keyof EvalRequest) => {
    const v = req[attribute];
    return Array.isArray(v) ? v.length > 0 : v !== undefined && v !== '';
  };
  if ('any' in d.appliesTo) {
    for (const a of d.appliesTo.any) if (has(a)) return true;
    return false;
  }
  for (const a of d.appliesTo.none) if (has(a)) return false;
  return true;
}

/** The naive decision of one decision over one area's lists: tier by tier, first matching row, strictest in a tier. */
function naiveDecide(area: EvaluatedArea, d: DecisionDecl, doc: Record<string, unknown>, req: EvalRequest): { action: string; key: string | null } {
  if (!naiveApplies(d, req)) return { action: '', key: null };
  const lists = area.evaluation.lists.filter((l) => l.decides === d.id);
  const tiers = [...new Set(lists.map((l) => l.tier))].sort((a, b) => a - b);
  const time = req.time ? Date.parse(req.time) : NOW;
  for (const tier of tiers) {
    let best: { action: string; key: string } | null = null;
    for (const list of lists.filter((l) => l.tier === tier)) {
      let rows = (fieldOf(doc, list.rows) as Record<string, unknown>[]) ?? [];
      if (list.order !== 'listed') {
        const order = list.order.byAction;
        const sorted: Record<string, unknown>[] = [];
        for (const a of order) for (const r of rows) if (fieldOf(r, (list.action as { field: string }).field) === a) sorted.push(r);
        rows = sorted;
      }
      for (const row of rows) {
        if (list.enabled && fieldOf(row, list.enabled) === false) continue;
        const exp = list.expires ? (fieldOf(row, list.expires) as string | undefined) : undefined;
        if (exp && time >= Date.parse(`${exp}T00:00:00Z`)) continue;
        let all = true;
        for (const c of list.conditions) if (!naiveCondition(c, row, doc, req)) all = false;
        if (!all) continue;
        const action = 'constant' in list.action ? list.action.constant : String(fieldOf(row, list.action.field));
        if (!best || d.precedence.indexOf(action) < d.precedence.indexOf(best.action)) best = { action, key: String(row.id) };
        break;
      }
    }
    if (best) return best;
  }
  return { action: d.fallback.action, key: null };
}

const model = policyModel(registry.screens as never);

describe('the policy model', () => {
  it('is data a worker thread can be sent (the log generator decides events in worker threads)', () => {
    const model = policyModel(registry.screens as never);
    expect(structuredClone(model)).toEqual(model);
  });
});

describe('the evaluator agrees with a naive reference', () => {
  it('covers the rule-bearing areas', () => {
    expect(model.areas.map((a) => a.id).sort()).toEqual(
      [
        'casb.app-rules',
        'dlp.rules',
        'email.allow-list',
        'email.attachments',
        'email.isolation',
        'email.mobile',
        'fwaas.rules',
        'private-access.access-rules',
        'web.categories',
        'web.exceptions',
        'web.inspection-exceptions',
        'web.ssl-bypass',
      ].sort(),
    );
  });

  for (const area of model.areas) {
    it(`${area.id}: ${REQUESTS_PER_AREA.toLocaleString('en')} random requests`, () => {
      const decision = (id: string) => POLICY_DECISIONS.find((d) => d.id === id)!;
      const decisions = [...new Set(area.evaluation.lists.map((l) => l.decides))].map(decision);
      const docs = fc.sample(documentArbitrary(area, decision), { numRuns: RULEBASES_PER_AREA, seed: 29 });
      const requests = fc.sample(requestArbitrary, { numRuns: REQUESTS_PER_AREA / RULEBASES_PER_AREA, seed: 7 });
      let decided = 0;
      for (const doc of docs) {
        const compiled = compilePolicy({ decisions, areas: [area] }, { [area.id]: doc });
        requests.forEach((req, n) => {
          const got = decide(compiled, req, NOW);
          for (const [i, d] of decisions.entries()) {
            const want = naiveDecide(area, d, doc, req);
            if (got[i]!.action !== want.action || got[i]!.key !== want.key) {
              expect({ request: req, document: doc, decision: d.id, got: got[i] }).toEqual({ request: req, document: doc, decision: d.id, got: { ...got[i], ...want } });
            }
            if (want.key) decided++;
          }
          if (n % 100 === 0) {
            const verdict = evaluate(compiled, req, NOW);
            verdict.decisions.forEach((v, i) => expect(v.decidedBy?.key ?? null).toBe(got[i]!.key));
          }
        });
      }
      // Rows decide a fair share of the requests, so agreement is not only on the fallback.
      expect(decided).toBeGreaterThan(REQUESTS_PER_AREA / 20);
    });
  }
});

/** One edit of a document's list: a row added (from another random document), removed, replaced, moved or switched. */
interface Edit {
  readonly op: 'add' | 'remove' | 'replace' | 'move' | 'switch';
  readonly list: number;
  readonly at: number;
  readonly to: number;
}
const editArbitrary: fc.Arbitrary<Edit> = fc.record({ op: fc.constantFrom('add', 'remove', 'replace', 'move', 'switch'), list: fc.nat(), at: fc.nat(), to: fc.nat() });

/** `doc` after `edits`, rows added or replaced taken from `other` (a document of the same area). */
function edited(area: EvaluatedArea, doc: Record<string, unknown>, other: Record<string, unknown>, edits: readonly Edit[]): Record<string, unknown> {
  const out = structuredClone(doc);
  edits.forEach((e, n) => {
    const list = area.evaluation.lists[e.list % area.evaluation.lists.length]!;
    const rows = (fieldOf(out, list.rows) as Record<string, unknown>[] | undefined) ?? [];
    const from = (fieldOf(other, list.rows) as Record<string, unknown>[] | undefined) ?? [];
    const donor = from.length ? structuredClone(from[e.to % from.length]!) : undefined;
    if (e.op === 'add' && donor) rows.splice(e.at % (rows.length + 1), 0, { ...donor, id: `added-${n}` });
    if (rows.length === 0) return setPath(out, list.rows, rows);
    const i = e.at % rows.length;
    if (e.op === 'remove') rows.splice(i, 1);
    if (e.op === 'replace' && donor) rows[i] = { ...donor, id: rows[i]!.id };
    if (e.op === 'move') rows.splice(e.to % rows.length, 0, ...rows.splice(i, 1));
    if (e.op === 'switch') {
      if (list.enabled) setPath(rows[i]!, list.enabled, fieldOf(rows[i]!, list.enabled) === false);
      else if ('field' in list.action) setPath(rows[i]!, list.action.field, fieldOf(rows[i]!, list.action.field) === 'block' ? 'allow' : 'block');
    }
    setPath(out, list.rows, rows);
  });
  return out;
}

describe('what a staged edit can change (the impact of a publish replays only these requests)', () => {
  const EDITED_PAIRS = 60;
  const REQUESTS_PER_PAIR = 300;
  for (const area of model.areas) {
    it(`${area.id}: a request no changed row matches is decided alike by both revisions`, () => {
      const decision = (id: string) => POLICY_DECISIONS.find((d) => d.id === id)!;
      const decisions = [...new Set(area.evaluation.lists.map((l) => l.decides))].map(decision);
      const areaModel = { decisions, areas: [area] };
      const pairs = fc.sample(fc.tuple(documentArbitrary(area, decision), documentArbitrary(area, decision), fc.array(editArbitrary, { minLength: 0, maxLength: 3 })), {
        numRuns: EDITED_PAIRS,
        seed: 30,
      });
      const requests = fc.sample(requestArbitrary, { numRuns: REQUESTS_PER_PAIR, seed: 11 });
      const seen = { differ: 0, leftOut: 0, same: 0 };
      for (const [doc, other, edits] of pairs) {
        const published = compilePolicy(areaModel, { [area.id]: doc });
        const staged = compilePolicy(areaModel, { [area.id]: edited(area, doc, other, edits) });
        if (edits.length === 0) expect(decisions.every((d) => changedRows(published, staged, d.id)?.length === 0)).toBe(true);
        for (const d of decisions) {
          const rows = changedRows(published, staged, d.id);
          if (rows?.length === 0) seen.same++;
          for (const req of requests) {
            const r = prepareRequest(req, NOW);
            const [a, b] = [decideOne(published, d.id, req, NOW, r)!, decideOne(staged, d.id, req, NOW, r)!];
            const differ = a.action !== b.action || a.key !== b.key;
            if (differ) seen.differ++;
            // A changed row applies and matches: the request is replayed. Otherwise both revisions decide it alike.
            if (rows && !rows.some((rule) => appliesAt(rule, r.time) && rule.tests.every((t) => t(r)))) {
              seen.leftOut++;
              if (differ) expect({ request: req, edits, published: a }).toEqual({ request: req, edits, published: b });
            }
          }
        }
      }
      // The edits change decisions, leave some revisions alike, and leave most requests out.
      expect(seen.differ).toBeGreaterThan(0);
      expect(seen.same).toBeGreaterThan(0);
      expect(seen.leftOut).toBeGreaterThan((EDITED_PAIRS * REQUESTS_PER_PAIR * decisions.length) / 4);
    });
  }
});

describe('rule analysis of the email areas, from their own declarations', () => {
  const email = policyModel(registry.screens.filter((s) => s.id === 'email.attachments' || s.id === 'email.isolation') as never);
  const rule = (id: string, action: string, fields: Record<string, unknown>) => ({ id, name: id, enabled: true, action, senders: [], recipients: [], ...fields });
  const attachments = {
    content_types: [
      { id: 'pdf', name: 'PDF', fileExtensions: ['pdf'], fileMimeTypes: ['application/pdf'], fileMagicNames: [] },
      { id: 'word', name: 'Word', fileExtensions: ['doc', 'docx'], fileMimeTypes: [], fileMagicNames: [] },
      { id: 'exe', name: 'Programs', fileExtensions: ['exe', 'msi'], fileMimeTypes: [], fileMagicNames: [] },
    ],
    groups: [
      { id: 'docs', name: 'Documents', content_types: ['pdf', 'word'] },
      { id: 'pdfonly', name: 'PDF only', content_types: ['pdf'] },
      { id: 'programs', name: 'Programs', content_types: ['exe'] },
    ],
    list: [
      rule('a1', 'block', { senders: ['example.com'], groups: ['docs'] }),
      // shadowed by a1: an address of example.com's subdomain, the same documents, another action
      rule('a2', 'deliver', { senders: ['bob@a.example.com'], groups: ['docs'] }),
      // redundant with a1: example.com covers its subdomains, same documents and action
      rule('a3', 'block', { senders: ['*.example.com'], groups: ['docs'] }),
      // every attachment from corp.com
      rule('a4', 'quarantine', { senders: ['corp.com'], groups: [] }),
      // shadowed by a4: an address of corp.com, documents are attachments
      rule('a5', 'strip', { senders: ['ann@corp.com'], groups: ['docs'] }),
      // overlaps a4 (any sender, any attachment of a4 includes programs), not covered; programs are no documents
      rule('a6', 'deliver', { recipients: ['x@news.org'], groups: ['programs'] }),
      // shadowed by a1: the PDF group's types are among the documents' (through the content types)
      rule('a7', 'strip', { senders: ['example.com'], groups: ['pdfonly'] }),
    ],
  };
  const isolation = {
    list: [
      rule('i1', 'block', { risks: ['R'] }),
      // shadowed by i1: high-risk links to one recipient
      rule('i2', 'allow', { risks: ['R'], recipients: ['ann@corp.com'] }),
      rule('i3', 'safeview', { risks: ['Y'], recipients: ['finance.corp.com'], recipient_groups: ['finance'] }),
      // redundant with i3: i3 names the same mail group
      rule('i4', 'safeview', { risks: ['Y'], recipient_groups: ['finance'] }),
      // shadowed by i3: an address of finance.corp.com
      rule('i5', 'read_only', { risks: ['Y'], recipients: ['bob@finance.corp.com'] }),
      // no finding: low-risk links meet no other rule
      rule('i6', 'allow', { risks: ['G'] }),
      // overlaps i3, i4 and i5: a recipient of hr.corp.com may be a member of finance (i3, i4); i5 is the one address
      // of finance.corp.com, but its recipient may also be a member of hr
      rule('i7', 'block', { risks: ['Y'], recipients: ['hr.corp.com'], recipient_groups: ['hr'] }),
    ],
  };
  const compiled = compilePolicy(email, { 'email.attachments': attachments, 'email.isolation': isolation });
  const findings = analysePolicy(compiled, { now: NOW });

  it('finds exactly the shadowed, redundant and overlapping email rules', () => {
    expect(findings.map((f) => `${f.kind} ${f.rule.key} <- ${f.related.map((r) => r.key).join(',')}`).sort()).toEqual(
      ['shadowed a2 <- a1', 'redundant a3 <- a1', 'shadowed a5 <- a4', 'overlap a6 <- a4', 'shadowed a7 <- a1', 'shadowed i2 <- i1', 'redundant i4 <- i3', 'shadowed i5 <- i3', 'overlap i7 <- i3,i4,i5'].sort(),
    );
  });

  it('decides mail by the stricter of the attachment and link rules, and names the deciding rule', () => {
    const mail = (request: EvalRequest) => evaluate(compiled, request, NOW).decisions.find((d) => d.decision === 'email')!;
    const pdf = mail({ sender: 'Bob@A.Example.com', recipient: 'ann@corp.com', file_name: 'Invoice.PDF' });
    expect([pdf.action, pdf.decidedBy?.key]).toEqual(['block', 'a1']);
    const groups = pdf.lists.find((l) => l.area === 'email.attachments')!.rules[0]!.conditions.find((c) => c.field === 'groups')!;
    expect(groups).toMatchObject({ values: ['Documents (pdf, application/pdf, doc, docx)'], request: 'pdf', result: 'match' });
    // an exe from corp.com with a medium-risk link for a member of finance: quarantine (a4) is stricter than isolate (i3)
    const both = mail({ sender: 'ceo@corp.com', recipient: 'zed@other.org', recipient_groups: ['Finance'], file_type: 'exe', link_risk: 'Y' });
    expect([both.action, both.decidedBy?.key]).toEqual(['quarantine', 'a4']);
    expect(both.lists.find((l) => l.area === 'email.isolation')!.rules.find((r) => r.key === 'i3')!.outcome).toBe('matched');
    // no attachment, no link: the default
    expect(mail({ sender: 'ceo@corp.com', recipient: 'ann@corp.com' })).toMatchObject({ action: 'safeview', decidedBy: null });
    // a mail message gets the email decision only; a web request every decision but the email one
    const applying = (request: EvalRequest) => evaluate(compiled, request, NOW).decisions.filter((d) => d.applies).map((d) => d.decision);
    expect(applying({ recipient: 'ann@corp.com', file_name: 'a.pdf' })).toEqual(['email']);
    expect(applying({ url: 'https://example.com/a.pdf', file_name: 'a.pdf' })).toEqual(POLICY_DECISIONS.map((d) => d.id).filter((d) => d !== 'email'));
  });

  it('decides mail no rule matches as the revision’s Email Settings process it', () => {
    const settings = (link_isolation: boolean, attachment_isolation: boolean) => {
      const withSettings = compilePolicy(email, { 'email.attachments': attachments, 'email.isolation': isolation, 'email.config': { config: { link_isolation, attachment_isolation } } });
      return evaluate(withSettings, { sender: 'ceo@corp.com', recipient: 'ann@corp.com' }, NOW).decisions.find((d) => d.decision === 'email')!;
    };
    expect(settings(true, true)).toMatchObject({ action: 'safeview', decidedBy: null });
    expect(settings(true, false)).toMatchObject({ action: 'isolate_links', actionLabel: 'Isolate links only' });
    expect(settings(false, true)).toMatchObject({ action: 'isolate_attachments', actionLabel: 'Convert attachments only' });
    const off = settings(false, false);
    expect(off).toMatchObject({ action: 'deliver', decidedBy: null });
    expect(off.reason).toMatch(/both off in Email Settings/);
    // A rule that matches still decides, whatever the settings.
    const ruled = compilePolicy(email, { 'email.attachments': attachments, 'email.isolation': isolation, 'email.config': { config: { link_isolation: false, attachment_isolation: false } } });
    expect(evaluate(ruled, { sender: 'ceo@corp.com', recipient: 'ann@corp.com', file_type: 'exe' }, NOW).decisions.find((d) => d.decision === 'email')).toMatchObject({ action: 'quarantine' });
  });
});
