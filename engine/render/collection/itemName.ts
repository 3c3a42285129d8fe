/**
 * What one item of a collection is called, for the create dialog's title ("Add user"): the definition's `itemName`,
 * else its title in the singular with ordinary words in lower case ("API Tokens" → "API token", "Browser
 * Configuration Policies" → "browser configuration policy").
 */
import type { CollectionDef } from '../../../definitions/define';

/** One English word in the singular, for the regular plurals titles use (policies, addresses, keys). */
export function singular(word: string): string {
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}${word.slice(-3) === 'IES' ? 'Y' : 'y'}`;
  if (/(ss|x|ch|sh)es$/i.test(word)) return word.slice(0, -2);
  if (/[^su]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

/** A title's last word in the singular, and every word but an acronym (API, CA) in lower case. */
export function singularNoun(title: string): string {
  const words = title.trim().split(/\s+/);
  return words
    .map((w, i) => (i === words.length - 1 ? singular(w) : w))
    .map((w) => (/^[A-Z0-9]{2,}s?$/.test(w) ? w : w.toLowerCase()))
    .join(' ');
}

export const itemNameOf = (screen: Pick<CollectionDef, 'itemName' | 'title'>): string => screen.itemName ?? singularNoun(screen.title);
