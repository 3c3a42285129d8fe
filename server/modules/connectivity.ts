/**
 * Connectivity of an on-premises appliance (spec 001 §7): the sites it must reach come from its own settings
 * (gateway, DNS, NTP, SMTP relay, syslog) plus the update server; a check probes them in a job and stores the result
 * per site with its time under the job id as the test id. The services users' browsers reach have a probe address
 * this server answers: a browser check signs in (/safeview-auth-server/login), fetches each and posts what answered;
 * posted results are stored as received.
 * The reference server has no network to probe: `answers` is its simulated network.
 */
import { createHash, randomUUID } from 'node:crypto';
import { connectivityOps } from '../../definitions/api/appliance';
import { applianceServiceDomain } from '../../definitions/appliance/applianceServiceDomain';
import { BROWSER_PROBE_TIMEOUT_MS } from '../../schemas/areas/appliance';
import { applianceLogging } from '../../definitions/appliance/applianceLogging';
import { applianceNetwork } from '../../definitions/appliance/applianceNetwork';
import { applianceSmtp } from '../../definitions/appliance/applianceSmtp';
import { applianceTime } from '../../definitions/appliance/applianceTime';
import { readSettingsDocument } from '../documents';
import { HttpError, implementAll, requireCaller, type CallContext, type Db, type ServerModule } from '../types';
import { advanceJobs, createJob } from './jobs';

/** The update server every appliance must reach. */
export const UPDATE_SERVER = { host: 'updates.appliance.example', port: 443 } as const;
/** How long a connectivity check job runs. */
export const CONNECTIVITY_JOB_MS = 3_000;

/** The simulated network: names ending in .invalid and addresses of 198.18.0.0/15 (RFC 2544) do not answer. */
export const answers = (host: string): boolean => !/\.invalid$/i.test(host) && !/^198\.(18|19)\./.test(host);
/** A stable round-trip time per host and port, 5 to 94 ms. */
const timeOf = (host: string, port: number) => 5 + (createHash('sha256').update(`${host}:${port}`).digest()[0]! % 90);

interface Site {
  id: string;
  purpose: string;
  host: string;
  port: number;
  url?: string;
}

/**
 * The services of this appliance users' browsers reach, each with its probe address (served below): its isolation
 * service and sign-in at the service domain (the host name when none is set), and the demo's standby isolation
 * service, which is not deployed: its probe gets no answer, so a browser check shows both outcomes.
 */
function browserSites(host: string): Site[] {
  const sites = [
    { key: 'isolation', purpose: 'Isolation service', host },
    { key: 'auth', purpose: 'Isolation sign-in', host },
    { key: 'standby', purpose: 'Standby isolation service', host: 'standby.isolation.invalid' },
  ];
  return sites.map(({ key, ...s }) => ({ id: `browser-${key}`, ...s, port: 443, url: `/connectivity/probe/browser-${key}` }));
}
/** How long a probe of a site that does not answer is held before the server gives up (the browser gave up before). */
const PROBE_HOLD_MS = 2 * BROWSER_PROBE_TIMEOUT_MS;

/** Resolves after `ms`, or at once when the caller has hung up. */
const waitUnlessGone = (ms: number, reply: CallContext['reply']) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    reply.raw.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export async function sitesOf(db: Db, tenantId: string): Promise<Site[]> {
  const [network, time, smtp, logging, serviceDomain] = await Promise.all([
    readSettingsDocument(db, tenantId, applianceNetwork),
    readSettingsDocument(db, tenantId, applianceTime),
    readSettingsDocument(db, tenantId, applianceSmtp),
    readSettingsDocument(db, tenantId, applianceLogging),
    readSettingsDocument(db, tenantId, applianceServiceDomain),
  ]);
  const sites: Omit<Site, 'id'>[] = [];
  if (network.doc.network_mode === 'static' && network.doc.gateway) sites.push({ purpose: 'Default gateway', host: network.doc.gateway, port: 0 });
  for (const host of network.doc.dns_servers) sites.push({ purpose: 'DNS server', host, port: 53 });
  if (time.doc.ntp_enabled) for (const host of time.doc.ntp_servers) sites.push({ purpose: 'NTP server', host, port: 123 });
  if (smtp.doc.enabled && smtp.doc.server) sites.push({ purpose: 'SMTP relay', host: smtp.doc.server, port: smtp.doc.port });
  for (const s of logging.doc.list) if (s.enabled) sites.push({ purpose: 'Syslog server', host: s.host, port: s.port });
  sites.push({ purpose: 'Update server', ...UPDATE_SERVER });
  return [...sites.map((s, i) => ({ id: `site-${i + 1}`, ...s })), ...browserSites(serviceDomain.doc.domain || network.doc.hostname)];
}

