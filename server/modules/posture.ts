/**
 * Browser posture management (spec 002 §7): the catalogue of browser settings as JSON Schema, and a tenant-scoped
 * store of configuration policies whose settings are checked against that catalogue.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { postureOps } from '../../definitions/api/posture';
import {
  browserSettingsSchema,
  type ExportFormat,
  type Assessment,
  type AssessmentResult,
  type AssessmentSummary,
  type BenchmarkPolicy,
  type BenchmarkRule,
  type ConfigPolicy,
  type ConfigPolicyInput,
  type PostureBrowser,
  type PosturePlatform,
} from '../../schemas/areas/browserPosture';
import { MESSAGES } from '../../schemas/constants';
import { fieldErrors } from '../../schemas/http';
import { DEMO_TENANT_ID } from '../seed/demo';
import { sendAsFile } from '../attachment';
import { recordAudit } from '../audit';
import { isStale } from '../stamps';
import { HttpError, implementAll, requireCaller, type Db, type ServerModule } from '../types';

interface Row {
  id: string;
  name: string;
  description: string | null;
  platform: PosturePlatform;
  browser: PostureBrowser;
  version: string;
  settings: Record<string, unknown>;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  updated_by: string;
}

const COLUMNS = 'id, name, description, platform, browser, version, settings, created_by, created_at, updated_at, updated_by';

function toPolicy(r: Row): ConfigPolicy {
  return {
    id: r.id,
    name: r.name,
    ...(r.description !== null ? { description: r.description } : {}),
    platform: r.platform,
    browser: r.browser,
    version: r.version,
    settings: r.settings,
    status: Object.keys(r.settings).length > 0 ? 'Configured' : 'Unconfigured',
    createdBy: r.created_by,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    updated_by: r.updated_by,
  };
}

/** The settings as the catalogue of this platform, browser and version reads them; 400 with `settings.<name>` paths. */
function checkedSettings(platform: PosturePlatform, browser: PostureBrowser, version: string, settings: unknown, path = 'settings'): Record<string, unknown> {
  const r = browserSettingsSchema(platform, browser, version).safeParse(settings);
  if (!r.success) throw new HttpError(400, MESSAGES.validationFailed, { errors: fieldErrors(r.error, path) });
  return r.data;
}

async function findPolicy(db: Db, tenantId: string, id: string, forUpdate = false): Promise<Row> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM bpm_config_policies WHERE tenant_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [tenantId, id],
  );
  if (!rows[0]) throw new HttpError(404, 'Configuration policy not found.');
  return rows[0];
}

async function insertPolicy(db: Db, tenantId: string, input: ConfigPolicyInput, user: string, now: string, settingsPath?: string): Promise<Row> {
  const settings = checkedSettings(input.platform, input.browser, input.version, input.settings, settingsPath);
  const { rows } = await db.query<Row>(
    `INSERT INTO bpm_config_policies (tenant_id, id, name, description, platform, browser, version, settings, created_by, created_at, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $9) RETURNING ${COLUMNS}`,
    [tenantId, randomUUID(), input.name, input.description ?? null, input.platform, input.browser, input.version, JSON.stringify(settings), user, now],
  );
  return rows[0]!;
}

/** Demo Corp's starting policies. */
const DEMO_POLICIES: readonly ConfigPolicyInput[] = [
  {
    name: 'Chrome baseline (Windows)',
    description: 'Company baseline for managed Chrome on Windows laptops',
    platform: 'windows',
    browser: 'chrome',
    version: '120',
    settings: {
      PasswordManagerEnabled: false,
      SafeBrowsingProtectionLevel: 2,
      DownloadRestrictions: 1,
      DnsOverHttpsMode: 'secure',
      ExtensionInstallBlocklist: ['*'],
      HttpsOnlyMode: 'force_enabled',
    },
  },
  {
    name: 'Edge kiosk (Windows)',
    description: 'Shared reception kiosks',
    platform: 'windows',
    browser: 'edge',
    version: '121',
    settings: { InPrivateModeAvailability: 2, ClearBrowsingDataOnExit: true, PrintingEnabled: false, TrackingPrevention: 3 },
  },
  { name: 'Chrome on macOS (draft)', platform: 'macos', browser: 'chrome', version: '122', settings: {} },
];

// ---- export ----------------------------------------------------------------------------------------------------

