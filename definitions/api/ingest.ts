/**
 * Event ingestion: one bulk call per log kind for enforcement nodes and appliances, and the tenant's ingestion tokens
 * that authenticate it. This product's extension: the spec has no ingestion call.
 */
import { z } from 'zod';
import {
  GeneratedIngestionToken,
  INGEST_LOG_TYPES,
  INGEST_MAX_AHEAD_MINUTES,
  INGEST_MAX_BYTES,
  INGEST_MAX_IN_FLIGHT,
  INGEST_MAX_LINES,
  INGEST_MAX_TEXT_CHARS,
  INGEST_MAX_TOKENS,
  INGEST_QUEUE_BACKLOG_S,
  INGEST_QUEUE_MAX_EVENTS,
  INGEST_QUEUE_READ_WAIT_S,
  INGEST_QUEUE_UNMEASURED_EVENTS,
  INGEST_RETRY_AFTER_S,
  IngestAnswer,
  IngestionTokenDeleted,
  IngestionTokenIdParam,
  IngestionTokenList,
  NewIngestionToken,
  type IngestLogType,
} from '../../schemas/areas/ingest';
import { LOG_TYPE_LABELS } from '../../schemas/logs';
import { defineOperation, idSegment } from '../define';

/** The Authorization scheme of an ingestion token (`Authorization: IngestToken <token>`). */
export const INGEST_TOKEN_SCHEME = 'IngestToken';

/** Where the ingestion calls are: `<prefix><log kind>`. */
export const INGEST_PREFIX = '/api/logs/v1/ingest/';

const count = (n: number) => n.toLocaleString('en');

/** The request header naming a batch, so that a batch sent again is not stored twice. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a batch's key is remembered (hours). */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A batch's key: 1 to 200 printable ASCII characters without spaces (a UUID, or the sender's batch id). */
export const IdempotencyKey = z.string().regex(/^[\x21-\x7e]{1,200}$/, 'Use 1 to 200 printable ASCII characters without spaces.');
/** Seconds a batch the log store could not take is asked to wait (503 Retry-After): a shard restarting. */
export const STORE_RETRY_AFTER_S = 5;
/** The answer header of a batch sent again with a key already stored. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotency-Replayed';

const INGEST_DOC =
  'This product\'s extension (the spec has no ingestion call): an enforcement node or an appliance sends a batch of ' +
  'events of one log kind as NDJSON (`Content-Type: application/x-ndjson`, UTF-8, one JSON object per line; blank lines ' +
  'are skipped), as it is or compressed with `Content-Encoding: gzip` (another encoding is 415), authenticated by an ' +
  `ingestion token in \`Authorization: ${INGEST_TOKEN_SCHEME} <token>\`, without ` +
  'cookies or X-XSRFToken. Each line is an event as the log view answers it, validated with the same schema (its ' +
  '`timestamp` is ISO 8601 UTC; fields the schema does not know are dropped). ' +
  `Limits: a body of at most ${count(INGEST_MAX_BYTES)} bytes (decompressed) and ${count(INGEST_MAX_LINES)} lines, else ` +
  '413 naming the limit; a gzip body that does not decompress is 400. A line that is not a JSON object, or an event ' +
  'the schema refuses, is 400 with `errors: [{ line, path, key, ' +
  'message }]` (line numbers from 1, path the field in the event) and a `msg` such as `line 12: domain: …`; nothing of ' +
  `that batch is stored. So is an event with a text (a field, or an item of a list) longer than ` +
  `${count(INGEST_MAX_TEXT_CHARS)} characters, a \`timestamp\` more than ${INGEST_MAX_AHEAD_MINUTES} minutes ahead of ` +
  "the portal's clock, or one older than the tenant's log retention (General settings: it would never be shown). " +
  'The batch is stored whole in one transaction, with the reports\' rollups of the hours it ' +
  'touches, and answered 200 `{ accepted }` only once committed: a batch answered 200 is never lost. On a ClickHouse ' +
  'log store that transaction puts the batch in the portal\'s ingest queue, from which it moves to the cluster in large ' +
  'inserts within moments; every log page, report and export of the tenant waits for the batches answered 200 before ' +
  `it, and answers 503 with \`Retry-After\` if they are not in the cluster within ${INGEST_QUEUE_READ_WAIT_S} s (a shard down). ` +
  'A batch without an answer (a lost connection, a server stopped) is stored whole or not at all: send it again. ' +
  `Exactly once: send each batch with an \`${IDEMPOTENCY_HEADER}\` header of its own (1 to 200 printable ASCII ` +
  'characters without spaces, such as a UUID; else 400). A batch sent again with a key of the same tenant and log kind ' +
  `stored in the last ${IDEMPOTENCY_KEY_HOURS} hours is not stored again: it is answered 200 with the first answer's ` +
  `\`accepted\` and \`${IDEMPOTENCY_REPLAYED_HEADER}: true\`; sent again with another body (its NDJSON text, after ` +
  'any gzip, differs) it is 422 and nothing of it is stored. Without the header delivery is at least once (a batch ' +
  'committed just before its answer was lost is stored twice when sent again). A batch that could not be stored (the ' +
  `log store not answering) is 503 with \`Retry-After: ${STORE_RETRY_AFTER_S}\`: send it again. ` +
  `Back-pressure: while ${INGEST_MAX_IN_FLIGHT.server} batches are in flight on the server (from their first byte ` +
  `received until answered), or ${INGEST_MAX_IN_FLIGHT.tenant} of the tenant's, another is answered 429 with ` +
  `\`Retry-After: ${INGEST_RETRY_AFTER_S}\` (seconds) before its body is read, nothing stored; so is a batch on a ` +
  `ClickHouse log store while its ingest queue holds what the cluster stores in ${INGEST_QUEUE_BACKLOG_S} s at the rate ` +
  `last measured (at least ${count(INGEST_MAX_LINES)} events, at most ${count(INGEST_QUEUE_MAX_EVENTS)}; ` +
  `${count(INGEST_QUEUE_UNMEASURED_EVENTS)} until a rate is measured; an empty queue takes any batch): the cluster slower than the ` +
  'senders, or a shard down. So a read waits for a backlog it can see the end of, rather than answering 503. ' +
  'Throughput: each batch costs a transaction besides its events, so send thousands of events a batch rather than ' +
  'hundreds when you can; on a ClickHouse log store small batches are gathered into large inserts, so one sender of ' +
  'batches of 100 events goes at several thousand events a second. An unknown or revoked ' +
  'token, or a disabled tenant, is 401. Each batch, stored or refused ' +
  'for its content, is in the tenant\'s audit log under the token\'s name.';

const NdjsonBody = z.string().meta({
  title: 'Events',
  description: 'NDJSON: one event object per line, of the log kind of the path',
  contentMediaType: 'application/x-ndjson',
});

function ingestOperation<const T extends IngestLogType>(type: T) {
  return defineOperation({
    id: `ingest.${idSegment(type)}.send`,
    method: 'POST',
    path: `${INGEST_PREFIX}${type}`,
    summary: `Ingest a batch of ${LOG_TYPE_LABELS[type]} events (NDJSON)`,
    description: INGEST_DOC,
    body: NdjsonBody,
    requestKind: 'ndjson',
    response: IngestAnswer,
    access: 'public',
    apiOnly: { reason: 'integration', why: 'Enforcement nodes and appliances send their events here with an ingestion token; no screen sends events.' },
    // Authenticated by the Authorization header alone, which a browser never adds by itself: no cross-site request.
    xsrfExempt: true,
    tag: 'ingestion',
  });
}
export type IngestOperation = ReturnType<typeof ingestOperation<IngestLogType>>;

/** The ingestion call of each log kind, by kind. */
export const ingestKindOps = Object.fromEntries(INGEST_LOG_TYPES.map((t) => [t, ingestOperation(t)])) as Readonly<Record<IngestLogType, IngestOperation>>;

