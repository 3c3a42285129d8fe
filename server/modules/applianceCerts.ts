/**
 * The appliance's own certificates (definitions/api/applianceCerts.ts): real X.509 with RSA 2048 keys, made on first
 * use per tenant and kept in `appliance_certificates`. Private keys stay in the store and are never answered.
 */
import { X509Certificate, createPrivateKey, generateKeyPair, generateKeyPairSync } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { applianceCertOps } from '../../definitions/api/applianceCerts';
import { ApplianceCertKind, type ApplianceCertificate } from '../../schemas/areas/applianceCerts';
import { labelsOf } from '../../schemas/enums';
import { recordAudit } from '../audit';
import { HttpError, implementAll, requireCaller, type CallContext, type Db, type ServerModule } from '../types';
import { certDetails, decodePem } from './appliance';
import { randomSerial } from '../x509';

type Kind = ApplianceCertificate['kind'];
interface CertRow {
  kind: Kind;
  cert_pem: string;
  key_pem: string;
  csr_pem: string | null;
  csr_key_pem: string | null;
  updated_at: Date;
}

const DAY_MS = 86_400_000;
/** How long a self-signed service certificate is valid (the most browsers accept for a server certificate). */
export const SERVICE_VALID_DAYS = 398;

export const newKeyPem = (): string => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

const generateRsaPair = promisify(generateKeyPair);
/** `newKeyPem` off the event loop (a key takes up to a second of CPU): several are made side by side, and the server keeps answering meanwhile. */
export const newKeyPemAsync = async (): Promise<string> =>
  (await generateRsaPair('rsa', { modulusLength: 2048 })).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

export type Names = { commonName: string; organization?: string; country?: string };
const subjectOf = (n: Names): forge.pki.CertificateField[] => [
  ...(n.country ? [{ shortName: 'C', value: n.country }] : []),
  ...(n.organization ? [{ shortName: 'O', value: n.organization }] : []),
  { shortName: 'CN', value: n.commonName },
];
const dnsNames = (names: readonly string[], ips: readonly string[] = []) => ({
  name: 'subjectAltName',
  altNames: [...[...new Set(names)].map((value) => ({ type: 2, value })), ...ips.map((ip) => ({ type: 7, ip }))],
});

