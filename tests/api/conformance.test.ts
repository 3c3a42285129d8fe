/**
 * Walks every operation of docs/openapi.json against the live server, signed in as admin: a valid request gets an
 * answer that matches the documented response schema; invalid requests derived from the request schemas (wrong
 * types, missing required fields, over-long strings, unknown enum values, unknown keys, `__proto__` keys, and
 * fast-check's random values, NUL characters and unpaired surrogates in every string of the body, the query and the
 * path, a body nested past the depth limit) get 400 and change nothing; nothing ever gets a 5xx. A file's name holds
 * no character that could disguise it; no write is guarded by a session alone unless listed with its reason, and the
 * auditor, who may change nothing, is refused every write.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { envAllows, featureFlags, type EnvRule, type Environment, type FeatureFlag } from '../../schemas/access';
import { MESSAGES } from '../../schemas/constants';
import { DEMO_ROLES } from '../../schemas/demoRoles';
import { INVALID_CHARACTERS_KEY, MAX_BODY_DEPTH, TOO_DEEP_KEY, withoutInvisibleCharacters } from '../../schemas/safeText';
import { CHECKS, type ValidatorKey } from '../../schemas/validators';
import { registry } from '../../definitions';
import { SESSION_ONLY_WRITES } from '../../definitions/sessionOnlyWrites';
import type { OperationDef } from '../../definitions/define';
import { COMPONENT_PREFIX, type JsonSchema } from '../../codegen/jsonSchema';
import type { OpenApiDocument, OpenApiOperation, OpenApiParameter } from '../../codegen/openapi';
import { allows } from '../../codegen/permissions';
import { schemaValidator } from '../../codegen/schemaValidator';
import { ACCOUNTS, ApiClient, multipart, signedIn, type ApiResponse } from './helpers';

const doc = JSON.parse(readFileSync(join(import.meta.dirname, '../../docs/openapi.json'), 'utf8')) as OpenApiDocument;
const compile = schemaValidator(doc.components.schemas);

interface Described {
  readonly method: string;
  readonly path: string;
  readonly op: OpenApiOperation;
  readonly def: OperationDef;
}
const described: Described[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => {
    // An alias (the spec's other path for the same call) is checked as the operation it repeats.
    const def = registry.operation(op['x-alias-of'] ?? op.operationId);
    if (!def) throw new Error(`docs/openapi.json lists ${op.operationId}, which the registry lacks: run npm run codegen`);
    return { method: method.toUpperCase(), path, op, def };
  }),
);

// ---- schemas ------------------------------------------------------------------------------------------------------

function resolve(s: JsonSchema): JsonSchema {
  const ref = s.$ref;
  if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_PREFIX)) return s;
  const { $ref: _ref, ...siblings } = s;
  return { ...resolve(doc.components.schemas[ref.slice(COMPONENT_PREFIX.length)] ?? {}), ...siblings };
}

const typesOf = (s: JsonSchema): string[] => {
  const r = resolve(s);
  const alternatives = (r.anyOf ?? r.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return alternatives.flatMap(typesOf);
  if (Array.isArray(r.type)) return r.type as string[];
  if (typeof r.type === 'string') return [r.type];
  if (r.properties) return ['object'];
  if (Array.isArray(r.enum)) return [...new Set((r.enum as unknown[]).map(jsonType))];
  return [];
};

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** Values that pass the shared validators, tried in order for a string with `x-validators`. */
const STRING_CANDIDATES = [
  'abc',
  'www.example.com',
  'example.com',
  '192.0.2.10',
  '8.8.8.8',
  '10.0.0.0/8',
  '8080',
  'https://www.example.com/',
  '/logs/archive',
  'report.csv',
  'user@example.com',
  '2001:db8::1',
  'abc123',
];
const FORMAT_SAMPLES: Record<string, () => string> = {
  'date-time': () => new Date().toISOString(),
  date: () => '2024-01-31',
  uuid: () => crypto.randomUUID(),
  email: () => 'user@example.com',
  uri: () => 'https://www.example.com/',
  url: () => 'https://www.example.com/',
  ipv4: () => '192.0.2.10',
};

