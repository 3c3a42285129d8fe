/**
 * Event ingestion (definitions/api/ingest.ts): ingestion tokens, the NDJSON batch per log kind, its limits and
 * validation (nothing stored from a refused batch), back-pressure, and reports that count what was ingested.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ingestionTokenOps, ingestKindOps } from '../../definitions/api/ingest';
import { INGEST_MAX_BYTES, INGEST_MAX_IN_FLIGHT, INGEST_MAX_LINES, INGEST_MAX_TEXT_CHARS } from '../../schemas/areas/ingest';
import { ApiClient, asResponseOf, signedIn } from './helpers';
import { emailEvent, INGEST_PATH, ingestAuth, ndjson, webEvent } from './ingestEvents';

/** Other Corp's events name its own users (the log tests hold every Other Corp event to its domain). */
const OTHER_CORP_USER = { userid: 'ingest.user@othercorp.example' };

const TOKENS = '/api/settings/v1/tenants/ingestion_tokens';
const DAY_S = 86_400;
const NOW_S = Math.floor(Date.now() / 1000);

async function newToken(admin: ApiClient, name = `appliance-${randomUUID().slice(0, 8)}`) {
  const res = await admin.post(TOKENS, { body: { name } });
  expect(res.status, res.text).toBe(200);
  return asResponseOf(ingestionTokenOps.generateIngestionToken, res.body);
}

const send = (secret: string, type: string, raw: { data: string; type: string }) =>
  new ApiClient().post(INGEST_PATH(type), { raw, headers: ingestAuth(secret) });

/**
 * A batch sent in two parts: its first line now, the rest when `finish` is called, which resolves with the answer.
 * `refused` turns true if the server answers before the rest is sent (a 429: no slot was free when it arrived).
 */
function slowBatch(secret: string, type: string, data: string) {
  const url = new URL(new ApiClient().base + INGEST_PATH(type));
  const cut = data.indexOf('\n') + 1;
  const req = request(url, { method: 'POST', headers: { ...ingestAuth(secret), 'content-type': 'application/x-ndjson' } });
  const state = { refused: false };
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      state.refused = res.statusCode === 429;
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
  req.write(data.slice(0, cut));
  return {
    get refused() {
      return state.refused;
    },
    finish: () => {
      req.end(data.slice(cut));
      return answer;
    },
  };
}

/** Web events to `domain` in the log view over the last 31 days. */
async function webEventsTo(client: ApiClient, domain: string): Promise<number> {
  const res = await client.get(`/api/rep/v1/query/web?domain=${encodeURIComponent(domain)}&start=${NOW_S - 31 * DAY_S}&end=${NOW_S}&limit=1000`);
  expect(res.status, res.text).toBe(200);
  return res.body.events.length as number;
}