interface ResultRow {
  test_id: string;
  results: { id: string; purpose: string; host: string; port: number; ok: boolean; time_ms: number; error?: string }[];
  checked_at: Date;
}

export const connectivityModule: ServerModule = {
  name: 'connectivity',
  implementations: implementAll(connectivityOps, {
    connectivitySites: async (ctx) => ({ data: await sitesOf(ctx.db, requireCaller(ctx).tenantId) }),
    connectivityPostResults: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const sites = new Map((await sitesOf(ctx.db, tenantId)).map((s) => [s.id, s]));
      const unknown = ctx.body.results.findIndex((r) => !sites.has(r.site_id));
      if (unknown >= 0) {
        const message = `This appliance has no site ${ctx.body.results[unknown]!.site_id}.`;
        throw new HttpError(400, message, { errors: [{ path: `results.${unknown}.site_id`, key: 'unknownSite', message }] });
      }
      const results = ctx.body.results.map(({ site_id, ...r }) => ({ ...sites.get(site_id)!, ...r }));
      await ctx.db.query(
        `INSERT INTO connectivity_results (tenant_id, test_id, job_id, results, checked_at) VALUES ($1, $2, NULL, $3, $4)
         ON CONFLICT (tenant_id, test_id) DO UPDATE SET results = EXCLUDED.results, checked_at = EXCLUDED.checked_at, job_id = NULL`,
        [tenantId, ctx.body.test_id, JSON.stringify(results), new Date()],
      );
      return { test_id: ctx.body.test_id, stored: results.length };
    },
    connectivityCheck: async (ctx) => {
      const caller = requireCaller(ctx);
      // The appliance tries the servers it uses itself; the services browsers reach are for a browser check.
      const sites = (await sitesOf(ctx.db, caller.tenantId)).filter((s) => !s.url);
      const results = sites.map((s) =>
        answers(s.host) ? { ...s, ok: true, time_ms: timeOf(s.host, s.port) } : { ...s, ok: false, time_ms: 3000, error: `No answer from ${s.host} within 3 seconds` },
      );
      const failed = results.filter((r) => !r.ok);
      return ctx.db.transaction(async (tx) => {
        const now = new Date();
        const job_id = await createJob(
          tx,
          caller,
          {
            kind: 'connectivity',
            title: 'Connectivity check',
            durationMs: CONNECTIVITY_JOB_MS,
            outcome: failed.length
              ? { ok: false, reason: `${failed.length} of ${results.length} sites did not answer: ${failed.map((r) => r.host).join(', ')}.` }
              : { ok: true, result: `All ${results.length} sites answered.` },
          },
          now,
        );
        await tx.query('INSERT INTO connectivity_results (tenant_id, test_id, job_id, results, checked_at) VALUES ($1, $2, $2, $3, $4)', [
          caller.tenantId,
          job_id,
          JSON.stringify(results),
          new Date(now.getTime() + CONNECTIVITY_JOB_MS),
        ]);
        return { job_id };
      });
    },
    isolationSignIn: async (ctx) => {
      requireCaller(ctx);
      return { test_id: `browser-${randomUUID()}`, timeout_ms: BROWSER_PROBE_TIMEOUT_MS };
    },
    connectivityProbe: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const site = (await sitesOf(ctx.db, tenantId)).find((s) => s.id === ctx.params.site && s.url);
      if (!site) throw new HttpError(404, `There is no site ${ctx.params.site} to probe.`);
      ctx.reply.header('Cache-Control', 'no-store');
      if (answers(site.host)) {
        await waitUnlessGone(timeOf(site.url!, site.port), ctx.reply);
        return 'ok';
      }
      await waitUnlessGone(PROBE_HOLD_MS, ctx.reply);
      throw new HttpError(504, `${site.host} did not answer.`);
    },
    connectivityResults: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      await advanceJobs(ctx.db, tenantId);
      // The newest test whose probing is over: posted results, or a check whose job has ended (not cancelled).
      const row = (
        await ctx.db.query<ResultRow>(
          `SELECT r.test_id, r.results, r.checked_at FROM connectivity_results r
           LEFT JOIN jobs j ON j.tenant_id = r.tenant_id AND j.id = r.job_id
           WHERE r.tenant_id = $1 AND (r.job_id IS NULL OR j.status IN ('finished', 'failed'))
           ORDER BY r.checked_at DESC LIMIT 1`,
          [tenantId],
        )
      ).rows[0];
      if (!row) return { results: [] };
      const checked_at = row.checked_at.toISOString();
      return {
        test_id: row.test_id,
        results: row.results.map(({ ok, ...r }) => ({ ...r, status: ok ? ('ok' as const) : ('failed' as const), checked_at })),
      };
    },
  }),
};