const TOKENS = '/api/settings/v1/tenants/ingestion_tokens';
const TOKEN_DOC =
  'Ingestion tokens authenticate the ingestion calls (ingest.*.send) of the tenant\'s enforcement nodes and appliances ' +
  'for the tenant alone. They are the tenant\'s own, managed by its administrators (the provider console does not hold ' +
  'them: a token is given to the tenant\'s own devices). This product\'s extension, managed like the spec\'s logging ' +
  'tokens: only the SHA-256 is stored, the token is answered once; generating and revoking are in the audit log.';

export const listIngestionTokens = defineOperation({
  id: 'ingestion-tokens.list',
  method: 'GET',
  path: TOKENS,
  summary: 'Ingestion tokens of the tenant (never the tokens themselves)',
  description: TOKEN_DOC,
  response: IngestionTokenList,
  access: { any: ['settings:read'] },
  tag: 'ingestion',
});
export const generateIngestionToken = defineOperation({
  id: 'ingestion-tokens.generate',
  method: 'POST',
  path: TOKENS,
  summary: 'Generate an ingestion token; the answer shows it once',
  description: `${TOKEN_DOC} At most ${INGEST_MAX_TOKENS} per tenant (409 beyond).`,
  body: NewIngestionToken,
  response: GeneratedIngestionToken,
  access: { any: ['settings:write'] },
  tag: 'ingestion',
});
export const deleteIngestionToken = defineOperation({
  id: 'ingestion-tokens.delete',
  method: 'DELETE',
  path: `${TOKENS}/{id}`,
  summary: 'Revoke an ingestion token; batches sent with it are refused from then on',
  description: TOKEN_DOC,
  params: IngestionTokenIdParam,
  response: IngestionTokenDeleted,
  access: { any: ['settings:write'] },
  tag: 'ingestion',
});

/** The token group server/modules/ingest.ts implements. */
export const ingestionTokenOps = { listIngestionTokens, generateIngestionToken, deleteIngestionToken } as const;
