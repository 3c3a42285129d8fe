/**
 * Random web events and random web policy rows that often meet, for the tests that compare the stores' row filters
 * (rowFilter.ts) with the evaluator: values in both cases, absent, empty, outside ASCII, with line breaks and with
 * characters JSON escapes; rows built from the web areas' own declarations.
 */
import { registry } from '../../definitions';
import { policyModel } from '../../definitions/policy/evaluation';
import { compilePolicy, type CompiledRule } from '../../schemas/evaluate/evaluate';
import type { ConditionDecl } from '../../schemas/evaluate/types';
import { mulberry32 as random } from './generator';

/** Each web event field's values (undefined: absent). */
const EVENT_VALUES: Readonly<Record<string, readonly unknown[]>> = {
  userid: ['ann@example.com', 'Ann@Example.COM', 'bob@example.com', 'jürgen@example.com', '', undefined],
  group: ['Sales', 'sales', 'it', 'Ärzte', '', undefined],
  domain: ['example.com', 'A.example.com', 'news.org', 'badexample.com', 'example.com.', 'bücher.example', '10.0.1.7', '10.0.1.70.', '', undefined],
  url: ['https://example.com/Login', 'https://a.example.com/files/R.PDF', 'http://news.org/today', 'https://x.org/account/42', 'https://x.org/account/42\n', 'https://ö.org/login', '', undefined],
  cats: [[], ['7'], ['50', '7'], ['Gambling'], ['gambling', '9'], ['ä'], ['a"b'], undefined],
  top_level_risks: [[], ['R'], ['Y', 'R'], undefined],
  country: ['US', 'de', 'DE', 'ñ', undefined],
  browser: ['Chrome', 'firefox', undefined],
  'user-agent': ['Mozilla/5.0 Chrome', 'curl/8.0', 'CURL/7', 'Mozilla/5.0 ünï', '', undefined],
  file_type: ['exe', 'PDF', 'ä', '', undefined],
  casb_app_name: ['Dropbox', 'box', undefined],
  src_ip: ['10.0.0.1', '10.0.1.7', '010.0.1.7', ' 10.0.0.1', '192.168.1.9', '192.168.2.1', '', undefined],
};

/** `n` random web events (fields absent where the pool says so). */
export function randomWebEvents(n: number, seed: number): Record<string, unknown>[] {
  const next = random(seed);
  return Array.from({ length: n }, () => {
    const event: Record<string, unknown> = {};
    for (const [field, values] of Object.entries(EVENT_VALUES)) {
      const v = values[Math.floor(next() * values.length)];
      if (v !== undefined) event[field] = v;
    }
    return event;
  });
}

/** The values a random row holds for a condition. */
function rowValues(c: ConditionDecl): readonly unknown[] {
  switch (c.kind) {
    case 'domain':
      return ['example.com', '*.example.com', 'NEWS.org', 'bücher.example', 'x.org'];
    case 'text':
      return [
        { match: 'contains', value: 'LOGIN' },
        { match: 'starts_with', value: 'https://a.' },
        { match: 'ends_with', value: '.pdf' },
        { match: 'equal', value: 'http://news.org/today' },
        { match: 'regex', value: '/account/\\d+$' },
        { match: 'regex', value: 'curl/\\d' },
        { match: 'regex', value: '(?=x)login' },
        { match: 'contains', value: 'ö' },
      ];
    case 'entity':
      return [
        { type: 'user', name: 'ANN@example.com' },
        { type: 'user', name: 'jürgen@example.com' },
        { type: 'group', name: 'SALES' },
        { type: 'group', name: 'ärzte' },
      ];
    case 'direction':
      return ['all', 'uploads', 'downloads', 'uploadsAndDownloads'];
    case 'ip':
    case 'ipRange':
      return ['10.0.0.0/8', '192.168.1.0-192.168.1.100', '10.0.1.7', '10.0.0.0/23', '192.168.1.0/24'];
    default:
      return c.attribute === 'categories'
        ? ['7', 'GAMBLING', 'ä', 'a"b']
        : c.attribute === 'risks'
          ? ['r', 'Y']
          : ['exe', 'pdf', 'Ä', 'us', 'DE', 'chrome', 'dropbox', 'upload'];
  }
}

function setPath(row: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let cur = row;
  for (const p of parts.slice(0, -1)) cur = (cur[p] ??= {}) as Record<string, unknown>;
  cur[parts[parts.length - 1]!] = value;
}

const webModel = policyModel(registry.screens as never);
/** The lists that decide the web action, with their areas. */
const WEB_LISTS = webModel.areas.flatMap((area) => area.evaluation.lists.filter((l) => l.decides === 'web').map((list) => ({ area, list })));

/**
 * `n` random sets of 1 to 3 web rows (compiled, each enabled and in force), each row with 1 to 3 conditions set, from
 * the web areas' declarations.
 */
export function randomWebRows(n: number, seed: number): CompiledRule[][] {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return Array.from({ length: n }, () =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
      const { area, list } = pick(WEB_LISTS);
      const row: Record<string, unknown> = { id: 'r', name: 'r', enabled: true };
      for (let k = 1 + Math.floor(next() * 3); k > 0; k--) {
        const c = pick(list.conditions);
        const pool = rowValues(c);
        setPath(row, c.field, c.kind === 'direction' || c.kind === 'value' ? pick(pool) : [...new Set(Array.from({ length: 1 + Math.floor(next() * 2) }, () => pick(pool)))]);
      }
      if ('field' in list.action) setPath(row, list.action.field, 'block');
      const document: Record<string, unknown> = {};
      setPath(document, list.rows, [row]);
      const compiled = compilePolicy({ decisions: webModel.decisions, areas: [{ ...area, evaluation: { ...area.evaluation, lists: [list] } }] }, { [area.id]: document });
      return compiled.lists[0]!.rules[0]!;
    }),
  );
}
