/**
 * Event ingestion (definitions/api/ingest.ts): a batch of NDJSON events of one kind, authenticated by one of the
 * tenant's ingestion tokens, validated line by line with the log view's event schema, stored whole with its rollups
 * (server/logs/ingest.ts `appendEvents`) and answered once committed. A bounded number of batches is stored at once,
 * per server and per tenant; the rest get 429 with Retry-After. The tokens are kept as their SHA-256 in
 * `provider_records` (kind `ingestion-token`), beside the provider's logging tokens.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_REPLAYED_HEADER,
  IdempotencyKey,
  INGEST_PREFIX,
  INGEST_TOKEN_SCHEME,
  ingestionTokenOps,
  ingestKindOps,
  STORE_RETRY_AFTER_S,
} from '../../definitions/api/ingest';
import {
  INGEST_LOG_TYPES,
  INGEST_MAX_AHEAD_MINUTES,
  INGEST_MAX_IN_FLIGHT,
  INGEST_MAX_LINE_ERRORS,
  INGEST_MAX_LINES,
  INGEST_MAX_TEXT_CHARS,
  INGEST_MAX_TOKENS,
  INGEST_RETRY_AFTER_S,
  type IngestionToken,
  type IngestLogType,
} from '../../schemas/areas/ingest';
import { DAY_MS, MESSAGES } from '../../schemas/constants';
import { fieldErrors, type FieldError } from '../../schemas/http';
import { LOG_EVENT_SCHEMAS, LOG_TYPE_LABELS } from '../../schemas/logs';
import { hasUnsafeCharacters, unsafeTextErrors } from '../../schemas/safeText';
import { recordAudit } from '../audit';
import { incoming, type TimedEvent } from '../logs/ingest';
import { logStoreOf } from '../logs/logStores';
import { retentionDays } from '../logs/retention';
import { HttpError, implement, implementAll, requireCaller, type Db, type ServerModule } from '../types';

const KIND = 'ingestion-token';
const TOKEN_PREFIX = 'ing_';
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const HEADER = new RegExp(`^${INGEST_TOKEN_SCHEME}\\s+(\\S+)\\s*$`, 'i');

interface Sender {
  readonly id: string;
  readonly tid: string;
  readonly tenant: string;
  readonly name: string;
}

/** The tenant and token of the Authorization header; 401 when it is missing, unknown, revoked or its tenant disabled. */
async function senderOf(db: Db, header: string | string[] | undefined): Promise<Sender> {
  const token = typeof header === 'string' ? HEADER.exec(header)?.[1] : undefined;
  if (!token) throw new HttpError(401, MESSAGES.notAuthorized);
  const { rows } = await db.query<Sender>(
    `SELECT r.id, r.tenant_id AS tid, t.name AS tenant, r.body->>'name' AS name FROM provider_records r JOIN tenants t ON t.id = r.tenant_id
      WHERE r.kind = $1 AND r.body->>'token_sha256' = $2 AND NOT t.disabled`,
    [KIND, sha256(token)],
  );
  if (!rows[0]) throw new HttpError(401, MESSAGES.notAuthorized);
  return rows[0];
}

// ---- back-pressure -----------------------------------------------------------------------------------------------

let serverInFlight = 0;
const tenantInFlight = new Map<string, number>();

/** Takes a slot of the server's and the tenant's; returns its release, or undefined when either is full. */
export function admit(tid: string): (() => void) | undefined {
  const mine = tenantInFlight.get(tid) ?? 0;
  if (serverInFlight >= INGEST_MAX_IN_FLIGHT.server || mine >= INGEST_MAX_IN_FLIGHT.tenant) return undefined;
  serverInFlight++;
  tenantInFlight.set(tid, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    serverInFlight--;
    const left = (tenantInFlight.get(tid) ?? 1) - 1;
    if (left > 0) tenantInFlight.set(tid, left);
    else tenantInFlight.delete(tid);
  };
}

// ---- validation --------------------------------------------------------------------------------------------------

const count = (n: number) => n.toLocaleString('en');

interface LineError {
  readonly line: number;
  readonly path: string;
  readonly key: string;
  readonly message: string;
}

/** What an event is checked against besides its schema: the portal's clock and the tenant's retention. */
export interface IngestWindow {
  /** The portal's clock (epoch ms). */
  readonly now: number;
  /** The tenant's log retention, in days. */
  readonly retentionDays: number;
}

/**
 * The batch's events, each checked with the kind's event schema and the window; 413 over the line limit, 400 naming
 * lines and fields.
 */