function sampleString(s: JsonSchema): string {
  if (typeof s.format === 'string' && FORMAT_SAMPLES[s.format]) return FORMAT_SAMPLES[s.format]!();
  const keys = ((s['x-validators'] as { key: string }[] | undefined) ?? []).map((v) => v.key).filter((k): k is ValidatorKey => k in CHECKS);
  const min = (s.minLength as number | undefined) ?? 0;
  const max = (s.maxLength as number | undefined) ?? Infinity;
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
  const fits = (v: string) => v.length >= min && v.length <= max && (!pattern || pattern.test(v)) && keys.every((k) => CHECKS[k](v));
  return STRING_CANDIDATES.find(fits) ?? 'a'.repeat(Math.max(min, 1));
}

/** A minimal value the schema accepts: required properties only, the first enum value, the lowest number. */
function sample(node: JsonSchema): unknown {
  const s = resolve(node);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if ('default' in s) return s.default;
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return sample(alternatives.find((a) => !typesOf(a).includes('null')) ?? alternatives[0]!);
  const type = typesOf(s).find((t) => t !== 'null') ?? typesOf(s)[0];
  switch (type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number': {
      const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0;
      const hi = typeof s.maximum === 'number' ? s.maximum : Infinity;
      return Math.min(Math.ceil(lo), hi);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: (s.minItems as number | undefined) ?? 0 }, () => sample((s.items as JsonSchema) ?? {}));
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = (s.required as string[] | undefined) ?? [];
      return Object.fromEntries(required.map((k) => [k, sample(props[k] ?? {})]));
    }
    default:
      return 'abc';
  }
}

// ---- invalid values derived from the schema -----------------------------------------------------------------------

type PathKey = string | number;
const REMOVE = Symbol('remove');
interface Mutation {
  readonly label: string;
  readonly path: readonly PathKey[];
  readonly value: unknown;
}

/** Values of the JSON types the schema does not allow. */
function wrongTypes(s: JsonSchema): unknown[] {
  const allowed = typesOf(s);
  const candidates: [string, unknown][] = [
    ['integer', 12345],
    ['string', 'not-valid'],
    ['boolean', true],
    ['array', []],
    ['object', { unexpected: 1 }],
    ['null', null],
  ];
  const ok = (t: string) => allowed.includes(t) || (t === 'integer' && allowed.includes('number'));
  return candidates.filter(([t]) => !ok(t)).map(([, v]) => v);
}

function* mutations(node: JsonSchema, value: unknown, path: readonly PathKey[]): Generator<Mutation> {
  const s = resolve(node);
  const at = path.join('.') || '(root)';
  // Every wrong type at the root (a body of null, a number, a list); the first one below it.
  const wrong = wrongTypes(s);
  for (const v of path.length === 0 ? wrong : wrong.slice(0, 1)) yield { label: `${JSON.stringify(v)} at ${at}`, path, value: v };
  if (Array.isArray(s.enum)) yield { label: `unknown enum value at ${at}`, path, value: '__no_such_value__' };
  if (typeof s.maxLength === 'number') yield { label: `over-long string at ${at}`, path, value: 'x'.repeat(s.maxLength + 1) };
  if (((s['x-validators'] as { key: string }[] | undefined) ?? []).some((v) => v.key === 'maxlength')) {
    yield { label: `over-long text at ${at}`, path, value: 'x'.repeat(2000) };
  }
  if (typeof s.minLength === 'number' && s.minLength > 0) yield { label: `too-short string at ${at}`, path, value: '' };
  if (typeof s.maximum === 'number' && s.maximum < Number.MAX_SAFE_INTEGER) yield { label: `above maximum at ${at}`, path, value: s.maximum + 1 };
  if (typeof s.minimum === 'number' && s.minimum > Number.MIN_SAFE_INTEGER) yield { label: `below minimum at ${at}`, path, value: s.minimum - 1 };
  if (typesOf(s).includes('integer') && !typesOf(s).includes('number')) yield { label: `fraction at ${at}`, path, value: 1.5 };
  if (Array.isArray(value)) {
    const item = value[0] ?? sample((s.items as JsonSchema) ?? {});
    if (typeof s.maxItems === 'number' && s.maxItems <= 20_000) {
      yield { label: `too many items at ${at}`, path, value: Array.from({ length: s.maxItems + 1 }, () => item) };
    }
    if (typeof s.minItems === 'number' && s.minItems > 0) yield { label: `too few items at ${at}`, path, value: [] };
    if (value.length > 0 && s.items) yield* mutations(s.items as JsonSchema, value[0], [...path, 0]);
  } else if (value !== null && typeof value === 'object') {
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    for (const key of (s.required as string[] | undefined) ?? []) yield { label: `missing ${[...path, key].join('.')}`, path: [...path, key], value: REMOVE };
    if (s.additionalProperties === false) yield { label: `unknown key in ${at}`, path: [...path, 'unexpected_key'], value: 1 };
    for (const [key, child] of Object.entries(value)) if (props[key]) yield* mutations(props[key], child, [...path, key]);
  }
}

