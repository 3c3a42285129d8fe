/**
 * The `portal` command of the client package, run as a process against the live server as an administrator runs it:
 * sign in, export every area, plan, apply with a reason, check drift; a read-only role, a file the portal refuses, a
 * change made in the portal between plan and apply, and one set of files applied to three tenants by an operator.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_PACKAGE_DIR } from '../../codegen/client';
import { ROOT } from '../../codegen/load';
import { registry } from '../../definitions';
import { isDocumentScreen, type ChoicesFrom } from '../../definitions/define';
import { changeLines, describeChanges } from '../../engine/core/changes';
import { nameSourcesOf } from '../../engine/render/changes/changeData';
import { changeOptionsOf } from '../../engine/render/changes/screenChanges';
import type { SelectOption } from '../../engine/render/form/schemaFields';
import { ApiClient, baseUrl, signedIn, SSL_BYPASS, stagedRev } from './helpers';
import { API, newTenant, operator } from './providerClient';

const BIN = join(ROOT, CLIENT_PACKAGE_DIR, 'bin/portal.mjs');
const AREA = 'web.ssl-bypass';
const FILE = `${AREA}.yaml`;

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

let dir: string;

/** Runs `portal ARGS` as a process with its own profile file and the given environment; stdin when given. */
function portal(args: readonly string[], env: Record<string, string> = {}, stdin?: string): Promise<Run> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: dir, PORTAL_PROFILE: join(dir, 'profile.json'), ...env }, timeout: 120_000 },
      (error, stdout, stderr) => done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}

const at = (...parts: string[]) => join(dir, ...parts);
const readDoc = (folder: string) => parse(readFileSync(at(folder, FILE), 'utf8')) as { list: Record<string, unknown>[] };
const writeDoc = (folder: string, doc: unknown) => writeFileSync(at(folder, FILE), stringify(doc));

/**
 * The publish review's lines for the areas of revision `rev`, as the portal computes them from policy.changes, with
 * the names of referenced ids read from the screens' option sources at that revision (as the review loads them).
 */
async function reviewLines(client: ApiClient, rev: number): Promise<string[]> {
  const changes = (await client.get(`/api/policy/v1/revisions/${rev}/changes`)).body as { areas: { screen_id: string; before: object; after: object }[] };
  const lines: string[] = [];
  for (const a of changes.areas) {
    const screen = registry.screen(a.screen_id);
    if (!screen || !isDocumentScreen(screen)) throw new Error(`No document screen ${a.screen_id}`);
    const names = new Map<string, SelectOption[]>();
    for (const [path, from] of Object.entries(nameSourcesOf(screen))) {
      const source = 'screen' in from ? registry.screen(from.screen.id) : undefined;
      const [endpoint, rows] = source && isDocumentScreen(source) ? [source.endpoint.path, (from as { rows: string }).rows] : [(from as ChoicesFrom).operation.path, (from as ChoicesFrom).list];
      const answer = (await client.get(endpoint.replace('{rev}', String(rev)))).body as Record<string, unknown>;
      const list = rows.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], answer);
      names.set(path, (Array.isArray(list) ? (list as Record<string, unknown>[]) : []).map((r) => ({ value: String(r[from.value]), label: String(r[from.label]) })));
    }
    lines.push(...changeLines(describeChanges(screen.schema, a.before, a.after, changeOptionsOf(screen, names))));
  }
  return lines;
}

const history = async (client: ApiClient) => (await client.get('/api/policy/v1/revisions?limit=1')).body as { total: number; revisions: { rev_id: number; reason: string; published_by: string }[] };

