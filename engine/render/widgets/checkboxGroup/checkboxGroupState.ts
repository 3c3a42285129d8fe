/**
 * Expandable checkbox group (spec 002 §3, §4), headless. A group has a header name, parent checkboxes and
 * sub-categories holding one boolean per parent. Ticking a parent sets that column of every shown sub-category; a
 * parent is ticked only when all its shown children are, and indeterminate when they are mixed. Sub-categories with
 * `isHide` are not shown, not counted and not changed by a parent.
 */

export interface CheckboxGroupParent {
  readonly name: string;
  readonly value: boolean;
}

export interface CheckboxGroupSubCategory {
  readonly name: string;
  /** One value per parent, in the parents' order. */
  readonly values: readonly boolean[];
  readonly isHide?: boolean;
}

export interface CheckboxGroupValue {
  readonly headerName: string;
  readonly parents: readonly CheckboxGroupParent[];
  readonly subCategories: readonly CheckboxGroupSubCategory[];
}

/** What a change reports: the group id, the new value, the checkbox's name, its parent's name, the sub-categories. */
export interface CheckboxGroupChange {
  readonly id: string;
  readonly value: boolean;
  readonly name: string;
  readonly parentName: string;
  readonly subCategories: readonly CheckboxGroupSubCategory[];
}

export type TriState = 'checked' | 'unchecked' | 'indeterminate';

const shown = (g: CheckboxGroupValue) => g.subCategories.filter((s) => !s.isHide);

/** The tri-state of parent `p` from its shown children; with no shown child, the parent's own value. */
export function parentState(group: CheckboxGroupValue, p: number): TriState {
  const children = shown(group).map((s) => s.values[p] === true);
  if (children.length === 0) return group.parents[p]?.value ? 'checked' : 'unchecked';
  if (children.every(Boolean)) return 'checked';
  return children.some(Boolean) ? 'indeterminate' : 'unchecked';
}

/** Parents' values recomputed from their children: ticked only when every shown child is. */
function withParentValues(group: CheckboxGroupValue): CheckboxGroupValue {
  return { ...group, parents: group.parents.map((parent, p) => ({ ...parent, value: parentState(group, p) === 'checked' })) };
}

/** Ticks or clears parent `p` and, with it, that value of every shown sub-category. */
export function setParent(group: CheckboxGroupValue, p: number, value: boolean): CheckboxGroupValue {
  const subCategories = group.subCategories.map((s) =>
    s.isHide ? s : { ...s, values: s.values.map((v, i) => (i === p ? value : v)) },
  );
  const next = withParentValues({ ...group, subCategories });
  return { ...next, parents: next.parents.map((parent, i) => (i === p ? { ...parent, value } : parent)) };
}

/** Ticks or clears the value of sub-category `s` under parent `p`; the parent follows its children. */
export function setChild(group: CheckboxGroupValue, s: number, p: number, value: boolean): CheckboxGroupValue {
  const subCategories = group.subCategories.map((sub, i) =>
    i === s ? { ...sub, values: sub.values.map((v, j) => (j === p ? value : v)) } : sub,
  );
  return withParentValues({ ...group, subCategories });
}

/** How many sub-categories the panel shows. */
export const shownCount = (group: CheckboxGroupValue): number => shown(group).length;

/** The expand toggle's text: 'show N items' when collapsed, 'hide N items' when expanded. */
export const toggleText = (expanded: boolean, count: number): string =>
  `${expanded ? 'hide' : 'show'} ${count} items`;