/** The browser's policy key under HKLM. */
const POLICY_KEY: Readonly<Record<PostureBrowser, string>> = { chrome: 'SOFTWARE\\Policies\\Google\\Chrome', edge: 'SOFTWARE\\Policies\\Microsoft\\Edge' };

/** One registry value: a DWORD for flags and whole numbers, a string otherwise (objects as JSON). */
interface RegValue {
  readonly key: string;
  readonly name: string;
  readonly type: 'REG_DWORD' | 'REG_SZ';
  readonly value: string | number;
}

function registryValues(browser: PostureBrowser, settings: Readonly<Record<string, unknown>>): RegValue[] {
  const key = POLICY_KEY[browser];
  const one = (k: string, name: string, v: unknown): RegValue =>
    typeof v === 'boolean'
      ? { key: k, name, type: 'REG_DWORD', value: v ? 1 : 0 }
      : typeof v === 'number' && Number.isInteger(v) && v >= 0
        ? { key: k, name, type: 'REG_DWORD', value: v }
        : { key: k, name, type: 'REG_SZ', value: typeof v === 'string' ? v : JSON.stringify(v) };
  return Object.entries(settings).flatMap(([name, v]) =>
    // A list policy is a sub-key named after the policy with values 1, 2, ...
    Array.isArray(v) ? v.map((item, i) => one(`${key}\\${name}`, String(i + 1), item)) : [one(key, name, v)],
  );
}

const regString = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const xmlAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function exportPolicy(policy: ConfigPolicy, format: ExportFormat): string {
  const values = registryValues(policy.browser, policy.settings);
  switch (format) {
    case 'registry': {
      const lines = ['Windows Registry Editor Version 5.00'];
      for (const key of [...new Set(values.map((v) => v.key))]) {
        lines.push('', `[HKEY_LOCAL_MACHINE\\${key}]`);
        for (const v of values.filter((x) => x.key === key)) {
          lines.push(`${regString(v.name)}=${v.type === 'REG_DWORD' ? `dword:${Number(v.value).toString(16).padStart(8, '0')}` : regString(String(v.value))}`);
        }
      }
      return `${lines.join('\r\n')}\r\n`;
    }
    case 'registryXmlGpo': {
      const entries = values.map(
        (v) =>
          `  <Registry clsid="{9CD4B2F4-923D-47f5-A062-E897DD1DAD50}" name="${xmlAttr(v.name)}">\n` +
          `    <Properties action="U" hive="HKEY_LOCAL_MACHINE" key="${xmlAttr(v.key)}" name="${xmlAttr(v.name)}" type="${v.type}" value="${xmlAttr(String(v.value))}"/>\n` +
          '  </Registry>',
      );
      return ['<?xml version="1.0" encoding="utf-8"?>', '<RegistrySettings clsid="{A3CCFC41-DFDB-43a5-8D26-0FE8B954DA51}">', ...entries, '</RegistrySettings>', ''].join('\n');
    }
    case 'microsoftIntune': {
      const vendor = policy.browser === 'chrome' ? 'Chrome~Policy~googlechrome' : 'microsoft_edge~Policy~microsoft_edge';
      const settings = Object.entries(policy.settings).map(([name, value]) => ({ name, omaUri: `./Device/Vendor/MSFT/Policy/Config/${vendor}/${name}`, value }));
      return `${JSON.stringify({ displayName: policy.name, description: policy.description ?? '', platform: policy.platform, browser: policy.browser, settings }, null, 2)}\n`;
    }
  }
}

/** The file of each export format: its extension and content type (the registry file is text, as Windows reads it). */
const EXPORT_FILES: Record<ExportFormat, readonly [extension: string, contentType: string]> = {
  microsoftIntune: ['.json', 'application/json; charset=utf-8'],
  registry: ['.reg', 'text/plain; charset=utf-8'],
  registryXmlGpo: ['.xml', 'application/xml; charset=utf-8'],
};

/** Whether a policy of this platform exports to the format; the registry formats are Windows only. */
const exportable = (platform: PosturePlatform, format: ExportFormat) =>
  format === 'microsoftIntune' ? platform !== 'linux' : platform === 'windows';

// ---- benchmark policies and assessments ---------------------------------------------------------------------------

