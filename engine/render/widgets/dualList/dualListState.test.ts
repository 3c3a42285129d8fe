import { describe, expect, it } from 'vitest';
import {
  addAll,
  addItems,
  availableItems,
  dualListError,
  dualListItems,
  initialDualListValue,
  removeAll,
  removeAt,
  type DualListGroup,
} from './dualListState';

const groups: DualListGroup[] = [
  { title: 'Social', available: ['facebook', 'x'], selected: ['linkedin'], descriptions: { x: 'Formerly Twitter' } },
  { title: 'Locked', available: ['legacy'], selected: ['core'], disabled: true },
];
const items = dualListItems(groups);

describe('dual list items', () => {
  it('come from the groups with name, description, disabled flag and category', () => {
    expect(items).toContainEqual({ name: 'x', label: 'x', description: 'Formerly Twitter', disabled: false, category: 'Social' });
    expect(items).toContainEqual({ name: 'core', label: 'core', description: '', disabled: true, category: 'Locked' });
    expect(initialDualListValue(groups)).toEqual(['linkedin', 'core']);
  });
  it('offer only unselected items unless duplicates are allowed', () => {
    expect(availableItems(items, ['x'], {}).map((i) => i.name)).not.toContain('x');
    expect(availableItems(items, ['x'], { allowDuplicates: true }).map((i) => i.name)).toContain('x');
  });
});

describe('moving', () => {
  it('refuses duplicates unless allowed', () => {
    expect(addItems(['x'], ['x'], items, {})).toEqual({ value: ['x'], refused: [{ name: 'x', reason: 'duplicate' }] });
    expect(addItems(['x'], ['x'], items, { allowDuplicates: true }).value).toEqual(['x', 'x']);
  });
  it('caps the selection at the maximum', () => {
    const r = addItems([], ['facebook', 'x', 'linkedin'], items, { max: 2 });
    expect(r.value).toEqual(['facebook', 'x']);
    expect(r.refused).toEqual([{ name: 'linkedin', reason: 'max' }]);
  });
  it('never moves disabled items, and move-all skips them', () => {
    expect(addItems([], ['legacy'], items, {}).refused).toEqual([{ name: 'legacy', reason: 'disabled' }]);
    expect(addAll(['core'], items, {}).value).toEqual(['core', 'facebook', 'x', 'linkedin']);
    expect(removeAll(['core', 'facebook', 'x'], items)).toEqual(['core']);
    expect(removeAt(['core', 'x'], [0, 1], items)).toEqual(['core']);
  });
  it('moves all up to the maximum', () => {
    expect(addAll([], items, { max: 1 }).value).toEqual(['facebook']);
  });
  it('removes one entry of a duplicated item by position', () => {
    expect(removeAt(['x', 'facebook', 'x'], [2], items)).toEqual(['x', 'facebook']);
  });
});

describe('validation', () => {
  it('requires a selection unless empty is allowed', () => {
    expect(dualListError([], {})).toBe('Select at least one item.');
    expect(dualListError([], { allowEmpty: true })).toBeNull();
  });
  it('checks the maximum count', () => {
    expect(dualListError(['a', 'b', 'c'], { max: 2 })).toBe('Select no more than 2 items.');
    expect(dualListError(['a', 'b'], { max: 2 })).toBeNull();
  });
});