function setAt(value: unknown, path: readonly PathKey[], next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<PathKey, unknown>;
  const [head, ...rest] = path as [PathKey, ...PathKey[]];
  if (rest.length === 0 && next === REMOVE) delete copy[head];
  else copy[head] = setAt(copy[head], rest, next);
  return copy;
}

/** Every path of a JSON value (containers and leaves), for fast-check to pick from. */
function pathsOf(value: unknown, path: PathKey[] = []): PathKey[][] {
  const out: PathKey[][] = [path];
  if (Array.isArray(value)) value.slice(0, 2).forEach((v, i) => out.push(...pathsOf(v, [...path, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...path, k]));
  return out;
}

/** JSON text with a `__proto__` key in the first object found at or below the root. */
function withProtoKey(value: unknown): string | undefined {
  const text = JSON.stringify(value);
  const at = text.indexOf('{');
  if (at < 0) return undefined;
  const inner = text[at + 1] === '}' ? '' : ',';
  return `${text.slice(0, at + 1)}"__proto__":{"polluted":true}${inner}${text.slice(at + 1)}`;
}

// ---- requests -----------------------------------------------------------------------------------------------------

interface Request {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  raw?: string;
  /** The path and query as sent, without encoding (bytes that are not UTF-8). */
  rawUrl?: string;
}

const paramsOf = (op: OpenApiOperation, where: 'path' | 'query'): OpenApiParameter[] => (op.parameters ?? []).filter((p) => p.in === where);
const bodySchema = (op: OpenApiOperation): JsonSchema | undefined => op.requestBody?.content['application/json']?.schema;
/** The form of a multipart upload (its file parts carry `contentMediaType`); its refusals are tested with the area's own calls. */
const uploadSchema = (op: OpenApiOperation): JsonSchema | undefined => op.requestBody?.content['multipart/form-data']?.schema;

function url(d: Described, req: Request): string {
  const path = d.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(req.params[name])));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query)) for (const item of Array.isArray(v) ? v : [v]) search.append(k, String(item));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(client: ApiClient, d: Described, req: Request): Promise<ApiResponse> {
  const upload = uploadSchema(d.op);
  if (upload && req.raw === undefined && req.body !== null && typeof req.body === 'object') {
    const props = (resolve(upload).properties ?? {}) as Record<string, JsonSchema & { contentMediaType?: string }>;
    const fields = Object.fromEntries(
      Object.entries(req.body as Record<string, unknown>).map(([k, v]) => [k, resolve(props[k] ?? {}).contentMediaType ? { file: String(v) } : String(v)]),
    );
    return client.request(d.method, req.rawUrl ?? url(d, req), { raw: await multipart(fields) });
  }
  const options = req.raw !== undefined ? { raw: { data: req.raw, type: 'application/json' } } : req.body !== undefined ? { body: req.body } : {};
  return client.request(d.method, req.rawUrl ?? url(d, req), options);
}

