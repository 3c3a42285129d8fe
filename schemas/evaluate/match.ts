/**
 * Compiled condition matchers: each condition's values are parsed once per revision (addresses to numbers, domains
 * lower-cased, patterns to tests), so that evaluating a request is a few comparisons per condition.
 */
import type { ConditionDecl, EvalRequest, LookupStep } from './types';

/** A request with its derived values (lower-cased domain, numeric addresses, epoch time). */
export interface PreparedRequest {
  readonly raw: EvalRequest;
  readonly domain: string;
  readonly url: string;
  readonly user: string;
  readonly groups: readonly string[];
  readonly sourceIp: number;
  readonly destIp: number;
  readonly time: number;
  /** Lower-cased values of list and text attributes, made once per request when a condition first reads them. */
  readonly lowered: Map<string, readonly string[]>;
}

/** IPv4 address as an unsigned number, or -1. */
export function ipNumber(v: string | undefined): number {
  if (!v) return -1;
  // Four dotted decimal parts of 1–3 digits, each at most 255 (read without a regular expression: the impact reads
  // every request's address).
  const s = v.trim();
  let n = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || part > 255 || ++dots > 3) return -1;
      n = n * 256 + part;
      part = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57 && ++digits <= 3) part = part * 10 + (c - 48);
    else return -1;
  }
  return dots === 3 && digits > 0 && part <= 255 ? n * 256 + part : -1;
}

/** An address, CIDR block or range `a-b` as an inclusive interval, or null when it is none of these. */
export function ipInterval(v: string): readonly [number, number] | null {
  const range = v.split('-');
  if (range.length === 2) {
    const a = ipNumber(range[0]);
    const b = ipNumber(range[1]);
    return a < 0 || b < 0 ? null : [a, b];
  }
  const slash = v.indexOf('/');
  if (slash < 0) {
    const a = ipNumber(v);
    return a < 0 ? null : [a, a];
  }
  const base = ipNumber(v.slice(0, slash));
  const prefix = Number(v.slice(slash + 1));
  if (base < 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > 32) return null;
  const size = 2 ** (32 - prefix);
  const start = base - (base % size);
  return [start, start + size - 1];
}

