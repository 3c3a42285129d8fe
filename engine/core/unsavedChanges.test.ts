import { describe, expect, it } from 'vitest';
import { createUnsavedChanges } from './unsavedChanges';

describe('unsaved changes', () => {
  it('is held while any editor holds a claim, and a claim releases once', () => {
    const guard = createUnsavedChanges();
    const a = guard.hold();
    const b = guard.hold();
    a();
    a();
    expect(guard.has()).toBe(true);
    b();
    expect(guard.has()).toBe(false);
  });
});