/** Whether the answer has a documented status and matches that status's schema. */
function conforms(d: Described, res: ApiResponse): string | undefined {
  const entry = (d.op.responses[String(res.status)] ?? d.op.responses.default) as
    | { $ref?: string; content?: Record<string, { schema: JsonSchema }> }
    | undefined;
  if (!entry) return `status ${res.status} is not documented`;
  const resolved = entry.$ref
    ? (doc.components as unknown as { responses: Record<string, typeof entry> }).responses[entry.$ref.split('/').pop()!]!
    : entry;
  const [[type, media] = []] = Object.entries(resolved.content ?? {});
  if (type === 'application/json' && media) {
    const check = compile(media.schema);
    if (!check(res.body)) return `answer ${res.status} breaks its schema: ${JSON.stringify(check.errors?.slice(0, 3))} ${res.text.slice(0, 300)}`;
  } else if (type?.startsWith('text/') && typeof res.text !== 'string') return 'text answer expected';
  return undefined;
}

/** zod issue codes of what a JSON Schema states (types, lengths, ranges, formats, enums, keys). */
const STRUCTURAL_CODES = new Set(['invalid_type', 'too_small', 'too_big', 'invalid_format', 'invalid_value', 'unrecognized_keys', 'not_multiple_of', 'invalid_union', 'invalid_key', 'invalid_element']);

// ---- the run ------------------------------------------------------------------------------------------------------

let admin: ApiClient;
let env: Environment;
let flags: Record<FeatureFlag, boolean>;
let stagedRev: number;
/** GET operations whose answers are stable while nothing changes: read before and after invalid requests. */
let witnesses: Described[] = [];
/** Their answers at the start, parsed. */
let answers: unknown[] = [];
/** The same answers by the path of the operation that gave them. */
let answersByPath = new Map<string, unknown>();

/**
 * The witnesses' answers as last read and checked, kept while nothing but refused requests has happened since. The
 * refusal tests run one after another, so one test's "after" is the next one's "before". Cleared by anything that
 * may change the store (a valid request, a new sign-in).
 */
let unchanged: Record<string, unknown> | undefined;
/**
 * Refusal tests whose "changes nothing" is not checked yet. Reading every witness is most of this file's time, so the
 * witnesses are read after every CHECK_EVERY refusal tests (and after the last), and a difference names every
 * operation since the last read: each is then re-run alone with `-t` to find the one that changed the store. 128 (it
 * was 32) makes a quarter of the reads, in the file that takes a third of the suite's time on PGlite, for a longer
 * list to re-run when the store did change.
 */
let pending: string[] = [];
const CHECK_EVERY = 128;
const TOO_DEEP = 'a body nested past the depth limit';
/** Random invalid bodies sent per operation. */
const RANDOM_VALUES = 12;
/**
 * Runs `each` over the items, a few at a time: refused requests are independent of one another, and sent one by one
 * the client and the server take turns waiting.
 */
async function inBatches<T>(items: readonly T[], each: (item: T) => Promise<void>, width = 4): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await each(item);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
const snapshotBefore = async () => (unchanged ??= await snapshot());
/** Reads the witnesses after refused requests and checks them against `before`; the answers then count as current. */
async function expectUnchanged(before: Record<string, unknown>, message: string): Promise<void> {
  unchanged = undefined;
  const after = await snapshot();
  expect(after, message).toEqual(before);
  unchanged = after;
}
/** Counts a refusal test as pending and checks the pending ones once there are CHECK_EVERY of them. */
async function refusalsSent(before: Record<string, unknown>, what: string): Promise<void> {
  pending.push(what);
  unchanged = before;
  if (pending.length < CHECK_EVERY) return;
  const named = pending.join('; ');
  pending = [];
  await expectUnchanged(before, `the store changed after one of: ${named}`);
}

async function ensureSignedIn(): Promise<void> {
  if ((await admin.get('/api/userinfo')).status !== 200) {
    if (pending.length > 0) throw new Error(`the session ended after one of: ${pending.join('; ')}`);
    admin = await signedIn('admin');
    unchanged = undefined;
  }
  stagedRev = (await admin.get('/api/policy/v1/rules')).body.staged_rev_id as number;
}

