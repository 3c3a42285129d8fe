import { describe, expect, it } from 'vitest';
import type { DocumentScreenDef } from './define';
import { registry } from './index';

/** Declared by the administrator-access work, which owns that page. */
describe('settings pages', () => {
  it('declare for every field whether this portal applies it or what it configures in the service', () => {
    const undeclared = registry.screens
      .filter((s): s is DocumentScreenDef & typeof s => s.kind === 'settingsPage')
      .flatMap((s) => Object.keys(s.schema.shape).filter((field) => !(s.effects?.fields?.[field as never] ?? s.effects?.all)).map((field) => `${s.id}: ${field}`));
    expect(undeclared).toEqual([]);
  });
});
