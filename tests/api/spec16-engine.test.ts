/**
 * The answers behind the engine's downloads and summary lines of issue 16, as the portal reads them: the client profile
 * export is a file (its type, its name in Content-Disposition, not cached), and the directory groups' count is the
 * same operation asked with `result_type=count`.
 */
import { describe, expect, it } from 'vitest';
import { reportLookupOps } from '../../definitions/api/reportLookups';
import { dispositionFileName } from '../../engine/core/http';
import { asResponseOf, signedIn } from './helpers';

const PROFILES = '/api/settings/v1/tenants/client_profiles';
const EXPORT = '/api/settings/v1/tenants/export_client_profile';

describe('the client profile export', () => {
  it('is a JSON file named after the profile, not cached, with the profile as saved', async () => {
    const admin = await signedIn('admin');
    const uuid = 'e5a7c9e1-4f6b-4a2c-8e5f-7b9d1f3a5c64';
    const res = await admin.get(`${EXPORT}?uuid=${uuid}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="Managed-laptops\.json"; filename\*=UTF-8''/);
    // What the portal saves it as: the name as written.
    expect(dispositionFileName(disposition)).toBe('Managed laptops.json');
    const saved = (await admin.get(PROFILES)).body.profiles.find((p: { uuid: string }) => p.uuid === uuid);
    expect(JSON.parse(res.text)).toEqual(saved);
  });

  it('names the file as the administrator wrote the name (UTF-8), with an ASCII fallback and no folder in it', async () => {
    const admin = await signedIn('admin');
    const uuid = '0d3c5e7a-9b1d-4f2e-8a6c-4e8a0c2e4f61';
    const read = (await admin.get(PROFILES)).body;
    const profile = { ...read.profiles[0], uuid, name: 'Büro/Geräte: Ärzte' };
    expect((await admin.put(PROFILES, { body: { ...read, profiles: [...read.profiles, profile] } })).status).toBe(200);
    try {
      const res = await admin.get(`${EXPORT}?uuid=${uuid}`);
      expect(res.status).toBe(200);
      const disposition = res.headers.get('content-disposition')!;
      expect(disposition).toContain('filename="B-ro-Ger-te-rzte.json"');
      expect(dispositionFileName(disposition)).toBe('Büro-Geräte- Ärzte.json');
      expect(JSON.parse(res.text)).toMatchObject({ uuid, name: 'Büro/Geräte: Ärzte' });
    } finally {
      const again = (await admin.get(PROFILES)).body;
      await admin.put(PROFILES, { body: { ...again, profiles: again.profiles.filter((p: { uuid: string }) => p.uuid !== uuid) } });
    }
  });

  it('is offered to readers: the auditor downloads it; another tenant cannot', async () => {
    const uuid = 'e5a7c9e1-4f6b-4a2c-8e5f-7b9d1f3a5c64';
    expect((await (await signedIn('auditor')).get(`${EXPORT}?uuid=${uuid}`)).status).toBe(200);
    expect((await (await signedIn('other-admin')).get(`${EXPORT}?uuid=${uuid}`)).status).toBe(404);
  });
});

describe('the directory groups count', () => {
  it('answers the total alone with result_type=count, the same total the list gives, per period', { timeout: 120_000 }, async () => {
    const admin = await signedIn('admin');
    for (const interval of ['7d', '30d']) {
      const count = asResponseOf(reportLookupOps.groupsReport, (await admin.get(`/api/rep/v1/query/groups?interval=${interval}&result_type=count`)).body);
      const list = asResponseOf(reportLookupOps.groupsReport, (await admin.get(`/api/rep/v1/query/groups?interval=${interval}`)).body);
      expect(count.groups).toBeUndefined();
      expect(count.total).toBe(list.total);
      if (interval === '30d') expect(count.total).toBeGreaterThan(0);
    }
    expect((await admin.get('/api/rep/v1/query/groups?result_type=sum')).status).toBe(400);
  });
});
