/** What the command palette lists for a query: matching screens first, then matching fields, best matches first. */
import type { NavSection } from '../../engine/core/navigation';

export interface PaletteEntry {
  readonly title: string;
  readonly section: string;
  readonly route: string;
  /** A field's label, for an entry that jumps to a field. */
  readonly field?: string;
}

/** Lower is better: a word starting with the query beats a match inside a word; undefined when it does not match. */
function rank(text: string, query: string): number | undefined {
  const t = text.toLowerCase();
  const at = t.indexOf(query);
  if (at < 0) return undefined;
  if (at === 0) return 0;
  return /\W/.test(t[at - 1] ?? '') ? 1 : 2;
}

/** Screens (and, with a query, fields) of the navigation matching every word of the query; at most `limit`. */
export function paletteResults(
  navigation: readonly NavSection[],
  fields: Readonly<Record<string, readonly string[]>>,
  query: string,
  limit = 50,
): PaletteEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const screens = navigation.flatMap((section) =>
    section.groups.flatMap((g) =>
      g.screens.map((s) => ({ id: s.id, title: s.label, route: s.route, section: g.title ? `${section.title} · ${g.title}` : section.title })),
    ),
  );
  if (words.length === 0) return screens.slice(0, limit).map(({ id: _id, ...entry }) => entry);
  const score = (text: string, context: string) => {
    let total = 0;
    for (const w of words) {
      const r = rank(text, w) ?? (rank(context, w) === undefined ? undefined : 3);
      if (r === undefined) return undefined;
      total += r;
    }
    return total;
  };
  const scored: { entry: PaletteEntry; score: number }[] = [];
  for (const s of screens) {
    const v = score(s.title, s.section);
    if (v !== undefined) scored.push({ entry: { title: s.title, section: s.section, route: s.route }, score: v });
  }
  for (const s of screens) {
    for (const label of fields[s.id] ?? []) {
      const v = score(label, s.title);
      if (v !== undefined) scored.push({ entry: { title: s.title, section: s.section, route: s.route, field: label }, score: v + 10 });
    }
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((s) => s.entry);
}
