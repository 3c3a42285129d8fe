import { describe, expect, it } from 'vitest';
import { itemNameOf, singularNoun } from './itemName';

describe('item name of a collection', () => {
  it('is the title in the singular, ordinary words in lower case and acronyms kept', () => {
    expect(singularNoun('Users')).toBe('user');
    expect(singularNoun('API Tokens')).toBe('API token');
    expect(singularNoun('Browser Configuration Policies')).toBe('browser configuration policy');
    expect(singularNoun('CA Certificates')).toBe('CA certificate');
    expect(singularNoun('Category overrides')).toBe('category override');
    expect(singularNoun('Licence keys')).toBe('licence key');
    expect(singularNoun('Addresses')).toBe('address');
    expect(singularNoun('Access')).toBe('access');
  });
  it("takes the definition's own name first", () => {
    expect(itemNameOf({ title: 'Tenants', itemName: 'customer tenant' })).toBe('customer tenant');
    expect(itemNameOf({ title: 'Tenants' })).toBe('tenant');
  });
});