describe('ingestion tokens', () => {
  it('are generated once, listed without the token, refused once revoked; changes and use are audited', async () => {
    const admin = await signedIn('admin');
    const { token, secret } = await newToken(admin, 'branch appliance');
    expect(secret.endsWith(token.hint)).toBe(true);
    const list = asResponseOf(ingestionTokenOps.listIngestionTokens, (await admin.get(TOKENS)).body);
    const listed = list.tokens.find((t) => t.id === token.id);
    expect(listed).toMatchObject({ name: 'branch appliance', created_by: 'admin', last_used_at: null });
    expect(JSON.stringify(list)).not.toContain(secret);

    const domain = `token-${randomUUID().slice(0, 8)}.example`;
    const ok = await send(secret, 'web', ndjson([webEvent(Date.now() - 60_000, domain, 'a')]));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ accepted: 1 });
    const used = asResponseOf(ingestionTokenOps.listIngestionTokens, (await admin.get(TOKENS)).body).tokens.find((t) => t.id === token.id);
    expect(used?.last_used_at).not.toBeNull();

    expect((await admin.request('DELETE', `${TOKENS}/${token.id}`)).status).toBe(200);
    expect((await send(secret, 'web', ndjson([webEvent(Date.now(), domain, 'b')]))).status).toBe(401);
    expect(await webEventsTo(admin, domain)).toBe(1);
    expect((await admin.request('DELETE', `${TOKENS}/${token.id}`)).status).toBe(404);

    const audit = (await admin.get(`/api/rep/v1/query/audit?start=${NOW_S - 60}&end=${NOW_S + 600}&limit=1000`)).body.events.map(
      (e: { event: Record<string, unknown> }) => e.event,
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'ingestion_token_create', user: 'admin', details: `branch appliance (ends in ${token.hint})` }),
        expect.objectContaining({ action: 'log_ingest', user: 'ingestion token branch appliance', details: 'Web batch: 1 events', result: 'success' }),
        expect.objectContaining({ action: 'ingestion_token_delete', user: 'admin' }),
      ]),
    );
  });

  it('need settings:write to generate or revoke, and belong to one tenant', async () => {
    const auditor = await signedIn('auditor');
    expect((await auditor.get(TOKENS)).status).toBe(200);
    expect((await auditor.post(TOKENS, { body: { name: 'x' } })).status).toBe(403);
    const { token } = await newToken(await signedIn('admin'));
    const other = await signedIn('other-admin');
    expect(asResponseOf(ingestionTokenOps.listIngestionTokens, (await other.get(TOKENS)).body).tokens.map((t) => t.id)).not.toContain(token.id);
    expect((await other.request('DELETE', `${TOKENS}/${token.id}`)).status).toBe(404);
    expect((await (await signedIn('admin')).post(TOKENS, { body: { name: '  ' } })).status).toBe(400);
  });
});