/** The host of a URL (with or without a scheme), lower-cased. */
export function hostOf(url: string): string {
  const noScheme = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const host = noScheme.split(/[/?#]/, 1)[0] ?? '';
  return host.replace(/^[^@]*@/, '').replace(/:\d+$/, '').toLowerCase();
}

/** The extension of a file name (`report.tar.gz` → `gz`), lower-cased, or undefined. */
export function extensionOf(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : undefined;
}

/** The domain of a mail address (after its last @), lower-cased, or ''. */
export function addressDomain(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = at < 0 ? '' : address.slice(at + 1).toLowerCase();
  return domain.endsWith('.') ? domain.slice(0, -1) : domain;
}

export function prepareRequest(request: EvalRequest, now: number): PreparedRequest {
  // A file name stands for its file type when none is given.
  const req = request.file_type === undefined && request.file_name !== undefined && extensionOf(request.file_name) ? { ...request, file_type: extensionOf(request.file_name) } : request;
  const url = req.url ?? '';
  const domain = (req.domain ?? (url ? hostOf(url) : '')).toLowerCase().replace(/\.$/, '');
  const time = req.time ? Date.parse(req.time) : now;
  return {
    raw: req,
    domain,
    url: url.toLowerCase(),
    user: (req.user ?? '').toLowerCase(),
    groups: (req.groups ?? []).map((g) => g.toLowerCase()),
    sourceIp: ipNumber(req.source_ip),
    destIp: ipNumber(req.dest_ip) >= 0 ? ipNumber(req.dest_ip) : ipNumber(domain),
    time,
    lowered: new Map(),
  };
}

/** The request's values of `attribute`, lower-cased, computed once per request. */
function loweredValues(r: PreparedRequest, attribute: ConditionDecl['attribute']): readonly string[] {
  let v = r.lowered.get(attribute);
  if (!v) {
    const raw = r.raw[attribute];
    v = Array.isArray(raw) ? raw.map((x: string) => x.toLowerCase()) : typeof raw === 'string' ? [raw.toLowerCase()] : [];
    r.lowered.set(attribute, v);
  }
  return v;
}

/** A domain pattern: `example.com` covers it and its subdomains, `*.example.com` only its subdomains. */
export interface DomainPattern {
  readonly base: string;
  readonly subOnly: boolean;
}
export function domainPattern(v: string): DomainPattern {
  const lower = v.toLowerCase().replace(/\.$/, '');
  return lower.startsWith('*.') ? { base: lower.slice(2), subOnly: true } : { base: lower, subOnly: false };
}
export function domainMatches(p: DomainPattern, domain: string): boolean {
  if (!domain) return false;
  if (domain === p.base) return !p.subOnly;
  return domain.length > p.base.length && domain.endsWith(p.base) && domain.charCodeAt(domain.length - p.base.length - 1) === 46;
}

export interface TextPatternValue {
  readonly match: string;
  readonly value: string;
}
export function textTest(p: TextPatternValue): (s: string) => boolean {
  const v = p.value.toLowerCase();
  switch (p.match) {
    case 'starts_with':
      return (s) => s.startsWith(v);
    case 'ends_with':
      return (s) => s.endsWith(v);
    case 'contains':
      return (s) => s.includes(v);
    case 'equal':
      return (s) => s === v;
    default: {
      let re: RegExp | null = null;
      try {
        re = new RegExp(p.value, 'i');
      } catch {
        re = null;
      }
      return re ? (s) => re.test(s) : () => false;
    }
  }
}

/** Characters a regular expression may hold as themselves in `regexAsTextPatterns`' subset. */
const REGEX_LITERAL = /[A-Za-z0-9 _\-/:;,=@!%&'"<>~`#]/;
/** Characters the subset accepts escaped by a backslash, standing for themselves. */
const REGEX_ESCAPED = /[.\-/\\^$|?*+()[\]{}]/;
/** At most this many patterns from one regular expression (the alternatives of its groups multiply). */
const REGEX_PATTERNS_MAX = 64;

/**
 * A regular expression as the text patterns it is equivalent to, for the evaluator's case-insensitive test on an ASCII
 * value, when it is in a plain subset: optional `^`, then literal text and groups of literal alternatives (`(a|b)` or
 * `(?:a|b)`), then optional `$`; without anchors, alternatives of such sequences (`a|b(c|d)`). `^(curl|wget)/` is
 * "starts with curl/" or "starts with wget/". Undefined for anything else (classes, `.`, quantifiers, nested groups,
 * non-ASCII literals): the caller then reads the value itself.
 */
export function regexAsTextPatterns(source: string): TextPatternValue[] | undefined {
  const start = source.startsWith('^');
  // A final `$` is an anchor unless escaped (an odd number of backslashes before it).
  const end = /(^|[^\\])(\\\\)*\$$/.test(source);
  const s = source.slice(start ? 1 : 0, end ? -1 : undefined);
  let i = 0;
  /** Literal text up to one of `stop` or the end; undefined at a character outside the subset. */
  const literal = (stop: string): string | undefined => {
    let out = '';
    while (i < s.length && !stop.includes(s[i]!)) {
      const c = s[i]!;
      const escaped = c === '\\' ? s[i + 1] : undefined;
      if (escaped !== undefined && REGEX_ESCAPED.test(escaped)) out += escaped;
      else if (c !== '\\' && REGEX_LITERAL.test(c)) out += c;
      else return undefined;
      i += c === '\\' ? 2 : 1;
    }
    return out;
  };
  /** A sequence of literal runs and groups, up to a top-level `|` or the end, as every text it stands for. */
  const sequence = (): string[] | undefined => {
    let texts = [''];
    while (i < s.length && s[i] !== '|') {
      let alternatives: string[] = [];
      if (s[i] === '(') {
        i += s.startsWith('(?:', i) ? 3 : 1;
        for (;;) {
          const text = literal('|)');
          if (text === undefined || i >= s.length) return undefined;
          alternatives.push(text);
          i += 1;
          if (s[i - 1] === ')') break;
        }
      } else {
        const text = literal('(|');
        if (text === undefined) return undefined;
        alternatives = [text];
      }
      texts = texts.flatMap((t) => alternatives.map((a) => t + a));
      if (texts.length > REGEX_PATTERNS_MAX) return undefined;
    }
    return texts;
  };
  const texts: string[] = [];
  for (;;) {
    const branch = sequence();
    if (!branch) return undefined;
    texts.push(...branch);
    if (i >= s.length) break;
    // `^a|b` anchors only its first alternative: outside the subset.
    if (start || end || texts.length > REGEX_PATTERNS_MAX) return undefined;
    i += 1;
  }
  const match = start && end ? 'equal' : start ? 'starts_with' : end ? 'ends_with' : 'contains';
  return texts.map((t) => ({ match, value: t.toLowerCase() }));
}

/** Bounds of a `{n,m}` quantifier the stores all accept (PostgreSQL's limit). */
const REGEX_BOUND_MAX = 255;

/**
 * Whether a regular expression is in the subset that the evaluator (JavaScript, case-insensitive), PostgreSQL (`~*`)
 * and ClickHouse (RE2, `(?i)`) read alike on an ASCII value without line breaks, so that the stores can test it
 * themselves (each in its spelling, `portableRegexIn`): printable ASCII literals and escaped punctuation; `.`; `\d`,
 * `\w`, `\s` and their negations `\D`, `\W`, `\S`; classes of literals, escaped punctuation, ranges and `\d`, `\w`,
 * `\s` (not as a range's end), negated or not; groups `(…)` and `(?:…)` and alternatives, none empty; the quantifiers `*`, `+`, `?`, `{n}`, `{n,}` and
 * `{n,m}` (at most 255), each after an atom and lazy or not; the anchors `^` and `$` and the word boundaries `\b`
 * and `\B`, none quantified. Not: other escapes (`\t`, `\x41`, `\u0041` …), `\D`, `\W`, `\S` or `\b` inside a
 * class, back references, look-arounds, flags, `[`, `]`, `{` or `}` standing for themselves.
 */
export function isPortableRegex(source: string): boolean {
  try {
    new RegExp(source, 'i');
  } catch {
    return false;
  }
  const printable = (c: string | undefined) => c !== undefined && c >= ' ' && c <= '~';
  const punctuation = (c: string | undefined) => printable(c) && !/[A-Za-z0-9 ]/.test(c!);
  let depth = 0;
  /** What came last: the start of a branch (or of the source), an atom, or a quantifier. */
  let last: 'start' | 'atom' | 'quantifier' = 'start';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const e = source[++i];
      if (e === 'b' || e === 'B') {
        if (QUANTIFIER_START.includes(source[i + 1]!)) return false;
        last = last === 'start' ? 'start' : 'atom';
        continue;
      }
      if (!(e !== undefined && 'dwsDWS'.includes(e)) && !punctuation(e)) return false;
      last = 'atom';
    } else if (c === '[') {
      i += source[i + 1] === '^' ? 2 : 1;
      if (source[i] === ']') return false; // an empty class, or a literal "]" first: read differently
      const open = i;
      for (; source[i] !== ']'; i++) {
        const k = source[i];
        if (k === undefined || k === '[' || !printable(k)) return false;
        if (k !== '\\') continue;
        const e = source[++i];
        if (e === 'd' || e === 'w' || e === 's') {
          // Not an end of a range: `[\w-z]` is an error or a literal "-" depending on the engine.
          if ((source[i - 2] === '-' && i - 2 > open) || (source[i + 1] === '-' && source[i + 2] !== ']')) return false;
        } else if (!punctuation(e)) return false;
      }
      last = 'atom';
    } else if (c === '(') {
      if (source[i + 1] === '?') {
        if (source[i + 2] !== ':') return false;
        i += 2;
      }
      if (source[i + 1] === ')' || source[i + 1] === '|') return false;
      depth++;
      last = 'start';
    } else if (c === ')') {
      if (--depth < 0 || last === 'start') return false;
      last = 'atom';
    } else if (c === '|') {
      if (last === 'start' || source[i + 1] === undefined || source[i + 1] === '|' || source[i + 1] === ')') return false;
      last = 'start';
    } else if (c === '*' || c === '+' || c === '?' || c === '{') {
      if (last !== 'atom') {
        // A lazy quantifier: `?` after one.
        if (!(c === '?' && last === 'quantifier' && source[i - 1] !== '?')) return false;
        continue;
      }
      if (c === '{') {
        const bound = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
        if (!bound || Number(bound[1]) > REGEX_BOUND_MAX || Number(bound[3] || 0) > REGEX_BOUND_MAX) return false;
        i += bound[0].length - 1;
      }
      last = 'quantifier';
    } else if (c === '^' || c === '$') {
      last = last === 'start' ? 'start' : 'atom';
      if (QUANTIFIER_START.includes(source[i + 1]!)) return false;
    } else if (c === ']' || c === '}' || !printable(c)) return false;
    else last = 'atom';
  }
  return depth === 0 && (last !== 'start' || /[\^$]|\\[bB]/.test(source));
}

/**
 * The longest text every match of a portable expression (`isPortableRegex`) holds, lower-cased: a run of literal
 * characters outside groups and classes, each required once (not quantified, or `+`, `{n…}` with n ≥ 1, which ends the
 * run); '' when there is none or the expression has alternatives at its top. A store tests it before the expression,
 * which its engine runs far slower.
 */
export function regexRequiredLiteral(source: string): string {
  let best = '';
  let run = '';
  const end = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    let literal: string | undefined;
    if (c === '\\') {
      const e = source[++i]!;
      if (!/[A-Za-z0-9]/.test(e)) literal = e;
    } else if (c === '[') {
      while (source[++i] !== ']') if (source[i] === '\\') i++;
    } else if (c === '{') i = source.indexOf('}', i); // a quantifier's bounds (the subset has no literal "{")
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|') {
      if (depth === 0) return '';
    } else if (!'.^$*+?'.includes(c)) literal = c;
    if (literal === undefined || depth > 0) {
      end();
      continue;
    }
    const next = source[i + 1];
    if (next !== undefined && QUANTIFIER_START.includes(next)) {
      // Required once at least (`+`, `{n…}` with n ≥ 1), then the run ends; else not required.
      const required = next === '+' || (next === '{' && !/^\{0[,}]/.test(source.slice(i + 1)));
      if (required) run += literal.toLowerCase();
      end();
    } else run += literal.toLowerCase();
  }
  end();
  return best;
}

