import { describe, expect, it } from 'vitest';
import { parentState, setChild, setParent, shownCount, toggleText, type CheckboxGroupValue } from './checkboxGroupState';

const group: CheckboxGroupValue = {
  headerName: 'File types',
  parents: [
    { name: 'Allow', value: false },
    { name: 'Block', value: false },
  ],
  subCategories: [
    { name: 'PDF', values: [false, false] },
    { name: 'Word', values: [true, false] },
    { name: 'Legacy', values: [false, true], isHide: true },
  ],
};

describe('checkbox group', () => {
  it('sets every shown child of a parent to the parent value', () => {
    const on = setParent(group, 0, true);
    expect(on.subCategories.map((s) => s.values[0])).toEqual([true, true, false]);
    expect(on.parents[0]!.value).toBe(true);
    expect(parentState(on, 0)).toBe('checked');
    const off = setParent(on, 0, false);
    expect(off.subCategories.map((s) => s.values[0])).toEqual([false, false, false]);
    expect(parentState(off, 0)).toBe('unchecked');
  });
  it('leaves the other parent column alone', () => {
    expect(setParent(group, 0, true).subCategories.map((s) => s.values[1])).toEqual([false, false, true]);
  });
  it('is indeterminate when children are mixed and ticked only when all are', () => {
    expect(parentState(group, 0)).toBe('indeterminate');
    const all = setChild(group, 0, 0, true);
    expect(parentState(all, 0)).toBe('checked');
    expect(all.parents[0]!.value).toBe(true);
    const mixed = setChild(all, 1, 0, false);
    expect(parentState(mixed, 0)).toBe('indeterminate');
    expect(mixed.parents[0]!.value).toBe(false);
  });
  it('ignores hidden sub-categories', () => {
    expect(parentState(group, 1)).toBe('unchecked');
    expect(shownCount(group)).toBe(2);
  });
  it('falls back to the parent value with no shown child', () => {
    const bare: CheckboxGroupValue = { headerName: 'x', parents: [{ name: 'p', value: true }], subCategories: [] };
    expect(parentState(bare, 0)).toBe('checked');
  });
  it('reads show N items collapsed and hide N items expanded', () => {
    expect(toggleText(false, 2)).toBe('show 2 items');
    expect(toggleText(true, 2)).toBe('hide 2 items');
  });
});
