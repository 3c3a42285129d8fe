import { describe, expect, it } from 'vitest';
import { CAPABILITIES_READ } from '../access';
import { CAPABILITY_DESCRIPTIONS } from './lookups';

describe('capability details', () => {
  it('describe every capability the portal reads, and no other', () => {
    expect(Object.keys(CAPABILITY_DESCRIPTIONS).sort()).toEqual([...CAPABILITIES_READ].sort());
  });
});