const QUANTIFIER_START = ['*', '+', '?', '{'];
/** What RE2's `\s` lacks of JavaScript's and PostgreSQL's on ASCII: the vertical tab; spelled out for RE2. */
const SPACE_CLASS = '\\t\\n\\v\\f\\r ';

/**
 * A portable expression (`isPortableRegex`) spelled as PostgreSQL (`~*`) or RE2 (`(?i)`) reads it as the evaluator
 * does: PostgreSQL's word boundaries are `\y` and `\Y` (its `\b` is a backspace); RE2's `\s` leaves out the vertical
 * tab, so `\s` and `\S` are written as classes there.
 */
export function portableRegexIn(source: string, engine: 'postgres' | 're2'): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c !== '\\') {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      out += c;
      continue;
    }
    const e = source[++i]!;
    if (engine === 'postgres' && (e === 'b' || e === 'B')) out += e === 'b' ? '\\y' : '\\Y';
    else if (engine === 're2' && e === 's') out += inClass ? SPACE_CLASS : `[${SPACE_CLASS}]`;
    else if (engine === 're2' && e === 'S') out += `[^${SPACE_CLASS}]`;
    else out += c + e;
  }
  return out;
}

/** Directions a rule's transfer direction covers. */
export const DIRECTION_COVERS: Readonly<Record<string, readonly string[]>> = {
  uploads: ['upload'],
  downloads: ['download'],
  uploadsAndDownloads: ['upload', 'download'],
};

