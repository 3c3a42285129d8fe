/**
 * Dual list selection (spec 002 §3, §5), headless. Items come from groups with an available list, a selected list, a
 * descriptions map, a disabled flag and a title (the item's category). Selection is required unless empty is
 * allowed, capped by an optional maximum; duplicates are refused unless allowed; disabled items never move.
 */

export interface DualListGroup {
  readonly title: string;
  readonly available: readonly string[];
  readonly selected: readonly string[];
  readonly descriptions?: Readonly<Record<string, string>>;
  /** What an item is shown as, when not its name (a row's name for its id). */
  readonly labels?: Readonly<Record<string, string>>;
  readonly disabled?: boolean;
}

export interface DualListItem {
  readonly name: string;
  /** What the item is shown as (its name unless the group labels it). */
  readonly label: string;
  readonly description: string;
  readonly disabled: boolean;
  /** The title of the group the item comes from. */
  readonly category: string;
}

export interface DualListRules {
  readonly allowEmpty?: boolean;
  readonly max?: number;
  readonly allowDuplicates?: boolean;
}

/** Every item of the groups, once each, in group order. */
export function dualListItems(groups: readonly DualListGroup[]): DualListItem[] {
  const seen = new Set<string>();
  const items: DualListItem[] = [];
  for (const g of groups) {
    for (const name of [...g.available, ...g.selected]) {
      if (seen.has(name)) continue;
      seen.add(name);
      items.push({ name, label: g.labels?.[name] ?? name, description: g.descriptions?.[name] ?? '', disabled: g.disabled ?? false, category: g.title });
    }
  }
  return items;
}

/** The selection the groups start with. */
export const initialDualListValue = (groups: readonly DualListGroup[]): string[] => groups.flatMap((g) => g.selected);

/** Items that can still be added: all of them when duplicates are allowed, else those not selected. */
export function availableItems(items: readonly DualListItem[], value: readonly string[], rules: DualListRules): DualListItem[] {
  return rules.allowDuplicates ? [...items] : items.filter((i) => !value.includes(i.name));
}

export type RefusalReason = 'disabled' | 'duplicate' | 'max';

export interface MoveResult {
  readonly value: string[];
  readonly refused: readonly { readonly name: string; readonly reason: RefusalReason }[];
}

/** Adds the named items in order; disabled items, duplicates (unless allowed) and items past the maximum are refused. */
export function addItems(
  value: readonly string[],
  names: readonly string[],
  items: readonly DualListItem[],
  rules: DualListRules,
): MoveResult {
  const next = [...value];
  const refused: { name: string; reason: RefusalReason }[] = [];
  for (const name of names) {
    const item = items.find((i) => i.name === name);
    if (!item || item.disabled) refused.push({ name, reason: 'disabled' });
    else if (!rules.allowDuplicates && next.includes(name)) refused.push({ name, reason: 'duplicate' });
    else if (rules.max !== undefined && next.length >= rules.max) refused.push({ name, reason: 'max' });
    else next.push(name);
  }
  return { value: next, refused };
}

/** 'Move all' to the selection: every enabled available item, up to the maximum; disabled items stay. */
export function addAll(value: readonly string[], items: readonly DualListItem[], rules: DualListRules): MoveResult {
  const names = availableItems(items, value, rules)
    .filter((i) => !i.disabled)
    .map((i) => i.name);
  return addItems(value, names, items, rules);
}

/** Removes the selection entries at the given positions, except disabled items. */
export function removeAt(value: readonly string[], positions: readonly number[], items: readonly DualListItem[]): string[] {
  const locked = new Set(items.filter((i) => i.disabled).map((i) => i.name));
  return value.filter((name, i) => !positions.includes(i) || locked.has(name));
}

/** 'Move all' back: clears the selection except disabled items. */
export function removeAll(value: readonly string[], items: readonly DualListItem[]): string[] {
  return removeAt(value, value.map((_, i) => i), items);
}

export const DUAL_LIST_MESSAGES = {
  required: 'Select at least one item.',
  max: (max: number) => `Select no more than ${max} items.`,
} as const;

/** The error of a selection, or null when it is valid. */
export function dualListError(value: readonly string[], rules: DualListRules): string | null {
  if (value.length === 0 && !rules.allowEmpty) return DUAL_LIST_MESSAGES.required;
  if (rules.max !== undefined && value.length > rules.max) return DUAL_LIST_MESSAGES.max(rules.max);
  return null;
}
