import { describe, expect, it } from 'vitest';
import { registry } from './index';
import { SESSION_ONLY_WRITES } from './sessionOnlyWrites';

describe('state-changing operations', () => {
  it('name the permission that owns what they change, unless listed with a reason', () => {
    const sessionOnly = registry.operations.filter((op) => op.method !== 'GET' && op.access === 'session').map((op) => op.id);
    expect(sessionOnly.filter((id) => !(id in SESSION_ONLY_WRITES))).toEqual([]);
    // A listed operation that no longer exists or now names a permission leaves the list.
    expect(Object.keys(SESSION_ONLY_WRITES).filter((id) => !sessionOnly.includes(id))).toEqual([]);
  });
});