const served = (d: Described) => envAllows(d.op['x-environment'] as EnvRule | undefined, env);
const enabled = (d: Described) => d.op['x-feature'] === undefined || flags[d.op['x-feature'] as FeatureFlag];
const readable = (d: Described) =>
  d.method === 'GET' && served(d) && enabled(d) && paramsOf(d.op, 'path').every((p) => p.name === 'rev' && d.op['x-revision']) &&
  paramsOf(d.op, 'query').every((p) => !p.required) && d.op.responses['200'] !== undefined &&
  'application/json' in ((d.op.responses['200'] as { content?: object }).content ?? {});

/**
 * A fixed time range for witnesses that take one (reports, logs): without it their answers carry a window that ends
 * "now" and so differ between two reads a second apart, though nothing changed.
 */
const WINDOW_END = Math.floor(Date.now() / 1000);
const WINDOW = { start: WINDOW_END - 30 * 86_400, end: WINDOW_END };
const windowQuery = (w: Described) =>
  Object.fromEntries(paramsOf(w.op, 'query').filter((p) => p.name in WINDOW).map((p) => [p.name, WINDOW[p.name as keyof typeof WINDOW]]));

/** Every witness's answer, read a few at a time (one by one, the reads of a run take minutes on PostgreSQL). */
async function snapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const queue = [...witnesses];
  const reader = async () => {
    for (let w = queue.shift(); w; w = queue.shift()) {
      out[w.op.operationId] = (await send(admin, w, { params: { rev: stagedRev }, query: windowQuery(w) })).text;
    }
  };
  await Promise.all(Array.from({ length: 6 }, reader));
  return out;
}

/** Values found under `key` anywhere in the answers read so far (e.g. the ids of a list, for `{id}`). */
function knownValues(key: string, value: unknown = answers): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => knownValues(key, v));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === key && (typeof v === 'string' || typeof v === 'number') ? [v] : knownValues(key, v)));
}

/** A path parameter: the staged revision, an existing value of the same name, or a sample of its schema. */
function pathParam(d: Described, p: OpenApiParameter): { value: unknown; fixed: boolean } {
  if (p.name === 'rev' && d.op['x-revision']) return { value: stagedRev, fixed: true };
  if (Array.isArray(resolve(p.schema).enum)) return { value: sample(p.schema), fixed: true };
  // Only reads use values found in answers: a delete or an update of a real record would change the seeded data.
  if (d.method !== 'GET') return { value: sample(p.schema), fixed: false };
  // Values of the same resource only: an `id` of another list names nothing here.
  const base = d.path.slice(0, d.path.indexOf(`/{${p.name}}`));
  const own = [...answersByPath].filter(([path]) => path.startsWith(base)).map(([, answer]) => answer);
  const found = knownValues(p.name, own).find((v) => d.def.params?.safeParse({ [p.name]: String(v) }).success);
  return found === undefined ? { value: sample(p.schema), fixed: false } : { value: found, fixed: true };
}

function validRequest(d: Described): Request {
  const params = Object.fromEntries(paramsOf(d.op, 'path').map((p) => [p.name, pathParam(d, p).value]));
  const query = Object.fromEntries(paramsOf(d.op, 'query').filter((p) => p.required).map((p) => [p.name, sample(p.schema)]));
  const upload = uploadSchema(d.op);
  if (upload) return { params, query, body: sample(upload) };
  const schema = bodySchema(d.op);
  if (!schema) return { params, query };
  const body = sample(schema);
  const props = (resolve(schema).properties ?? {}) as Record<string, unknown>;
  // Sign-in needs real credentials; a wrong password would count against the throttle of everyone on this address.
  if ('username' in props && 'password' in props) return { params, query, body: { ...(body as object), username: 'admin', password: ACCOUNTS.admin } };
  return { params, query, body };
}

/** Requests that must succeed: reads of fixed inputs, document saves of what was just read, and sign-in. */
function mustSucceed(d: Described): boolean {
  // The provider console is for operators only (tests/api/provider.test.ts signs them in); a tenant admin gets 401/403.
  if (d.op.tags.includes('provider')) return false;
  // Log collection takes a logging token, which no session holds (tests/api/provider.test.ts collects with one).
  if (d.def.id === 'logs.collect') return false;
  if (d.method === 'GET') return paramsOf(d.op, 'path').every((p) => pathParam(d, p).fixed);
  const props = (resolve(bodySchema(d.op) ?? {}).properties ?? {}) as Record<string, unknown>;
  return (d.op['x-document'] as { role?: string } | undefined)?.role === 'save' || (/\/login$/.test(d.path) && 'username' in props && 'password' in props);
}