type Check = readonly [rule_id: string, title: string, setting: string, expected: unknown, severity: BenchmarkRule['severity']];
const benchmark = (id: string, name: string, browser: PostureBrowser, description: string, checks: readonly Check[]): BenchmarkPolicy => ({
  id,
  name,
  browser,
  description,
  rules: checks.length,
  list: checks.map(([rule_id, title, setting, expected, severity]) => ({ rule_id, title, setting, expected, severity })),
});

/** The benchmark catalogue: security baselines over settings of the catalogue, with values the catalogue accepts. */
export const BENCHMARKS: readonly BenchmarkPolicy[] = [
  benchmark('chrome-baseline', 'Chrome security baseline', 'chrome', 'Recommended settings for managed Chrome in an enterprise', [
    ['chrome-1', 'Safe Browsing is at least standard protection', 'SafeBrowsingProtectionLevel', 1, 'high'],
    ['chrome-2', 'Dangerous downloads are blocked', 'DownloadRestrictions', 1, 'high'],
    ['chrome-3', 'The browser\'s password manager is off', 'PasswordManagerEnabled', false, 'medium'],
    ['chrome-4', 'Leaked passwords are detected', 'PasswordLeakDetectionEnabled', true, 'medium'],
    ['chrome-5', 'TLS 1.2 or later is required', 'SSLVersionMin', 'tls1.2', 'high'],
    ['chrome-6', 'Browser sync is off', 'SyncDisabled', true, 'low'],
    ['chrome-7', 'Card numbers are not saved for autofill', 'AutofillCreditCardEnabled', false, 'medium'],
  ]),
  benchmark('edge-baseline', 'Edge security baseline', 'edge', 'Recommended settings for managed Microsoft Edge in an enterprise', [
    ['edge-1', 'SmartScreen is on', 'SmartScreenEnabled', true, 'high'],
    ['edge-2', 'Potentially unwanted apps are blocked by SmartScreen', 'SmartScreenPuaEnabled', true, 'medium'],
    ['edge-3', 'Dangerous downloads are blocked', 'DownloadRestrictions', 1, 'high'],
    ['edge-4', 'TLS 1.2 or later is required', 'SSLVersionMin', 'tls1.2', 'high'],
    ['edge-5', 'The browser\'s password manager is off', 'PasswordManagerEnabled', false, 'medium'],
    ['edge-6', 'Tracking prevention is balanced', 'TrackingPrevention', 2, 'low'],
  ]),
  benchmark('edge-strict', 'Edge strict (high-risk users)', 'edge', 'Tighter settings for users with access to sensitive data', [
    ['strict-1', 'InPrivate windows are disabled', 'InPrivateModeAvailability', 1, 'medium'],
    ['strict-2', 'Developer tools are not allowed', 'DeveloperToolsAvailability', 2, 'medium'],
    ['strict-3', 'Browsing data is cleared on exit', 'ClearBrowsingDataOnExit', true, 'low'],
    ['strict-4', 'Tracking prevention is strict', 'TrackingPrevention', 3, 'low'],
  ]),
];

function findBenchmark(id: string, browser?: PostureBrowser): BenchmarkPolicy {
  const found = BENCHMARKS.find((b) => b.id === id);
  if (!found) throw new HttpError(404, 'Benchmark policy not found.');
  if (browser && found.browser !== browser) {
    throw new HttpError(400, MESSAGES.validationFailed, {
      errors: [{ path: 'params.benchId', key: 'benchmarkNotForBrowser', message: 'This benchmark is for another browser than the policy\'s.' }],
    });
  }
  return found;
}

interface AssessmentRow {
  benchmark_id: string;
  results: AssessmentResult[];
  assessed_at: Date;
  assessed_by: string;
  updated_at: Date;
}

const equalValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The policy's settings checked against the benchmark; `earlier` keeps the review of checks whose outcome is unchanged. */
function evaluate(policy: Row, bench: BenchmarkPolicy, earlier?: readonly AssessmentResult[]): AssessmentResult[] {
  return bench.list.map((rule) => {
    const actual = policy.settings[rule.setting];
    const outcome = actual === undefined ? 'not_configured' : equalValues(actual, rule.expected) ? 'pass' : 'fail';
    const before = earlier?.find((r) => r.rule_id === rule.rule_id && r.outcome === outcome);
    return { ...rule, actual, outcome, review_status: before?.review_status ?? 'unreviewed', review_comment: before?.review_comment ?? '' };
  });
}

