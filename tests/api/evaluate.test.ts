/** Policy evaluation on the API: the tester's verdicts under the published and the staged revision, and rule analysis. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../definitions';
import { analysis, evaluate, impact, impactCancel, impactJob, type ImpactJob } from '../../definitions/api/evaluate';
import { generateIngestionToken } from '../../definitions/api/ingest';
import { documentOperationIds, isDocumentScreen } from '../../definitions/define';
import { policyModel } from '../../definitions/policy/evaluation';
import { compilePolicy, decideOne } from '../../schemas/evaluate/evaluate';
import { webEventRequest } from '../../schemas/evaluate/fromEvent';
import type { WebEvent } from '../../schemas/logs';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ApiClient, asResponseOf, signedIn, stagedRev } from './helpers';
import { INGEST_PATH, ingestAuth, ndjson, webEvent } from './ingestEvents';

const EXCEPTIONS = '/api/policy/v3/rules/web/exceptions';
const DOMAIN = 'evaltest29.example.org';

interface ExceptionsDoc {
  list: Record<string, unknown>[];
  bypass: unknown[];
  rev_id: number;
}

async function stageExceptions(c: ApiClient, rows: Record<string, unknown>[]) {
  const rev = await stagedRev(c);
  const doc = (await c.get(`${EXCEPTIONS}/${rev}`)).body as ExceptionsDoc;
  const res = await c.put(`${EXCEPTIONS}/${doc.rev_id}`, { body: { ...doc, list: [...rows, ...doc.list.filter((r) => !String(r.id).startsWith('eval29-'))] } });
  expect(res.status).toBe(200);
}

describe('test a request', () => {
  it('answers the staged and the published verdicts with the deciding rule and the trace', async () => {
    const admin = await signedIn('admin');
    await stageExceptions(admin, [
      { id: 'eval29-a', name: 'Block the test site for Sales', enabled: true, action: 'block', transferDirection: 'all', comment: '', conditions: { domain: [DOMAIN], entities: [{ type: 'group', name: 'Sales' }] } },
    ]);
    const res = await admin.post('/api/policy/v1/evaluate', { body: { url: `https://www.${DOMAIN}/path`, user: 'ann', groups: ['Sales'] } });
    expect(res.status).toBe(200);
    const answer = asResponseOf(evaluate, res.body);
    const [published, staged] = answer.revisions;
    expect(published!.revision).toBe('published');
    expect(staged!.revision).toBe('staged');
    const web = (v: typeof staged) => v!.verdict.decisions.find((d) => d.decision === 'web')!;
    expect(web(staged)).toMatchObject({ action: 'block', decidedBy: { area: 'web.exceptions', list: 'list', key: 'eval29-a', position: 1 } });
    expect(web(published).decidedBy?.key).not.toBe('eval29-a');
    const rule = web(staged).lists.find((l) => l.area === 'web.exceptions' && l.list === 'list')!.rules[0]!;
    expect(rule.outcome).toBe('decided');
    expect(rule.conditions.filter((c) => c.result !== 'not-set')).toEqual([
      expect.objectContaining({ label: 'Domains', result: 'match', request: `www.${DOMAIN}` }),
      expect.objectContaining({ label: 'Users and groups', result: 'match' }),
    ]);
    // Everything after the deciding rule is reported as not reached, with the reason.
    const later = web(staged).lists.find((l) => l.area === 'web.categories')!;
    expect(later.rules.every((r) => r.outcome === 'not-reached')).toBe(true);

    // Another group: the rule's group condition fails, and the trace says so.
    const other = asResponseOf(evaluate, (await admin.post('/api/policy/v1/evaluate', { body: { domain: DOMAIN, groups: ['HR'], revisions: ['staged'] } })).body);
    const traced = web(other.revisions[0]).lists.find((l) => l.area === 'web.exceptions' && l.list === 'list')!.rules[0]!;
    expect(traced).toMatchObject({ outcome: 'no-match', reason: 'No match: Users and groups did not hold.' });

    // A mail message: the first attachment rule whose sender domain and content-type group hold decides it.
    const ATTACHMENTS = `/api/policy/v1/rules/smtp/attachments/${await stagedRev(admin)}`;
    const attachments = (await admin.get(ATTACHMENTS)).body as { content_types: { id: string }[]; groups: { id: string }[]; list: { id: string }[]; rev_id: number };
    const mine = (rows: { id: string }[]) => rows.filter((r) => !r.id.startsWith('eval29-'));
    const staged29 = await admin.put(ATTACHMENTS, {
      body: {
        ...attachments,
        content_types: [...mine(attachments.content_types), { id: 'eval29-ct', name: 'Test scripts', fileExtensions: ['e29'], fileMimeTypes: [], fileMagicNames: [] }],
        groups: [...mine(attachments.groups), { id: 'eval29-g', name: 'Test scripts', content_types: ['eval29-ct'], comment: '' }],
        list: [
          { id: 'eval29-mail', name: 'Quarantine test scripts', enabled: true, senders: [DOMAIN], recipients: [], groups: ['eval29-g'], action: 'quarantine', allow_original_download: false, comment: '' },
          // behind the rule above: one address of the same domain, the same group
          { id: 'eval29-mail-narrow', name: 'Deliver them from one sender', enabled: true, senders: [`ops@mail.${DOMAIN}`], recipients: [], groups: ['eval29-g'], action: 'deliver', allow_original_download: false, comment: '' },
          ...mine(attachments.list),
        ],
      },
    });
    expect(staged29.status, staged29.text).toBe(200);
    const mail = async (body: Record<string, unknown>) =>
      asResponseOf(evaluate, (await admin.post('/api/policy/v1/evaluate', { body: { ...body, revisions: ['staged'] } })).body).revisions[0]!.verdict.decisions.find((d) => d.decision === 'email')!;
    const message = await mail({ sender: `billing@mail.${DOMAIN}`, recipient: 'ann@example.com', file_name: 'run.E29' });
    expect(message).toMatchObject({ action: 'quarantine', decidedBy: { area: 'email.attachments', list: 'list', key: 'eval29-mail', position: 1 } });
    // The same message without the attachment: the rule does not apply.
    expect((await mail({ sender: `billing@mail.${DOMAIN}`, recipient: 'ann@example.com' })).decidedBy?.key).not.toBe('eval29-mail');
    // The analysis of the attachment rules names the rule behind it.
    const findings = asResponseOf(analysis, (await admin.get('/api/policy/v1/analysis?area=email.attachments')).body).findings.filter((f) => f.rule.key.startsWith('eval29-') && f.kind !== 'unused');
    expect(findings.map((f) => [f.kind, f.rule.key, f.related.map((r) => r.key)])).toEqual([['shadowed', 'eval29-mail-narrow', ['eval29-mail']]]);
  });

  it('refuses a malformed body with field paths and changes nothing', async () => {
    const admin = await signedIn('admin');
    const res = await admin.post('/api/policy/v1/evaluate', { body: { direction: 'sideways', revisions: [] } });
    expect(res.status).toBe(400);
    const paths = (res.body as { errors: { path: string }[] }).errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['direction', 'revisions']));
  });

  it('analyses the staged rules: a rule behind a broader one is reported with the rule that covers it', async () => {
    const admin = await signedIn('admin');
    await stageExceptions(admin, [
      { id: 'eval29-wide', name: 'Allow the test site', enabled: true, action: 'allow', transferDirection: 'all', comment: '', conditions: { domain: [DOMAIN] } },
      { id: 'eval29-narrow', name: 'Block its uploads', enabled: true, action: 'block', transferDirection: 'uploads', comment: '', conditions: { domain: [`files.${DOMAIN}`] } },
    ]);
    const res = await admin.get('/api/policy/v1/analysis?area=web.exceptions');
    expect(res.status).toBe(200);
    const found = asResponseOf(analysis, res.body).findings.filter((f) => f.rule.key.startsWith('eval29-') && f.kind !== 'unused');
    expect(found).toEqual([
      expect.objectContaining({ kind: 'shadowed', rule: expect.objectContaining({ key: 'eval29-narrow' }), related: [expect.objectContaining({ key: 'eval29-wide' })] }),
    ]);
    expect((await admin.get('/api/policy/v1/analysis?area=nope')).status).toBe(400);
  });
});

describe('impact of a publish (a background job)', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ ownDatabase: true });
    admin = await signedIn('admin', server.url);
    // Many distinct requests, so that a job is still running when it is cancelled right after it starts.
    const token = asResponseOf(generateIngestionToken, (await admin.post('/api/settings/v1/tenants/ingestion_tokens', { body: { name: 'impact test' } })).body);
    const at = Date.now() - 3_600_000;
    for (let batch = 0; batch < 2; batch++) {
      const events = Array.from({ length: 6_000 }, (_, i) => ({ ...webEvent(at - i * 1000, `s${i % 1500}.impact${batch}.example`, `${batch}-${i}`), userid: `user${i % 300}@example.com` }));
      const res = await new ApiClient(server.url).post(INGEST_PATH('web'), { raw: ndjson(events), headers: ingestAuth(token.secret) });
      expect(res.status, res.text).toBe(200);
    }
  }, 240_000);
  afterAll(async () => server?.close());

  const read = async (id: string) => asResponseOf(impactJob, (await admin.get(`/api/policy/v1/impact/${id}`)).body);

  /** Every logged web event of the job's 7 days decided one by one under the two revisions, as the job started. */
  async function directCount(job: ImpactJob) {
    const model = policyModel(registry.screens.filter(isDocumentScreen));
    const documents = async (rev: number) => {
      const docs: Record<string, unknown> = {};
      for (const area of model.areas) {
        const path = registry.operation(documentOperationIds(area.id).read)!.path.replace('{rev}', String(rev));
        const res = await admin.get(path);
        expect(res.status, `${path}: ${res.text}`).toBe(200);
        docs[area.id] = res.body;
      }
      return docs;
    };
    const now = Date.parse(job.created_at);
    const published = compilePolicy(model, await documents(job.published_rev_id));
    const staged = compilePolicy(model, await documents(job.staged_rev_id));
    const range = `start=${Math.ceil(now / 1000) - 7 * 86_400}&end=${Math.floor(now / 1000)}`;
    let page = (await admin.get(`/api/rep/v1/query/web?${range}&limit=1000`)).body;
    let events = 0;
    let changed = 0;
    const transitions = new Map<string, number>();
    const users = new Set<string>();
    for (;;) {
      for (const { event } of page.events as { event: WebEvent }[]) {
        events++;
        const { time: _time, ...request } = webEventRequest(event);
        const from = decideOne(published, 'web', request, now)!.action;
        const to = decideOne(staged, 'web', request, now)!.action;
        if (from === to) continue;
        changed++;
        users.add(event.userid);
        transitions.set(`${from} → ${to}`, (transitions.get(`${from} → ${to}`) ?? 0) + 1);
      }
      if (page.paginate.last_iteration) break;
      page = (await admin.post(`/api/rep/v1/query/web?${range}`, { body: { pagingIdentifiers: page.paginate.pagingIdentifiers } })).body;
    }
    return { events, changed, users: users.size, transitions: Object.fromEntries(transitions) };
  }

  // First, while the store's pages are cold: a job then runs long enough to be cancelled right after it starts.
  it('can be cancelled: the job stops without a result, and a second cancel answers 409', async () => {
    const job = asResponseOf(impact, (await admin.post('/api/policy/v1/impact', {})).body);
    const res = await admin.post(`/api/policy/v1/impact/${job.id}/cancel`, {});
    expect(res.status, res.text).toBe(200);
    expect(asResponseOf(impactCancel, res.body)).toMatchObject({ status: 'cancelled', reason: 'Cancelled by an administrator' });
    await new Promise((r) => setTimeout(r, 1500));
    const later = await read(job.id);
    expect(later.status).toBe('cancelled');
    expect(later.result).toBeUndefined();
    expect((await admin.post(`/api/policy/v1/impact/${job.id}/cancel`, {})).status).toBe(409);
  });

  it('starts, reports progress, and finishes with the counts a direct evaluation of every event gives', async () => {
    await stageExceptions(admin, [
      { id: 'eval29-impact', name: 'Block the search engine and the test sites', enabled: true, action: 'block', transferDirection: 'all', comment: '', conditions: { domain: ['google.com', 'impact0.example'] } },
    ]);
    const started = await admin.post('/api/policy/v1/impact', {});
    expect(started.status, started.text).toBe(200);
    let job = asResponseOf(impact, started.body);
    expect(['queued', 'running']).toContain(job.status);
    expect(job.result).toBeUndefined();
    const progress = [job.progress];
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setTimeout(r, 50));
      job = await read(job.id);
      progress.push(job.progress);
    }
    expect(job.status, job.reason).toBe('finished');
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);

    const result = job.result!;
    const direct = await directCount(job);
    expect(result.events).toBe(direct.events);
    expect(result.changed).toBe(direct.changed);
    expect(result.users).toBe(direct.users);
    expect(Object.fromEntries(result.transitions.map((t) => [`${t.from} → ${t.to}`, t.events]))).toEqual(direct.transitions);
    expect(result.changed).toBeGreaterThanOrEqual(6_000);
    const test = result.by_domain.filter((g) => g.key.endsWith('.impact0.example'));
    expect(test.length).toBeGreaterThan(0);
    expect(test.flatMap((g) => g.examples).every((e) => e.to === 'block' && e.from !== 'block' && e.request.domain?.endsWith('.impact0.example'))).toBe(true);
    expect(result.by_domain.some((g) => g.key.endsWith('.impact1.example'))).toBe(false);
    expect(result.by_user.some((g) => g.key.endsWith('@example.com'))).toBe(true);

    // With user names anonymised (General), the same counts, every user a pseudonym and no example naming one.
    const GENERAL = '/api/settings/v1/tenants/global_settings';
    const anonymise = async (on: boolean) => expect((await admin.put(GENERAL, { body: { ...(await admin.get(GENERAL)).body, anonymize_users: on } })).status).toBe(200);
    await anonymise(true);
    try {
      let hidden = asResponseOf(impact, (await admin.post('/api/policy/v1/impact', {})).body);
      while (hidden.status === 'queued' || hidden.status === 'running') {
        await new Promise((r) => setTimeout(r, 100));
        hidden = await read(hidden.id);
      }
      const anonymised = hidden.result!;
      expect(anonymised.changed).toBe(result.changed);
      expect(anonymised.by_user.length).toBe(result.by_user.length);
      expect(anonymised.by_user.every((g) => /^User [0-9a-f]{12}$/.test(g.key))).toBe(true);
      const examples = [...anonymised.by_user, ...anonymised.by_domain, ...anonymised.by_category].flatMap((g) => g.examples);
      expect(examples.length).toBeGreaterThan(0);
      expect(examples.filter((e) => !(/^User [0-9a-f]{12}$/.test(e.user) && e.request.user === undefined))).toEqual([]);
    } finally {
      await anonymise(false);
    }
    await stageExceptions(admin, []);
  }, 180_000);

  it("keeps a tenant's jobs to itself and refuses an id that is not a job's", async () => {
    const job = asResponseOf(impact, (await admin.post('/api/policy/v1/impact', {})).body);
    const other = await signedIn('other-admin', server.url);
    expect((await other.get(`/api/policy/v1/impact/${job.id}`)).status).toBe(404);
    expect((await other.post(`/api/policy/v1/impact/${job.id}/cancel`, {})).status).toBe(404);
    const bad = await admin.get('/api/policy/v1/impact/not-a-job');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('params.id');
  });
});
