/**
 * General → "Anonymise user names in logs and reports" (`anonymize_users`): while it is on, every read of the
 * tenant's events names each user by a stable pseudonym (log pages and their next pages, top-N reports, report files,
 * insights, the log collector's read), searches by user are refused naming the parameter, and the audit log keeps
 * the administrators' names; turned off, the names are back, in files made meanwhile too.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ingestionTokenOps } from '../../definitions/api/ingest';
import { loggingTokenOps } from '../../definitions/api/providerNetwork';
import { ApiClient, asResponseOf } from './helpers';
import { INGEST_PATH, ingestAuth, ndjson, webEvent } from './ingestEvents';
import { API, newTenant, operator } from './providerClient';

const GENERAL = '/api/settings/v1/tenants/global_settings';
const NOW_S = Math.floor(Date.now() / 1000);
const RANGE = `start=${NOW_S - 86_400}&end=${NOW_S + 60}`;
const PSEUDONYM = /^User [0-9a-f]{12}$/;

type Event = { userid: string; url: string; user?: string };

describe('anonymised user names', { timeout: 180_000 }, () => {
  it('answer a stable pseudonym on every read of the events while on, refuse searches by user, keep the audit log; off shows names again', async () => {
    const op = await operator();
    const t = await newTenant(op);
    const admin = new ApiClient();
    expect((await admin.login(t.admin, t.password)).status).toBe(200);

    // Three users: alice with three requests, bob with two, carol with one.
    const tag = randomUUID().slice(0, 8);
    const users = { alice: `alice.${tag}@example.com`, bob: `bob.${tag}@example.com`, carol: `carol.${tag}@example.com` };
    const plan = [...Array(3).fill(users.alice), ...Array(2).fill(users.bob), users.carol] as string[];
    const minted = await admin.post('/api/settings/v1/tenants/ingestion_tokens', { body: { name: 'anonymise test' } });
    expect(minted.status, minted.text).toBe(200);
    const { secret } = asResponseOf(ingestionTokenOps.generateIngestionToken, minted.body);
    const events = plan.map((userid, i) => ({ ...webEvent(Date.now() - (i + 1) * 60_000, `anon-${tag}.example`, `${i}`), userid }));
    const sent = await new ApiClient().post(INGEST_PATH('web'), { raw: ndjson(events), headers: ingestAuth(secret) });
    expect(sent.status, sent.text).toBe(200);

    const page = async (query = '', limit = 100) => {
      const res = await admin.get(`/api/rep/v1/query/web?${RANGE}&limit=${limit}${query}`);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      return res.body as { events: { event: Event }[]; paginate: { pagingIdentifiers: unknown } };
    };
    const userOf = async () => new Map((await page()).events.map((e) => [e.event.url, e.event.userid]));
    const topUsers = async () => {
      const res = await admin.get(`/api/rep/v1/query/top_users?${RANGE}&limit=5`);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      return res.body.data as { key: string; label?: string; value: number }[];
    };
    const instantCsv = async (reports: string[]) => {
      const made = await admin.put('/api/reports/v1/instant_reports', { body: { name: `Users ${tag}`, reports, start: NOW_S - 86_400, end: NOW_S + 60 } });
      expect(made.status, made.text.slice(0, 300)).toBe(200);
      return made.body.id as string;
    };
    const download = async (id: string) => {
      const res = await admin.get(`/api/reports/v1/past_reports/${id}`);
      expect(res.status).toBe(200);
      return res.text;
    };
    const setAnonymised = async (on: boolean) => {
      const general = (await admin.get(GENERAL)).body;
      const saved = await admin.put(GENERAL, { body: { ...general, anonymize_users: on } });
      expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    };
    const collector = async () => {
      const TOKENS = `${API}/v1/tenants/${t.tid}/logging/auth_tokens`;
      const { token } = asResponseOf(loggingTokenOps.createLoggingToken, (await op.post(TOKENS, { body: { name: `SIEM ${tag}` } })).body);
      return async () => {
        const res = await new ApiClient().get('/api/logs/v1/collector/events?log_type=web&limit=100', { headers: { Authorization: `LoggingToken ${token}` } });
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        return (res.body.events as { event: Event }[]).map((e) => e.event.userid);
      };
    };
    const collect = await collector();

    // Off (the default): names everywhere.
    const named = await userOf();
    expect([...named.values()].sort()).toEqual([...plan].sort());
    expect((await topUsers()).map((d) => [d.key, d.value])).toEqual([
      [users.alice, 3],
      [users.bob, 2],
      [users.carol, 1],
    ]);
    const before = await instantCsv(['top_users']);
    expect(await download(before)).toContain(users.alice);
    expect((await collect()).sort()).toEqual([...plan].sort());

    await setAnonymised(true);
    try {
      // Log pages: each user a pseudonym, the same one on every event of that user and on a second read.
      const first = await userOf();
      const second = await userOf();
      expect(second).toEqual(first);
      expect([...first.values()].every((u) => PSEUDONYM.test(u))).toBe(true);
      const pseudonymOf = (name: string) => {
        const seen = new Set([...named].filter(([, u]) => u === name).map(([url]) => first.get(url)));
        expect(seen.size).toBe(1);
        return [...seen][0]!;
      };
      const p = { alice: pseudonymOf(users.alice), bob: pseudonymOf(users.bob), carol: pseudonymOf(users.carol) };
      expect(new Set(Object.values(p)).size).toBe(3);
      // The rest of each event stays.
      expect((await page()).events.every((e) => e.event.url.includes(`anon-${tag}.example`))).toBe(true);

      // Next pages (what an export reads) alike.
      const head = await page('', 2);
      const next = await admin.post(`/api/rep/v1/query/web?${RANGE}&limit=2`, { body: { pagingIdentifiers: head.paginate.pagingIdentifiers } });
      expect(next.status, next.text.slice(0, 300)).toBe(200);
      for (const e of next.body.events as { event: Event }[]) expect(e.event.userid).toBe(first.get(e.event.url));

      // A top-users report: the same counts, each row its user's pseudonym.
      const top = await topUsers();
      expect(top.map((d) => [d.key, d.label, d.value])).toEqual([
        [p.alice, p.alice, 3],
        [p.bob, p.bob, 2],
        [p.carol, p.carol, 1],
      ]);

      // Report files, the one made while names were shown and a new one: pseudonyms, no names.
      for (const id of [before, await instantCsv(['top_users'])]) {
        const csv = await download(id);
        expect(csv).toContain(`${p.alice},${p.alice},3`);
        for (const name of Object.values(users)) expect(csv).not.toContain(name);
      }

      // Searching or filtering by user is refused, naming the parameter.
      const search = await admin.get(`/api/rep/v1/query/web?${RANGE}&userid=${encodeURIComponent(users.alice)}`);
      expect(search.status).toBe(400);
      expect(search.body.errors).toEqual([{ path: 'query.userid', key: 'anonymisedUsers', message: expect.any(String) }]);
      const drill = await admin.get(`/api/rep/v1/query/top_user_domains?${RANGE}&userid=${encodeURIComponent(p.alice)}`);
      expect(drill.status).toBe(400);
      expect(drill.body.errors[0]).toMatchObject({ path: 'query.userid', key: 'anonymisedUsers' });
      const filtered = await admin.put('/api/reports/v1/instant_reports', { body: { name: 'One user', reports: ['top_domains'], filters: { userid: users.alice } } });
      expect(filtered.status).toBe(400);
      expect(filtered.body.errors[0]).toMatchObject({ path: 'filters.userid', key: 'anonymisedUsers' });

      // Insights neither finds nor names users.
      const found = await admin.get(`/api/insights/v1/q?q=${encodeURIComponent(`alice.${tag}`)}&interval=24h`);
      expect(found.status, found.text.slice(0, 300)).toBe(200);
      expect(found.body.matches.some((m: { field: string }) => m.field === 'userid')).toBe(false);
      expect(found.text).not.toContain(users.alice);

      // The log collector reads the pseudonyms too.
      expect((await collect()).sort()).toEqual(plan.map((u) => first.get([...named].find(([, n]) => n === u)![0])!).sort());

      // The audit log of administrators' own actions keeps their names (the setting's save among them).
      const audit = await admin.get(`/api/rep/v1/query/audit?${RANGE}&limit=100`);
      expect(audit.status).toBe(200);
      expect((audit.body.events as { event: Event }[]).some((e) => e.event.user === t.admin)).toBe(true);
      expect((audit.body.events as { event: Event }[]).some((e) => PSEUDONYM.test(String(e.event.user)))).toBe(false);
    } finally {
      await setAnonymised(false);
    }

    // Off again: names on pages, in reports and in the files made meanwhile.
    expect(await userOf()).toEqual(named);
    expect((await topUsers())[0]).toMatchObject({ key: users.alice, value: 3 });
    expect(await download(before)).toContain(users.alice);
    expect((await admin.get(`/api/rep/v1/query/web?${RANGE}&userid=${encodeURIComponent(users.alice)}`)).status).toBe(200);
  });
});
