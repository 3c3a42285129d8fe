/**
 * The appliance's own certificates (spec 002 §7 Appliance: `GET /api/dash/v1/certs/ca/cert`;
 * `PUT /api/dash/v1/certs/ca/reinitialize`, `/certs/service/csr`, `/certs/service/cert`;
 * `PUT /api/mgr/v2/certs/self/service`). The spec names the calls only. This design, for auditors:
 * - An appliance holds two certificates of its own: the **inspection CA**, which signs the certificates it shows
 *   browsers while it inspects HTTPS, and the **service certificate** its own pages (block pages, the isolation
 *   service, sign-in) present. Both are real X.509 certificates with RSA 2048 keys, made on the appliance; private
 *   keys never leave it and are never answered.
 * - Reinitializing the CA makes a new key and a new self-signed CA certificate (validity 1 to 10 years).
 * - The service certificate is self-signed until a certificate authority's one is installed: the administrator asks
 *   for a signing request (CSR) with the names browsers use, has it signed, and installs the answer. The appliance
 *   accepts only a certificate for the key of its pending request, valid now and not a CA. On a management station,
 *   `PUT /api/mgr/v2/certs/self/service` installs the station's own service certificate the same way.
 * - `GET /api/dash/v1/certs` (not in the spec) lists both for the screen.
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { Hostname } from '../validators';
import { DecodedCert, PemText } from './appliance';

export const ApplianceCertKind = labelledEnum(
  ['inspection_ca', 'service'],
  { inspection_ca: 'Inspection CA', service: 'Service certificate' },
  { title: 'Certificate' },
);

export const ApplianceCertificate = DecodedCert.extend({
  kind: ApplianceCertKind,
  /** The kind's label, to name the certificate in texts. */
  name: z.string(),
  /** The certificate in PEM form (public; what browsers are given to trust). */
  pem: z.string(),
  self_signed: z.boolean(),
  /** A signing request waiting for its certificate, in PEM form; null when none is pending. */
  csr_pem: z.string().nullable(),
  csr_pending: z.boolean(),
  updated_at: z.iso.datetime(),
});
export type ApplianceCertificate = z.infer<typeof ApplianceCertificate>;
export const ApplianceCertificateList = z.object({ certificates: z.array(ApplianceCertificate) });

export const CERT_VALIDITY_DAYS_MIN = 365;
export const CERT_VALIDITY_DAYS_MAX = 3650;
export const CommonName = z.string().trim().min(1).max(64).meta({ title: 'Name (common name)', description: 'Up to 64 characters' });

export const CaReinitializeRequest = z.strictObject({
  common_name: CommonName.default('Appliance Inspection CA'),
  valid_days: z
    .number()
    .int()
    .min(CERT_VALIDITY_DAYS_MIN)
    .max(CERT_VALIDITY_DAYS_MAX)
    .default(1825)
    .meta({ title: 'Valid for (days)', description: '365 to 3650 days' }),
});

export const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, { message: 'Two capital letters, such as US or DE.' })
  .meta({ title: 'Country', description: 'Two-letter code, such as US or DE' });
export const ServiceCsrRequest = z.strictObject({
  common_name: Hostname.meta({ title: 'Host name', description: 'The name browsers use to reach this appliance' }),
  alt_names: z.array(Hostname).max(20).default([]).meta({ title: 'Other host names', description: 'Up to 20 further names the certificate covers' }),
  organization: z.string().trim().max(64).optional().meta({ title: 'Organization' }),
  country: CountryCode.optional(),
});
export const ServiceCertInstall = z.strictObject({ certificate: PemText.meta({ title: 'Signed certificate (PEM)' }) });

/** A certificate and its private key in PEM form (the key is stored and never answered). */
export const PemPrivateKey = z
  .string()
  .min(1, { message: 'Paste the private key in PEM form.' })
  .max(16_384)
  .refine((v) => /-----BEGIN (RSA |EC )?PRIVATE KEY-----[\s\S]+-----END (RSA |EC )?PRIVATE KEY-----/.test(v.trim()), {
    message: 'Paste an unencrypted private key in PEM form (BEGIN PRIVATE KEY).',
    params: { key: 'invalidPrivateKey' },
  })
  .meta({ title: 'Private key (PEM)', writeOnly: true });
export const ManagerServiceCertInstall = z.strictObject({
  certificate: PemText,
  private_key: PemPrivateKey,
});

// ---- connections to web sites (GET/POST /api/v1/settings/ssl) -------------------------------------------------------
// The spec names the call only. This design reads "ssl" as the appliance's own TLS connections to web sites (the
// TLS page covers connections to the appliance, SSL Inspection what it decrypts): the oldest TLS version and the
// cipher suites it offers, and whether it checks revocation.

export const UpstreamTlsVersion = labelledEnum(
  ['1.0', '1.1', '1.2', '1.3'],
  { '1.0': 'TLS 1.0', '1.1': 'TLS 1.1', '1.2': 'TLS 1.2', '1.3': 'TLS 1.3' },
  { title: 'Oldest TLS version offered to web sites' },
);
export const CipherProfile = labelledEnum(
  ['modern', 'intermediate', 'compatible'],
  {
    modern: 'Modern (TLS 1.3 suites only)',
    intermediate: 'Intermediate (forward secrecy, AEAD ciphers)',
    compatible: 'Compatible (also older CBC ciphers, for old servers)',
  },
  { title: 'Cipher suites' },
);
export const UpstreamSslDocument = z.strictObject({
  min_version: UpstreamTlsVersion.default('1.2'),
  cipher_profile: CipherProfile.default('intermediate'),
  check_revocation: z.boolean().default(true).meta({ title: 'Check revocation', description: 'Asks the certificate authority (OCSP) whether a site’s certificate was revoked' }),
  allow_legacy_renegotiation: z.boolean().default(false).meta({ title: 'Allow legacy renegotiation', description: 'Only for old servers that need it; it weakens the connection' }),
});
export type UpstreamSslDocument = z.infer<typeof UpstreamSslDocument>;
