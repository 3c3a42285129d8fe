import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaNamesFromModules } from './schemaNames';

describe('schemaNamesFromModules', () => {
  const Profile = z.object({ a: z.string() });
  const OtherProfile = z.object({ b: z.string() });
  const Choice = z.union([z.object({ k: z.literal('x') }), z.object({ k: z.literal('y') })]);

  it('names entities after their export and leaves strings, enums and arrays unnamed', () => {
    const names = schemaNamesFromModules([
      { file: 'auth.ts', exports: { Profile, Choice, Name: z.string(), Kinds: z.enum(['a']), List: z.array(Profile), n: 3 } },
    ]);
    expect([...names.values()].sort()).toEqual(['Choice', 'Profile']);
  });

  it('keeps the first name of a schema exported twice', () => {
    const names = schemaNamesFromModules([{ file: 'a.ts', exports: { Zeta: Profile, Alpha: Profile } }]);
    expect(names.get(Profile)).toBe('Alpha');
  });

  it('prefixes a name two modules use for different schemas with each file name', () => {
    const names = schemaNamesFromModules([
      { file: 'areas/storage.ts', exports: { Profile } },
      { file: 'areas/forensics.ts', exports: { Profile: OtherProfile } },
    ]);
    expect(names.get(Profile)).toBe('StorageProfile');
    expect(names.get(OtherProfile)).toBe('ForensicsProfile');
  });
});
