/**
 * On-premises appliance calls that are not a settings document (definitions/api/appliance.ts): the administrator's
 * appliance manager choice and user info v2, time zones, trusted CA certificates (decoded with node:crypto's
 * X509Certificate) and licences, which are installed through a job (server/modules/jobs.ts).
 */
import { X509Certificate } from 'node:crypto';
import { applianceOps } from '../../definitions/api/appliance';
import {
  EXPIRED_CERT_MESSAGE,
  MALFORMED_CERT_MESSAGE,
  NOT_YET_VALID_CERT_MESSAGE,
  type DecodedCert,
} from '../../schemas/areas/appliance';
import { DEMO_CA_PEM } from '../seed/appliance';
import { HttpError, implementAll, requireCaller, type Caller, type Db, type ServerModule } from '../types';
import { createJob } from './jobs';

/** How long the simulated licence check runs. */
export const LICENSE_JOB_MS = 3_000;
/** The form of a licence string the simulated licence server accepts. */
export const LICENSE_FORMAT = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/;
export const LICENSE_INVALID_REASON =
  'The licence string is not valid: expected four groups of four capital letters or digits, such as ABCD-1234-EFGH-5678.';
export const LICENSE_REVOKED_REASON = 'This licence has been revoked by the licence server.';

const certError = (message: string, key: string) =>
  new HttpError(400, message, { errors: [{ path: 'pem', key, message }] });

/** Decodes one PEM certificate; a malformed, expired or not yet valid one is a 400 on `pem`. */
export function decodePem(pem: string, now = new Date()): DecodedCert {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    throw certError(MALFORMED_CERT_MESSAGE, 'invalidCert');
  }
  const validFrom = new Date(cert.validFrom);
  const validTo = new Date(cert.validTo);
  if (validTo.getTime() < now.getTime()) {
    throw certError(`${EXPIRED_CERT_MESSAGE} (valid until ${validTo.toISOString().slice(0, 10)}).`, 'expiredCert');
  }
  if (validFrom.getTime() > now.getTime()) {
    throw certError(`${NOT_YET_VALID_CERT_MESSAGE} (valid from ${validFrom.toISOString().slice(0, 10)}).`, 'notYetValidCert');
  }
  return {
    subject: cert.subject.replace(/\n/g, ', '),
    issuer: cert.issuer.replace(/\n/g, ', '),
    serial_number: cert.serialNumber,
    valid_from: validFrom.toISOString(),
    valid_to: validTo.toISOString(),
    fingerprint_sha256: cert.fingerprint256,
    is_ca: cert.ca,
  };
}

interface CertRow {
  name: string;
  decoded: DecodedCert;
  uploaded_at: Date;
  uploaded_by: string;
}

async function listCerts(db: Db, tenantId: string) {
  const rows = await db.query<CertRow>(
    'SELECT name, decoded, uploaded_at, uploaded_by FROM appliance_ca_certs WHERE tenant_id = $1 ORDER BY name',
    [tenantId],
  );
  return {
    certificates: rows.rows.map((r) => ({ ...r.decoded, name: r.name, uploaded_at: r.uploaded_at.toISOString(), uploaded_by: r.uploaded_by })),
  };
}

async function managerVersion(db: Db, caller: Caller): Promise<boolean> {
  const row = (await db.query<{ v: boolean }>('SELECT appliance_manager_ui_v2 AS v FROM appliance_manager_prefs WHERE user_id = $1', [caller.user.uid]))
    .rows[0];
  return row?.v ?? caller.user.appliance_manager_ui_v2;
}

/** The outcome of the simulated licence server for a licence string. */
export function checkLicense(license: string): { ok: true; result: string } | { ok: false; reason: string } {
  if (!LICENSE_FORMAT.test(license)) return { ok: false, reason: LICENSE_INVALID_REASON };
  if (license.startsWith('0000-')) return { ok: false, reason: LICENSE_REVOKED_REASON };
  return { ok: true, result: 'ok' };
}

export const applianceModule: ServerModule = {
  name: 'appliance',
  implementations: implementAll(applianceOps, {
    setManagerVersion: async (ctx) => {
      const caller = requireCaller(ctx);
      await ctx.db.query(
        `INSERT INTO appliance_manager_prefs (user_id, appliance_manager_ui_v2) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET appliance_manager_ui_v2 = EXCLUDED.appliance_manager_ui_v2`,
        [caller.user.uid, ctx.body.appliance_manager_ui_v2],
      );
      return { appliance_manager_ui_v2: ctx.body.appliance_manager_ui_v2 };
    },
    userInfoV2: async (ctx) => {
      const caller = requireCaller(ctx);
      return { ...caller.user, appliance_manager_ui_v2: await managerVersion(ctx.db, caller) };
    },
    timeZones: async () => ({ timezones: ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')] }),
    listCaCerts: async (ctx) => listCerts(ctx.db, requireCaller(ctx).tenantId),
    uploadCaCert: async (ctx) => {
      const caller = requireCaller(ctx);
      const decoded = decodePem(ctx.body.pem);
      const inserted = await ctx.db.query(
        `INSERT INTO appliance_ca_certs (tenant_id, name, pem, decoded, uploaded_at, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (tenant_id, name) DO NOTHING RETURNING name`,
        [caller.tenantId, ctx.params.name, ctx.body.pem.trim(), JSON.stringify(decoded), new Date(), caller.user.username],
      );
      if (!inserted.rows.length) {
        const message = `A certificate named ${ctx.params.name} already exists; delete it first or choose another name.`;
        throw new HttpError(400, message, { errors: [{ path: 'params.name', key: 'duplicate', message }] });
      }
      return listCerts(ctx.db, caller.tenantId);
    },
    deleteCaCert: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const removed = await ctx.db.query('DELETE FROM appliance_ca_certs WHERE tenant_id = $1 AND name = $2 RETURNING name', [
        tenantId,
        ctx.params.name,
      ]);
      if (!removed.rows.length) throw new HttpError(404, `No certificate named ${ctx.params.name}`);
      return listCerts(ctx.db, tenantId);
    },
    decodeCert: async (ctx) => decodePem(ctx.body.pem),
    setLicense: async (ctx) => {
      const caller = requireCaller(ctx);
      const outcome = checkLicense(ctx.body.license);
      const job_id = await createJob(ctx.db, caller, {
        kind: 'license',
        title: 'Licence check',
        durationMs: LICENSE_JOB_MS,
        outcome,
        payload: outcome.ok ? { license_tail: ctx.body.license.slice(-4) } : {},
      });
      return { job_id };
    },
  }),
  onStart: async (db) => {
    const tenants = await db.query<{ id: string }>(
      'SELECT t.id FROM tenants t WHERE NOT EXISTS (SELECT 1 FROM appliance_seeded s WHERE s.tenant_id = t.id)',
    );
    for (const { id } of tenants.rows) {
      await db.transaction(async (tx) => {
        const decoded = decodePem(DEMO_CA_PEM);
        await tx.query(
          `INSERT INTO appliance_ca_certs (tenant_id, name, pem, decoded, uploaded_at, uploaded_by) VALUES ($1, 'example-root', $2, $3, $4, 'system')
           ON CONFLICT DO NOTHING`,
          [id, DEMO_CA_PEM, JSON.stringify(decoded), new Date()],
        );
        await tx.query('INSERT INTO appliance_seeded (tenant_id) VALUES ($1) ON CONFLICT DO NOTHING', [id]);
      });
    }
  },
};
