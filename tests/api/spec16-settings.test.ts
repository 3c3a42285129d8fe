/** Tenant settings and utilities of 002 §7: setting by name, fixed egress summary, caller address, egress addresses, certificate decoding, time zones. */
import { describe, expect, it } from 'vitest';
import { tenantUtilOps } from '../../definitions/api/tenantUtils';
import { ApiClient, asResponseOf, signedIn } from './helpers';

/** A self-signed test certificate (no key kept anywhere). */
const CERT = '-----BEGIN CERTIFICATE-----\nMIIDijCCAnKgAwIBAgIUEVhjFubS/JqwgIdmYBDCTVX7DjowDQYJKoZIhvcNAQEL\nBQAwNjEgMB4GA1UEAwwXcHJveHkuZGVtby1jb3JwLmV4YW1wbGUxEjAQBgNVBAoM\nCURlbW8gQ29ycDAeFw0yNjExMjMyMjUwMDVaFw0zNjExMjAyMjUwMDVaMDYxIDAe\nBgNVBAMMF3Byb3h5LmRlbW8tY29ycC5leGFtcGxlMRIwEAYDVQQKDAlEZW1vIENv\ncnAwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQCpQx5UiY1LaSNBxtmM\nS7lybcdGY3oiWFO7P1z2SZmU+HH/zbmgEgDW0tf+m3nz0Gs5IzjKm/k8yMvBYO8b\nTo5dHbf/Rpwj8QuC9IPlRp1+76BIxBv7Rxp7k7I7ZfKYWzG3/0ifPd+79lMnKlm/\nbk0ScXDWzahri+9/TluNnzM+fV5an4P9t1HnppuyqCuhb6ZlVVPVPlUYGA+uiBgc\nZ3GPi0zmlIZyzHjCPja+mE4uFLUtyXJu6OeZ2KPaLCibDEBNbw/5Q8QcZ+pSzXVh\nOcp5sxsfmIiBAvWbsAbGPl+g2bsOqS9iypYsqoKa6eH3MR/i3tev3Ar1HasfgK/h\nr/tjAgMBAAGjgY8wgYwwHQYDVR0OBBYEFH0K6k70UefKvw0lpeP08Gn6dohPMB8G\nA1UdIwQYMBaAFH0K6k70UefKvw0lpeP08Gn6dohPMA8GA1UdEwEB/wQFMAMBAf8w\nOQYDVR0RBDIwMIIXcHJveHkuZGVtby1jb3JwLmV4YW1wbGWCFXd3dy5kZW1vLWNv\ncnAuZXhhbXBsZTANBgkqhkiG9w0BAQsFAAOCAQEAbRir7iAvtmAoPAC8fbXpslAW\nwsq/PlkthaLPvn3Zy6JOLfklw/l+mbgZ35jAft1wiZSeRSkzywhfAAK4d9kV5lUr\nDjj8A7prQ4Fobd9mieE4+vLr0TyQjN6jv11QkSVuQ3Wv5QH8k6cpWHSIoMQGMasm\nsiR0yKwGVlXhFdm8aL2FpMtk3JUezNiAYKNGYOmXzebBtZMD1aAtyfk0uj103eDe\nnufNlH2t+LVxw7BBpegOkmTB3ETOVbJAHm53YVyWs0Gu865S1jITdR1OlIyWw7yN\n0Ckap+r86qfgS/lmVcK/qfWoUKwrjGqTY3wBusnNhxMZo2rUd6DXy1q1mNWCow==\n-----END CERTIFICATE-----';

describe('tenant settings and utilities', () => {
  it('answers a setting by name; null for one not set; 400 for a malformed name; 401 without a session', async () => {
    const admin = await signedIn('admin');
    const res = await admin.get('/api/settings/v1/tenants/setting/session_logout_days');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'session_logout_days', value: expect.any(Number) });
    expect((await admin.get('/api/settings/v1/tenants/setting/no_such_setting')).body).toEqual({ name: 'no_such_setting', value: null });
    expect((await admin.get('/api/settings/v1/tenants/setting/Bad-Name')).status).toBe(400);
    expect((await new ApiClient().get('/api/settings/v1/tenants/setting/session_logout_days')).status).toBe(401);
  });

  it('summarises fixed egress from the settings page', async () => {
    const admin = await signedIn('admin');
    const page = (await admin.get('/api/settings/v1/tenants/fixed_egress')).body;
    const summary = asResponseOf(tenantUtilOps.fixedEgressState, (await admin.get('/api/settings/v1/tenants/setting/fixed_egress')).body);
    expect(summary.enabled).toBe(page.enabled);
    expect(summary.pinned).toBe(page.fixed_egress_user.list.length);
    expect((await (await signedIn('webadmin')).get('/api/settings/v1/tenants/setting/fixed_egress')).status).toBe(403);
  });

  it('tells the caller its address and lists the service addresses', async () => {
    const admin = await signedIn('admin');
    expect((await admin.get('/api/settings/v1/utils/get_user_ip')).body.ip).toMatch(/127\.0\.0\.1|::1/);
    const ips = asResponseOf(tenantUtilOps.allPublicIps, (await admin.get('/api/settings/v1/utils/all_public_ips')).body);
    expect(ips.ips.length).toBeGreaterThan(0);
  });

  it('decodes a PEM certificate; a non-certificate is 400 on cert; wrong role 403', async () => {
    const admin = await signedIn('admin');
    const res = await admin.post('/api/settings/v1/utils/decodeCert', { body: { cert: CERT } });
    expect(res.status).toBe(200);
    expect(res.body.subject).toContain('CN=proxy.demo-corp.example');
    expect(res.body.subject_alt_names).toContain('DNS:www.demo-corp.example');
    expect(res.body.expired).toBe(false);
    const bad = await admin.post('/api/settings/v1/utils/decodeCert', { body: { cert: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('cert');
    expect((await (await signedIn('webadmin')).post('/api/settings/v1/utils/decodeCert', { body: { cert: CERT } })).status).toBe(403);
  });

  it('lists time zones with their offset', async () => {
    const zones = asResponseOf(tenantUtilOps.timeZones, (await (await signedIn('webadmin')).get('/api/policy/v1/rules/time_zones')).body).time_zones;
    expect(zones.find((z) => z.value === 'Asia/Tokyo')?.offset).toBe('+09:00');
    expect(zones.find((z) => z.value === 'America/New_York')?.label).toBe('America/New York');
    // The default of the General settings' time zone is offered first, so the choice shows the stored value.
    expect(zones[0]).toEqual({ value: 'UTC', label: 'UTC', offset: '+00:00' });
    expect(zones.filter((z) => z.value === 'UTC')).toHaveLength(1);
  });
});
