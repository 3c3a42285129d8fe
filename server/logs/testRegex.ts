/**
 * Random regular expressions of the subset the stores test themselves (`isPortableRegex`), and random ASCII values
 * to test them on, for the tests that compare the stores' matching with the evaluator's.
 */
import { isPortableRegex } from '../../schemas/evaluate/match';
import { mulberry32 as random } from './generator';

const ATOMS = ['a', 'b', 'B', '1', '/', '-', ':', '_', ' ', '\\.', '\\/', '.', '\\d', '\\w', '\\s', '\\D', '\\W', '\\S', '[a-c]', '[^/]', '[0-9x]', '[A-Z_]', '[\\w.-]', '[^\\s/]', '[\\d-]', '[a\\s]', '[^\\w]'];
/** Zero-width atoms, never quantified. */
const ASSERTIONS = ['\\b', '\\B'];
const QUANTIFIERS = ['', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?', '+?', '{1,2}?'];

/** `n` regular expressions of the portable subset (each checked by `isPortableRegex`). */
export function portableRegexes(n: number, seed: number): string[] {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const sequence = (depth: number): string => {
    let out = '';
    for (let k = 1 + Math.floor(next() * 3); k > 0; k--) {
      const group = depth < 1 && next() < 0.25;
      if (next() < 0.15) {
        out += pick(ASSERTIONS);
        continue;
      }
      const atom = group ? `(${next() < 0.5 ? '?:' : ''}${sequence(depth + 1)}|${sequence(depth + 1)})` : pick(ATOMS);
      out += atom + pick(QUANTIFIERS);
    }
    return out;
  };
  const out: string[] = [];
  while (out.length < n) {
    const source = `${next() < 0.3 ? '^' : ''}${sequence(0)}${next() < 0.3 ? '$' : ''}`;
    if (isPortableRegex(source)) out.push(source);
  }
  return out;
}

/**
 * `n` ASCII values without line breaks, in both cases, from the characters the expressions above read, the spaces
 * the engines' `\s` could disagree on (tab, vertical tab, form feed) among them.
 */
export function asciiValues(n: number, seed: number): string[] {
  const next = random(seed);
  const chars = 'abcABC019/-:._x Z\t\v\f';
  return Array.from({ length: n }, () => Array.from({ length: Math.floor(next() * 10) }, () => chars[Math.floor(next() * chars.length)]).join(''));
}
