/** Policy evaluation on the API: the tester's verdicts under the published and the staged revision, and rule analysis. */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../definitions';
import { analysis, evaluate, impact, impactCancel, impactJob, type ImpactJob } from '../../definitions/api/evaluate';
import { generateIngestionToken } from '../../definitions/api/ingest';
import { documentOperationIds, isDocumentScreen } from '../../definitions/define';
import { policyModel } from '../../definitions/policy/evaluation';
import { compilePolicy, decideOne } from '../../schemas/evaluate/evaluate';
import { emailEventRequest, webEventRequest } from '../../schemas/evaluate/fromEvent';
import type { ImpactSummary } from '../../schemas/evaluate/impact';
import type { EmailEvent, WebEvent } from '../../schemas/logs';
import { killed, killSpawnedServers, spawnServer } from '../setup/spawn-server';
import { seededStoreFolder, startTestServer, type TestServer } from '../setup/start-server';
import { ApiClient, asResponseOf, signedIn, stagedRev } from './helpers';
import { API, operator } from './providerClient';
import { emailEvent, INGEST_PATH, ingestAuth, ndjson, webEvent } from './ingestEvents';

const EXCEPTIONS = '/api/policy/v3/rules/web/exceptions';
const ATTACHMENTS = '/api/policy/v1/rules/smtp/attachments/{rev}';
const LINK_RULES = '/api/policy/v1/rules/safemail/isolation/{rev}';
const DOMAIN = 'evaltest29.example.org';
/** The site whose logged requests differ only in their path or user agent. */
const PATHS = 'paths29.example';
/** The sender domain of the mail the impact test's link rule blocks. */
const MAIL_SENDERS = 'impact-mail29.example';
/** A content-type group of attachments with the extension e29, for the attachment rules. */
const TEST_SCRIPTS = {
  content_types: [{ id: 'eval29-ct', name: 'Test scripts', fileExtensions: ['e29'], fileMimeTypes: [], fileMagicNames: [] }],
  groups: [{ id: 'eval29-g', name: 'Test scripts', content_types: ['eval29-ct'], comment: '' }],
};

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

/**
 * Stages the staged document at `path` (`{rev}` in it) with `rows` first in each of its lists they name, in place of
 * the rows this file staged there before (ids starting with eval29-).
 */
