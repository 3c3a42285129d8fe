import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../http';
import { STORAGE_PROFILES_MAX, StorageProfilesDocument } from './storageProfiles';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const aws = (n = 1) => ({
  uuid: uuid(n),
  name: `Profile ${n}`,
  storage_platform: 'Amazon AWS' as const,
  validated: false,
  s3_bucket: 'acme-forensics',
  key_id: 'AKIAIOSFODNN7EXAMPLE',
  secret_key: 'secret',
  path: '/captures',
});
const azure = (n = 2) => ({
  uuid: uuid(n),
  name: `Azure ${n}`,
  storage_platform: 'Microsoft Azure' as const,
  validated: true,
  account: 'acmestorage',
  share: 'captures',
  secret_key: 'key==',
  path: '/bf',
  storage_mode: 'blob' as const,
});

/** The field errors of a document as the API reports them. */
function errorsOf(doc: unknown) {
  const r = StorageProfilesDocument.safeParse(doc);
  return r.success ? [] : fieldErrors(r.error).map((e) => ({ path: e.path, key: e.key }));
}

describe('StorageProfilesDocument', () => {
  it('accepts one AWS and one Azure profile', () => {
    expect(errorsOf({ list: [aws(), azure()] })).toEqual([]);
  });

  it('refuses an empty list and a list of more than 50', () => {
    expect(errorsOf({ list: [] })).toEqual([{ path: 'list', key: 'too_small' }]);
    const many = Array.from({ length: STORAGE_PROFILES_MAX + 1 }, (_, i) => aws(i + 1));
    expect(errorsOf({ list: many })).toEqual([{ path: 'list', key: 'too_big' }]);
    expect(errorsOf({ list: many.slice(0, STORAGE_PROFILES_MAX) })).toEqual([]);
  });

  it('refuses a name or a platform string of 251 characters, and an empty one', () => {
    expect(errorsOf({ list: [{ ...aws(), name: 'n'.repeat(251) }] })).toEqual([{ path: 'list.0.name', key: 'too_big' }]);
    expect(errorsOf({ list: [{ ...aws(), name: 'n'.repeat(250) }] })).toEqual([]);
    expect(errorsOf({ list: [{ ...azure(), share: 's'.repeat(251) }] })).toEqual([{ path: 'list.0.share', key: 'too_big' }]);
    expect(errorsOf({ list: [{ ...aws(), description: '' }] })).toEqual([{ path: 'list.0.description', key: 'too_small' }]);
  });

  it('reports each missing AWS field at its own path', () => {
    for (const field of ['s3_bucket', 'key_id', 'secret_key', 'path'] as const) {
      const { [field]: _gone, ...rest } = aws();
      expect(errorsOf({ list: [rest] })).toEqual([{ path: `list.0.${field}`, key: 'required' }]);
    }
  });

  it('reports an Azure profile without share at list.N.share', () => {
    const { share: _gone, ...rest } = azure();
    expect(errorsOf({ list: [aws(), rest] })).toEqual([{ path: 'list.1.share', key: 'required' }]);
  });

  it('refuses a missing or unknown platform at storage_platform', () => {
    const { storage_platform: _gone, ...rest } = aws();
    expect(errorsOf({ list: [rest] })).toEqual([{ path: 'list.0.storage_platform', key: 'invalid_value' }]);
    expect(errorsOf({ list: [{ ...aws(), storage_platform: 'Google Cloud' }] })).toEqual([{ path: 'list.0.storage_platform', key: 'invalid_value' }]);
  });

  it('refuses a field of the other platform', () => {
    expect(errorsOf({ list: [{ ...aws(), share: 'captures' }] })).toEqual([{ path: 'list.0.share', key: 'notForPlatform' }]);
    expect(errorsOf({ list: [{ ...azure(), s3_bucket: 'b' }] })).toEqual([{ path: 'list.0.s3_bucket', key: 'notForPlatform' }]);
    expect(errorsOf({ list: [{ ...azure(), assume_role: {} }] })).toEqual([]);
  });

  it('takes an assume role with all three fields or none', () => {
    const role = { external_aws_ac_id: '123456789012', iam_role_name: 'ForensicsWriter', external_id: 'acme-42' };
    expect(errorsOf({ list: [{ ...aws(), assume_role: role }] })).toEqual([]);
    expect(errorsOf({ list: [{ ...aws(), assume_role: {} }] })).toEqual([]);
    expect(errorsOf({ list: [{ ...aws(), assume_role: { iam_role_name: 'ForensicsWriter' } }] })).toEqual([
      { path: 'list.0.assume_role.external_aws_ac_id', key: 'required' },
      { path: 'list.0.assume_role.external_id', key: 'required' },
    ]);
  });

  it('checks access type, limit units, required uuid and validated, and unique ids', () => {
    expect(errorsOf({ list: [{ ...aws(), access_type: 'write' }] })).toEqual([{ path: 'list.0.access_type', key: 'invalid_value' }]);
    expect(errorsOf({ list: [{ ...aws(), limit_size: { enabled: true, max_size: 5, units: 'TB' } }] })).toEqual([
      { path: 'list.0.limit_size.units', key: 'invalid_value' },
    ]);
    const { uuid: _u, validated: _v, ...bare } = aws();
    expect(errorsOf({ list: [bare] }).map((e) => e.path).sort()).toEqual(['list.0.uuid', 'list.0.validated']);
    expect(errorsOf({ list: [aws(1), { ...azure(), uuid: uuid(1) }] })).toEqual([{ path: 'list.1.uuid', key: 'duplicate' }]);
  });
});