export function parseBatch(type: IngestLogType, text: string, window: IngestWindow): TimedEvent[] {
  const lines = text.split('\n');
  const filled = lines.reduce((n, l) => (l.trim() ? n + 1 : n), 0);
  if (filled > INGEST_MAX_LINES) {
    throw new HttpError(413, `The batch has ${count(filled)} events; one batch may hold ${count(INGEST_MAX_LINES)}.`, {
      limit_lines: INGEST_MAX_LINES,
    });
  }
  const schema = LOG_EVENT_SCHEMAS[type];
  const events: TimedEvent[] = [];
  const errors: LineError[] = [];
  let refused = 0;
  lines.forEach((raw, i) => {
    const text = raw.trim();
    if (!text) return;
    const line = i + 1;
    const found = lineErrors(schema, text, line, window, events);
    if (found.length === 0) return;
    refused++;
    if (refused <= INGEST_MAX_LINE_ERRORS) errors.push(...found);
  });
  if (errors.length) {
    const first = errors[0]!;
    const more = refused > 1 ? ` (and ${refused - 1} more line${refused > 2 ? 's' : ''} refused)` : '';
    throw new HttpError(400, `line ${first.line}: ${first.path ? `${first.path}: ` : ''}${first.message}${more}`, { errors, refused_lines: refused });
  }
  return events;
}

function lineErrors(schema: (typeof LOG_EVENT_SCHEMAS)[IngestLogType], text: string, line: number, window: IngestWindow, events: TimedEvent[]): LineError[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const reason = e instanceof RangeError ? 'nested too deeply' : 'not valid JSON';
    return [{ line, path: '', key: 'invalidJson', message: `The line is ${reason}.` }];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ line, path: '', key: 'invalid_type', message: 'The line is not a JSON object (one event per line).' }];
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) return fieldErrors(parsed.error).map((e) => ({ line, ...e }));
  // Checked on what the schema kept (of a known, bounded shape): strings that cannot be stored. A parsed string holds
  // a NUL or a lone surrogate only where the line does, as it is or as a \u escape: other lines are not walked.
  const unsafe = text.includes('\\u') || hasUnsafeCharacters(text) ? unsafeTextErrors(parsed.data) : [];
  if (unsafe.length) return unsafe.map((e) => ({ line, ...e }));
  const outside = limitErrors(parsed.data, window);
  if (outside.length) return outside.map((e) => ({ line, ...e }));
  events.push(parsed.data as TimedEvent);
  return [];
}

/**
 * Limits of an event the schema (which the log view reads with too) does not set: its texts' length, and its time
 * within the tenant's retention and not ahead of the portal's clock. An event past the retention would be stored and
 * never shown; one far ahead would sort above every event to come.
 */
function limitErrors(event: Record<string, unknown>, window: IngestWindow): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, value] of Object.entries(event)) {
    const texts: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [`${field}.${i}`, v]) : [[field, value]];
    for (const [path, text] of texts) {
      if (typeof text === 'string' && text.length > INGEST_MAX_TEXT_CHARS) {
        errors.push({ path, key: 'tooLong', message: `At most ${count(INGEST_MAX_TEXT_CHARS)} characters (this one has ${count(text.length)}).` });
      }
    }
  }
  const at = Date.parse(String(event.timestamp));
  if (at > window.now + INGEST_MAX_AHEAD_MINUTES * 60_000) {
    errors.push({ path: 'timestamp', key: 'timeAhead', message: `More than ${INGEST_MAX_AHEAD_MINUTES} minutes ahead of the portal's clock; check the sender's clock.` });
  } else if (at < window.now - window.retentionDays * DAY_MS) {
    errors.push({
      path: 'timestamp',
      key: 'pastRetention',
      message: `Older than the tenant's log retention of ${window.retentionDays} days (General settings): it would never be shown.`,
    });
  }
  return errors;
}

/** The batch's Idempotency-Key, if sent; 400 naming the header when it is not a valid key. */
function batchKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const parsed = IdempotencyKey.safeParse(header);
  if (parsed.success) return parsed.data;
  const path = IDEMPOTENCY_HEADER.toLowerCase();
  throw new HttpError(400, `${path}: ${parsed.error.issues[0]!.message}`, { errors: fieldErrors(parsed.error).map((e) => ({ ...e, path })) });
}

/** A keyed batch as first stored: its events and its body's SHA-256 (none for batches recorded before it was kept). */
interface KeyedBatch {
  readonly accepted: number;
  readonly body_sha256: string | null;
}

/**
 * Records a keyed batch's key with the events it stored and its body's digest; false when the key was recorded already
 * (on PostgreSQL a second sender of the same key waits here for the first's commit).
 */