function summary(bench: BenchmarkPolicy, row?: AssessmentRow): AssessmentSummary {
  const count = (o: AssessmentResult['outcome']) => row?.results.filter((r) => r.outcome === o).length ?? 0;
  const passed = count('pass');
  return {
    benchmark_id: bench.id,
    benchmark: bench.name,
    assessed: row !== undefined,
    score: row ? Math.round((100 * passed) / Math.max(1, row.results.length)) : null,
    passed,
    failed: count('fail'),
    not_configured: count('not_configured'),
    assessed_at: row ? new Date(row.assessed_at).toISOString() : null,
    assessed_by: row?.assessed_by ?? null,
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

const toAssessment = (policyId: string, bench: BenchmarkPolicy, row: AssessmentRow): Assessment => ({ ...summary(bench, row), policy_id: policyId, results: row.results });

async function findAssessment(db: Db, tenantId: string, policyId: string, benchId: string, forUpdate = false): Promise<AssessmentRow | undefined> {
  const { rows } = await db.query<AssessmentRow>(
    `SELECT benchmark_id, results, assessed_at, assessed_by, updated_at FROM bpm_assessments
     WHERE tenant_id = $1 AND policy_id = $2 AND benchmark_id = $3${forUpdate ? ' FOR UPDATE' : ''}`,
    [tenantId, policyId, benchId],
  );
  return rows[0];
}

/** Runs (or repeats, keeping reviews) the assessment of a policy against a benchmark, stores and audits it. */
interface Actor {
  readonly tenantId: string;
  readonly user: string;
  readonly tenant: string;
  readonly ip: string;
}

const actorOf = (ctx: Parameters<typeof requireCaller>[0] & { readonly request: { readonly ip: string } }): Actor => {
  const caller = requireCaller(ctx);
  return { tenantId: caller.tenantId, user: caller.user.username, tenant: caller.user.tenant_name, ip: ctx.request.ip };
};

/** An audit line of an assessment run or review. */
const auditAssessment = (db: Db, actor: Actor, details: string) =>
  recordAudit(db, actor.tenantId, { action: 'save', user: actor.user, tenant: actor.tenant, area: 'browser-management.assessments', details, result: 'success', ip: actor.ip });

async function runAssessment(db: Db, actor: Actor, policy: Row, bench: BenchmarkPolicy, keepReviews: boolean): Promise<Assessment> {
  const { tenantId, user } = actor;
  const earlier = keepReviews ? await findAssessment(db, tenantId, policy.id, bench.id, true) : undefined;
  const results = evaluate(policy, bench, earlier?.results);
  const now = new Date().toISOString();
  const { rows } = await db.query<AssessmentRow>(
    `INSERT INTO bpm_assessments (tenant_id, policy_id, benchmark_id, results, assessed_at, assessed_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $5)
     ON CONFLICT (tenant_id, policy_id, benchmark_id) DO UPDATE SET results = $4, assessed_at = $5, assessed_by = $6, updated_at = $5
     RETURNING benchmark_id, results, assessed_at, assessed_by, updated_at`,
    [tenantId, policy.id, bench.id, JSON.stringify(results), now, user],
  );
  const assessment = toAssessment(policy.id, bench, rows[0]!);
  await auditAssessment(db, actor, `${policy.name} assessed against ${bench.name}: ${assessment.score}% (${assessment.failed} failed, ${assessment.not_configured} not configured)`);
  return assessment;
}

export const postureModule: ServerModule = {
  name: 'posture',
  implementations: implementAll(postureOps, {
    configSettingDefinitions: async (ctx) =>
      z.toJSONSchema(browserSettingsSchema(ctx.query.platform, ctx.query.browser, ctx.query.version), { target: 'draft-07' }),

    listConfigPolicies: async (ctx) => {
      const { rows } = await ctx.db.query<Row>(
        `SELECT ${COLUMNS} FROM bpm_config_policies WHERE tenant_id = $1 ORDER BY created_at DESC, name`,
        [requireCaller(ctx).tenantId],
      );
      return { list: rows.map(toPolicy) };
    },

    createConfigPolicy: async (ctx) => {
      const { tenantId, user } = requireCaller(ctx);
      const { uploadFile, createdBy, name } = ctx.body;
      if (createdBy !== undefined && createdBy !== user.username) {
        throw new HttpError(400, MESSAGES.validationFailed, { errors: [{ path: 'createdBy', key: 'notCaller', message: 'Must be the signed-in user.' }] });
      }
      const input = { ...uploadFile, name };
      return toPolicy(await insertPolicy(ctx.db, tenantId, input, user.username, new Date().toISOString(), 'uploadFile.settings'));
    },

    getConfigPolicy: async (ctx) => toPolicy(await findPolicy(ctx.db, requireCaller(ctx).tenantId, ctx.params.id)),

    exportConfigPolicy: async (ctx) => {
      const policy = toPolicy(await findPolicy(ctx.db, requireCaller(ctx).tenantId, ctx.params.id));
      if (!exportable(policy.platform, ctx.query.format)) {
        throw new HttpError(400, MESSAGES.validationFailed, {
          errors: [{ path: 'format', key: 'formatNotForPlatform', message: `A ${policy.platform} policy cannot be exported in this format.` }],
        });
      }
      const [extension, type] = EXPORT_FILES[ctx.query.format];
      sendAsFile(ctx.reply, policy.name, extension, type, 'browser-policy');
      return exportPolicy(policy, ctx.query.format);
    },

    listBenchmarkPolicies: async () => ({ list: BENCHMARKS.map(({ list: _checks, ...rest }) => rest) }),

    getBenchmarkPolicy: async (ctx) => findBenchmark(ctx.params.id),

    listAssessments: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const policy = await findPolicy(ctx.db, tenantId, ctx.params.id);
      const { rows } = await ctx.db.query<AssessmentRow>(
        'SELECT benchmark_id, results, assessed_at, assessed_by, updated_at FROM bpm_assessments WHERE tenant_id = $1 AND policy_id = $2',
        [tenantId, policy.id],
      );
      return { list: BENCHMARKS.filter((b) => b.browser === policy.browser).map((b) => summary(b, rows.find((r) => r.benchmark_id === b.id))) };
    },

    getAssessment: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const policy = await findPolicy(ctx.db, tenantId, ctx.params.id);
      const bench = findBenchmark(ctx.params.benchId);
      const row = await findAssessment(ctx.db, tenantId, policy.id, bench.id);
      if (!row) throw new HttpError(404, 'The policy has not been assessed against this benchmark.');
      return toAssessment(policy.id, bench, row);
    },

    queryAssessment: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const policy = await findPolicy(ctx.db, tenantId, ctx.params.id);
      const bench = findBenchmark(ctx.params.benchId);
      const row = await findAssessment(ctx.db, tenantId, policy.id, bench.id);
      if (!row) throw new HttpError(404, 'The policy has not been assessed against this benchmark.');
      const { outcome, review_status, search } = ctx.body;
      const text = search?.toLowerCase();
      const results = row.results.filter(
        (r) =>
          (!outcome || outcome.includes(r.outcome)) &&
          (!review_status || review_status.includes(r.review_status)) &&
          (!text || r.title.toLowerCase().includes(text) || r.setting.toLowerCase().includes(text)),
      );
      return { ...toAssessment(policy.id, bench, row), results };
    },

    assessPolicy: async (ctx) => {
      const actor = actorOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const policy = await findPolicy(tx, actor.tenantId, ctx.params.id, true);
        return runAssessment(tx, actor, policy, findBenchmark(ctx.params.benchId, policy.browser), false);
      });
    },

    reassessPolicy: async (ctx) => {
      const actor = actorOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const policy = await findPolicy(tx, actor.tenantId, ctx.params.id, true);
        const bench = findBenchmark(ctx.params.benchId, policy.browser);
        if (!(await findAssessment(tx, actor.tenantId, policy.id, bench.id))) throw new HttpError(404, 'There is no assessment to repeat: assess the policy first.');
        return runAssessment(tx, actor, policy, bench, true);
      });
    },

    assessAll: async (ctx) => {
      const actor = actorOf(ctx);
      return ctx.db.transaction(async (tx) => {
        const policy = await findPolicy(tx, actor.tenantId, ctx.params.id, true);
        const list: Assessment[] = [];
        for (const bench of BENCHMARKS.filter((b) => b.browser === policy.browser)) list.push(await runAssessment(tx, actor, policy, bench, true));
        return { list };
      });
    },

    setReviewStatus: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      return ctx.db.transaction(async (tx) => {
        const policy = await findPolicy(tx, tenantId, ctx.params.id);
        const bench = findBenchmark(ctx.params.benchId);
        const row = await findAssessment(tx, tenantId, policy.id, bench.id, true);
        if (!row) throw new HttpError(404, 'The policy has not been assessed against this benchmark.');
        if (isStale(ctx.body.updated_at, row.updated_at)) throw new HttpError(409, MESSAGES.staleSave, { current: toAssessment(policy.id, bench, row) });
        const index = row.results.findIndex((r) => r.rule_id === ctx.body.rule_id);
        if (index < 0) {
          throw new HttpError(400, MESSAGES.validationFailed, { errors: [{ path: 'rule_id', key: 'unknownReference', message: 'The benchmark has no such check.' }] });
        }
        const results = row.results.map((r, i) => (i === index ? { ...r, review_status: ctx.body.review_status, review_comment: ctx.body.comment } : r));
        const stamp = new Date(Math.max(Date.now(), new Date(row.updated_at).getTime() + 1)).toISOString();
        const { rows } = await tx.query<AssessmentRow>(
          `UPDATE bpm_assessments SET results = $4, updated_at = $5 WHERE tenant_id = $1 AND policy_id = $2 AND benchmark_id = $3
           RETURNING benchmark_id, results, assessed_at, assessed_by, updated_at`,
          [tenantId, policy.id, bench.id, JSON.stringify(results), stamp],
        );
        await auditAssessment(tx, actorOf(ctx), `${policy.name} / ${bench.name}: check ${ctx.body.rule_id} reviewed as ${ctx.body.review_status}`);
        return toAssessment(policy.id, bench, rows[0]!);
      });
    },

    inputConfigPolicy: async (ctx) => {
      const { name, platform, browser, version, settings, createdBy } = toPolicy(await findPolicy(ctx.db, requireCaller(ctx).tenantId, ctx.params.id));
      return { name, platform, browser, version, settings, createdBy };
    },

    updateConfigPolicy: async (ctx) => {
      const { tenantId, user } = requireCaller(ctx);
      return ctx.db.transaction(async (tx) => {
        const row = await findPolicy(tx, tenantId, ctx.params.id, true);
        if (isStale(ctx.body.updated_at, row.updated_at)) throw new HttpError(409, MESSAGES.staleSave, { current: toPolicy(row) });
        const version = ctx.body.version ?? row.version;
        // A new version can drop settings that browser version does not know: check the result, not only the change.
        const settings = checkedSettings(row.platform, row.browser, version, ctx.body.settings ?? row.settings);
        const { rows } = await tx.query<Row>(
          `UPDATE bpm_config_policies SET name = $3, description = $4, version = $5, settings = $6, updated_at = $7, updated_by = $8
           WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
          [
            tenantId,
            row.id,
            ctx.body.name ?? row.name,
            ctx.body.description ?? row.description,
            version,
            JSON.stringify(settings),
            // A new stamp, even for a change within the millisecond of the last one.
            new Date(Math.max(Date.now(), new Date(row.updated_at).getTime() + 1)).toISOString(),
            user.username,
          ],
        );
        return toPolicy(rows[0]!);
      });
    },

    deleteConfigPolicy: async (ctx) => {
      const { rows } = await ctx.db.query('DELETE FROM bpm_config_policies WHERE tenant_id = $1 AND id = $2 RETURNING id', [
        requireCaller(ctx).tenantId,
        ctx.params.id,
      ]);
      if (rows.length === 0) throw new HttpError(404, 'Configuration policy not found.');
      return { deleted: 1 };
    },

    batchDeleteConfigPolicies: async (ctx) => {
      const { rows } = await ctx.db.query('DELETE FROM bpm_config_policies WHERE tenant_id = $1 AND id = ANY($2::text[]) RETURNING id', [
        requireCaller(ctx).tenantId,
        ctx.body.ids,
      ]);
      return { deleted: rows.length };
    },
  }),

  onStart: async (db) => {
    await db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `INSERT INTO bpm_seeded (tenant_id) SELECT id FROM tenants WHERE id = $1 ON CONFLICT DO NOTHING RETURNING tenant_id`,
        [DEMO_TENANT_ID],
      );
      if (rows.length === 0) return;
      const now = Date.now();
      // Distinct creation times keep the list order stable (newest first).
      for (const [i, p] of DEMO_POLICIES.entries()) await insertPolicy(tx, DEMO_TENANT_ID, p, 'admin', new Date(now - i * 60_000).toISOString());
    });
  },
};