/** A self-signed certificate for the key: a CA (inspection) or a server certificate for `hosts` (and addresses `ips`). */
export function selfSigned(keyPem: string, names: Names, days: number, ca: boolean, hosts: readonly string[] = [], ips: readonly string[] = []): string {
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = randomSerial();
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 60_000);
  cert.validity.notAfter = new Date(now + days * DAY_MS);
  cert.setSubject(subjectOf(names));
  cert.setIssuer(subjectOf(names));
  cert.setExtensions([
    { name: 'basicConstraints', cA: ca, critical: true },
    ca ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true } : { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    ...(ca ? [] : [{ name: 'extKeyUsage', serverAuth: true }, dnsNames(hosts, ips)]),
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

function signingRequest(keyPem: string, names: Names, hosts: readonly string[]): string {
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  csr.setSubject(subjectOf(names));
  csr.setAttributes([{ name: 'extensionRequest', extensions: [dnsNames(hosts)] }]);
  csr.sign(key, forge.md.sha256.create());
  return forge.pki.certificationRequestToPem(csr);
}

const toCert = (r: CertRow): ApplianceCertificate => {
  const cert = new X509Certificate(r.cert_pem);
  return {
    ...certDetails(cert),
    kind: r.kind,
    name: labelsOf(ApplianceCertKind)![r.kind]!,
    pem: r.cert_pem,
    self_signed: cert.subject === cert.issuer && cert.verify(cert.publicKey),
    csr_pem: r.csr_pem,
    csr_pending: r.csr_pem !== null,
    updated_at: r.updated_at.toISOString(),
  };
};

/** The tenant's certificates, made on first use (key generation takes a moment, so not at every server start). */
async function readAll(db: Db, tenantId: string, hostname: string): Promise<CertRow[]> {
  const read = () => db.query<CertRow>('SELECT kind, cert_pem, key_pem, csr_pem, csr_key_pem, updated_at FROM appliance_certificates WHERE tenant_id = $1 ORDER BY kind', [tenantId]);
  const rows = (await read()).rows;
  if (rows.length === 2) return rows;
  const caKey = newKeyPem();
  const serviceKey = newKeyPem();
  const made: Record<Kind, [string, string]> = {
    inspection_ca: [selfSigned(caKey, { commonName: 'Appliance Inspection CA' }, 1825, true), caKey],
    service: [selfSigned(serviceKey, { commonName: hostname }, SERVICE_VALID_DAYS, false, [hostname]), serviceKey],
  };
  for (const [kind, [cert, key]] of Object.entries(made)) {
    await db.query('INSERT INTO appliance_certificates (tenant_id, kind, cert_pem, key_pem) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [tenantId, kind, cert, key]);
  }
  return (await read()).rows;
}

async function readOne(ctx: CallContext, kind: Kind): Promise<CertRow> {
  const { tenantId } = requireCaller(ctx);
  return (await readAll(ctx.db, tenantId, ctx.request.hostname.split(':')[0] || 'appliance.local')).find((r) => r.kind === kind)!;
}

/** Stores a change of one certificate, audits it and answers the certificate as it is now. */
async function store(ctx: CallContext, kind: Kind, set: Omit<CertRow, 'kind' | 'updated_at'>, details: string): Promise<ApplianceCertificate> {
  const caller = requireCaller(ctx);
  await readOne(ctx, kind);
  return ctx.db.transaction(async (tx) => {
    const row = await tx.query<CertRow>(
      `UPDATE appliance_certificates SET cert_pem = $3, key_pem = $4, csr_pem = $5, csr_key_pem = $6, updated_at = now()
       WHERE tenant_id = $1 AND kind = $2 RETURNING kind, cert_pem, key_pem, csr_pem, csr_key_pem, updated_at`,
      [caller.tenantId, kind, set.cert_pem, set.key_pem, set.csr_pem, set.csr_key_pem],
    );
    await recordAudit(tx, caller.tenantId, {
      action: 'save',
      user: caller.user.username,
      tenant: caller.user.tenant_name,
      area: 'appliance.certificates',
      details,
      result: 'success',
      ip: ctx.request.ip,
    });
    return toCert(row.rows[0]!);
  });
}

const certificateError = (message: string, key: string) => new HttpError(400, message, { errors: [{ path: 'certificate', key, message }] });

/** A server certificate (not a CA) that is valid now and belongs to `keyPem`; answers its details. */
function checkServerCert(pem: string, keyPem: string, keyMessage: string) {
  const details = decodePem(pem, 'certificate');
  if (details.is_ca) throw certificateError('This is a CA certificate; install the server certificate it signed.', 'caCertificate');
  if (!new X509Certificate(pem).checkPrivateKey(createPrivateKey(keyPem))) throw certificateError(keyMessage, 'keyMismatch');
  return details;
}

export const applianceCertsModule: ServerModule = {
  name: 'applianceCerts',
  implementations: implementAll(applianceCertOps, {
    listApplianceCertificates: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      return { certificates: (await readAll(ctx.db, tenantId, ctx.request.hostname.split(':')[0] || 'appliance.local')).map(toCert) };
    },
    getInspectionCa: async (ctx) => toCert(await readOne(ctx, 'inspection_ca')),
    reinitializeInspectionCa: async (ctx) => {
      const key = newKeyPem();
      const cert = selfSigned(key, { commonName: ctx.body.common_name }, ctx.body.valid_days, true);
      return store(ctx, 'inspection_ca', { cert_pem: cert, key_pem: key, csr_pem: null, csr_key_pem: null }, `Inspection CA reinitialized: ${ctx.body.common_name}, ${ctx.body.valid_days} days`);
    },
    createServiceCsr: async (ctx) => {
      const current = await readOne(ctx, 'service');
      const key = newKeyPem();
      const { common_name, alt_names, organization, country } = ctx.body;
      const csr = signingRequest(key, { commonName: common_name, organization, country }, [common_name, ...alt_names]);
      return store(ctx, 'service', { cert_pem: current.cert_pem, key_pem: current.key_pem, csr_pem: csr, csr_key_pem: key }, `Service certificate signing request for ${[common_name, ...alt_names].join(', ')}`);
    },
    installServiceCert: async (ctx) => {
      const current = await readOne(ctx, 'service');
      if (!current.csr_key_pem) {
        const message = 'No signing request is waiting for a certificate; create one first.';
        throw new HttpError(409, message, { errors: [{ path: 'certificate', key: 'noPendingRequest', message }] });
      }
      const details = checkServerCert(ctx.body.certificate, current.csr_key_pem, 'This certificate is not for the key of the pending signing request.');
      return store(ctx, 'service', { cert_pem: ctx.body.certificate.trim(), key_pem: current.csr_key_pem, csr_pem: null, csr_key_pem: null }, `Service certificate installed: ${details.subject}, issued by ${details.issuer}`);
    },
    installManagerServiceCert: async (ctx) => {
      let keyPem: string;
      try {
        keyPem = createPrivateKey(ctx.body.private_key).export({ type: 'pkcs8', format: 'pem' }) as string;
      } catch {
        const message = 'The private key cannot be read: paste an unencrypted key in PEM form.';
        throw new HttpError(400, message, { errors: [{ path: 'private_key', key: 'invalidPrivateKey', message }] });
      }
      const details = checkServerCert(ctx.body.certificate, keyPem, 'This certificate is not for the private key given.');
      return store(ctx, 'service', { cert_pem: ctx.body.certificate.trim(), key_pem: keyPem, csr_pem: null, csr_key_pem: null }, `Management station service certificate installed: ${details.subject}`);
    },
  }),
};
