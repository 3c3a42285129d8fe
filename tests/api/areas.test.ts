import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../schemas/constants';
import { ApiClient, asResponseOf, signedIn, stagedRev } from './helpers';

const EXCEPTIONS = '/api/policy/v3/rules/web/exceptions';
const ALLOW_LIST = '/api/policy/v1/rules/safemail/whitelist';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Envelope = Record<string, any> & { rev_id: number; state: string; updated_at: string };

async function read(client: ApiClient, base: string, screenId: string): Promise<Envelope> {
  const res = await client.get(`${base}/${await stagedRev(client)}`);
  expect(res.status).toBe(200);
  return asResponseOf(`${screenId}.get`, res.body) as Envelope;
}

const exception = (id: string, conditions: object) => ({
  id,
  name: `API rule ${id}`,
  enabled: true,
  conditions,
  action: 'safeview',
  transferDirection: 'downloads',
  comment: 'added by the api test',
});

describe('web exceptions', () => {
  it('reads the seeded rules with their conditions and the bypass list', async () => {
    const doc = await read(await signedIn('auditor'), EXCEPTIONS, 'web.exceptions');
    expect(doc.list.length).toBeGreaterThan(0);
    expect(doc.list[0].conditions).toBeTypeOf('object');
    expect(Array.isArray(doc.bypass)).toBe(true);
  });

  it('saves a rule for the web-policy writer and reads it back', async () => {
    const webadmin = await signedIn('webadmin');
    const before = await read(webadmin, EXCEPTIONS, 'web.exceptions');
    const rule = exception('api-1', { domain: ['downloads.example.com'], uri: [{ match: 'ends_with', value: '.iso' }] });
    const reorderingEvents = [{ item: 'api-1', currPosition: before.list.length, newPosition: 0 }];
    const res = await webadmin.put(`${EXCEPTIONS}/${before.rev_id}`, { body: { ...before, list: [rule, ...before.list], reorderingEvents } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'staged', reorderingEvents });
    expect((await read(webadmin, EXCEPTIONS, 'web.exceptions')).list[0]).toEqual(rule);
  });

  it('refuses bad conditions with their paths and keys, storing nothing', async () => {
    const admin = await signedIn('admin');
    const before = await read(admin, EXCEPTIONS, 'web.exceptions');
    const n = before.list.length;
    const bad = [
      exception('api-bad-1', { domain: ['not a domain'] }),
      exception('api-bad-2', { uri: [{ match: 'regex', value: '([' }], source_ips: ['10.0.0.0/99'] }),
      exception('api-bad-3', {}),
    ];
    const res = await admin.put(`${EXCEPTIONS}/${before.rev_id}`, { body: { ...before, list: [...before.list, ...bad] } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(MESSAGES.validationFailed);
    expect(res.body.errors.map((e: { path: string; key: string }) => `${e.path}:${e.key}`)).toEqual([
      `list.${n}.conditions.domain.0:invalidDomain`,
      `list.${n + 1}.conditions.source_ips.0:invalidCidr`,
      `list.${n + 1}.conditions.uri.0.value:invalidRegex`,
      `list.${n + 2}.conditions:conditionRequired`,
    ]);
    expect(await read(admin, EXCEPTIONS, 'web.exceptions')).toEqual(before);
  });

  it('is read-only for the auditor', async () => {
    const auditor = await signedIn('auditor');
    const before = await read(auditor, EXCEPTIONS, 'web.exceptions');
    expect((await auditor.put(`${EXCEPTIONS}/${before.rev_id}`, { body: before })).status).toBe(403);
  });
});

describe('email allow-list', () => {
  it('saves senders and refuses a duplicate or malformed one with its path', async () => {
    const admin = await signedIn('admin');
    const before = await read(admin, ALLOW_LIST, 'email.allow-list');
    const n = before.list.length;
    const added = [
      { id: 'api-a', sender: 'billing@vendor.example', comment: '', enabled: true },
      { id: 'api-b', sender: 'vendor.example', comment: '', enabled: true },
    ];
    const ok = await admin.put(`${ALLOW_LIST}/${before.rev_id}`, { body: { ...before, list: [...before.list, ...added] } });
    expect(ok.status).toBe(200);
    const saved = await read(admin, ALLOW_LIST, 'email.allow-list');
    expect(saved.list.slice(-2)).toEqual(added);

    const bad = [
      { id: 'api-c', sender: 'BILLING@vendor.example' },
      { id: 'api-d', sender: 'billing@' },
      { id: 'api-e', sender: 'no_dots' },
    ];
    const res = await admin.put(`${ALLOW_LIST}/${saved.rev_id}`, { body: { ...saved, list: [...saved.list, ...bad] } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string; key: string }) => `${e.path}:${e.key}`)).toEqual([
      `list.${n + 3}.sender:invalidEmail`,
      `list.${n + 4}.sender:invalidDomain`,
      `list.${n + 2}.sender:duplicate`,
    ]);
    expect(await read(admin, ALLOW_LIST, 'email.allow-list')).toEqual(saved);
  });

  it('cannot be changed by the web-policy writer, and is not shared with Other Corp', async () => {
    const webadmin = await signedIn('webadmin');
    expect((await webadmin.get(`${ALLOW_LIST}/${await stagedRev(webadmin)}`)).status).toBe(403);
    const demo = await read(await signedIn('admin'), ALLOW_LIST, 'email.allow-list');
    const other = await read(await signedIn('other-admin'), ALLOW_LIST, 'email.allow-list');
    expect(other.list).toEqual([]);
    expect(demo.list.length).toBeGreaterThan(0);
  });
});
