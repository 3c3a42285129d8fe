/**
 * Which logged web requests a set of rows could match, as tests on an event's fields that both stores run before
 * grouping events into request shapes: the impact of a publish replays only the requests a row the staged revision
 * adds, removes, changes or moves could match (`ImpactTally.webChanges`).
 *
 * Each row becomes the conjunction of tests, one per condition the stores can test; a condition they cannot (a
 * regular expression outside the portable subset, an address block that fixes no octet, an attribute no web event field
 * gives as it is) is left out. So a row's tests hold for every event the row matches, and for a few it does not, which costs
 * only replaying them. Every test is exact in the same way on both stores, so both replay the same events.
 */
import type { CompiledRule } from '../../schemas/evaluate/evaluate';
import { DIRECTION_COVERS, domainPattern, ipInterval, isPortableRegex, type CompiledCondition, type TextPatternValue } from '../../schemas/evaluate/match';
import type { RequestAttribute } from '../../schemas/evaluate/types';
import type { WebRequestField } from '../../schemas/evaluate/fromEvent';

/** A web event field a test reads (one a request attribute comes from; shapes.ts's WebShapeField). */
type WebShapeField = Exclude<WebRequestField, 'timestamp'>;

/**
 * A test of one web event. "Not ASCII" means a value with a character outside ASCII, where a store's lower-casing could
 * differ from the evaluator's; such a value passes every test but `present`. Values are compared lower-cased.
 * - `in`: the field is present and its value is one of `values` (lower-case ASCII) or not ASCII;
 * - `listHas`: some element of the list field is one of `values` (lower-case ASCII, none holding `"`, `\` or a
 *   control character) or not ASCII;
 * - `domain`: the event has no domain (the URL's host decides), or its domain is not ASCII or contains one of
 *   `bases` (lower-case ASCII);
 * - `text`: the field is present and not empty, and is not ASCII, or holds a line break while `patterns` hold a
 *   regular expression, or matches one of `patterns` (as the stores test text patterns; values lower-case);
 * - `present`: the field is present and not empty;
 * - `address`: the field is absent and `absent` says it passes (a request without a domain is decided by its URL's
 *   host), or its value is not an IPv4 address written plainly (`CANONICAL_IPV4`, which the evaluator may still read as
 *   one: leading zeros, spaces), or it starts with one of `prefixes` (the leading octets an address block fixes);
 * - `any`: one of `of` holds.
 */
export type WebEventTest =
  | { readonly op: 'in'; readonly field: WebShapeField; readonly values: readonly string[] }
  | { readonly op: 'listHas'; readonly field: WebShapeField; readonly values: readonly string[] }
  | { readonly op: 'domain'; readonly bases: readonly string[] }
  | { readonly op: 'text'; readonly field: WebShapeField; readonly patterns: readonly TextPatternValue[] }
  | { readonly op: 'present'; readonly field: WebShapeField }
  | { readonly op: 'address'; readonly field: WebShapeField; readonly absent: boolean; readonly prefixes: readonly string[] }
  | { readonly op: 'any'; readonly of: readonly WebEventTest[] };

/**
 * The events a set of rows could match: those for which all tests of one row hold (`[]`: none). A row that no web
 * request can satisfy (one for uploads only) is left out.
 */
export type WebRowFilter = readonly (readonly WebEventTest[])[];

/** The web event field that gives an attribute as it is (lower-cased by the evaluator), for `oneOf` and `value` conditions. */
const ONE_OF_FIELDS: Partial<Record<RequestAttribute, WebShapeField>> = {
  country: 'country',
  browser: 'browser',
  application: 'casb_app_name',
  file_type: 'file_type',
};
/** The list fields that give an attribute, their elements as they are. */
const LIST_FIELDS: Partial<Record<RequestAttribute, WebShapeField>> = { categories: 'cats', risks: 'top_level_risks' };
/**
 * The fields address conditions read: the client's address, and the destination's, which a web event gives only as a
 * domain that is an address (absent: the URL's host).
 */
const ADDRESS_FIELDS: Partial<Record<RequestAttribute, { readonly field: WebShapeField; readonly absent: boolean }>> = {
  source_ip: { field: 'src_ip', absent: false },
  dest_ip: { field: 'domain', absent: true },
};
/** An IPv4 address written plainly: four decimal octets without leading zeros, nothing around them. */
export const CANONICAL_IPV4 = '^(0|[1-9][0-9]{0,2})([.](0|[1-9][0-9]{0,2})){3}$';