async function stageRows(c: ApiClient, path: string, rows: Record<string, Record<string, unknown>[]>) {
  const at = path.replace('{rev}', String(await stagedRev(c)));
  const doc = (await c.get(at)).body as Record<string, { id: string }[]>;
  const lists = Object.entries(rows).map(([list, mine]) => [list, [...mine, ...doc[list]!.filter((r) => !r.id.startsWith('eval29-'))]]);
  const res = await c.put(at, { body: { ...doc, ...Object.fromEntries(lists) } });
  expect(res.status, res.text).toBe(200);
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
    await stageRows(admin, ATTACHMENTS, {
      ...TEST_SCRIPTS,
      list: [
        { id: 'eval29-mail', name: 'Quarantine test scripts', enabled: true, senders: [DOMAIN], recipients: [], groups: ['eval29-g'], action: 'quarantine', allow_original_download: false, comment: '' },
        // behind the rule above: one address of the same domain, the same group
        { id: 'eval29-mail-narrow', name: 'Deliver them from one sender', enabled: true, senders: [`ops@mail.${DOMAIN}`], recipients: [], groups: ['eval29-g'], action: 'deliver', allow_original_download: false, comment: '' },
      ],
    });
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
  /** On PGlite, the store folder of the servers below: kept past a server, so that another can open it after a restart. */
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = process.env.DATABASE_URL ? undefined : await seededStoreFolder();
    server = await startTestServer(dataDir ? { env: { DATA_DIR: dataDir } } : { ownDatabase: true });
    admin = await signedIn('admin', server.url);
    const token = asResponseOf(generateIngestionToken, (await admin.post('/api/settings/v1/tenants/ingestion_tokens', { body: { name: 'impact test' } })).body);
    const ingest = async (type: string, events: readonly unknown[]) => {
      const res = await new ApiClient(server.url).post(INGEST_PATH(type), { raw: ndjson(events), headers: ingestAuth(token.secret) });
      expect(res.status, res.text).toBe(200);
    };
    const at = Date.now() - 3_600_000;
    // Many distinct requests, so that a job is still running when it is cancelled right after it starts.
    for (let batch = 0; batch < 2; batch++) {
      await ingest('web', Array.from({ length: 6_000 }, (_, i) => ({ ...webEvent(at - i * 1000, `s${i % 1500}.impact${batch}.example`, `${batch}-${i}`), userid: `user${i % 300}@example.com` })));
    }
    // Mail for the staged link and attachment rules: messages with a link from MAIL_SENDERS, and attachments named
    // with the extension e29 (but no file type) from another sender.
    await ingest('email', [
      ...Array.from({ length: 300 }, (_, i) => ({ ...emailEvent(at - i * 1000, `billing@${MAIL_SENDERS}`, `<l${i}@${MAIL_SENDERS}>`), userid: `user${i % 30}@example.com`, recipient: `user${i % 30}@example.com` })),
      ...Array.from({ length: 100 }, (_, i) => ({ ...emailEvent(at - i * 1000, 'ops@partner29.example', `<a${i}@partner29.example>`), urls: 0, attachments: 1, file_name: `run-${i}.E29` })),
    ]);
    // Requests to one site that differ only in their path (docs or admin) or their user agent (every fourth is curl's).
    await ingest('web', Array.from({ length: 40 }, (_, i) => ({ ...webEvent(at - i * 1000, PATHS, `${i % 2 ? 'admin' : 'docs'}/${i}`), ...(i % 4 === 0 ? { 'user-agent': 'curl/8.5' } : {}) })));
  }, 240_000);
  afterAll(async () => {
    killSpawnedServers();
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const read = async (id: string, as = admin) => asResponseOf(impactJob, (await as.get(`/api/policy/v1/impact/${id}`)).body);
  const start = async (as = admin) => {
    const res = await as.post('/api/policy/v1/impact', {});
    expect(res.status, res.text).toBe(200);
    return asResponseOf(impact, res.body);
  };
  /** Reads the job until it has ended; the progress read on the way. */
  async function untilEnded(job: ImpactJob, as = admin): Promise<{ job: ImpactJob; progress: number[] }> {
    const progress = [job.progress];
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setTimeout(r, 50));
      job = await read(job.id, as);
      progress.push(job.progress);
    }
    return { job, progress };
  }
  /** Runs `fn` with the tenant's user names anonymised (General), then shows them again. */
  async function withUsersAnonymised(fn: () => Promise<void>) {
    const GENERAL = '/api/settings/v1/tenants/global_settings';
    const anonymise = async (on: boolean) => expect((await admin.put(GENERAL, { body: { ...(await admin.get(GENERAL)).body, anonymize_users: on } })).status).toBe(200);
    await anonymise(true);
    try {
      await fn();
    } finally {
      await anonymise(false);
    }
  }

  /**
   * Every logged web request and mail message of the job's 7 days decided one by one under the two revisions, as the
   * job started: a request by its web action, a message by its email action.
   */
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
    // The job replays [now − 7 days, now] to the millisecond; the log call takes whole seconds, so it is asked for the
    // seconds around that and each event is kept by its own time. (Asked for the whole seconds inside the window, an
    // event in the part of a second at its start was counted by the job and not here, as the demo's oldest events
    // pass that edge while the suite runs.)
    const since = now - 7 * 86_400_000;
    const range = `start=${Math.floor(since / 1000)}&end=${Math.floor(now / 1000) + 1}`;
    const inRange = (event: { timestamp: string }) => Date.parse(event.timestamp) >= since && Date.parse(event.timestamp) <= now;
    const requestOf = (kind: 'web' | 'email', event: unknown) => (kind === 'web' ? webEventRequest(event as WebEvent) : emailEventRequest(event as EmailEvent));
    let events = 0;
    let emails = 0;
    let changed = 0;
    const transitions = new Map<string, number>();
    const users = new Set<string>();
    for (const kind of ['web', 'email'] as const) {
      let page = (await admin.get(`/api/rep/v1/query/${kind}?${range}&limit=1000`)).body;
      for (;;) {
        for (const { event } of page.events as { event: { userid: string; timestamp: string } }[]) {
          if (!inRange(event)) continue;
          events++;
          if (kind === 'email') emails++;
          const { time: _time, ...request } = requestOf(kind, event);
          const from = decideOne(published, kind, request, now)!.action;
          const to = decideOne(staged, kind, request, now)!.action;
          if (from === to) continue;
          changed++;
          users.add(event.userid);
          transitions.set(`${kind}: ${from} → ${to}`, (transitions.get(`${kind}: ${from} → ${to}`) ?? 0) + 1);
        }
        if (page.paginate.last_iteration) break;
        page = (await admin.post(`/api/rep/v1/query/${kind}?${range}`, { body: { pagingIdentifiers: page.paginate.pagingIdentifiers } })).body;
      }
    }
    return { events, emails, changed, users: users.size, transitions: Object.fromEntries(transitions) };
  }
  /** The job's counts as directCount answers them. */
  const countsOf = (r: ImpactSummary) => ({
    events: r.events,
    emails: r.email_events,
    changed: r.changed,
    users: r.users,
    transitions: Object.fromEntries(r.transitions.map((t) => [`${t.kind}: ${t.from} → ${t.to}`, t.events])),
  });

  /**
   * A job started by `starter` and cancelled by `canceller` right after it starts, while a staged rule for half the
   * source address (which no store narrows the replay by) has every logged request replayed, so that the job runs
   * long enough. A fast store may still finish a job first: a few tries.
   */
  async function cancelledJob(starter: ApiClient, canceller: ApiClient): Promise<ImpactJob> {
    await stageExceptions(admin, [
      { id: 'eval29-cancel', name: 'Block half the addresses', enabled: true, action: 'block', transferDirection: 'all', comment: '', conditions: { source_ips: ['0.0.0.0/1'] } },
    ]);
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const job = await start(starter);
        const res = await canceller.post(`/api/policy/v1/impact/${job.id}/cancel`, {});
        if (res.status === 409 && (await read(job.id)).status === 'finished') continue;
        expect(res.status, res.text).toBe(200);
        return asResponseOf(impactCancel, res.body);
      }
      throw new Error('Every job finished before it could be cancelled.');
    } finally {
      await stageExceptions(admin, []);
    }
  }

  it('can be cancelled: the job stops without a result, and a second cancel answers 409', async () => {
    const cancelled = await cancelledJob(admin, admin);
    expect(cancelled).toMatchObject({ status: 'cancelled', reason: 'Cancelled by an administrator' });
    await new Promise((r) => setTimeout(r, 1500));
    const later = await read(cancelled.id);
    expect(later.status).toBe('cancelled');
    expect(later.result).toBeUndefined();
    expect((await admin.post(`/api/policy/v1/impact/${cancelled.id}/cancel`, {})).status).toBe(409);
  });

  it('starts, reports progress, and finishes with the counts a direct evaluation of every event gives', async () => {
    await stageExceptions(admin, [
      { id: 'eval29-impact', name: 'Block the search engine and the test sites', enabled: true, action: 'block', transferDirection: 'all', comment: '', conditions: { domain: ['google.com', 'impact0.example'] } },
    ]);
    const started = await start();
    expect(['queued', 'running']).toContain(started.status);
    expect(started.result).toBeUndefined();
    const { job, progress } = await untilEnded(started);
    expect(job.status, job.reason).toBe('finished');
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);

    const result = job.result!;
    expect(countsOf(result)).toEqual(await directCount(job));
    expect(result.changed).toBeGreaterThanOrEqual(6_000);
    expect(result.transitions.every((t) => t.kind === 'web')).toBe(true);
    // Only web exceptions were staged: the mail messages were counted, not replayed, and so were the web requests the
    // staged rule cannot match (most of them: those of other sites).
    expect(result.unchanged).toEqual(['email']);
    expect(result.web_unmatched).toBeGreaterThan((result.events - result.email_events) / 2);
    const test = result.by_domain.filter((g) => g.key.endsWith('.impact0.example'));
    expect(test.length).toBeGreaterThan(0);
    expect(test.flatMap((g) => g.examples).every((e) => e.to === 'block' && e.from !== 'block' && e.request.domain?.endsWith('.impact0.example'))).toBe(true);
    expect(result.by_domain.some((g) => g.key.endsWith('.impact1.example'))).toBe(false);
    expect(result.by_user.some((g) => g.key.endsWith('@example.com'))).toBe(true);

    // With user names anonymised (General): every user a pseudonym, no example naming one, and the counts of its window.
    let second: ImpactJob | undefined;
    await withUsersAnonymised(async () => {
      second = (await untilEnded(await start())).job;
      const anonymised = second.result!;
      expect(anonymised.by_user.length).toBe(result.by_user.length);
      expect(anonymised.by_user.every((g) => /^User [0-9a-f]{12}$/.test(g.key))).toBe(true);
      const examples = [...anonymised.by_user, ...anonymised.by_domain, ...anonymised.by_category].flatMap((g) => g.examples);
      expect(examples.length).toBeGreaterThan(0);
      expect(examples.filter((e) => !(/^User [0-9a-f]{12}$/.test(e.user) && e.request.user === undefined))).toEqual([]);
    });
    // The counts of its own 7 days, which began a few seconds after the first job's: the demo's oldest events leave the
    // window as it moves, so the two jobs' counts may differ by those.
    expect(countsOf(second!.result!)).toEqual(await directCount(second!));
    await stageExceptions(admin, []);
  }, 180_000);

  it('replays mail too: a staged link rule and attachment rule change the email action of the messages they match', async () => {
    await stageRows(admin, LINK_RULES, {
      list: [{ id: 'eval29-links', name: 'Block links from the test sender', enabled: true, risks: ['G', 'Y', 'R'], senders: [MAIL_SENDERS], recipients: [], recipient_groups: [], action: 'block', comment: '' }],
    });
    await stageRows(admin, ATTACHMENTS, {
      ...TEST_SCRIPTS,
      list: [{ id: 'eval29-mail', name: 'Quarantine test scripts', enabled: true, senders: [], recipients: [], groups: ['eval29-g'], action: 'quarantine', allow_original_download: false, comment: '' }],
    });
    try {
      const { job } = await untilEnded(await start());
      expect(job.status, job.reason).toBe('finished');
      const result = job.result!;
      expect(countsOf(result)).toEqual(await directCount(job));
      const mail = result.transitions.filter((t) => t.kind === 'email');
      expect(mail.filter((t) => t.to === 'block').reduce((n, t) => n + t.events, 0)).toBe(300);
      expect(mail.filter((t) => t.to === 'quarantine').reduce((n, t) => n + t.events, 0)).toBe(100);
      expect(result.transitions.filter((t) => t.kind === 'web')).toEqual([]);
      expect(result.email_actions).toMatchObject({ block: 'Reject the message', quarantine: 'Quarantine the message' });
      expect(result.by_sender_domain.map((g) => [g.key, g.events])).toEqual([
        [MAIL_SENDERS, 300],
        ['partner29.example', 100],
      ]);
      expect(result.by_domain).toEqual([]);
      const [links, scripts] = result.by_sender_domain.map((g) => g.examples[0]!);
      expect(links).toMatchObject({ kind: 'email', subject: 'Quarterly figures', to: 'block', request: { sender: `billing@${MAIL_SENDERS}`, sender_domain: MAIL_SENDERS, link_risk: 'G' } });
      expect(links!.url).toBeUndefined();
      expect(scripts).toMatchObject({ kind: 'email', user: 'ingest.user@example.com', to: 'quarantine', request: { sender: 'ops@partner29.example', recipient: 'ingest.user@example.com', file_type: 'e29' } });

      // With user names anonymised, a message's recipient is hidden as the email log hides it.
      await withUsersAnonymised(async () => {
        const anonymised = (await untilEnded(await start())).job.result!;
        const examples = anonymised.by_sender_domain.flatMap((g) => g.examples);
        expect(examples.length).toBeGreaterThan(0);
        expect(examples.filter((e) => !(/^User [0-9a-f]{12}$/.test(e.user) && e.request.recipient === undefined && e.request.sender !== undefined))).toEqual([]);
      });
    } finally {
      await stageRows(admin, LINK_RULES, { list: [] });
      await stageRows(admin, ATTACHMENTS, { content_types: [], groups: [], list: [] });
    }
  }, 180_000);

  it('decides each logged request by every field the rules read: a URL rule and a user-agent rule (a regular expression) change only the requests they match', async () => {
    await stageExceptions(admin, [
      { id: 'eval29-path', name: 'Block the admin pages', enabled: true, action: 'block', transferDirection: 'all', comment: '', conditions: { domain: [PATHS], uri: [{ match: 'contains', value: '/admin/' }] } },
      { id: 'eval29-ua', name: 'Block curl', enabled: true, action: 'block', transferDirection: 'all', comment: '', conditions: { domain: [PATHS], user_agent: [{ match: 'regex', value: '^(Curl|wget)/' }] } },
    ]);
    try {
      const { job } = await untilEnded(await start());
      expect(job.status, job.reason).toBe('finished');
      const result = job.result!;
      expect(countsOf(result)).toEqual(await directCount(job));
      // 20 admin pages, and 10 of the 20 others asked for by curl (a fourth of all, every one a docs page).
      const paths = result.by_domain.find((g) => g.key === PATHS)!;
      expect(paths.events).toBe(30);
      expect(paths.examples.every((e) => e.to === 'block' && (e.url!.includes('/admin/') || e.request.user_agent === 'curl/8.5'))).toBe(true);

      // While the provider restricts the tenant's logs: the same counts, and no example tells who or from where.
      const op = await operator('operator', server.url);
      const restrict = async (on: boolean) => {
        const demo = ((await op.get(`${API}/v1/tenants?search=Demo%20Corp`)).body.tenants as { tid: string; name: string }[]).find((t) => t.name === 'Demo Corp')!;
        const res = await op.request('PATCH', `${API}/v1/tenants/${demo.tid}/capabilities`, { body: { capabilities: { restricted_logs: on } } });
        expect(res.status, res.text).toBe(200);
      };
      await restrict(true);
      try {
        const restricted = (await untilEnded(await start())).job.result!;
        expect(restricted.changed).toBe(result.changed);
        expect(restricted.by_user.length).toBe(result.by_user.length);
        expect(restricted.by_user.every((g) => /^Hidden user \d+$/.test(g.key))).toBe(true);
        const examples = [...restricted.by_user, ...restricted.by_domain, ...restricted.by_category].flatMap((g) => g.examples);
        expect(examples.length).toBeGreaterThan(0);
        expect(examples.filter((e) => !/^Hidden( user \d+)?$/.test(e.user) || e.request.user !== undefined || e.request.source_ip !== undefined)).toEqual([]);
      } finally {
        await restrict(false);
      }
    } finally {
      await stageExceptions(admin, []);
    }
  }, 180_000);

  it("keeps a tenant's jobs to itself and refuses an id that is not a job's", async () => {
    const job = await start();
    const other = await signedIn('other-admin', server.url);
    expect((await other.get(`/api/policy/v1/impact/${job.id}`)).status).toBe(404);
    expect((await other.post(`/api/policy/v1/impact/${job.id}/cancel`, {})).status).toBe(404);
    const bad = await admin.get('/api/policy/v1/impact/not-a-job');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('params.id');
  });

  it('keeps a tenant the 20 newest ended jobs, and no job started over an hour ago, open jobs aside', async () => {
    const { job: done } = await untilEnded(await start());
    /** A copy of job `from` (another tenant's too) that started `age` ago. */
    const copy = (from: string, id: string, age: string, status = 'finished') =>
      server.db.query(
        `INSERT INTO impact_jobs (tenant_id, id, status, progress, published_rev_id, staged_rev_id, days, created_by, created_at, updated_at)
         SELECT tenant_id, $2, $4, 100, published_rev_id, staged_rev_id, days, 'earlier-admin', now() - $3::interval, now() - $3::interval
           FROM impact_jobs WHERE id = $1`,
        [from, id, age, status],
      );
    // Twenty ended jobs, older than the jobs of the tests before, and one still open (its server alive: written just now).
    const older = Array.from({ length: 20 }, () => randomUUID());
    for (const [i, id] of older.entries()) await copy(done.id, id, `${50 - i} minutes`);
    const open = randomUUID();
    await copy(done.id, open, '0 seconds', 'running');
    // Another tenant with two jobs, far below its 20: one started over an hour ago.
    const other = await signedIn('other-admin', server.url);
    const { job: theirs } = await untilEnded(await start(other), other);
    const [hourOld, recent] = [randomUUID(), randomUUID()];
    await copy(theirs.id, hourOld, '61 minutes');
    await copy(theirs.id, recent, '59 minutes');
    const count = async () => Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM impact_jobs WHERE tenant_id = (SELECT tenant_id FROM impact_jobs WHERE id = $1)', [done.id])).rows[0]!.n);
    expect(await count()).toBeGreaterThan(21);

    const newest = await start();
    expect(await count()).toBe(20);
    // The oldest ended jobs went first; the open job, the one just ended and the new one stay.
    expect((await admin.get(`/api/policy/v1/impact/${older[0]}`)).status).toBe(404);
    expect(await read(open)).toMatchObject({ status: 'running' });
    expect(await read(done.id)).toMatchObject({ status: 'finished' });
    // The other tenant's job of over an hour ago is gone, its others stay.
    expect((await other.get(`/api/policy/v1/impact/${hourOld}`)).status).toBe(404);
    expect((await read(recent, other)).status).toBe('finished');
    expect((await read(theirs.id, other)).status).toBe('finished');
    await untilEnded(newest);
    await admin.post(`/api/policy/v1/impact/${open}/cancel`, {});
  }, 120_000);

  /** The store of `server`, for another server process to open. */
  const store = (): Record<string, string> => (dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: server.databaseUrl! });

  it.skipIf(!process.env.DATABASE_URL)('is answered and cancelled by another server process on the same database, as behind a load balancer', async () => {
    const there = await signedIn('admin', await spawnServer(store()).url);
    // Started there, cancelled here: the job stops there and stays cancelled.
    const job = await cancelledJob(there, admin);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await read(job.id, there)).toMatchObject({ status: 'cancelled', reason: 'Cancelled by an administrator' });
    expect((await read(job.id, there)).result).toBeUndefined();
    // Started here, read there until it has finished.
    const { job: finished } = await untilEnded(await start(), there);
    expect(finished.status, finished.reason).toBe('finished');
    expect(await read(finished.id)).toEqual(finished);
  }, 120_000);

  // Last: on PGlite it stops the server of this block for another process to open its store, and then starts it again.
  it('keeps a finished job when its server stops, and fails a job its server left open once the job is a minute old', async () => {
    // Another server process on the store (on PGlite, one process per folder: in place of this block's server).
    if (dataDir) await server.close();
    const other = spawnServer(store());
    const there = await signedIn('admin', await other.url);
    const { job: finished } = await untilEnded(await start(there), there);
    expect(finished.status, finished.reason).toBe('finished');
    await killed(other.child);
    if (dataDir) {
      server = await startTestServer({ env: { DATA_DIR: dataDir } });
      admin = await signedIn('admin', server.url);
    }
    expect(await read(finished.id)).toEqual(finished);

    // Two jobs left open by a server process that stopped mid-run: one last written over a minute ago, one just now.
    const orphan = async (id: string, age: string) =>
      server.db.query(
        `INSERT INTO impact_jobs (tenant_id, id, status, progress, published_rev_id, staged_rev_id, days, created_by, created_at, updated_at)
         SELECT tenant_id, $2, 'running', 40, published_rev_id, staged_rev_id, days, 'gone-admin', now() - $3::interval, now() - $3::interval
           FROM impact_jobs WHERE id = $1`,
        [finished.id, id, age],
      );
    const [stale, recent] = [randomUUID(), randomUUID()];
    await orphan(stale, '61 seconds');
    await orphan(recent, '1 second');
    expect(await read(stale)).toMatchObject({ status: 'failed', progress: 40, reason: 'The server running the replay stopped before it finished. Start it again.' });
    expect(await read(recent)).toMatchObject({ status: 'running', progress: 40 });
    expect((await admin.post(`/api/policy/v1/impact/${stale}/cancel`, {})).status).toBe(409);
  }, 120_000);
});