async function recordBatch(tx: Db, tenantId: string, type: IngestLogType, key: string, events: number, digest: string): Promise<boolean> {
  // Keys past their time go; rows another batch is deleting are left to it (no lock waits between batches).
  await tx.query(
    `DELETE FROM ingest_batches WHERE ctid IN (SELECT ctid FROM ingest_batches WHERE tenant_id = $1 AND created_at < $2 FOR UPDATE SKIP LOCKED)`,
    [tenantId, new Date(Date.now() - IDEMPOTENCY_KEY_HOURS * 3_600_000).toISOString()],
  );
  const { rows } = await tx.query(
    'INSERT INTO ingest_batches (tenant_id, log_type, key, accepted, body_sha256) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING key',
    [tenantId, type, key, events, digest],
  );
  return rows.length > 0;
}

/**
 * Records a keyed batch in the transaction storing it; answers how many events the batch stored when the key was
 * already recorded, else undefined. 422 when the key was recorded with another body: nothing of this one is stored.
 */
async function storedBefore(tx: Db, tenantId: string, type: IngestLogType, key: string, events: number, digest: string): Promise<number | undefined> {
  if (await recordBatch(tx, tenantId, type, key, events, digest)) return undefined;
  const { rows } = await tx.query<KeyedBatch>('SELECT accepted, body_sha256 FROM ingest_batches WHERE tenant_id = $1 AND log_type = $2 AND key = $3', [
    tenantId,
    type,
    key,
  ]);
  const first = rows[0];
  if (first?.body_sha256 && first.body_sha256 !== digest) {
    throw new HttpError(
      422,
      `The ${IDEMPOTENCY_HEADER} ${key} was sent before with another batch (${first.accepted} events stored then); nothing of this one was stored. Send each batch with a key of its own.`,
    );
  }
  return first?.accepted;
}

// ---- the module --------------------------------------------------------------------------------------------------

type TokenRow = { id: string; body: { name: string; hint: string; last_used_at?: string }; created_at: Date | string; updated_by: string };
const tokenOf = (r: TokenRow): IngestionToken => ({
  id: r.id,
  name: r.body.name,
  hint: r.body.hint,
  created_at: new Date(r.created_at).toISOString(),
  created_by: r.updated_by,
  last_used_at: r.body.last_used_at ?? null,
});

/** The sender of each admitted request (set by the gate before its body is read). */
const admitted = new WeakMap<object, Sender>();

/**
 * The gate of the ingestion calls, before their bodies are read: the token (401) and a slot of the server's and the
 * tenant's batches in flight (429 with Retry-After), held until the answer is sent or the connection drops. A batch
 * counts from its first byte received to its commit, so slow senders are bounded too.
 */
export function registerIngestGate(app: FastifyInstance, db: Db): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || !request.url.startsWith(INGEST_PREFIX)) return;
    const sender = await senderOf(db, request.headers.authorization);
    const release = admit(sender.tid);
    if (!release) {
      throw new HttpError(429, `Too many batches are being stored; send this one again in ${INGEST_RETRY_AFTER_S} s.`, { retry_after: INGEST_RETRY_AFTER_S });
    }
    reply.raw.once('close', release);
    admitted.set(request.raw, sender);
  });
}

