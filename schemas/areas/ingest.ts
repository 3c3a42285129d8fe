/**
 * Event ingestion (this product's extension; the spec has no ingestion call): the log kinds an enforcement node or an
 * appliance may send, the limits of one batch, and the tenant's ingestion tokens.
 */
import { z } from 'zod';
import { LOG_TYPES, type LogType } from '../logs';

/** Every log kind but the audit log, which only the portal itself writes. */
export const INGEST_LOG_TYPES = LOG_TYPES.filter((t): t is Exclude<LogType, 'audit'> => t !== 'audit');
export type IngestLogType = (typeof INGEST_LOG_TYPES)[number];

/** Largest body of one batch, in bytes (8 MiB). */
export const INGEST_MAX_BYTES = 8 * 1024 * 1024;
/**
 * The Content-Encodings a batch may be sent in besides none (`identity`): gzip, as log shippers send by default. The
 * byte limit counts the decoded body.
 */
export const INGEST_ENCODINGS = ['gzip', 'x-gzip'] as const;
/** Most lines (events) in one batch. */
export const INGEST_MAX_LINES = 10_000;
/** Longest text of one field of an ingested event (a URL, a user agent, a subject), in characters. */
export const INGEST_MAX_TEXT_CHARS = 8_192;
/**
 * Minutes an ingested event's time may be ahead of the portal's clock (senders' clocks drift); later is refused, as
 * such an event would sort above every event to come.
 */
export const INGEST_MAX_AHEAD_MINUTES = 15;
/** Batches stored at once by one server, and by one tenant; more are answered 429 with Retry-After. */
export const INGEST_MAX_IN_FLIGHT = { server: 16, tenant: 4 } as const;
/** Seconds a refused batch is asked to wait (Retry-After). */
export const INGEST_RETRY_AFTER_S = 1;
/**
 * Most events a ClickHouse log store holds acknowledged and not yet moved to the cluster (its ingest queue), however
 * fast the cluster; a batch past it is answered 429 with Retry-After.
 */
export const INGEST_QUEUE_MAX_EVENTS = 200_000;
/**
 * Seconds a read of a tenant's logs on a ClickHouse log store waits for the batches acknowledged before it to leave
 * the ingest queue for the cluster; then 503 with Retry-After.
 */
export const INGEST_QUEUE_READ_WAIT_S = 30;
/**
 * Seconds of the cluster's work a ClickHouse log store's ingest queue holds at most: it takes a batch only while what
 * waits is less than what the cluster stored in this long at its last measured rate (at least one full batch, at most
 * INGEST_QUEUE_MAX_EVENTS, INGEST_QUEUE_UNMEASURED_EVENTS until a rate is measured); past it, 429 with Retry-After.
 * A sixth of the read's wait, so that a read waiting for a backlog is answered within it: the rate measured lags a
 * cluster that slows down, inserts under way add to the backlog, and the reads' own statements compete with the
 * inserts (with half the wait, reads of an outside run past it at the 95th percentile: docs/scale-out.md).
 */
export const INGEST_QUEUE_BACKLOG_S = INGEST_QUEUE_READ_WAIT_S / 6;
/** Events a ClickHouse log store's ingest queue holds until the cluster's rate has been measured (one large insert). */
export const INGEST_QUEUE_UNMEASURED_EVENTS = 50_000;
/** Ingestion tokens per tenant. */
export const INGEST_MAX_TOKENS = 10;
/** Lines whose errors one 400 lists; the message says how many more lines were refused. */
export const INGEST_MAX_LINE_ERRORS = 20;

export const IngestAnswer = z.object({
  accepted: z.number().int().meta({ description: 'Events stored, all of the batch: they are committed when this answer is sent' }),
});

export const IngestionToken = z.object({
  id: z.string(),
  name: z.string().meta({ title: 'Name' }),
  hint: z.string().meta({ title: 'Ends in', description: 'The last four characters, to tell tokens apart' }),
  created_at: z.iso.datetime().meta({ title: 'Created' }),
  created_by: z.string().meta({ title: 'Created by' }),
  last_used_at: z.iso.datetime().nullable().meta({ title: 'Last used', description: 'Last batch sent with it (to the minute)' }),
});
export type IngestionToken = z.infer<typeof IngestionToken>;
export const IngestionTokenList = z.object({ tokens: z.array(IngestionToken) });
export const NewIngestionToken = z.strictObject({
  name: z
    .string({ error: 'Enter a name for the token.' })
    .trim()
    .min(1, 'Enter a name for the token.')
    .max(100)
    .meta({ title: 'Name', description: 'What sends with it, such as the appliance or the gateway site' }),
});
export const GeneratedIngestionToken = z.object({
  token: IngestionToken,
  secret: z.string().meta({ title: 'Token', description: 'The token; shown this once, stored only as its SHA-256' }),
});
export const IngestionTokenIdParam = z.strictObject({ id: z.uuid() });
export const IngestionTokenDeleted = z.object({ deleted: z.string() });