/** A condition of one row, compiled: whether it is set, its values as text, and its test. */
export interface CompiledCondition {
  readonly decl: ConditionDecl;
  readonly set: boolean;
  readonly values: readonly string[];
  /** The values compared (after the lookup steps), for the analysis. */
  readonly list: readonly unknown[];
  /** The values of the declaration's `also` field, lower-cased. */
  readonly also?: readonly string[];
  /** Set and empty: a required condition the row leaves open, holding for every request carrying the attribute. */
  readonly any?: boolean;
  readonly test: (r: PreparedRequest) => boolean;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
function valueText(kind: string, v: unknown): string {
  if (kind === 'text' && v && typeof v === 'object') {
    const p = v as TextPatternValue;
    return `${p.match.replace(/_/g, ' ')} "${p.value}"`;
  }
  if (kind === 'entity' && v && typeof v === 'object') {
    const e = v as { type: string; name: string };
    return `${e.type} ${e.name}`;
  }
  return str(v);
}

const ALWAYS = () => true;

/** What the request holds for an attribute, as text for the trace. */
export function requestText(decl: ConditionDecl, r: PreparedRequest): string {
  if (decl.kind === 'entity') return [r.raw.user ? `user ${r.raw.user}` : '', ...(r.raw.groups ?? []).map((g) => `group ${g}`)].filter(Boolean).join(', ');
  if (decl.kind === 'destination') return [r.domain, r.raw.dest_ip ?? ''].filter(Boolean).join(', ');
  if (decl.attribute === 'domain') return r.domain;
  const v = r.raw[decl.attribute];
  const own = decl.kind === 'address' && !v && decl.domainAttribute ? ((r.raw[decl.domainAttribute] as string | undefined) ?? '') : Array.isArray(v) ? v.join(', ') : (v ?? '');
  if (!decl.also) return own;
  const label = decl.also.label;
  const more = r.raw[decl.also.attribute];
  return [own, ...(Array.isArray(more) ? more : typeof more === 'string' ? [more] : []).map((x) => `${label} ${x}`)].filter(Boolean).join(', ');
}

function scalar(r: PreparedRequest, attribute: ConditionDecl['attribute']): string {
  return typeof r.raw[attribute] === 'string' ? loweredValues(r, attribute)[0]! : '';
}

const asList = (raw: unknown): unknown[] => (raw === undefined || raw === null || raw === '' ? [] : Array.isArray(raw) ? raw : [raw]);

function fieldAt(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[part] : undefined;
  return cur;
}

/**
 * A condition's values after its lookup steps through `document`, and the trace's text for them: the first step's
 * row names, each with the values it leads to.
 */
export function lookUp(steps: readonly LookupStep[], document: unknown, keys: readonly unknown[]): { values: unknown[]; text: string[] } {
  const index = (step: LookupStep) => {
    const m = new Map<string, Record<string, unknown>>();
    const rows = fieldAt(document, step.rows);
    if (Array.isArray(rows)) for (const row of rows as Record<string, unknown>[]) m.set(String(fieldAt(row, step.key ?? 'id')), row);
    return m;
  };
  const indexes = steps.map(index);
  const follow = (start: readonly unknown[]): unknown[] => {
    let cur: unknown[] = [...start];
    steps.forEach((step, i) => {
      const next: unknown[] = [];
      for (const k of cur) {
        const row = indexes[i]!.get(String(k));
        if (row) for (const f of step.fields) next.push(...asList(fieldAt(row, f)));
      }
      cur = next;
    });
    return [...new Set(cur.map(String))];
  };
  const first = steps[0];
  const text = keys.map((k) => {
    const row = indexes[0]?.get(String(k));
    const name = row && first?.name ? String(fieldAt(row, first.name) ?? k) : String(k);
    const leads = follow([k]);
    return row ? `${name} (${leads.slice(0, 10).join(', ')}${leads.length > 10 ? ', ...' : ''})` : `${name} (unknown)`;
  });
  return { values: follow(keys), text };
}

/**
 * Compiles one condition of one row from the field's value (absent, empty list or the `any` value: not set), with
 * the row's document for conditions whose values name rows elsewhere in it.
 */
export function compileCondition(decl: ConditionDecl, raw: unknown, document?: unknown, alsoRaw?: unknown): CompiledCondition {
  const also = decl.also ? asList(alsoRaw).map((v) => str(v).toLowerCase()) : [];
  const alsoSet = new Set(also);
  const alsoTest = decl.also ? alsoAttributeTest(decl.also.attribute, alsoSet) : undefined;
  let list = asList(raw);
  let values = [...list.slice(0, 20).map((v) => valueText(decl.kind, v)), ...also.slice(0, 20).map((g) => `${decl.also?.label ?? ''} ${g}`.trim())];
  if (list.length === 0 && also.length > 0 && alsoTest) return { decl, set: true, values, list: [], also, test: alsoTest };
  const notSet = list.length === 0 || ((decl.kind === 'value' || decl.kind === 'direction') && decl.any !== undefined && list[0] === decl.any);
  const attribute = decl.attribute;
  if (notSet) {
    if (!decl.required) return { decl, set: false, values, list: [], test: ALWAYS };
    return { decl, set: true, values: ['any'], list: [], any: true, test: (r) => loweredValues(r, attribute).length > 0 };
  }
  if (decl.via) {
    const found = lookUp(decl.via, document, list);
    list = found.values;
    values = found.text.slice(0, 20);
  }
  let test: (r: PreparedRequest) => boolean;
  switch (decl.kind) {
    case 'ip':
    case 'ipRange': {
      const spans = list.map((v) => ipInterval(str(v))).filter((s): s is readonly [number, number] => s !== null);
      const read = attribute === 'source_ip' ? (r: PreparedRequest) => r.sourceIp : attribute === 'dest_ip' ? (r: PreparedRequest) => r.destIp : (r: PreparedRequest) => ipNumber(r.raw[attribute] as string | undefined);
      test = (r) => {
        const ip = read(r);
        if (ip < 0) return false;
        for (const [a, b] of spans) if (ip >= a && ip <= b) return true;
        return false;
      };
      break;
    }
    case 'domain': {
      const patterns = list.map((v) => domainPattern(str(v)));
      test = (r) => {
        for (const p of patterns) if (domainMatches(p, r.domain)) return true;
        return false;
      };
      break;
    }
    case 'destination': {
      const spans: (readonly [number, number])[] = [];
      const patterns: DomainPattern[] = [];
      for (const v of list) {
        const span = ipInterval(str(v));
        if (span) spans.push(span);
        else patterns.push(domainPattern(str(v)));
      }
      test = (r) => {
        for (const p of patterns) if (domainMatches(p, r.domain)) return true;
        const ip = r.destIp;
        if (ip >= 0) for (const [a, b] of spans) if (ip >= a && ip <= b) return true;
        return false;
      };
      break;
    }
    case 'text': {
      const tests = list.map((v) => textTest(v as TextPatternValue));
      const read = attribute === 'url' ? (r: PreparedRequest) => r.url : (r: PreparedRequest) => scalar(r, attribute);
      test = (r) => {
        const s = read(r);
        if (!s) return false;
        for (const t of tests) if (t(s)) return true;
        return false;
      };
      break;
    }
    case 'entity': {
      const users = new Set<string>();
      const groups = new Set<string>();
      for (const v of list) {
        const e = v as { type: string; name: string };
        (e.type === 'group' ? groups : users).add(e.name.toLowerCase());
      }
      test = (r) => {
        if (r.user && users.has(r.user)) return true;
        for (const g of r.groups) if (groups.has(g)) return true;
        return false;
      };
      break;
    }
    case 'direction': {
      const covers = DIRECTION_COVERS[str(list[0])] ?? [];
      test = (r) => r.raw.direction !== undefined && covers.includes(r.raw.direction);
      break;
    }
    case 'value': {
      const want = str(list[0]).toLowerCase();
      test = (r) => scalar(r, attribute) === want;
      break;
    }
    case 'address': {
      const addresses = new Set<string>();
      const patterns: DomainPattern[] = [];
      for (const v of list) {
        const t = str(v).toLowerCase();
        if (t.includes('@')) addresses.add(t);
        else patterns.push(domainPattern(t));
      }
      const domainAttribute = decl.domainAttribute;
      // The request's domain for these conditions, kept with the request (every rule of a list reads it).
      const memo = `@${attribute}:${domainAttribute ?? ''}`;
      const domainOf = (r: PreparedRequest, address: string): string => {
        let domain = r.lowered.get(memo)?.[0];
        if (domain === undefined) {
          domain = address ? addressDomain(address) : domainAttribute ? scalar(r, domainAttribute).replace(/\.$/, '') : '';
          r.lowered.set(memo, [domain]);
        }
        return domain;
      };
      test = (r) => {
        const address = scalar(r, attribute);
        if (address && addresses.has(address)) return true;
        const domain = domainOf(r, address);
        for (const p of patterns) if (domainMatches(p, domain)) return true;
        return false;
      };
      break;
    }
    default: {
      const set = new Set(list.map((v) => str(v).toLowerCase()));
      if (attribute === 'domain') {
        test = (r) => set.has(r.domain);
        break;
      }
      test = (r) => {
        for (const x of loweredValues(r, attribute)) if (set.has(x)) return true;
        return false;
      };
    }
  }
  if (alsoTest && also.length > 0) {
    const own = test;
    return { decl, set: true, values, list, also, test: (r) => own(r) || alsoTest(r) };
  }
  return { decl, set: true, values, list, also, test };
}

function alsoAttributeTest(attribute: ConditionDecl['attribute'], set: ReadonlySet<string>): (r: PreparedRequest) => boolean {
  return (r) => {
    for (const x of loweredValues(r, attribute)) if (set.has(x)) return true;
    return false;
  };
}