beforeAll(async () => {
  admin = await signedIn('admin');
  const config = (await admin.get('/api/portal/config')).body as { deployment: Environment['deployment']; app_mode: Environment['appMode']; production: boolean };
  env = { deployment: config.deployment, appMode: config.app_mode, production: config.production };
  flags = featureFlags((await admin.get('/api/userinfo')).body.capabilities);
  await ensureSignedIn();
  // Every readable answer once: values for path parameters come from them.
  witnesses = described.filter(readable);
  const first = await snapshot();
  answers = Object.values(first).map((text) => JSON.parse(text as string) as unknown);
  answersByPath = new Map(witnesses.filter((w) => first[w.op.operationId] !== undefined).map((w) => [w.path, JSON.parse(first[w.op.operationId] as string) as unknown]));
  // Report queries are aggregations of the event store that the log queries read directly (a change to it shows
  // there too); reading all 79 of them before and after every operation's invalid requests doubled the run.
  const candidates = witnesses.filter((d) => !d.op.tags.includes('reports'));
  witnesses = candidates;
  const second = await snapshot();
  // Answers that change between two reads with nothing changed (clocks, counters) cannot witness "nothing changed".
  witnesses = candidates.filter((w) => first[w.op.operationId] === second[w.op.operationId]);
  expect(witnesses.length).toBeGreaterThan(0);
});

const rows = described.map((d) => [`${d.op.operationId} (${d.method} ${d.path})`, d] as const);

// Every valid request first, then every refusal: the refusals change nothing, so their snapshots chain (see `unchanged`
// and `pending`).
describe.each(rows)('%s', (_, d) => {
  it('answers a valid request as documented', async () => {
    unchanged = undefined;
    await ensureSignedIn();
    let req = validRequest(d);
    const readOp = (d.op['x-document'] as { role?: string; screenId?: string } | undefined)?.role === 'save';
    if (readOp && served(d) && enabled(d)) {
      const read = described.find((r) => r.op.operationId === `${(d.op['x-document'] as { screenId: string }).screenId}.get`)!;
      const current = await send(admin, read, { params: req.params, query: {} });
      expect(current.status).toBe(200);
      req = { ...req, body: current.body };
    }
    const res = await send(admin, d, req);
    expect(res.status, res.text).toBeLessThan(500);
    const disposition = res.headers.get('content-disposition');
    if (disposition) {
      const shown = decodeURIComponent(disposition);
      expect(withoutInvisibleCharacters(shown), 'a download name holds a bidirectional, zero-width or control character').toBe(shown);
    }
    if (!served(d)) {
      expect(res.status).toBe(404);
      return;
    }
    if (!enabled(d)) {
      expect(res.status).toBe(403);
      return;
    }
    expect(conforms(d, res)).toBeUndefined();
    if (mustSucceed(d)) expect(res.status, res.text.slice(0, 500)).toBe(200);
    else if (res.status === 400) {
      // A sample meets every rule the schema states; only rules across fields or against stored data may refuse it.
      const keys = ((res.body?.errors ?? []) as { key: string }[]).map((e) => e.key);
      expect(keys.filter((k) => STRUCTURAL_CODES.has(k)), res.text.slice(0, 500)).toEqual([]);
    }
  });

});

