/**
 * General → "Allow vendor support to view this tenant" in the provider console: while it is off, the provider's
 * read-only support staff cannot read the tenant's configuration (policy, revisions, roles, settings pages), with a
 * clear answer and an audit line in the tenant's log; once the tenant's administrator turns it on, they can. The
 * operators who manage tenants are not affected.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from './helpers';
import { API, newTenant, operator } from './providerClient';

const GENERAL = '/api/settings/v1/tenants/global_settings';

async function auditEvents(client: ApiClient, user: string): Promise<{ action: string; details?: string; result: string }[]> {
  const now = Math.floor(Date.now() / 1000);
  const res = await client.get(`/api/rep/v1/query/audit?start=${now - 3600}&end=${now + 60}&limit=100&userid=${encodeURIComponent(user)}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.events as { event: { action: string; details?: string; result: string } }[]).map((e) => e.event);
}

describe('vendor support access', () => {
  it("refuses support staff the tenant's configuration while off, audited; lets them read it once the tenant turns it on", async () => {
    const op = await operator();
    const t = await newTenant(op);
    const reads = ['policy', 'policy/revisions', 'rbac', 'global_settings', 'tos'].map((p) => `${API}/v1/tenants/${t.tid}/${p}`);
    const support = await operator('support');

    for (const path of reads) {
      const res = await support.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.msg).toBe(
        `${t.name} does not allow vendor support to view its configuration. Its administrators can allow it under Settings → General → "Allow vendor support to view this tenant".`,
      );
      // The operators who manage the tenant still read it.
      expect((await op.get(path)).status, path).toBe(200);
    }

    const admin = new ApiClient();
    expect((await admin.login(t.admin, t.password)).status).toBe(200);
    const refused = (await auditEvents(admin, 'support (service provider)')).filter((e) => e.result === 'failure');
    expect(refused).toHaveLength(reads.length);
    expect(refused[0]).toMatchObject({ action: 'login', details: 'Refused: vendor support may not view this organization' });

    const general = (await admin.get(GENERAL)).body;
    expect(general.vendor_support_access).toBe(false);
    expect((await admin.put(GENERAL, { body: { ...general, vendor_support_access: true } })).status).toBe(200);
    for (const path of reads) expect((await support.get(path)).status, path).toBe(200);

    // Turned off again: refused again.
    const now = (await admin.get(GENERAL)).body;
    expect((await admin.put(GENERAL, { body: { ...now, vendor_support_access: false } })).status).toBe(200);
    expect((await support.get(reads[0]!)).status).toBe(403);
  });
});