describe('ingesting a batch', () => {
  it('refuses a call without a valid token, and a body that is not NDJSON', async () => {
    const body = ndjson([webEvent(Date.now(), 'x.example', 'x')]);
    const anonymous = new ApiClient();
    expect((await anonymous.post(INGEST_PATH('web'), { raw: body })).status).toBe(401);
    expect((await anonymous.post(INGEST_PATH('web'), { raw: body, headers: { authorization: 'IngestToken not-a-token' } })).status).toBe(401);
    const { secret } = await newToken(await signedIn('admin'));
    expect((await anonymous.post(INGEST_PATH('web'), { raw: body, headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
    const json = await anonymous.post(INGEST_PATH('web'), { body: [webEvent(Date.now(), 'x.example', 'x')], headers: ingestAuth(secret) });
    expect(json.status).toBe(415);
    expect(json.body.msg).toBe('This call takes an application/x-ndjson body.');
    // The audit log is the portal's own: no ingestion call for it.
    expect((await send(secret, 'audit', body)).status).toBe(404);
  });

  it('stores a batch of every kind it takes, each in its log', async () => {
    const admin = await signedIn('admin');
    const { secret } = await newToken(admin);
    expect(Object.keys(ingestKindOps).sort()).toEqual(['dlp', 'email', 'fwaas_logs', 'saa_logs', 'web']);
    const sender = `ingest-${randomUUID().slice(0, 8)}@mail.example`;
    const res = await send(secret, 'email', ndjson([emailEvent(Date.now() - 1000, sender, 'm1'), emailEvent(Date.now() - 2000, sender, 'm2')]));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ accepted: 2 });
    const page = await admin.get(`/api/rep/v1/query/email?sender=${encodeURIComponent(sender)}&start=${NOW_S - 60}&end=${NOW_S + 600}`);
    expect(page.body.events.map((e: { event: { message_id: string } }) => e.event.message_id).sort()).toEqual(['m1', 'm2']);
    // Another tenant's token writes into its own tenant only.
    const theirs = await newToken(await signedIn('other-admin'));
    expect((await send(theirs.secret, 'email', ndjson([{ ...emailEvent(Date.now() - 500, sender, 'm3'), ...OTHER_CORP_USER, recipient: OTHER_CORP_USER.userid }]))).status).toBe(200);
    const again = await admin.get(`/api/rep/v1/query/email?sender=${encodeURIComponent(sender)}&start=${NOW_S - 60}&end=${NOW_S + 600}`);
    expect(again.body.events).toHaveLength(2);
  });

  it('refuses a batch naming the line and the field, and stores nothing of it', async () => {
    const admin = await signedIn('admin');
    const { secret } = await newToken(admin);
    const domain = `bad-${randomUUID().slice(0, 8)}.example`;
    const good = (i: number) => webEvent(Date.now() - i * 1000, domain, `ok-${i}`);
    const lines = [good(1), good(2), { ...good(3), domain: 42 }, good(4)].map((e) => JSON.stringify(e));
    const days: number = (await admin.get('/api/settings/v1/tenants/global_settings')).body.log_retention_days;
    const DAY = 86_400_000;
    const res = await send(secret, 'web', { data: lines.join('\n'), type: 'application/x-ndjson' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('line 3: domain: Invalid input: expected string, received number');
    expect(res.body.errors).toEqual([{ line: 3, path: 'domain', key: 'invalid_type', message: 'Invalid input: expected string, received number' }]);

    const cases: [string, RegExp][] = [
      [`${lines[0]}\n{"timestamp": `, /^line 2: The line is not valid JSON\.$/],
      [`${lines[0]}\n\n[1, 2]`, /^line 3: The line is not a JSON object/],
      [`${'['.repeat(200_000)}${']'.repeat(200_000)}`, /^line 1: The line is not a JSON object/],
      [JSON.stringify(good(5)).replace('"cats":["50"]', `"cats":${'['.repeat(100_000)}${']'.repeat(100_000)}`), /^line 1: cats\.0: /],
      [JSON.stringify({ ...good(6), timestamp: 'yesterday' }), /^line 1: timestamp: /],
      [`${lines[0]}\n${JSON.stringify(good(7)).replace(`"${domain}"`, `"${domain}\\ud800"`)}`, /^line 2: domain: The text holds a character that cannot be stored/],
      [`${lines[0]}\n${lines[1]!.replace(domain, `${domain}\u0000`)}`, /^line 2: The text holds a character that cannot be stored/],
      [[...Array(30)].map((_, i) => JSON.stringify({ ...good(i), status: 'ok' })).join('\n'), /^line 1: status: .* \(and 29 more lines refused\)$/],
      // Limits of ingestion the log view's schema does not set: a text's length, and the event's time.
      [`${lines[0]}\n${JSON.stringify({ ...good(8), url: 'u'.repeat(INGEST_MAX_TEXT_CHARS + 1) })}`, /^line 2: url: At most 8,192 characters \(this one has 8,193\)\.$/],
      [JSON.stringify({ ...good(9), cats: ['50', 'c'.repeat(10_000)] }), /^line 1: cats\.1: At most 8,192 characters \(this one has 10,000\)\.$/],
      [JSON.stringify({ ...good(10), timestamp: new Date(Date.now() + 3_600_000).toISOString() }), /^line 1: timestamp: More than 15 minutes ahead of the portal's clock; check the sender's clock\.$/],
      [
        JSON.stringify({ ...good(11), timestamp: new Date(Date.now() - (days + 1) * DAY).toISOString() }),
        new RegExp(`^line 1: timestamp: Older than the tenant's log retention of ${days} days \\(General settings\\): it would never be shown\\.$`),
      ],
    ];
    for (const [data, message] of cases) {
      const refused = await send(secret, 'web', { data, type: 'application/x-ndjson' });
      expect(refused.status, data.slice(0, 80)).toBe(400);
      expect(refused.body.msg, data.slice(0, 80)).toMatch(message);
    }
    const latin1 = Buffer.concat([Buffer.from(`${lines[0]}\n{"domain": "`), Buffer.from([0xe9]), Buffer.from('"}')]);
    const notUtf8 = await fetch(new ApiClient().base + INGEST_PATH('web'), {
      method: 'POST',
      headers: { ...ingestAuth(secret), 'content-type': 'application/x-ndjson' },
      body: latin1,
    });
    expect(notUtf8.status).toBe(400);
    expect(((await notUtf8.json()) as { msg: string }).msg).toMatch(/^line 2: /);
    expect(await webEventsTo(admin, domain)).toBe(0);

    // Within the limits: a text of their length, a time 10 minutes ahead, one a day inside the retention.
    const edge = `edge-${randomUUID().slice(0, 8)}.example`;
    const within = [
      { ...webEvent(Date.now() - 1000, edge, 'long'), url: 'u'.repeat(INGEST_MAX_TEXT_CHARS) },
      webEvent(Date.now() + 600_000, edge, 'ahead'),
      webEvent(Date.now() - (days - 1) * DAY, edge, 'old'),
    ];
    const taken = await send(secret, 'web', ndjson(within));
    expect([taken.status, taken.body.accepted]).toEqual([200, 3]);
  });

  it('answers 413 over its byte and line limits, naming the limit', async () => {
    const { secret } = await newToken(await signedIn('admin'));
    const tooBig = await send(secret, 'web', { data: 'x'.repeat(INGEST_MAX_BYTES + 1), type: 'application/x-ndjson' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ limit_bytes: INGEST_MAX_BYTES });
    expect(tooBig.body.msg).toContain('8,388,608 bytes');
    const tooMany = await send(secret, 'web', { data: '{}\n'.repeat(INGEST_MAX_LINES + 1), type: 'application/x-ndjson' });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.msg).toBe('The batch has 10,001 events; one batch may hold 10,000.');
  });

  it('takes a batch compressed with gzip; refuses one that does not decompress, decompresses past the limit, or another encoding', async () => {
    const admin = await signedIn('admin');
    const { secret } = await newToken(admin);
    const domain = `gzip-${randomUUID().slice(0, 8)}.example`;
    const post = (body: Buffer, encoding: string) =>
      fetch(new ApiClient().base + INGEST_PATH('web'), {
        method: 'POST',
        headers: { ...ingestAuth(secret), 'content-type': 'application/x-ndjson', 'content-encoding': encoding },
        body: new Uint8Array(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { msg: string; accepted?: number } }));
    const events = (n: number, from = 0) => ndjson([...Array(n)].map((_, i) => webEvent((NOW_S - 60 - i) * 1000, domain, `z-${from + i}`))).data;

    const stored = await post(gzipSync(events(300)), 'gzip');
    expect(stored).toEqual({ status: 200, body: { accepted: 300 } });
    // Two gzip members one after the other, as a shipper appending to a batch sends them.
    const members = await post(Buffer.concat([gzipSync(events(2, 300)), gzipSync(events(3, 302))]), 'gzip');
    expect(members).toEqual({ status: 200, body: { accepted: 5 } });

    const whole = gzipSync(events(50, 400));
    const refused: [Buffer, string, number, RegExp][] = [
      [Buffer.from(events(50, 400)), 'gzip', 400, /^The body is not valid gzip/],
      [whole.subarray(0, whole.length - 20), 'gzip', 400, /^The body is not valid gzip/],
      // 9 MiB of blank lines in 9 KB: stopped at the limit, not decompressed to its end.
      [gzipSync(Buffer.concat([Buffer.from(events(50, 400)), Buffer.alloc(INGEST_MAX_BYTES + 1024 * 1024, '\n')])), 'gzip', 413, /8,388,608 bytes/],
      [brotliCompressSync(events(50, 400)), 'br', 415, /^Content-Encoding br is not taken/],
    ];
    for (const [body, encoding, status, msg] of refused) {
      const res = await post(body, encoding);
      expect(res.status, `${encoding} ${body.length}`).toBe(status);
      expect(res.body.msg).toMatch(msg);
    }
    expect(await webEventsTo(admin, domain)).toBe(305);
  });

  // Slow on a busy machine: the slow batches reach the server in seconds, and a slow batch refused is sent again.
  it('answers 429 with Retry-After while the tenant has its most batches in flight, before reading the body', async () => {
    const admin = await signedIn('admin');
    const { secret } = await newToken(admin);
    const domain = `busy-${randomUUID().slice(0, 8)}.example`;
    const lines = (b: number) => ndjson([...Array(50)].map((_, i) => webEvent(Date.now() - (b * 50 + i) * 10, domain, `${b}-${i}`))).data;
    // Batches whose senders are slow: the first part of each sent, the rest held back.
    const open = [...Array(INGEST_MAX_IN_FLIGHT.tenant)].map((_, b) => slowBatch(secret, 'web', lines(b)));
    let refused: Awaited<ReturnType<typeof send>> | undefined;
    // Until the slow batches have reached the server (seconds on a busy machine).
    for (let tries = 0; tries < 400 && !refused; tries++) {
      // A slow batch that arrived after an extra one took the last slot was itself refused: it is sent again.
      open.forEach((o, b) => {
        if (!o.refused) return;
        void o.finish();
        open[b] = slowBatch(secret, 'web', lines(b));
      });
      // The slow batches' new connections go first: an extra sent at once on a kept-alive one would overtake them.
      await new Promise((r) => setTimeout(r, 50));
      const res = await send(secret, 'web', ndjson([webEvent(Date.now(), domain, `extra-${tries}`)]));
      if (res.status === 429) refused = res;
    }
    expect(refused?.headers.get('retry-after')).toBe('1');
    expect(refused?.body.msg).toBe('Too many batches are being stored; send this one again in 1 s.');
    // Another tenant is not held up by this one's.
    const theirs = await newToken(await signedIn('other-admin'));
    expect((await send(theirs.secret, 'web', ndjson([{ ...webEvent(Date.now(), domain, 'theirs'), ...OTHER_CORP_USER }]))).status).toBe(200);
    const answers = await Promise.all(open.map((o) => o.finish()));
    expect(answers.map((a) => a.status)).toEqual(open.map(() => 200));
    // The refused batch stored nothing; the slow ones all of theirs; and the slots are free again.
    expect((await send(secret, 'web', ndjson([webEvent(Date.now(), domain, 'after')]))).status).toBe(200);
    const stored = (await admin.get(`/api/rep/v1/query/web?domain=${domain}&start=${NOW_S - DAY_S}&end=${NOW_S + 600}&limit=1000`)).body.events;
    const urls = new Set(stored.map((e: { event: { url: string } }) => e.event.url));
    expect(stored.length - [...urls].filter((u) => String(u).includes('/extra-')).length).toBe(INGEST_MAX_IN_FLIGHT.tenant * 50 + 1);
  });

  it('stores a batch sent again with its Idempotency-Key once, answering it as the first time', async () => {
    const admin = await signedIn('admin');
    const { secret } = await newToken(admin);
    const domain = `once-${randomUUID().slice(0, 8)}.example`;
    // Before NOW_S, the end of webEventsTo's range.
    const batch = (ids: string[]) => ndjson(ids.map((id, i) => webEvent((NOW_S - 60 - i) * 1000, domain, id)));
    const key = randomUUID();
    const keyed = (k: string, raw: { data: string; type: string }, s = secret) =>
      new ApiClient().post(INGEST_PATH('web'), { raw, headers: { ...ingestAuth(s), 'idempotency-key': k } });

    const first = await keyed(key, batch(['a', 'b', 'c']));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ accepted: 3 });
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    // Its answer lost, the sender sends it again (twice at once): answered alike, stored once.
    const again = await Promise.all([keyed(key, batch(['a', 'b', 'c'])), keyed(key, batch(['a', 'b', 'c']))]);
    for (const res of again) {
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ accepted: 3 });
      expect(res.headers.get('idempotency-replayed')).toBe('true');
    }
    expect(await webEventsTo(admin, domain)).toBe(3);
    // Two new batches with one key at once: one of them is stored.
    const racing = randomUUID();
    const both = await Promise.all([keyed(racing, batch(['d', 'e'])), keyed(racing, batch(['d', 'e']))]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.headers.get('idempotency-replayed')).sort()).toEqual(['true', null].sort());
    expect(await webEventsTo(admin, domain)).toBe(5);
    // Another key, or no key, is another batch; so is the same key of another log kind or another tenant.
    expect((await keyed(randomUUID(), batch(['a'])))).toMatchObject({ status: 200 });
    expect((await send(secret, 'web', batch(['a']))).status).toBe(200);
    expect(await webEventsTo(admin, domain)).toBe(7);
    const email = await new ApiClient().post(INGEST_PATH('email'), { raw: ndjson([emailEvent(Date.now(), `k@${domain}`, key)]), headers: { ...ingestAuth(secret), 'idempotency-key': key } });
    expect(email.body).toEqual({ accepted: 1 });
    const theirs = await newToken(await signedIn('other-admin'));
    const other = await keyed(key, ndjson([{ ...webEvent((NOW_S - 60) * 1000, domain, 'theirs'), ...OTHER_CORP_USER }]), theirs.secret);
    expect(other.body).toEqual({ accepted: 1 });
    expect(other.headers.get('idempotency-replayed')).toBeNull();
    // The key of a stored batch sent with another body: 422, nothing of it stored, the refusal in the audit log.
    const reused = await keyed(key, batch(['x', 'y', 'z', 'w']));
    expect(reused.status, reused.text).toBe(422);
    expect(reused.body.msg).toBe(`The Idempotency-Key ${key} was sent before with another batch (3 events stored then); nothing of this one was stored. Send each batch with a key of its own.`);
    expect(await webEventsTo(admin, domain)).toBe(7);
    const audit = (await admin.get(`/api/rep/v1/query/audit?start=${NOW_S - 60}&end=${Math.ceil(Date.now() / 1000) + 600}&limit=1000`)).body.events.map(
      (e: { event: { details: string } }) => e.event.details,
    );
    expect(audit).toContain(`Web batch refused: ${reused.body.msg}`);
    // A key that is not one: 400 naming the header, nothing stored.
    for (const bad of ['has space', 'x'.repeat(201), 'é']) {
      const res = await keyed(bad, batch(['bad']));
      expect(res.status, bad).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'idempotency-key' })]);
    }
    expect(await webEventsTo(admin, domain)).toBe(7);
  });

  it('keeps the rollups current: an unfiltered report over whole days counts the ingested events', async () => {
    const admin = await signedIn('admin');
    const { secret } = await newToken(admin);
    // A whole UTC day five days ago: a report over it reads the day's rollups, not the raw events.
    const day = (Math.floor(NOW_S / DAY_S) - 5) * DAY_S;
    const range = `start=${day}&end=${day + DAY_S - 1}`;
    const before = (await admin.get(`/api/rep/v1/query/top_domains?${range}`)).body;
    expect(before.total).toBeGreaterThan(0);
    const domain = `rollup-${randomUUID().slice(0, 8)}.example`;
    const events = [...Array(400)].map((_, i) => webEvent((day + 3600 * (i % 20) + i) * 1000, domain, String(i)));
    expect((await send(secret, 'web', ndjson(events))).status).toBe(200);
    const after = (await admin.get(`/api/rep/v1/query/top_domains?${range}`)).body;
    expect(after.total).toBe(before.total + 400);
    expect(after.data).toContainEqual(expect.objectContaining({ key: domain, value: 400 }));
    const series = async () => (await admin.get(`/api/rep/v1/query/action_summary?${range}`)).body.total as number;
    expect(await series()).toBe(after.total);
  });
});