describe.each(rows)('%s', (_, d) => {
  it('refuses invalid requests with 400 and changes nothing', async () => {
    if (!served(d) || !enabled(d)) return;
    await ensureSignedIn();
    const base = validRequest(d);
    const schema = bodySchema(d.op);
    if (schema && (d.op['x-document'] as { role?: string } | undefined)?.role === 'save') {
      const read = described.find((r) => r.op.operationId === `${(d.op['x-document'] as { screenId: string }).screenId}.get`)!;
      base.body = (await send(admin, read, { params: base.params, query: {} })).body;
    }
    const before = await snapshotBefore();
    // Until the check below passes, the store may have changed (a request that was not refused).
    unchanged = undefined;
    const invalidRequests: [label: string, req: Request][] = [];

    // Path and query parameters: wrong types, out-of-range and unknown values.
    for (const where of ['path', 'query'] as const) {
      for (const p of paramsOf(d.op, where)) {
        const key = where === 'path' ? 'params' : 'query';
        const zodSchema = where === 'path' ? d.def.params : d.def.query;
        for (const m of mutations(p.schema, base[key][p.name] ?? sample(p.schema), [])) {
          if (m.value === null || typeof m.value === 'object') continue;
          const values = { ...base[key], [p.name]: String(m.value) };
          if (zodSchema?.safeParse(values).success !== false) continue;
          invalidRequests.push([`${where} ${p.name}: ${m.label}`, { ...base, [key]: values }]);
        }
      }
    }

    // The body: schema-derived mutations, a __proto__ key, then random values from fast-check.
    if (schema && d.def.body) {
      const zodBody = d.def.body;
      const check = compile(schema);
      expect(check(base.body), `the valid body breaks its own schema: ${JSON.stringify(check.errors)}`).toBe(true);
      const invalid = (value: unknown) => !check(value) && !zodBody.safeParse(value).success;
      for (const m of mutations(schema, base.body, [])) {
        const body = setAt(base.body, m.path, m.value);
        if (invalid(body)) invalidRequests.push([m.label, { ...base, body }]);
      }
      const proto = withProtoKey(base.body);
      if (proto) invalidRequests.push(['__proto__ key', { ...base, raw: proto }]);
      if (!uploadSchema(d.op)) invalidRequests.push([TOO_DEEP, { ...base, raw: `${'['.repeat(MAX_BODY_DEPTH + 1)}${']'.repeat(MAX_BODY_DEPTH + 1)}` }]);
      const paths = pathsOf(base.body);
      const bad = fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true }),
        fc.boolean(),
        fc.constant(null),
        fc.string(),
        fc.string({ minLength: 201, maxLength: 400 }),
        fc.array(fc.integer(), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
      );
      // A seed per operation keeps the values, and so a failure, the same from one run to the next.
      const seed = [...d.op.operationId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
      const randomBodies = fc
        .sample(fc.tuple(fc.constantFrom(...paths), bad), { numRuns: 60, seed })
        .map(([path, value]) => [path, value, setAt(base.body, path, value)] as const)
        .filter(([, , body]) => invalid(body))
        .slice(0, RANDOM_VALUES);
      for (const [path, value, body] of randomBodies) {
        invalidRequests.push([`random value at ${path.join('.') || '(root)'}: ${JSON.stringify(value).slice(0, 60)}`, { ...base, body }]);
      }
    }
    const tried = invalidRequests.map(([label]) => label);
    await inBatches(invalidRequests, async ([label, req]) => {
      const res = await send(admin, d, req);
      expect(res.status, `${label}: ${res.text.slice(0, 300)}`).toBe(400);
      expect(conforms(d, res), label).toBeUndefined();
      if (label === TOO_DEEP) expect(res.body.errors, label).toContainEqual(expect.objectContaining({ key: TOO_DEEP_KEY }));
    });
    if (tried.length > 0) await refusalsSent(before, `${d.op.operationId}: ${tried.length} invalid requests`);
    else unchanged = before;
  });

  // A snapshot of every witness besides the requests: slow on a busy machine.
  it('refuses NUL and unpaired surrogates in every string it accepts, naming the field, and changes nothing', { timeout: 180_000 }, async () => {
    if (!served(d) || !enabled(d)) return;
    await ensureSignedIn();
    const base = validRequest(d);
    if ((d.op['x-document'] as { role?: string } | undefined)?.role === 'save') {
      const read = described.find((r) => r.op.operationId === `${(d.op['x-document'] as { screenId: string }).screenId}.get`)!;
      base.body = (await send(admin, read, { params: base.params, query: {} })).body;
    }
    const before = await snapshotBefore();
    unchanged = undefined;
    /** The requests to send, each with what its answer must show. */
    const checks: (() => Promise<void>)[] = [];
    const refused = (label: string, field: string, req: Request) =>
      checks.push(async () => {
        const res = await send(admin, d, req);
        expect(res.status, `${label}: ${res.text.slice(0, 300)}`).toBe(400);
        expect(conforms(d, res), label).toBeUndefined();
        expect(res.body.errors, label).toContainEqual(expect.objectContaining({ path: field, key: INVALID_CHARACTERS_KEY }));
      });
    for (const p of paramsOf(d.op, 'path')) {
      refused(`NUL in path ${p.name}`, `params.${p.name}`, { ...base, params: { ...base.params, [p.name]: 'a\u0000b' } });
      // An unpaired surrogate has no UTF-8 form: on the wire it is the invalid byte sequence of its code point.
      checks.push(async () => {
        const res = await send(admin, d, { ...base, rawUrl: d.path.replace(`{${p.name}}`, 'a%ED%A0%80b').replace(/\{([^}]+)\}/g, (_, n: string) => String(base.params[n])) });
        expect(res.status, `unpaired surrogate in path ${p.name}: ${res.text.slice(0, 300)}`).toBe(400);
        expect(conforms(d, res)).toBeUndefined();
      });
    }
    for (const p of paramsOf(d.op, 'query')) {
      refused(`NUL in query ${p.name}`, `query.${p.name}`, { ...base, query: { ...base.query, [p.name]: 'a\u0000b' } });
      checks.push(async () => {
        const res = await send(admin, d, { ...base, rawUrl: `${url(d, base)}${Object.keys(base.query).length ? '&' : '?'}${p.name}=a%ED%A0%80b` });
        expect(res.status, `unpaired surrogate in query ${p.name}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
      });
    }
    // Every string of the body (the first 20 of a long document), and a key of its first object.
    const strings = (uploadSchema(d.op) ? [] : pathsOf(base.body)).filter((path) => typeof path.reduce<unknown>((v, k) => (v as Record<PathKey, unknown>)[k], base.body) === 'string');
    for (const path of strings.slice(0, 20)) {
      for (const [name, bad] of [['NUL', 'x\u0000y'], ['unpaired surrogate', 'x\ud800y']] as const) {
        refused(`${name} at ${path.join('.')}`, path.join('.'), { ...base, body: setAt(base.body, path, bad) });
      }
    }
    if (!uploadSchema(d.op) && base.body !== null && typeof base.body === 'object' && !Array.isArray(base.body)) {
      refused('NUL in a key', 'k\uFFFD', { ...base, body: { ...base.body, ['k\u0000']: 'v' } });
    }
    await inBatches(checks, (check) => check());
    const tried = checks.length;
    if (tried > 0) await refusalsSent(before, `${d.op.operationId}: ${tried} requests with characters that cannot be stored`);
    else unchanged = before;
  });
});

describe('write operations', () => {
  const writes = described.filter((d) => d.method !== 'GET' && d.def.access !== 'public');

  it('each name the permission that owns what they change, unless listed with a reason', () => {
    const sessionOnly = writes.filter((d) => d.def.access === 'session').map((d) => d.def.id);
    expect(sessionOnly.filter((id) => !(id in SESSION_ONLY_WRITES))).toEqual([]);
  });

  it('are refused to the auditor unless their rule asks only to read', { timeout: 180_000 }, async () => {
    const auditor = await signedIn('auditor');
    const refused = writes.filter(
      (d) => served(d) && enabled(d) && !d.op.tags.includes('provider') && d.def.access !== 'session' && !allows(d.def.access, DEMO_ROLES.auditor),
    );
    expect(refused.length).toBeGreaterThan(100);
    await inBatches(refused, async (d) => {
      const res = await send(auditor, d, validRequest(d));
      expect(res.status, `${d.def.id}: ${res.text.slice(0, 200)}`).toBe(403);
      expect(res.body.msg, d.def.id).toBe(MESSAGES.forbidden);
    });
  });
});

describe('after the last refusals', () => {
  it('the store is as it was before them', async () => {
    expect(unchanged, 'the refusal tests ran and left their snapshot').toBeDefined();
    if (pending.length === 0) return;
    const named = pending.join('; ');
    pending = [];
    await expectUnchanged(unchanged!, `the store changed after one of: ${named}`);
  });
});
