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
  exportFileName,
  NOT_YET_VALID_CERT_MESSAGE,
  licenseOf,
  type DecodedCert,
} from '../../schemas/areas/appliance';
import { applianceNetwork } from '../../definitions/appliance/applianceNetwork';
import { exportedAppliancePages } from '../../definitions/appliance/exportedPages';
import type { DocumentScreenDef } from '../../definitions/define';
import { readSettingsDocument } from '../documents';
import { maskSecrets } from '../secrets';
import { DEMO_CA_PEM } from '../seed/appliance';
import { HttpError, implementAll, requireCaller, type Caller, type Db, type ServerModule } from '../types';
import { attachmentDisposition } from '../attachment';
import { createJob } from './jobs';

/** How long the simulated licence check runs. */
export const LICENSE_JOB_MS = 3_000;
/** The form of a licence string the simulated licence server accepts. */
export const LICENSE_FORMAT = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/;
export const LICENSE_INVALID_REASON =
  'The licence string is not valid: expected four groups of four capital letters or digits, such as ABCD-1234-EFGH-5678.';
export const LICENSE_REVOKED_REASON = 'This licence has been revoked by the licence server.';

/** Decodes one PEM certificate; a malformed, expired or not yet valid one is a 400 on the body field `field`. */
export function decodePem(pem: string, field = 'pem', now = new Date()): DecodedCert {
  const certError = (message: string, key: string) => new HttpError(400, message, { errors: [{ path: field, key, message }] });
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
  return certDetails(cert);
}

/** What a certificate says of itself, as the screens show it. */
export const certDetails = (cert: X509Certificate): DecodedCert => ({
  subject: cert.subject.replace(/\n/g, ', '),
  issuer: cert.issuer.replace(/\n/g, ', '),
  serial_number: cert.serialNumber,
  valid_from: new Date(cert.validFrom).toISOString(),
  valid_to: new Date(cert.validTo).toISOString(),
  fingerprint_sha256: cert.fingerprint256,
  is_ca: cert.ca,
});

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

/** The settings pages a configuration export holds, by page id. */
const EXPORTED_PAGES: readonly Pick<DocumentScreenDef, 'id' | 'title' | 'schema' | 'storage'>[] = exportedAppliancePages;

async function exportOf(db: Db, tenantId: string, kind: 'configuration' | 'diagnostics') {
  const now = new Date();
  const pages = await Promise.all(EXPORTED_PAGES.map(async (page) => [page, await readSettingsDocument(db, tenantId, page)] as const));
  const appliance = pages.find(([page]) => page.id === applianceNetwork.id)![1].doc.hostname as string;
  if (kind === 'configuration') {
    return {
      appliance,
      exported_at: now.toISOString(),
      kind,
      settings: Object.fromEntries(pages.map(([page, { doc }]) => [page.id, maskSecrets(page.schema, doc)])),
      ca_certificates: (await listCerts(db, tenantId)).certificates.map((c) => c.name),
    };
  }
  const week = new Date(now.getTime() - 7 * 24 * 3_600_000);
  const jobs = await db.query<{ kind: string; title: string; status: string; reason: string | null; created_at: Date }>(
    'SELECT kind, title, status, reason, created_at FROM jobs WHERE tenant_id = $1 AND created_at >= $2 ORDER BY created_at DESC',
    [tenantId, week],
  );
  const check = await db.query<{ test_id: string; results: unknown; checked_at: Date }>(
    'SELECT test_id, results, checked_at FROM connectivity_results WHERE tenant_id = $1 AND checked_at <= $2 ORDER BY checked_at DESC LIMIT 1',
    [tenantId, now],
  );
  return {
    appliance,
    exported_at: now.toISOString(),
    kind,
    changed_settings: pages
      .filter(([, d]) => d.updated_at)
      .map(([page, d]) => ({ page: page.id, updated_at: d.updated_at, updated_by: d.updated_by })),
    jobs: jobs.rows.map((j) => ({ ...j, created_at: j.created_at.toISOString() })),
    last_connectivity_check: check.rows[0] ? { ...check.rows[0], checked_at: check.rows[0].checked_at.toISOString() } : null,
  };
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
    exportConfig: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const file = await exportOf(ctx.db, tenantId, ctx.query.kind);
      ctx.reply.header('Content-Disposition', attachmentDisposition(exportFileName(file)));
      return file;
    },
    setLicense: async (ctx) => {
      const caller = requireCaller(ctx);
      const outcome = checkLicense(licenseOf(ctx.body));
      const job_id = await createJob(ctx.db, caller, {
        kind: 'license',
        title: 'Licence check',
        durationMs: LICENSE_JOB_MS,
        outcome,
        payload: outcome.ok ? { license_tail: licenseOf(ctx.body).slice(-4) } : {},
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
