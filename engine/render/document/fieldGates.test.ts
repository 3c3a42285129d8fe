import { describe, expect, it } from 'vitest';
import type { DocumentScreen } from '../../../definitions/define';
import { browserRules } from '../../../definitions/policy/web/browserRules';
import { webExceptions } from '../../../definitions/policy/web/webExceptions';
import { lockGatedFields } from './fieldGates';

const hintsOf = (screen: DocumentScreen) => (screen.layout as { rowFields: Record<string, { readOnly?: boolean } | undefined> }).rowFields;

describe('lockGatedFields', () => {
  it('makes the fields of refused gates read-only and leaves the others', () => {
    const shown = lockGatedFields(webExceptions as DocumentScreen, (g) => !g.write.any?.includes('web_policy:write:user-agent'));
    expect(hintsOf(shown)['conditions.user_agent']?.readOnly).toBe(true);
    expect(hintsOf(shown)['conditions.domain']?.readOnly).toBeUndefined();
    // The bypass table's rule conditions are locked too.
    const tables = (shown.layout as unknown as { tables: { rowFields: Record<string, { readOnly?: boolean }> }[] }).tables;
    expect(tables[0]!.rowFields['conditions.user_agent']?.readOnly).toBe(true);
  });

  it('adds a read-only hint for a gated field no hint names, and answers the screen itself when nothing is refused', () => {
    const shown = lockGatedFields(browserRules as DocumentScreen, (g) => !g.write.any?.includes('web_policy:write:browser_and_version'));
    expect(hintsOf(shown).min_version?.readOnly).toBe(true);
    expect(lockGatedFields(browserRules as DocumentScreen, () => true)).toBe(browserRules);
  });
});
