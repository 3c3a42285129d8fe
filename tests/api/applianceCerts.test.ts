/**
 * The appliance's own certificates (/api/dash/v1/certs/*, /api/mgr/v2/certs/self/service): real X.509 made on the
 * appliance, a signing request signed by a certificate authority of the test's own and installed, and every refusal.
 * Written to run again on a database that keeps what an earlier run did (the PostgreSQL run).
 */
import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getInspectionCa, installManagerServiceCert, listApplianceCertificates } from '../../definitions/api/applianceCerts';
import { startTestServer, type TestServer } from '../setup/start-server';
import { type ApiClient, asResponseOf, signedIn } from './helpers';

/** An RSA key pair in forge's form, made by Node (forge's own key generation takes seconds). */
function keyPair(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey } {
  const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const privateKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  return { privateKey, publicKey: forge.pki.setRsaPublicKey(privateKey.n, privateKey.e) };
}

/** A certificate authority of the test's own: a key and a self-signed CA certificate. */
function testCa() {
  const keys = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const name = [{ shortName: 'CN', value: 'Test Issuing CA' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([{ name: 'basicConstraints', cA: true }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { keys, cert };
}

/** A certificate for `publicKey`, signed by `ca` (a self-signed one when `ca` is its own). */
function issue(ca: ReturnType<typeof testCa>, publicKey: forge.pki.PublicKey, cn: string, isCa = false): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `0${Date.now().toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 90 * 86_400_000);
  cert.setSubject([{ shortName: 'CN', value: cn }]);
  cert.setIssuer(ca.cert.subject.attributes);
  cert.setExtensions([{ name: 'basicConstraints', cA: isCa }]);
  cert.sign(ca.keys.privateKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

describe('appliance certificates', () => {
  let server: TestServer;
  let admin: ApiClient;
  let auditor: ApiClient;
  const ca = testCa();
  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem' } });
    admin = await signedIn('admin', server.url);
    auditor = await signedIn('auditor', server.url);
  }, 180_000);
  afterAll(() => server.close());

  const list = async () => asResponseOf(listApplianceCertificates, (await admin.get('/api/dash/v1/certs')).body).certificates;
  const byKind = async (kind: string) => (await list()).find((c) => c.kind === kind)!;

  it('holds a real inspection CA and service certificate, answers no private key, and shows the CA to the auditor', async () => {
    const certs = await list();
    expect(certs.map((c) => [c.kind, c.name])).toEqual([
      ['inspection_ca', 'Inspection CA'],
      ['service', 'Service certificate'],
    ]);
    const [inspection, service] = certs.map((c) => new X509Certificate(c.pem));
    expect(inspection!.ca).toBe(true);
    expect(inspection!.verify(inspection!.publicKey)).toBe(true);
    expect(service!.ca).toBe(false);
    expect(certs.map((c) => c.fingerprint_sha256)).toEqual([inspection!.fingerprint256, service!.fingerprint256]);
    expect(JSON.stringify(certs)).not.toContain('PRIVATE KEY');
    const read = await auditor.get('/api/dash/v1/certs/ca/cert');
    expect(read.status).toBe(200);
    expect(asResponseOf(getInspectionCa, read.body).fingerprint_sha256).toBe(certs[0]!.fingerprint_sha256);
  });

  it('reinitializes the CA with a new key under the name given; refuses a bad validity (400) and the auditor (403), changing nothing', async () => {
    const before = await byKind('inspection_ca');
    const bad = await admin.put('/api/dash/v1/certs/ca/reinitialize', { body: { common_name: 'Corp Inspection CA', valid_days: 10 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['valid_days']);
    expect((await auditor.put('/api/dash/v1/certs/ca/reinitialize', { body: { common_name: 'X', valid_days: 365 } })).status).toBe(403);
    expect(await byKind('inspection_ca')).toEqual(before);

    const done = await admin.put('/api/dash/v1/certs/ca/reinitialize', { body: { common_name: 'Corp Inspection CA', valid_days: 730 } });
    expect(done.status).toBe(200);
    const after = await byKind('inspection_ca');
    expect(after.fingerprint_sha256).not.toBe(before.fingerprint_sha256);
    expect(after.subject).toBe('CN=Corp Inspection CA');
    expect(after.is_ca).toBe(true);
    const days = (Date.parse(after.valid_to) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(729);
    expect(days).toBeLessThan(731);
  });

  it('makes a signing request, installs only the certificate signed for its key, then has nothing pending', async () => {
    const made = await admin.put('/api/dash/v1/certs/service/csr', {
      body: { common_name: 'appliance.example.com', alt_names: ['isolation.example.com'], organization: 'Example Corp', country: 'US' },
    });
    expect(made.status).toBe(200);
    expect(made.body.csr_pending).toBe(true);
    const csr = forge.pki.certificationRequestFromPem(made.body.csr_pem as string);
    expect(csr.verify()).toBe(true);
    expect(csr.subject.getField('CN').value).toBe('appliance.example.com');
    const requested = (csr.getAttribute({ name: 'extensionRequest' }) as unknown as { extensions: { altNames: { value: string }[] }[] }).extensions[0]!.altNames;
    expect(requested.map((n) => n.value)).toEqual(['appliance.example.com', 'isolation.example.com']);

    const pending = await byKind('service');
    const refusals: [string, string, string][] = [
      ['another key', issue(ca, keyPair().publicKey, 'appliance.example.com'), 'keyMismatch'],
      ['a CA certificate', issue(ca, csr.publicKey!, 'appliance.example.com', true), 'caCertificate'],
      ['not a certificate', 'hello', 'invalidCert'],
    ];
    for (const [label, pem, key] of refusals) {
      const res = await admin.put('/api/dash/v1/certs/service/cert', { body: { certificate: pem } });
      expect(res.status, label).toBe(400);
      expect(res.body.errors, label).toContainEqual(expect.objectContaining({ path: 'certificate', key }));
    }
    expect(await byKind('service')).toEqual(pending);

    const installed = await admin.put('/api/dash/v1/certs/service/cert', { body: { certificate: issue(ca, csr.publicKey!, 'appliance.example.com') } });
    expect(installed.status).toBe(200);
    expect(installed.body).toMatchObject({ subject: 'CN=appliance.example.com', issuer: 'CN=Test Issuing CA', self_signed: false, csr_pending: false, csr_pem: null });
    const again = await admin.put('/api/dash/v1/certs/service/cert', { body: { certificate: issue(ca, csr.publicKey!, 'appliance.example.com') } });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].key).toBe('noPendingRequest');
  });

  it('installs the management station’s own certificate with its key, and refuses a key that is not the certificate’s', async () => {
    const keys = keyPair();
    const pem = issue(ca, keys.publicKey, 'manager.example.com');
    const other = forge.pki.privateKeyToPem(keyPair().privateKey);
    const before = await byKind('service');
    const mismatch = await admin.put('/api/mgr/v2/certs/self/service', { body: { certificate: pem, private_key: other } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors[0]).toMatchObject({ path: 'certificate', key: 'keyMismatch' });
    const unreadable = await admin.put('/api/mgr/v2/certs/self/service', { body: { certificate: pem, private_key: 'not a key' } });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.errors[0].path).toBe('private_key');
    expect(await byKind('service')).toEqual(before);

    const done = await admin.put('/api/mgr/v2/certs/self/service', { body: { certificate: pem, private_key: forge.pki.privateKeyToPem(keys.privateKey) } });
    expect(done.status).toBe(200);
    expect(asResponseOf(installManagerServiceCert, done.body).subject).toBe('CN=manager.example.com');
    expect(JSON.stringify(done.body)).not.toContain('PRIVATE KEY');
  });
});