let tenant: Awaited<ReturnType<typeof newTenant>>;
let tenantAdmin: ApiClient;
const asTenantAdmin = () => ({ PORTAL_URL: baseUrl(), PORTAL_USER: tenant.admin, PORTAL_PASSWORD: tenant.password });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
  // Earlier test files may leave Demo Corp with saves not yet published: the round trip starts from a published policy.
  const demoAdmin = await signedIn('admin');
  await demoAdmin.post(`/api/policy/v1/rules/${await stagedRev(demoAdmin)}`, { body: { reason: 'Published before the CLI tests' } });
  tenant = await newTenant(await operator());
  tenantAdmin = new ApiClient();
  expect((await tenantAdmin.login(tenant.admin, tenant.password)).status).toBe(200);
  // Two published bypass entries to edit.
  const rev = await stagedRev(tenantAdmin);
  const current = (await tenantAdmin.get(`${SSL_BYPASS}/${rev}`)).body as Record<string, unknown>;
  const list = [
    { id: 'cli-1', destination: '*.bank.example', comment: 'Online banking', enabled: true },
    { id: 'cli-2', destination: '*.health.example', comment: '', enabled: true },
  ];
  expect((await tenantAdmin.put(`${SSL_BYPASS}/${rev}`, { body: { ...current, list } })).status).toBe(200);
  expect((await tenantAdmin.post(`/api/policy/v1/rules/${rev}`, { body: { reason: 'Entries for the CLI test' } })).status).toBe(200);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the portal command', { timeout: 120_000 }, () => {
  it('signs in with a password and keeps the session in a profile only its owner can read, without the password', async () => {
    const login = await portal(['login', '--url', baseUrl(), '--user', 'admin', '--password-stdin'], {}, 'admin-demo\n');
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    expect(statSync(at('profile.json')).mode & 0o777).toBe(0o600);
    const profile = readFileSync(at('profile.json'), 'utf8');
    expect(profile).not.toContain('admin-demo');
    expect(JSON.parse(profile)).toMatchObject({ url: baseUrl(), kind: 'tenant', user: 'admin' });
  });

  it('exports every area of the seeded tenant without stamps or secret values, and a plan of the export changes nothing', async () => {
    const exported = await portal(['export', at('demo')]);
    expect(exported.code).toBe(0);
    const files = readdirSync(at('demo'));
    expect(files.length).toBeGreaterThan(50);
    const texts = files.map((f) => readFileSync(at('demo', f), 'utf8')).join('\n');
    expect(texts).not.toMatch(/^\s*(updated_at|updated_by|rev_id|state):/m);
    expect(texts).not.toContain('********');
    expect(texts).toContain('$secret: stored');
    // Rows keep their order as one list.
    const rows = readDoc('demo').list;
    const admin = await signedIn('admin');
    const live = (await admin.get(`${SSL_BYPASS}/${await stagedRev(admin)}`)).body as { list: { id: string }[] };
    expect(rows.map((r) => r.id)).toEqual(live.list.map((r) => r.id));

    const plan = await portal(['plan', at('demo')]);
    expect(plan.stderr).toBe('');
    expect(plan.stdout.trim()).toBe(`No changes: ${files.length} areas match the files.`);
    expect(plan.code).toBe(0);
  });

  it('lets a read-only role (an API token from the environment) plan and check drift, and refuses its apply before anything is sent', async () => {
    cpSync(at('demo'), at('auditor'), { recursive: true });
    const doc = readDoc('auditor');
    doc.list[0]!.comment = 'Changed by an auditor';
    writeDoc('auditor', doc);
    // In the firewall rules: a rule's services left out (its default, empty, means any service) and the last rule moved first.
    const rulesFile = at('auditor', 'fwaas.rules.yaml');
    const rules = parse(readFileSync(rulesFile, 'utf8')) as { data: { name: string; services?: string[] }[] };
    const services = (parse(readFileSync(at('auditor', 'fwaas.services.yaml'), 'utf8')) as { data: { id: string; name: string }[] }).data;
    const widened = rules.data.find((r) => r.services?.length === 1)!;
    const service = services.find((s) => s.id === widened.services![0])!;
    delete widened.services;
    const last = rules.data.pop()!;
    rules.data.unshift(last);
    writeFileSync(rulesFile, stringify(rules));
    const made = await (await signedIn('admin')).post('/api/settings/v1/tenants/api_tokens', { body: { name: 'CLI test', role: 'auditor', expires_in_days: 1 } });
    expect(made.status).toBe(200);
    const auditor = { PORTAL_URL: baseUrl(), PORTAL_TOKEN: made.body.secret as string };
    const plan = await portal(['plan', at('auditor')], auditor);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(`${AREA} (SSL Bypass): 1 change`);
    // The ids of services named as the publish review names them; the left-out field said in words; the move alone.
    expect(plan.stdout).toContain(
      [
        'fwaas.rules (Firewall Rules): 2 changes',
        `  Firewall rules: “${widened.name}”`,
        `    Services: − ${service.name}`,
        `  Firewall rules: “${last.name}” moved from ${rules.data.length} to 1`,
        `  Note: Firewall rules: “${widened.name}”: Services is left out of the file, so it takes its default: (none) (Ids of services; empty: any service).`,
      ].join('\n'),
    );
    expect((await portal(['drift', at('auditor')], auditor)).code).toBe(2);

    const admin = await signedIn('admin');
    const before = (await admin.get('/api/policy/v1/rules')).body;
    const apply = await portal(['apply', at('auditor'), '--reason', 'Not allowed'], auditor);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(`Your role may not change fwaas.rules, ${AREA}. Nothing was sent.`);
    expect((await admin.get('/api/policy/v1/rules')).body).toEqual(before);
  });

  it('refuses a file its area schema refuses before any call, naming the file, the area and the field', async () => {
    cpSync(at('demo'), at('bad'), { recursive: true });
    const doc = readDoc('bad');
    doc.list[1]!.enabled = 'yes';
    writeDoc('bad', doc);
    // No portal answers at this address: the refusal comes from the files alone.
    const plan = await portal(['plan', at('bad')], { PORTAL_URL: 'http://127.0.0.1:9' });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(`${at('bad', FILE)}: SSL Bypass (${AREA}): list.1.enabled:`);
  });

  it('plans one edited row as the publish review shows it, publishes exactly it with the reason, and publishes nothing the second time', async () => {
    expect((await portal(['export', at('mine')], asTenantAdmin())).code).toBe(0);
    const doc = readDoc('mine');
    const row = doc.list[0];
    const old = String(row!.comment);
    row!.comment = 'Edited in git';
    writeDoc('mine', doc);

    const plan = await portal(['plan', at('mine')], asTenantAdmin());
    expect(plan.code).toBe(2);
    const [head, ...lines] = plan.stdout.trimEnd().split('\n');
    expect(head).toBe(`${AREA} (SSL Bypass): 1 change`);
    expect(lines.pop()).toBe(`Plan: 1 of ${readdirSync(at('mine')).length} areas.`);
    const planned = lines.map((l) => l.replace(/^ {2}/, ''));
    expect(planned.join('\n')).toContain(`“${String(row!.destination)}”`);
    expect(planned.join('\n')).toContain(`Comment: ${old || '(none)'} → Edited in git`);

    const reason = 'Comment of the first bypass entry, from git';
    const apply = await portal(['apply', at('mine'), '--reason', reason], asTenantAdmin());
    expect(apply.stderr).toBe('');
    expect(apply.code).toBe(0);
    const published = await history(tenantAdmin);
    expect(published.revisions[0]).toMatchObject({ reason, published_by: tenant.admin });
    expect(await reviewLines(tenantAdmin, published.revisions[0]!.rev_id)).toEqual(planned);

    const again = await portal(['apply', at('mine'), '--reason', reason], asTenantAdmin());
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing to apply');
    expect((await history(tenantAdmin)).total).toBe(published.total);
    const drift = await portal(['drift', at('mine')], asTenantAdmin());
    expect(drift.code).toBe(0);
  });

  it('reports a value the portal refuses with the file, the area and the field, and leaves nothing staged', async () => {
    cpSync(at('mine'), at('refused'), { recursive: true });
    const doc = readDoc('refused');
    doc.list[0]!.destination = 'not a host name!';
    writeDoc('refused', doc);
    const apply = await portal(['apply', at('refused'), '--reason', 'A bad destination'], asTenantAdmin());
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(`${at('refused', FILE)}: SSL Bypass (${AREA}): list.0.destination:`);
    const revision = (await tenantAdmin.get('/api/policy/v1/rules')).body as { staged_rev_id: number };
    expect((await tenantAdmin.get(`/api/policy/v1/revisions/${revision.staged_rev_id}/changes`)).body.areas).toEqual([]);
  });

  it('applies one set of files to three tenants through the provider API, a line for each and a summary', async () => {
    const op = await operator();
    const tenants = ((await op.get(`${API}/v1/tenants`)).body as { tenants: { tid: string; name: string }[] }).tenants.filter((t) =>
      ['Demo Corp', 'Other Corp', tenant.name].includes(t.name),
    );
    expect(tenants).toHaveLength(3);
    const policyOf = async (tid: string) => (await op.get(`${API}/v1/tenants/${tid}/policy`)).body as { data: Record<string, unknown>; staged_rev_id: number; state: string; updated_at: string };
    const saved = new Map<string, unknown>();
    for (const t of tenants) {
      let p = await policyOf(t.tid);
      if (p.state === 'staged') {
        // Unpublished changes left by other tests of this run: put live first, as their administrators would.
        await op.post(`${API}/v1/tenants/${t.tid}/policy/publish`, { body: { staged_rev_id: p.staged_rev_id, updated_at: p.updated_at, reason: 'Published before the CLI test' } });
        p = await policyOf(t.tid);
      }
      saved.set(t.tid, p.data[AREA]);
    }
    const files = at('provider');
    mkdirSync(files);
    cpSync(at('mine', FILE), join(files, FILE));
    const doc = readDoc('provider');
    doc.list.push({ destination: '*.cli-provider.example', comment: 'Rolled out by the provider' });
    writeDoc('provider', doc);
    const names = tenants.flatMap((t) => ['--tenant', t.name]);
    const operatorEnv = { PORTAL_URL: baseUrl(), PORTAL_USER: 'operator', PORTAL_PASSWORD: 'operator-demo' };
    try {
      const apply = await portal(['apply', files, ...names, '--reason', 'Provider bypass rollout'], operatorEnv);
      expect(apply.stderr).toBe('');
      const lines = apply.stdout.trim().split('\n');
      for (const t of tenants) expect(lines.find((l) => l.startsWith(`${t.name}: published revision`))).toContain('+ *.cli-provider.example');
      expect(lines.at(-1)).toBe('3 tenants: 3 applied, 0 unchanged, 0 failed.');
      expect(apply.code).toBe(0);
      for (const t of tenants) {
        const revisions = (await op.get(`${API}/v1/tenants/${t.tid}/policy/revisions?limit=1`)).body as { revisions: { reason: string; areas: string[] }[] };
        expect(revisions.revisions[0]).toMatchObject({ reason: 'Provider bypass rollout', areas: [AREA] });
      }
      const drift = await portal(['drift', files, ...names], operatorEnv);
      expect(drift.stdout.trim().split('\n').at(-1)).toBe('3 tenants: 0 drifted, 3 unchanged, 0 failed.');
      expect(drift.code).toBe(0);
    } finally {
      // The demo tenants' entries as they were, for the tests that follow.
      for (const t of tenants.filter((x) => x.name !== tenant.name)) {
        const p = await policyOf(t.tid);
        const put = await op.put(`${API}/v1/tenants/${t.tid}/policy`, { body: { staged_rev_id: p.staged_rev_id, state: p.state, updated_at: p.updated_at, data: { [AREA]: saved.get(t.tid) } } });
        await op.post(`${API}/v1/tenants/${t.tid}/policy/publish`, { body: { staged_rev_id: put.body.staged_rev_id, updated_at: put.body.updated_at, reason: 'Restored after the CLI test' } });
      }
    }
  });

  it('reports a change made in the portal between plan and apply, names who made it, and overwrites nothing', async () => {
    const doc = readDoc('mine');
    doc.list[0]!.comment = 'Edited in git again';
    writeDoc('mine', doc);
    const planned = await portal(['plan', at('mine'), '--out', at('plan.json')], asTenantAdmin());
    expect(planned.code).toBe(2);

    const rev = await stagedRev(tenantAdmin);
    const live = (await tenantAdmin.get(`${SSL_BYPASS}/${rev}`)).body as { list: { enabled: boolean }[] };
    live.list[0]!.enabled = !live.list[0]!.enabled;
    expect((await tenantAdmin.put(`${SSL_BYPASS}/${rev}`, { body: live })).status).toBe(200);
    const before = await history(tenantAdmin);
    // Drift names the entry and words the portal's change as its own review did (from the files to the portal).
    const drift = await portal(['drift', at('mine')], asTenantAdmin());
    expect(drift.code).toBe(2);
    const onOff = (on: boolean) => (on ? 'On' : 'Off');
    expect(drift.stdout).toContain(`saved in the portal but not yet published, differs from ${at('mine', FILE)} (file → portal):`);
    expect(drift.stdout).toContain(`  Bypass entries: “${String(doc.list[0]!.destination)}”\n`);
    expect(drift.stdout).toContain(`    Enabled: ${onOff(!live.list[0]!.enabled)} → ${onOff(live.list[0]!.enabled)}\n`);

    const apply = await portal(['apply', at('mine'), '--reason', 'Too late', '--plan', at('plan.json')], asTenantAdmin());
    expect(apply.code).toBe(1);
    expect(apply.stderr).toMatch(new RegExp(`${AREA.replace('.', '\\.')} \\(SSL Bypass\\) was changed in the portal since the plan, by ${tenant.admin} at \\d{4}-`));
    const after = (await tenantAdmin.get(`${SSL_BYPASS}/${rev}`)).body as { list: { enabled: boolean; comment: string }[] };
    expect(after.list[0]).toMatchObject({ enabled: live.list[0]!.enabled, comment: 'Edited in git' });
    expect((await history(tenantAdmin)).total).toBe(before.total);

    // Without the plan file the apply sees the unpublished portal change and still publishes nothing.
    const unplanned = await portal(['apply', at('mine'), '--reason', 'Too late'], asTenantAdmin());
    expect(unplanned.code).toBe(1);
    expect(unplanned.stderr).toMatch(new RegExp(`saved in the portal but not published: ${AREA.replace('.', '\\.')} \\(SSL Bypass\\), saved by ${tenant.admin} at \\d{4}-`));
    expect((await history(tenantAdmin)).total).toBe(before.total);
  });
});