const ingestHandlers = INGEST_LOG_TYPES.map((type) =>
  implement(ingestKindOps[type], async (ctx) => {
    const sender = admitted.get(ctx.request.raw) ?? (await senderOf(ctx.db, ctx.request.headers.authorization));
    const audited = (db: Db, result: 'success' | 'failure', details: string) =>
      recordAudit(db, sender.tid, {
        action: 'log_ingest',
        user: `ingestion token ${sender.name}`,
        tenant: sender.tenant,
        area: 'ingestion-tokens',
        details,
        result,
        ip: ctx.request.ip,
      });
    let events: TimedEvent[];
    let key: string | undefined;
    try {
      key = batchKey(ctx.request.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
      events = parseBatch(type, ctx.body, { now: Date.now(), retentionDays: await retentionDays(ctx.db, sender.tid) });
    } catch (e) {
      if (e instanceof HttpError) await audited(ctx.db, 'failure', `${LOG_TYPE_LABELS[type]} batch refused: ${e.message}`);
      throw e;
    }
    const replayed = async (tx: Db, before: number) => {
      ctx.reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
      await audited(tx, 'success', `${LOG_TYPE_LABELS[type]} batch ${key} sent again: its ${before} events were stored before`);
      return before;
    };
    const recorded = async (tx: Db, n: number) => {
      await audited(tx, 'success', `${LOG_TYPE_LABELS[type]} batch${key === undefined ? '' : ` ${key}`}: ${n} events`);
      await tx.query(
        `UPDATE provider_records SET body = jsonb_set(body, '{last_used_at}', to_jsonb($3::text))
          WHERE kind = $1 AND id = $2 AND (body->>'last_used_at' IS NULL OR (body->>'last_used_at')::timestamptz < $4::timestamptz)`,
        [KIND, sender.id, new Date().toISOString(), new Date(Date.now() - 60_000).toISOString()],
      );
      return n;
    };
    const store = logStoreOf(ctx.db);
    // The events (on ClickHouse: the batch's place in the ingest queue), their rollups, the key and the audit line
    // commit together; on PostgreSQL a second sender of the key waits for the first's commit. On PGlite a batch waits
    // while interactive calls wait.
    const stored = ctx.db.heavy().transaction(async (tx) => {
      const before = key === undefined ? undefined : await storedBefore(tx, sender.tid, type, key, events.length, sha256(ctx.body));
      if (before !== undefined) return replayed(tx, before);
      return recorded(tx, await store.ingest(tx, sender.tid, type, events.map(incoming)));
    });
    // The log store (or one of its shards) not answering: the batch is not acknowledged, and is to be sent again.
    const accepted = await stored.catch(async (e: unknown) => {
      // A key sent again with another body is refused for its content, as a batch that does not validate is.
      if (e instanceof HttpError && e.status === 422) await audited(ctx.db, 'failure', `${LOG_TYPE_LABELS[type]} batch refused: ${e.message}`);
      if (e instanceof HttpError) throw e;
      ctx.request.log.warn({ err: e }, 'ingestion batch not stored');
      throw new HttpError(503, `The events could not be stored; send the batch again in ${STORE_RETRY_AFTER_S} s.`, { retry_after: STORE_RETRY_AFTER_S });
    });
    return { accepted };
  }),
);

export const ingestModule: ServerModule = {
  name: 'ingest',
  implementations: [
    ...ingestHandlers,
    ...implementAll(ingestionTokenOps, {
      listIngestionTokens: async (ctx) => {
        const { rows } = await ctx.db.query<TokenRow>(
          'SELECT id, body, created_at, updated_by FROM provider_records WHERE kind = $1 AND tenant_id = $2 ORDER BY created_at DESC, id',
          [KIND, requireCaller(ctx).tenantId],
        );
        return { tokens: rows.map(tokenOf) };
      },
      generateIngestionToken: async (ctx) => {
        const caller = requireCaller(ctx);
        const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
        const body = { name: ctx.body.name, hint: secret.slice(-4), token_sha256: sha256(secret) };
        const token = await ctx.db.transaction(async (tx) => {
          await tx.query('SELECT id FROM tenants WHERE id = $1 FOR UPDATE', [caller.tenantId]);
          const { rows: held } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM provider_records WHERE kind = $1 AND tenant_id = $2', [
            KIND,
            caller.tenantId,
          ]);
          if (held[0]!.n >= INGEST_MAX_TOKENS) throw new HttpError(409, `A tenant has at most ${INGEST_MAX_TOKENS} ingestion tokens; revoke one first.`);
          const now = new Date().toISOString();
          const { rows } = await tx.query<TokenRow>(
            `INSERT INTO provider_records (kind, id, tenant_id, body, created_at, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $5, $6)
             RETURNING id, body, created_at, updated_by`,
            [KIND, randomUUID(), caller.tenantId, JSON.stringify(body), now, caller.user.username],
          );
          const made = tokenOf(rows[0]!);
          await recordAudit(tx, caller.tenantId, {
            action: 'ingestion_token_create',
            user: caller.user.username,
            tenant: caller.user.tenant_name,
            area: 'ingestion-tokens',
            details: `${made.name} (ends in ${made.hint})`,
            result: 'success',
            ip: ctx.request.ip,
          });
          return made;
        });
        return { token, secret };
      },
      deleteIngestionToken: async (ctx) => {
        const caller = requireCaller(ctx);
        return ctx.db.transaction(async (tx) => {
          const { rows } = await tx.query<TokenRow>(
            'DELETE FROM provider_records WHERE kind = $1 AND id = $2 AND tenant_id = $3 RETURNING id, body, created_at, updated_by',
            [KIND, ctx.params.id, caller.tenantId],
          );
          if (!rows[0]) throw new HttpError(404, 'Ingestion token not found');
          const gone = tokenOf(rows[0]);
          await recordAudit(tx, caller.tenantId, {
            action: 'ingestion_token_delete',
            user: caller.user.username,
            tenant: caller.user.tenant_name,
            area: 'ingestion-tokens',
            details: `${gone.name} (ends in ${gone.hint})`,
            result: 'success',
            ip: ctx.request.ip,
          });
          return { deleted: gone.id };
        });
      },
    }),
  ],
};
