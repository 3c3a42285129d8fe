import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BfProfilesDocument } from '../schemas/areas/forensics';
import { SslBypassDocument } from '../schemas/areas/sslBypass';
import { StorageProfilesDocument } from '../schemas/areas/storageProfiles';
import { SECRET_PLACEHOLDER, maskSecrets, mergeSecrets } from './secrets';
import bfSeedFile from './seed/documents/settings.forensics.json';
import storageSeedFile from './seed/documents/settings.storage-profiles.json';

const AWS = {
  uuid: '5d0c1a3e-1111-4a4a-8a8a-000000000001',
  name: 'Forensics archive',
  storage_platform: 'Amazon AWS',
  validated: true,
  s3_bucket: 'acme-forensics',
  key_id: 'AKIAIOSFODNN7EXAMPLE',
  secret_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  path: '/captures',
  assume_role_key: 'role-secret',
} as const;
const AZURE = {
  uuid: '5d0c1a3e-1111-4a4a-8a8a-000000000002',
  name: 'Azure archive',
  storage_platform: 'Microsoft Azure',
  validated: false,
  account: 'acmestorage',
  share: 'captures',
  secret_key: 'azure-account-key==',
  path: '/bf',
} as const;
const stored = { list: [AWS, AZURE] };
const bfSeed = BfProfilesDocument.parse(bfSeedFile.$tenants['Demo Corp']);
const storageSeed = StorageProfilesDocument.parse(storageSeedFile.$tenants['Demo Corp']);

describe('maskSecrets', () => {
  it('replaces every stored write-only value, and nothing else', () => {
    const masked = maskSecrets(StorageProfilesDocument, stored);
    expect(masked.list[0]).toEqual({ ...AWS, secret_key: SECRET_PLACEHOLDER, assume_role_key: SECRET_PLACEHOLDER });
    expect(masked.list[1]).toEqual({ ...AZURE, secret_key: SECRET_PLACEHOLDER });
    expect(stored.list[0]!.secret_key).toBe(AWS.secret_key);
  });

  it('finds secrets nested in list rows (forensic archive passwords)', () => {
    const masked = maskSecrets(BfProfilesDocument, bfSeed);
    const files = masked.bf_profiles.map((p) => p.capture_params.files);
    expect(files.some((f) => f.infected_file_password !== undefined)).toBe(true);
    for (const f of files) {
      if (f.infected_file_password !== undefined) expect(f.infected_file_password).toBe(SECRET_PLACEHOLDER);
      if (f.dlp_file_password !== undefined) expect(f.dlp_file_password).toBe(SECRET_PLACEHOLDER);
    }
    expect(JSON.stringify(masked)).not.toContain('infected-archive');
  });

  it('no seeded storage secret survives masking', () => {
    const masked = JSON.stringify(maskSecrets(StorageProfilesDocument, storageSeed));
    for (const p of storageSeed.list) expect(masked).not.toContain(p.secret_key!);
  });

  it('leaves a document without write-only fields as it is', () => {
    const doc = { list: [{ id: 'a', destination: 'bank.example.com', comment: '', enabled: true }] };
    expect(maskSecrets(SslBypassDocument, doc)).toEqual(doc);
  });

  it('leaves an unset secret unset, so the form can show that none is stored', () => {
    const Schema = z.object({ token: z.string().meta({ writeOnly: true }).optional() });
    expect(maskSecrets(Schema, {})).toEqual({});
    expect(maskSecrets(Schema, { token: '' })).toEqual({ token: '' });
  });
});

describe('mergeSecrets', () => {
  const masked = maskSecrets(StorageProfilesDocument, stored);

  it('keeps the stored secrets when the masked document comes back unchanged', () => {
    const { document, unresolved } = mergeSecrets(StorageProfilesDocument, masked, stored);
    expect(document).toEqual(stored);
    expect(unresolved).toEqual([]);
  });

  it('matches rows by uuid, not by position', () => {
    const reordered = { list: [masked.list[1], masked.list[0]] };
    const { document } = mergeSecrets(StorageProfilesDocument, reordered, stored);
    expect(document.list[0]!.secret_key).toBe(AZURE.secret_key);
    expect(document.list[1]!.secret_key).toBe(AWS.secret_key);
  });

  it('takes a retyped secret', () => {
    const retyped = { list: [{ ...masked.list[0]!, secret_key: 'new-secret' }, masked.list[1]!] };
    const { document } = mergeSecrets(StorageProfilesDocument, retyped, stored);
    expect(document.list[0]!.secret_key).toBe('new-secret');
    expect(document.list[1]!.secret_key).toBe(AZURE.secret_key);
  });

  it('keeps a stored secret that the save leaves out', () => {
    const { assume_role_key: _dropped, ...withoutRoleKey } = masked.list[0] as typeof AWS;
    const { document } = mergeSecrets(StorageProfilesDocument, { list: [withoutRoleKey, masked.list[1]!] }, stored);
    expect((document.list[0] as typeof AWS).assume_role_key).toBe(AWS.assume_role_key);
  });

  it('reports a placeholder with nothing stored behind it (a new row)', () => {
    const fresh = { ...AZURE, uuid: '5d0c1a3e-1111-4a4a-8a8a-000000000003', secret_key: SECRET_PLACEHOLDER };
    const { unresolved } = mergeSecrets(StorageProfilesDocument, { list: [...masked.list, fresh] }, stored);
    expect(unresolved).toEqual(['list.2.secret_key']);
  });

  it('does not carry a secret across a change of platform', () => {
    const switched = { ...AZURE, uuid: AWS.uuid, secret_key: SECRET_PLACEHOLDER };
    const { document, unresolved } = mergeSecrets(StorageProfilesDocument, { list: [switched, masked.list[1]!] }, stored);
    expect(unresolved).toEqual(['list.0.secret_key']);
    expect(document.list[0]!.secret_key).toBe(SECRET_PLACEHOLDER);
  });

  it('does not keep a key once the profile points at another access key id', () => {
    const moved = { ...masked.list[0]!, key_id: 'AKIAI44QH8DHBEXAMPLE' };
    const { unresolved } = mergeSecrets(StorageProfilesDocument, { list: [moved, masked.list[1]!] }, stored);
    expect(unresolved).toEqual(['list.0.secret_key', 'list.0.assume_role_key']);
  });

  it('keeps nested secrets of list rows (forensic archive passwords)', () => {
    const { document, unresolved } = mergeSecrets(BfProfilesDocument, maskSecrets(BfProfilesDocument, bfSeed), bfSeed);
    expect(document).toEqual(bfSeed);
    expect(unresolved).toEqual([]);
  });
});
