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
  type ConfigPolicy,
  type ConfigPolicyInput,
  type PostureBrowser,
  type PosturePlatform,
} from '../../schemas/areas/browserPosture';
import { MESSAGES } from '../../schemas/constants';
import { fieldErrors } from '../../schemas/http';
import { DEMO_TENANT_ID } from '../seed/demo';
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
function checkedSettings(platform: PosturePlatform, browser: PostureBrowser, version: string, settings: unknown): Record<string, unknown> {
  const r = browserSettingsSchema(platform, browser, version).safeParse(settings);
  if (!r.success) throw new HttpError(400, MESSAGES.validationFailed, { errors: fieldErrors(r.error, 'settings') });
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

async function insertPolicy(db: Db, tenantId: string, input: ConfigPolicyInput, user: string, now: string): Promise<Row> {
  const settings = checkedSettings(input.platform, input.browser, input.version, input.settings);
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

/** Whether a policy of this platform exports to the format; the registry formats are Windows only. */
const exportable = (platform: PosturePlatform, format: ExportFormat) =>
  format === 'microsoftIntune' ? platform !== 'linux' : platform === 'windows';

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
      return toPolicy(await insertPolicy(ctx.db, tenantId, ctx.body, user.username, new Date().toISOString()));
    },

    getConfigPolicy: async (ctx) => toPolicy(await findPolicy(ctx.db, requireCaller(ctx).tenantId, ctx.params.id)),

    exportConfigPolicy: async (ctx) => {
      const policy = toPolicy(await findPolicy(ctx.db, requireCaller(ctx).tenantId, ctx.params.id));
      if (!exportable(policy.platform, ctx.query.format)) {
        throw new HttpError(400, MESSAGES.validationFailed, {
          errors: [{ path: 'format', key: 'formatNotForPlatform', message: `A ${policy.platform} policy cannot be exported in this format.` }],
        });
      }
      return exportPolicy(policy, ctx.query.format);
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