/**
 * The text every plainly written address of an address block starts with: its leading octets that all its addresses
 * share, each followed by a dot (a whole address alone: also the addresses that merely start with it, a superset).
 * Undefined for a block that fixes no octet, or that is no address.
 */
function addressPrefix(block: string): string | undefined {
  const span = ipInterval(block);
  if (!span) return undefined;
  const octets = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256);
  const [a, b] = [octets(span[0]), octets(span[1])];
  let k = 0;
  while (k < 4 && a[k] === b[k]) k++;
  return k === 0 ? undefined : a.slice(0, k).join('.') + (k < 4 ? '.' : '');
}

/** The text fields text conditions read (the evaluator lower-cases them). */
const TEXT_FIELDS: Partial<Record<RequestAttribute, WebShapeField>> = { url: 'url', user_agent: 'user-agent' };

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;
/** A value `listHas` can look for in a list's JSON text: ASCII without a character JSON escapes. */
const PLAIN = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * Lower-cased ASCII values: a value outside ASCII can equal, lower-cased, only a value outside ASCII, which every test
 * admits anyway.
 */
const asciiLower = (values: readonly unknown[]) => [...new Set(values.map((v) => String(v).toLowerCase()).filter((v) => ASCII.test(v)))];

/**
 * The test of a condition, `null` when it holds for any event (not set, or not testable by the stores: a superset),
 * or `false` when it holds for no web event.
 */
function conditionTest(c: CompiledCondition): WebEventTest | null | false {
  if (!c.set || c.any || c.decl.also) return null;
  const { kind, attribute } = c.decl;
  switch (kind) {
    case 'domain':
      return attribute === 'domain' ? { op: 'domain', bases: asciiLower(c.list.map((v) => domainPattern(String(v)).base)) } : null;
    case 'text': {
      const field = TEXT_FIELDS[attribute];
      const patterns = c.list as readonly TextPatternValue[];
      if (!field || patterns.some((p) => p.match === 'regex' && !isPortableRegex(p.value))) return null;
      // A pattern outside ASCII can match only a value outside ASCII, which the test admits.
      const plain = patterns.map((p) => (p.match === 'regex' ? p : { match: p.match, value: p.value.toLowerCase() })).filter((p) => p.match === 'regex' || ASCII.test(p.value));
      return { op: 'text', field, patterns: plain };
    }
    case 'oneOf':
    case 'value': {
      const list = kind === 'oneOf' ? LIST_FIELDS[attribute] : undefined;
      if (list) {
        const values = asciiLower(c.list);
        return values.every((v) => PLAIN.test(v)) ? { op: 'listHas', field: list, values } : null;
      }
      const field = ONE_OF_FIELDS[attribute];
      return field ? { op: 'in', field, values: asciiLower(kind === 'value' ? c.list.slice(0, 1) : c.list) } : null;
    }
    case 'entity': {
      const named = (type: 'user' | 'group') => asciiLower(c.list.flatMap((v) => ((v as { type: string }).type === 'group') === (type === 'group') ? [(v as { name: string }).name] : []));
      return { op: 'any', of: [{ op: 'in', field: 'userid', values: named('user') }, { op: 'in', field: 'group', values: named('group') }] };
    }
    case 'ip':
    case 'ipRange': {
      const read = ADDRESS_FIELDS[attribute];
      const prefixes = c.list.map((v) => addressPrefix(String(v)));
      // A block that fixes no octet (a /7 or wider) has no prefix to test: the condition is left out. A value that is
      // no address matches nothing.
      if (!read || c.list.some((v, i) => ipInterval(String(v)) && prefixes[i] === undefined)) return null;
      return { op: 'address', ...read, prefixes: [...new Set(prefixes.filter((x): x is string => x !== undefined))] };
    }
    case 'direction':
      // A web request downloads a file when the event names a file type, and never uploads one.
      return attribute === 'direction' ? ((DIRECTION_COVERS[String(c.list[0])] ?? []).includes('download') ? { op: 'present', field: 'file_type' } : false) : null;
    default:
      return null;
  }
}

/**
 * The filter of web events that `rows` could match, or undefined when one of them could match any event (no condition
 * the stores can test), so that every event needs replaying.
 */
export function webRowFilter(rows: readonly CompiledRule[]): WebRowFilter | undefined {
  const filter: WebEventTest[][] = [];
  for (const rule of rows) {
    const tests: WebEventTest[] = [];
    let never = false;
    for (const c of rule.conditions) {
      const t = conditionTest(c);
      if (t === false) never = true;
      else if (t) tests.push(t);
    }
    if (never) continue;
    if (tests.length === 0) return undefined;
    filter.push(tests);
  }
  return filter;
}
