/**
 * The `portal` command: policy as code over the client package. It knows no area by name: every policy area and
 * settings page comes from `areas.ts` (generated from the definitions), each with its operations, access rules, JSON
 * Schema and the labels of the publish review's diff. Copied into the package by `npm run codegen`.
 *
 *   portal login     sign in (password or API token) and keep the session in a profile file (mode 0600)
 *   portal export    every area as one YAML file under DIR
 *   portal plan      what an apply would change, per area, in the publish review's words (exit 0 / 2 / 1)
 *   portal apply     stage the changed areas with their stamps and publish them as one revision with a reason
 *   portal drift     the published policy against the files (exit 0 in sync, 2 drifted, 1 error)
 *
 * `--tenant` runs plan, apply and drift for tenants of a service provider through the provider API.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';
import { operationRoutes } from './api';
import { AREAS } from './areas';
import { changeLines, changeOptionsFrom, describeChanges, describeValue, NONE, type ChangeData } from './changes';
import { WIRE } from './index';
import { connection, PortalError, type CallFn, type FieldError } from './transport';

/** Where the names of the ids a field holds come from: the rows of another area's or a lookup's answer. */
export interface NameSource {
  /** The operation that reads them, and whether it takes the revision. */
  readonly read: string;
  readonly staged: boolean;
  /** The list in its answer, and each entry's id and name fields. */
  readonly rows: string;
  readonly value: string;
  readonly label: string;
}

/** One policy area or settings page as the command knows it (codegen/cliAreas.ts writes them, the only declaration). */
export interface CliArea {
  readonly id: string;
  readonly title: string;
  readonly kind: 'policy' | 'settings';
  /** The YAML file of the area under the export folder. */
  readonly file: string;
  /** Its read and save operations. */
  readonly read: string;
  readonly save: string;
  readonly readRule?: unknown;
  readonly writeRule?: unknown;
  readonly env?: unknown;
  /** A table's rows: the list field, the key rows are matched by, the field a row is named by. */
  readonly rows?: { readonly field: string; readonly key: string; readonly labelField: string };
  /** What the change presenter needs to word a change as the publish review does (labels, rows, hidden fields). */
  readonly changes: ChangeData;
  /** Fields holding ids of other entries (a service, a profile), by dotted path without positions: where their names are. */
  readonly names?: Readonly<Record<string, NameSource>>;
  /** The document's JSON Schema (zod's conversion of the screen's schema). */
  readonly schema: unknown;
}

/** Exit codes: nothing to change, an error, changes (plan) or drift. */
export const EXIT = { ok: 0, error: 1, changes: 2 } as const;

/** A failure with a message a person can act on. */
export class CliError extends Error {}

/** What a read shows in place of a stored secret (server/secrets.ts); sent back, it keeps the stored value. */
const SECRET_PLACEHOLDER = '********';
/** The reference a secret becomes in a file: `{ $secret: stored }` keeps the portal's value, `env:NAME` sets it. */
const SECRET_KEY = '$secret';
const STAMP_FIELDS = ['rev_id', 'state', 'updated_at', 'updated_by'];

type Json = { readonly [key: string]: unknown };
type Doc = Readonly<Record<string, unknown>>;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---- the change text -------------------------------------------------------------------------------------------

/** The names of referenced ids by field path and id, as the publish review loads them; undefined: shown as the id. */
export type Names = (path: string, id: string) => string | undefined;

/**
 * The publish review's change text of one area, line by line: the portal's own presenter (engine/core/changes.ts) with
 * the screen's data: a line per change, a row's own changes under it indented by two spaces. A referenced id is named
 * as the review names it (`names`, loaded from the portal and the files); an id nothing names is shown as itself.
 */
export function changeText(area: CliArea, before: Doc, after: Doc, names: Names = () => undefined): string[] {
  return changeLines(describeChanges(validatorOf(area), before, after, changeOptionsFrom(area.changes, names)));
}

// ---- schemas: order, secrets, validation -------------------------------------------------------------------------

interface SchemaNode {
  readonly $ref?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  readonly additionalProperties?: SchemaNode | boolean;
  readonly anyOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly allOf?: readonly SchemaNode[];
  readonly writeOnly?: boolean;
  readonly title?: string;
  readonly description?: string;
  readonly $defs?: Readonly<Record<string, SchemaNode>>;
}

function resolve(node: SchemaNode | undefined, root: SchemaNode): SchemaNode | undefined {
  let n = node;
  for (let i = 0; n?.$ref && i < 32; i++) n = n.$ref === '#' ? root : root.$defs?.[n.$ref.replace('#/$defs/', '')];
  return n;
}

/** The alternative of a union that fits the value best (most of its keys known). */
function branch(node: SchemaNode, value: unknown, root: SchemaNode): SchemaNode {
  const options = [...(node.anyOf ?? []), ...(node.oneOf ?? [])].map((o) => resolve(o, root)!).filter(Boolean);
  if (!options.length) return node;
  if (!isObject(value)) return options[0]!;
  const score = (o: SchemaNode) => Object.keys(value).filter((k) => o.properties && k in o.properties).length;
  return options.reduce((best, o) => (score(o) > score(best) ? o : best));
}

/**
 * Walks a value with its schema, rebuilding it: objects with their keys in the schema's order (then any others in
 * name order), and `leaf(value, node, path)` asked at every node first (return undefined to descend).
 */
function walk(value: unknown, node: SchemaNode | undefined, root: SchemaNode, path: string, leaf: (v: unknown, n: SchemaNode | undefined, p: string) => unknown): unknown {
  const own = resolve(node, root);
  const hit = leaf(value, own, path);
  if (hit !== undefined) return hit;
  const n = own && (own.anyOf || own.oneOf) ? branch(own, value, root) : own;
  const at = (k: string | number) => (path ? `${path}.${k}` : String(k));
  if (Array.isArray(value)) return value.map((v, i) => walk(v, n?.items, root, at(i), leaf));
  if (!isObject(value)) return value;
  const props = { ...Object.assign({}, ...(n?.allOf ?? []).map((a) => resolve(a, root)?.properties ?? {})), ...(n?.properties ?? {}) } as Record<string, SchemaNode>;
  const extra = typeof n?.additionalProperties === 'object' ? n.additionalProperties : undefined;
  const keys = [...Object.keys(props).filter((k) => k in value), ...Object.keys(value).filter((k) => !(k in props)).sort()];
  return Object.fromEntries(keys.map((k) => [k, walk(value[k], props[k] ?? extra, root, at(k), leaf)]));
}

const rootOf = (area: CliArea) => area.schema as SchemaNode;

/** The document part of an answer (stamps and who / when left out), keys in schema order. */
export function documentOf(area: CliArea, answer: Json): Doc {
  const root = rootOf(area);
  const keys = Object.keys(root.properties ?? {});
  const doc = Object.fromEntries(Object.entries(answer).filter(([k]) => (keys.length ? keys.includes(k) : !STAMP_FIELDS.includes(k))));
  return walk(doc, root, root, '', () => undefined) as Doc;
}

/** A document as its file holds it: stored secrets as references, never their values. */
export function toFileDocument(area: CliArea, doc: Doc): Doc {
  const root = rootOf(area);
  return walk(doc, root, root, '', (v, n) => (n?.writeOnly && v === SECRET_PLACEHOLDER ? { [SECRET_KEY]: 'stored' } : undefined)) as Doc;
}

/** The YAML text of an area's file: a comment naming the area, then the document in schema order. */
export function toYaml(area: CliArea, doc: Doc): string {
  const header = `# ${area.title} (${area.id}). Exported by portal; plan and apply with \`portal plan\` / \`portal apply\`.\n`;
  return header + stringifyYaml(toFileDocument(area, doc), { lineWidth: 0, aliasDuplicateObjects: false });
}

/** A file's document read for comparing (`stored` secrets as the placeholder) and for sending (env secrets resolved). */
export interface LoadedArea {
  readonly area: CliArea;
  readonly file: string;
  /** As the portal would show it after a save: compared with what it answers. */
  readonly compare: Doc;
  /** As sent in a save. */
  readonly send: Doc;
  /** Fields the file leaves out that the schema fills with their default, by path (positions of `compare`). */
  readonly leftOut: readonly Path[];
}

type Path = readonly (string | number)[];

/** The paths of fields `parsed` holds (filled in with their default) that `raw`, as the file says it, leaves out. */
function leftOutPaths(raw: unknown, parsed: unknown, path: Path = []): Path[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) return raw.flatMap((r, i) => leftOutPaths(r, parsed[i], [...path, i]));
  if (!isObject(raw) || !isObject(parsed)) return [];
  return Object.keys(parsed).flatMap((k) => (k in raw ? leftOutPaths(raw[k], parsed[k], [...path, k]) : parsed[k] === undefined ? [] : [[...path, k]]));
}

const issuePath = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(the document)';

/** Reads and checks one area's file with the area's schema; throws a CliError naming the file, the area and each field. */
export function loadArea(area: CliArea, file: string, text: string, env: NodeJS.ProcessEnv = process.env): LoadedArea {
  const where = `${file}: ${area.title} (${area.id})`;
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (e) {
    throw new CliError(`${where}: not valid YAML: ${(e as Error).message}`);
  }
  if (!isObject(raw)) throw new CliError(`${where}: the file must hold the area's fields as a mapping.`);
  const root = rootOf(area);
  const problems: string[] = [];
  const resolveSecrets = (forSending: boolean) =>
    walk(raw, root, root, '', (v, _n, path) => {
      if (!isObject(v) || !(SECRET_KEY in v)) return undefined;
      const ref = String(v[SECRET_KEY]);
      if (ref === 'stored') return SECRET_PLACEHOLDER;
      const name = /^env:([A-Za-z_][A-Za-z0-9_]*)$/.exec(ref)?.[1];
      if (!name) {
        problems.push(`${where}: ${path}: a secret reference is "stored" or "env:NAME", not "${ref}"`);
        return SECRET_PLACEHOLDER;
      }
      if (!forSending) return SECRET_PLACEHOLDER;
      const value = env[name];
      if (value === undefined || value === '') problems.push(`${where}: ${path}: the environment variable ${name} is not set`);
      return value ?? '';
    }) as Doc;
  const withKeys = (doc: Doc): Doc => {
    const rows = area.rows;
    const list = rows && doc[rows.field];
    if (!rows || !Array.isArray(list)) return doc;
    // A row written by hand without its key is a new row: it gets one made from its content, the same on every run.
    return { ...doc, [rows.field]: list.map((r: unknown) => (isObject(r) && (r[rows.key] === undefined || r[rows.key] === '') ? { ...r, [rows.key]: contentKey(r) } : r)) };
  };
  const schema = validatorOf(area);
  const parsed = (doc: Doc): Doc => {
    const result = schema.safeParse(doc);
    if (result.success) return walk(result.data, root, root, '', () => undefined) as Doc;
    for (const issue of result.error.issues) problems.push(`${where}: ${issuePath(issue.path)}: ${issue.message}`);
    return doc;
  };
  const compareRaw = withKeys(resolveSecrets(false));
  const compare = parsed(compareRaw);
  const sendRaw = resolveSecrets(true);
  const rows = area.rows;
  // The same new keys in both versions.
  const keyed =
    rows && Array.isArray(sendRaw[rows.field])
      ? { ...sendRaw, [rows.field]: (sendRaw[rows.field] as Doc[]).map((r, i) => ({ ...r, [rows.key]: (compareRaw[rows.field] as Doc[])[i]![rows.key] })) }
      : sendRaw;
  const send = problems.length ? keyed : parsed(keyed);
  if (problems.length) throw new CliError([...new Set(problems)].join('\n'));
  return { area, file, compare, send, leftOut: leftOutPaths(compareRaw, compare) };
}

/** The key a row written without one gets: from its content, so that plans and applies agree run after run. */
const contentKey = (row: Doc): string => `${NEW_ROW_PREFIX}${createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 16)}`;
const NEW_ROW_PREFIX = 'row-';

/**
 * A file's rows written without a key, matched with the portal's rows by the field rows are named by (a row whose key
 * no file row holds): an edit of such a row then shows as a change of it, not as a row removed and one added.
 */
function adoptKeys(l: LoadedArea, current: Doc): LoadedArea {
  const rows = l.area.rows;
  const mine = rows && l.compare[rows.field];
  const theirs = rows && current[rows.field];
  if (!rows || !Array.isArray(mine) || !Array.isArray(theirs)) return l;
  const used = new Set((mine as Doc[]).map((r) => r[rows.key]));
  const free = (theirs as Doc[]).filter((r) => !used.has(r[rows.key]));
  const keys = (mine as Doc[]).map((r) => {
    const key = r[rows.key];
    if (typeof key !== 'string' || !key.startsWith(NEW_ROW_PREFIX)) return key;
    const i = free.findIndex((t) => JSON.stringify(t[rows.labelField]) === JSON.stringify(r[rows.labelField]));
    return i < 0 ? key : free.splice(i, 1)[0]![rows.key];
  });
  const rekey = (doc: Doc): Doc => ({ ...doc, [rows.field]: (doc[rows.field] as Doc[]).map((r, i) => ({ ...r, [rows.key]: keys[i] })) });
  return { ...l, compare: rekey(l.compare), send: rekey(l.send) };
}

const validators = new Map<string, z.ZodType>();
function validatorOf(area: CliArea): z.ZodType {
  let v = validators.get(area.id);
  if (!v) {
    v = z.fromJSONSchema(area.schema as Parameters<typeof z.fromJSONSchema>[0]);
    validators.set(area.id, v);
  }
  return v;
}

/** Every area file under DIR, checked before any call; unknown YAML files are an error (a typo would be ignored). */
export function loadFolder(dir: string, areas: readonly CliArea[] = AREAS): LoadedArea[] {
  if (!existsSync(dir)) throw new CliError(`${dir}: no such folder.`);
  const byFile = new Map(areas.map((a) => [a.file, a]));
  const files = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();
  const unknown = files.filter((f) => !byFile.has(f));
  if (unknown.length) throw new CliError(`${unknown.map((f) => join(dir, f)).join(', ')}: no policy area or settings page has this file name.`);
  const errors: string[] = [];
  const loaded: LoadedArea[] = [];
  for (const f of files) {
    try {
      loaded.push(loadArea(byFile.get(f)!, join(dir, f), readFileSync(join(dir, f), 'utf8')));
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      errors.push(e.message);
    }
  }
  if (errors.length) throw new CliError(`The files were not accepted; nothing was sent.\n${errors.join('\n')}`);
  if (!loaded.length) throw new CliError(`${dir}: no area files (export one with \`portal export ${dir}\`).`);
  return loaded;
}

// ---- access, as the server decides it ------------------------------------------------------------------------

interface Grants {
  readonly allow: readonly string[];
  readonly deny: readonly string[];
}
const segments = (p: string) => {
  const parts = p.split(':');
  while (parts.length < 4) parts.push('*');
  return parts;
};
function hasPermission(grants: Grants, required: string): boolean {
  const req = segments(required);
  const covers = (o: string[], i: string[]) => o.every((x, k) => x === '*' || x === (i[k] ?? '*'));
  return grants.allow.some((a) => {
    const both = segments(a).map((x, k) => (x === '*' ? req[k]! : req[k] === '*' || req[k] === x ? x : null));
    return !both.includes(null) && !grants.deny.some((d) => covers(segments(d), both as string[]));
  });
}
function ruleAllows(rule: unknown, grants: Grants): boolean {
  if (!isObject(rule)) return true;
  if (Array.isArray(rule.any)) return rule.any.some((p) => hasPermission(grants, String(p)));
  if (Array.isArray(rule.all)) return rule.all.every((p) => hasPermission(grants, String(p)));
  return false;
}
interface Environment {
  readonly deployment: string;
  readonly appMode: string;
  readonly production: boolean;
}
function envAllows(rule: unknown, env: Environment): boolean {
  if (rule === undefined) return true;
  const alternatives = (Array.isArray(rule) ? rule : [rule]) as { deployments?: string[]; appModes?: string[]; production?: boolean }[];
  return alternatives.some(
    (c) =>
      (c.deployments === undefined || c.deployments.includes(env.deployment)) &&
      (c.appModes === undefined || c.appModes.includes(env.appMode)) &&
      (c.production === undefined || c.production === env.production),
  );
}

// ---- the connection: profile, sign-in, retries -------------------------------------------------------------------

/** What `portal login` keeps: the portal's address and the session's cookies or an API token. */
interface Profile {
  readonly url: string;
  readonly kind: 'tenant' | 'provider';
  readonly user?: string;
  readonly token?: string;
  readonly cookies?: readonly (readonly [string, string])[];
}

const profilePath = (env: NodeJS.ProcessEnv) => env.PORTAL_PROFILE ?? join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'portal', 'profile.json');

function readProfile(env: NodeJS.ProcessEnv): Profile | undefined {
  const path = profilePath(env);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Profile) : undefined;
}

function writeProfile(env: NodeJS.ProcessEnv, profile: Profile): string {
  const path = profilePath(env);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, JSON.stringify(profile, null, 2) + '\n', { mode: 0o600 });
  chmodSync(path, 0o600);
  return path;
}

/** Seconds or an HTTP date, as Retry-After gives it, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface RetryOptions {
  readonly retries?: number;
  readonly baseMs?: number;
  readonly maxMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly log?: (line: string) => void;
}

/** `fetch` that waits and tries again on 429 and 503 (the server did nothing): Retry-After when given, else backing off. */
export function retryingFetch(inner: typeof fetch, opts: RetryOptions = {}): typeof fetch {
  const { retries = 4, baseMs = 500, maxMs = 30_000, sleep = (ms) => new Promise((r) => setTimeout(r, ms)), log } = opts;
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const res = await inner(input, init);
      if ((res.status !== 429 && res.status !== 503) || attempt >= retries) return res;
      const wait = Math.min(maxMs, retryAfterMs(res.headers.get('retry-after')) ?? baseMs * 2 ** attempt);
      await res.body?.cancel();
      log?.(`The portal answered ${res.status}; trying again in ${Math.ceil(wait / 1000)} s.`);
      await sleep(wait);
    }
  };
}

interface Session {
  readonly call: CallFn;
  readonly kind: 'tenant' | 'provider';
  readonly url: string;
  readonly env: Environment;
  /** Undefined when permissions are not enforced (no rbac): the server decides alone. */
  readonly grants?: Grants;
  readonly cookies: ReadonlyMap<string, string>;
}

interface Io {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly env: NodeJS.ProcessEnv;
  readonly fetch: typeof fetch;
  readonly prompt: (question: string) => Promise<string>;
}

async function open(io: Io, flags: Flags, fresh?: { url: string; kind: 'tenant' | 'provider'; user?: string; password?: string; token?: string }): Promise<Session> {
  const profile = fresh ? undefined : readProfile(io.env);
  const url = fresh?.url ?? flags.url ?? io.env.PORTAL_URL ?? profile?.url;
  if (!url) throw new CliError('No portal address: run `portal login --url https://portal.example.com`, or set PORTAL_URL.');
  const kind = fresh?.kind ?? (flags.provider || flags.tenant.length ? 'provider' : (profile?.kind ?? 'tenant'));
  const token = fresh ? fresh.token : (io.env.PORTAL_TOKEN ?? profile?.token);
  const password = fresh ? fresh.password : io.env.PORTAL_PASSWORD;
  const user = fresh?.user ?? io.env.PORTAL_USER ?? profile?.user;
  const { call, cookies } = connection(
    { baseUrl: url, token: password ? undefined : token, fetch: retryingFetch(io.fetch, { log: io.err }), cookies: password ? [] : (profile?.cookies ?? []) },
    operationRoutes,
    WIRE,
  );
  const config = await call<{ deployment: string; app_mode: string; production: boolean }>('portal.config');
  const env = { deployment: config.deployment, appMode: config.app_mode, production: config.production };
  if (password) {
    if (!user) throw new CliError('PORTAL_PASSWORD is set without PORTAL_USER (or --user).');
    if (kind === 'provider') {
      const t = await call<{ access_token: string }>('provider.idpToken', { body: { username: user, password } });
      await call('provider.oauthLogin', { query: { identity_provider: 'local', access_token: t.access_token } });
    } else await call('auth.login', { body: { username: user, password } });
  } else if (!token && !profile?.cookies?.length) throw new CliError('Not signed in: run `portal login`, or set PORTAL_TOKEN.');
  if (kind === 'provider') return { call, kind, url, env, cookies };
  const me = await call<{ roles: { read: string[]; write: string[]; deny?: string[] }; capabilities: Record<string, unknown> }>('auth.userInfo').catch((e: unknown) => {
    if (e instanceof PortalError && e.status === 401) throw new CliError('The session has ended: run `portal login` again.');
    throw e;
  });
  const rbac = !(env.deployment === 'on_prem' && env.appMode !== 'management_station') && me.capabilities.rbac === true;
  const allow = new Set<string>();
  for (const a of me.roles.read) allow.add(`${a}:read`);
  for (const a of me.roles.write) allow.add(`${a}:read`).add(`${a}:write`);
  return { call, kind, url, env, grants: rbac ? { allow: [...allow], deny: me.roles.deny ?? [] } : undefined, cookies };
}

// ---- reading the portal ------------------------------------------------------------------------------------------

interface Revision {
  readonly staged_rev_id: number;
  readonly rev_id: number;
  readonly state: string;
  readonly updated_at: string;
}

/** An area as the portal holds it now: the document and the stamp a save must send back. */
interface Current {
  readonly doc: Doc;
  readonly stamp: Json;
}

const stampOf = (answer: Json): Json => Object.fromEntries(STAMP_FIELDS.filter((k) => k in answer).map((k) => [k, answer[k]]));

async function readArea(s: Session, area: CliArea, rev: number): Promise<Current | undefined> {
  try {
    const answer = await s.call<Json>(area.read, area.kind === 'policy' ? { params: { rev } } : {});
    return { doc: documentOf(area, answer), stamp: stampOf(answer) };
  } catch (e) {
    // Not offered to this tenant (a capability or feature it lacks): nothing to compare.
    if (e instanceof PortalError && (e.status === 403 || e.status === 404)) return undefined;
    throw e;
  }
}

const readable = (s: Session, area: CliArea) => envAllows(area.env, s.env) && (!s.grants || ruleAllows(area.readRule, s.grants));

/** Areas whose working revision holds changes nobody published yet (saved in the portal), by id. */
async function unpublished(s: Session, revision: Revision): Promise<string[]> {
  if (revision.state !== 'staged') return [];
  const changes = await s.call<{ areas: { screen_id: string }[] }>('policy.changes', { params: { rev: revision.staged_rev_id } });
  return changes.areas.map((a) => a.screen_id);
}

/** Who saved an area last and when, from the audit trail when the role may read it. */
async function lastSave(s: Session, area: CliArea, stamp: Json): Promise<string> {
  const when = typeof stamp.updated_at === 'string' ? stamp.updated_at : 'an unknown time';
  if (typeof stamp.updated_by === 'string') return `by ${stamp.updated_by} at ${when}`;
  try {
    const page = await s.call<{ events?: { event?: Json }[] }>('logs.audit.query', { query: { area: area.id, action: 'save', limit: 1 } });
    const user = page.events?.[0]?.event?.user;
    if (typeof user === 'string') return `by ${user} at ${when}`;
  } catch {
    // The audit trail is not readable with this role: the time alone.
  }
  return `at ${when}`;
}

// ---- plan --------------------------------------------------------------------------------------------------------

interface AreaPlan {
  readonly loaded: LoadedArea;
  readonly current: Current;
  /** The publish review's lines. */
  readonly changes: readonly string[];
  /** What the command adds: fields the file leaves out that take their default (not the portal's value). */
  readonly notes: readonly string[];
}

const valueAt = (doc: unknown, path: Path): unknown => path.reduce<unknown>((v, k) => (isObject(v) || Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined), doc);
const dotted = (doc: unknown, path: string): unknown => valueAt(doc, path.split('.'));

/** Sorted-key JSON, an empty value as nothing: for comparing only. */
function canonical(v: unknown): string {
  if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length) || (isObject(v) && !Object.keys(v).length)) return '';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

/** The schema of the value at `path` of a document. */
function schemaAt(area: CliArea, doc: Doc, path: Path): SchemaNode | undefined {
  const root = rootOf(area);
  let n = resolve(root, root);
  let v: unknown = doc;
  const pick = (node: SchemaNode | undefined, value: unknown) => (node && (node.anyOf || node.oneOf) ? branch(node, value, root) : node);
  for (const k of path) {
    n = pick(n, v);
    if (!n) return undefined;
    if (typeof k === 'number') n = resolve(n.items, root);
    else {
      const props = { ...Object.assign({}, ...(n.allOf ?? []).map((a) => resolve(a, root)?.properties ?? {})), ...(n.properties ?? {}) } as Record<string, SchemaNode>;
      n = resolve(props[k] ?? (typeof n.additionalProperties === 'object' ? n.additionalProperties : undefined), root);
    }
    v = valueAt(v, [k]);
  }
  return n;
}

/**
 * A line for each field the file leaves out whose default differs from what the portal holds: the change lines show
 * the new value (the publish review's words), this says where it comes from and what an empty value means (a field's
 * own description, e.g. "empty: any service"). A new row's left-out fields are not listed: they start at their default.
 */
function leftOutNotes(l: LoadedArea, current: Doc, names: Names): string[] {
  const { area } = l;
  const rows = area.rows;
  const options = changeOptionsFrom(area.changes, names);
  const theirRows = rows && Array.isArray(current[rows.field]) ? (current[rows.field] as Doc[]) : [];
  return l.leftOut.flatMap((path) => {
    const value = valueAt(l.compare, path);
    let before: unknown;
    let where = '';
    if (rows && path[0] === rows.field && typeof path[1] === 'number') {
      const row = valueAt(l.compare, path.slice(0, 2)) as Doc;
      const theirs = theirRows.find((r) => r[rows.key] === row[rows.key]);
      if (!theirs) return [];
      before = valueAt(theirs, path.slice(2));
      const name = row[rows.labelField];
      const rowsLabel = area.changes.labels[rows.field] ?? schemaAt(area, l.compare, [rows.field])?.title ?? rows.field;
      where = `${rowsLabel}: ${typeof name === 'string' && name ? `“${name}”` : `entry ${path[1] + 1}`}: `;
    } else before = valueAt(current, path);
    const fieldPath = path.filter((k) => typeof k === 'string').join('.');
    // Unchanged, or a field the review never shows (bookkeeping such as the last reordering's events).
    if (canonical(before) === canonical(value) || options.skip?.(fieldPath)) return [];
    const node = schemaAt(area, l.compare, path);
    const label = area.changes.labels[fieldPath] ?? node?.title ?? String(path.at(-1));
    const text = describeValue(undefined, value, options, fieldPath) || NONE;
    return [`Note: ${where}${label} is left out of the file, so it takes its default: ${text}${node?.description ? ` (${node.description})` : ''}.`];
  });
}

/**
 * The names of the ids areas refer to, as the publish review loads them: each source read once (`read`; undefined when
 * it cannot be read, the ids then shown as themselves), the files' own rows over it (an apply puts them in the portal).
 */
function nameReader(loaded: readonly LoadedArea[], read: (source: NameSource) => Promise<unknown>): (area: CliArea) => Promise<Names> {
  const answers = new Map<string, Promise<unknown>>();
  return async (area) => {
    const byPath = new Map<string, Map<string, string>>();
    for (const [path, source] of Object.entries(area.names ?? {})) {
      let answer = answers.get(source.read);
      if (!answer) {
        answer = read(source).catch(() => undefined);
        answers.set(source.read, answer);
      }
      const names = new Map<string, string>();
      const add = (list: unknown) => {
        for (const entry of Array.isArray(list) ? list : []) {
          const id = dotted(entry, source.value);
          const name = dotted(entry, source.label);
          if (id !== undefined && id !== null && name !== undefined && name !== null && name !== '') names.set(String(id), String(name));
        }
      };
      add(dotted(await answer, source.rows));
      for (const l of loaded) if (l.area.read === source.read) add(dotted(l.compare, source.rows));
      byPath.set(path, names);
    }
    return (path, id) => byPath.get(path)?.get(id);
  };
}

/**
 * An area's plan in the review's words, its ids named as the review names them: for an apply, from the portal's
 * document to the file's (what the apply would publish); for drift, from the file's to the portal's (what was changed
 * in the portal, as its own review of that change showed it).
 */
async function planArea(l: LoadedArea, current: Current, namesOf: (area: CliArea) => Promise<Names>, direction: 'apply' | 'drift' = 'apply'): Promise<AreaPlan> {
  const loaded = adoptKeys(l, current.doc);
  const text = (names?: Names) => (direction === 'apply' ? changeText(l.area, current.doc, loaded.compare, names) : changeText(l.area, loaded.compare, current.doc, names));
  const plain = text();
  if (!plain.length) return { loaded, current, changes: plain, notes: [] };
  const names = await namesOf(l.area);
  return { loaded, current, changes: l.area.names ? text(names) : plain, notes: leftOutNotes(loaded, current.doc, names) };
}

interface Plan {
  readonly revision?: Revision;
  readonly areas: readonly AreaPlan[];
  readonly skipped: readonly LoadedArea[];
  readonly pending: readonly string[];
}

async function makePlan(s: Session, loaded: readonly LoadedArea[], at: 'working' | 'published', direction: 'apply' | 'drift' = 'apply'): Promise<Plan> {
  const revision = await s.call<Revision>('policy.revision');
  const rev = at === 'published' && revision.rev_id > 0 ? revision.rev_id : revision.staged_rev_id;
  const areas: AreaPlan[] = [];
  const skipped: LoadedArea[] = [];
  const namesOf = nameReader(loaded, (source) => s.call(source.read, source.staged ? { params: { rev } } : {}));
  for (const l of loaded) {
    const current = readable(s, l.area) ? await readArea(s, l.area, rev) : undefined;
    if (!current) skipped.push(l);
    else areas.push(await planArea(l, current, namesOf, direction));
  }
  return { revision, areas, skipped, pending: await unpublished(s, revision) };
}

const matching = (n: number) => (n === 1 ? '1 area matches' : `${n} areas match`);

/** How to clear changes saved in the portal but not published, before an apply. */
const settle = (r: Revision) =>
  `Publish them in the portal, or discard them by rolling back to revision ${r.rev_id} (Policy → Revision history), before an apply.`;

function printPlan(io: Io, plan: Plan, verb: string): number {
  const changed = plan.areas.filter((a) => a.changes.length);
  for (const a of plan.areas) {
    const { area } = a.loaded;
    if (!a.changes.length) continue;
    const count = a.changes.filter((line) => !line.startsWith(' ')).length;
    io.out(`${area.id} (${area.title}): ${count} ${count === 1 ? 'change' : 'changes'}`);
    for (const line of [...a.changes, ...a.notes]) io.out(`  ${line}`);
  }
  for (const l of plan.skipped) io.err(`${l.file}: skipped: ${l.area.title} is not available to this account or tenant.`);
  if (plan.pending.length) io.err(`Unpublished changes in the portal (not from these files): ${plan.pending.join(', ')}. ${settle(plan.revision!)}`);
  io.out(changed.length ? `${verb}: ${changed.length} of ${plan.areas.length} areas.` : `No changes: ${matching(plan.areas.length)} the files.`);
  return changed.length ? EXIT.changes : EXIT.ok;
}

/** The plan file of `plan --out`: each changed area's stamp as planned, so an apply notices a change made since. */
interface PlanFile {
  readonly url: string;
  readonly areas: Readonly<Record<string, { readonly stamp: Json; readonly changes: readonly string[] }>>;
}

// ---- apply -------------------------------------------------------------------------------------------------------

function refusal(e: PortalError, area: CliArea, file: string): CliError {
  const fields = e.errors.map((f: FieldError) => `  ${file}: ${area.title} (${area.id}): ${f.path || '(the document)'}: ${f.message}`);
  return new CliError(`The portal refused ${area.title} (${area.id}): ${e.message}${fields.length ? `\n${fields.join('\n')}` : ''}`);
}

async function restore(io: Io, s: Session, revision: Revision, staged: readonly AreaPlan[], saved: readonly AreaPlan[]): Promise<void> {
  if (staged.length) {
    if (revision.rev_id > 0) {
      // Staging the published revision again removes what this apply staged; nothing else was staged (checked before).
      await s.call('policy.rollback', { params: { rev: revision.rev_id } });
    } else {
      for (const a of staged) {
        const now = await readArea(s, a.loaded.area, revision.staged_rev_id);
        if (now) await s.call(a.loaded.area.save, { params: { rev: revision.staged_rev_id }, body: { ...a.current.doc, ...now.stamp } });
      }
    }
    io.err(`The working revision is back as published: what this apply staged (${staged.map((a) => a.loaded.area.id).join(', ')}) was taken out.`);
  }
  for (const a of saved) {
    const now = await readArea(s, a.loaded.area, 0);
    if (now) await s.call(a.loaded.area.save, { body: { ...a.current.doc, ...now.stamp } });
    io.err(`Restored ${a.loaded.area.id} as it was.`);
  }
}

async function apply(io: Io, s: Session, loaded: readonly LoadedArea[], reason: string | undefined, planFile: PlanFile | undefined): Promise<number> {
  const plan = await makePlan(s, loaded, 'working');
  const changed = plan.areas.filter((a) => a.changes.length);
  for (const l of plan.skipped) io.err(`${l.file}: skipped: ${l.area.title} is not available to this account or tenant.`);
  if (planFile) {
    const stale: string[] = [];
    for (const a of plan.areas) {
      const planned = planFile.areas[a.loaded.area.id];
      const changedSince = planned ? JSON.stringify(planned.stamp.updated_at) !== JSON.stringify(a.current.stamp.updated_at) : false;
      if (changedSince) stale.push(`${a.loaded.area.id} (${a.loaded.area.title}) was changed in the portal since the plan, ${await lastSave(s, a.loaded.area, a.current.stamp)}.`);
      else if (JSON.stringify(planned?.changes ?? []) !== JSON.stringify(a.changes)) stale.push(`${a.loaded.area.id} (${a.loaded.area.title}): the files or the portal changed since the plan.`);
    }
    if (stale.length) throw new CliError(`${stale.join('\n')}\nNothing was applied; plan again.`);
  }
  if (!changed.length) {
    io.out(`Nothing to apply: ${matching(plan.areas.length)} the files; nothing was published.`);
    return EXIT.ok;
  }
  const policy = changed.filter((a) => a.loaded.area.kind === 'policy');
  const settings = changed.filter((a) => a.loaded.area.kind === 'settings');
  if (s.grants) {
    const refused = changed.filter((a) => !ruleAllows(a.loaded.area.writeRule, s.grants!)).map((a) => a.loaded.area.id);
    if (refused.length) throw new CliError(`Your role may not change ${refused.join(', ')}. Nothing was sent.`);
  }
  if (policy.length && (!reason || reason.trim().length < 3 || reason.length > 500)) {
    throw new CliError('Give the change reason the revision history shows: --reason "…" (3 to 500 characters). Nothing was sent.');
  }
  if (policy.length && plan.pending.length) {
    const saved = await Promise.all(
      plan.pending.map(async (id) => {
        const area = AREAS.find((a) => a.id === id);
        if (!area) return id;
        const current = plan.areas.find((a) => a.loaded.area.id === id)?.current ?? (readable(s, area) ? await readArea(s, area, plan.revision!.staged_rev_id) : undefined);
        return `${id} (${area.title})${current ? `, saved ${await lastSave(s, area, current.stamp)}` : ''}`;
      }),
    );
    throw new CliError(`The working revision holds changes saved in the portal but not published: ${saved.join('; ')}. A publish would put them live too. ${settle(plan.revision!)} Nothing was sent.`);
  }
  const revision = plan.revision!;
  const staged: AreaPlan[] = [];
  const saved: AreaPlan[] = [];
  try {
    for (const a of policy) {
      const { area } = a.loaded;
      await s.call(area.save, { params: { rev: revision.staged_rev_id }, body: { ...a.loaded.send, ...a.current.stamp } });
      staged.push(a);
    }
    for (const a of settings) {
      await s.call(a.loaded.area.save, { body: { ...a.loaded.send, ...a.current.stamp } });
      saved.push(a);
    }
    if (policy.length) await s.call('policy.publish', { params: { rev: revision.staged_rev_id }, body: { reason } });
  } catch (e) {
    const failed = [...policy, ...settings][staged.length + saved.length];
    await restore(io, s, revision, staged, saved).catch((r: unknown) => io.err(`Could not restore the working revision: ${String(r)}`));
    if (e instanceof PortalError && failed) {
      if (e.status === 409) {
        const current = isObject(e.body) && isObject(e.body.current) ? (e.body.current as Json) : {};
        throw new CliError(`${failed.loaded.area.id} (${failed.loaded.area.title}) was changed in the portal meanwhile, ${await lastSave(s, failed.loaded.area, current)}. Nothing was published; plan again.`);
      }
      if (e.status === 400) throw refusal(e, failed.loaded.area, failed.loaded.file);
    }
    throw e;
  }
  for (const a of changed) {
    io.out(`${a.loaded.area.id} (${a.loaded.area.title}):`);
    for (const line of [...a.changes, ...a.notes]) io.out(`  ${line}`);
  }
  if (policy.length) io.out(`Published revision ${revision.staged_rev_id} with ${policy.length} ${policy.length === 1 ? 'area' : 'areas'}: "${reason}".`);
  if (settings.length) io.out(`Saved ${settings.length} settings ${settings.length === 1 ? 'page' : 'pages'} (settings take effect when saved).`);
  return EXIT.ok;
}

// ---- service providers -------------------------------------------------------------------------------------------

interface TenantPolicy extends Revision {
  readonly data: Readonly<Record<string, Json>>;
}

async function tenantsOf(s: Session, names: readonly string[]): Promise<{ tid: string; name: string }[]> {
  const list = await s.call<{ tenants: { tid: string; name: string }[] }>('provider.tenants.list');
  return names.map((n) => {
    const t = list.tenants.find((x) => x.tid === n || x.name === n);
    if (!t) throw new CliError(`No tenant is named or numbered "${n}".`);
    return t;
  });
}

async function forTenants(io: Io, s: Session, command: 'plan' | 'apply' | 'drift', loaded: readonly LoadedArea[], names: readonly string[], reason?: string): Promise<number> {
  const policyFiles = loaded.filter((l) => l.area.kind === 'policy');
  for (const l of loaded.filter((x) => x.area.kind !== 'policy')) io.err(`${l.file}: skipped: settings pages are not changed through the provider API.`);
  if (command === 'apply' && (!reason || reason.trim().length < 3 || reason.length > 500)) {
    throw new CliError('Give the change reason the revision history shows: --reason "…" (3 to 500 characters). Nothing was sent.');
  }
  const tenants = await tenantsOf(s, names);
  const counts = { unchanged: 0, changed: 0, failed: 0 };
  for (const t of tenants) {
    try {
      const policy = await s.call<TenantPolicy>('provider.tenantPolicy.get', { params: { tid: t.tid } });
      const namesOf = nameReader(policyFiles, async (source) => {
        const from = AREAS.find((a) => a.read === source.read);
        return from && policy.data[from.id] ? documentOf(from, policy.data[from.id]!) : undefined;
      });
      const plans = await Promise.all(policyFiles.map((l) => planArea(l, { doc: documentOf(l.area, policy.data[l.area.id] ?? {}), stamp: {} }, namesOf, command === 'drift' ? 'drift' : 'apply')));
      const changed = plans.filter((a) => a.changes.length).map((a) => ({ l: a.loaded, lines: [...a.changes, ...a.notes] }));
      if (!changed.length) {
        counts.unchanged++;
        io.out(`${t.name}: no changes (${matching(policyFiles.length)}).`);
        continue;
      }
      counts.changed++;
      const detail = changed.map((c) => `${c.l.area.id}: ${c.lines.map((line) => line.trim()).join('; ')}`).join(' | ');
      if (command !== 'apply') {
        io.out(`${t.name}: ${changed.length} ${changed.length === 1 ? 'area differs' : 'areas differ'}: ${detail}`);
        continue;
      }
      if (policy.state === 'staged') throw new CliError('its working revision holds unpublished changes; they are published or discarded in its portal first. Nothing was sent');
      const saved = await s.call<TenantPolicy>('provider.tenantPolicy.save', {
        params: { tid: t.tid },
        body: { staged_rev_id: policy.staged_rev_id, state: policy.state, updated_at: policy.updated_at, data: Object.fromEntries(changed.map((c) => [c.l.area.id, c.l.send])) },
      });
      const published = await s.call<Revision>('provider.tenantPolicy.publish', {
        params: { tid: t.tid },
        body: { staged_rev_id: saved.staged_rev_id, updated_at: saved.updated_at, reason },
      });
      io.out(`${t.name}: published revision ${published.rev_id} with ${changed.length} ${changed.length === 1 ? 'area' : 'areas'}: ${detail}`);
    } catch (e) {
      counts.failed++;
      const why = e instanceof PortalError && e.status === 409 ? 'its policy changed meanwhile (or holds unpublished changes); nothing was published' : e instanceof Error ? e.message : String(e);
      io.out(`${t.name}: failed: ${why}`);
    }
  }
  const verb = command === 'apply' ? 'applied' : command === 'drift' ? 'drifted' : 'to change';
  io.out(`${tenants.length} tenants: ${counts.changed} ${verb}, ${counts.unchanged} unchanged, ${counts.failed} failed.`);
  return counts.failed ? EXIT.error : counts.changed && command !== 'apply' ? EXIT.changes : EXIT.ok;
}

// ---- commands ----------------------------------------------------------------------------------------------------

interface Flags {
  readonly url?: string;
  readonly user?: string;
  readonly reason?: string;
  readonly out?: string;
  readonly plan?: string;
  readonly provider: boolean;
  readonly tokenStdin: boolean;
  readonly passwordStdin: boolean;
  readonly tenant: readonly string[];
}

const USAGE = `Usage:
  portal login --url URL [--user NAME] [--provider] [--password-stdin | --token-stdin]
  portal export DIR
  portal plan DIR [--out PLAN.json] [--tenant NAME ...]
  portal apply DIR --reason "why" [--plan PLAN.json] [--tenant NAME ...]
  portal drift DIR [--tenant NAME ...]
Environment: PORTAL_URL, PORTAL_TOKEN (an API token), PORTAL_USER and PORTAL_PASSWORD (sign in on each run),
PORTAL_PROFILE (the profile file; default ~/.config/portal/profile.json).
Exit codes: 0 nothing to change, 2 changes (plan) or drift, 1 an error.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

async function login(io: Io, flags: Flags): Promise<number> {
  const url = flags.url ?? io.env.PORTAL_URL;
  if (!url) throw new CliError('Give the portal address: portal login --url https://portal.example.com');
  const kind = flags.provider ? 'provider' : 'tenant';
  const token = flags.tokenStdin ? await readStdin() : kind === 'tenant' && !flags.passwordStdin && !flags.user ? io.env.PORTAL_TOKEN : undefined;
  const user = flags.user ?? io.env.PORTAL_USER;
  let password: string | undefined;
  if (!token) {
    if (!user) throw new CliError('Give --user NAME to sign in with a password, or an API token (--token-stdin or PORTAL_TOKEN).');
    password = flags.passwordStdin ? await readStdin() : (io.env.PORTAL_PASSWORD ?? (await io.prompt(`Password for ${user}: `)));
  }
  const s = await open(io, flags, { url, kind, user, password, token });
  const path = writeProfile(io.env, token ? { url, kind, token } : { url, kind, user, cookies: [...s.cookies] });
  io.out(`Signed in to ${url}${user && !token ? ` as ${user}` : ' with an API token'}; profile written to ${path}.`);
  return EXIT.ok;
}

async function exportAll(io: Io, s: Session, dir: string): Promise<number> {
  const revision = await s.call<Revision>('policy.revision');
  // The published policy is what is live; before the first publish, the working revision.
  const rev = revision.rev_id > 0 ? revision.rev_id : revision.staged_rev_id;
  mkdirSync(dir, { recursive: true });
  let written = 0;
  const skipped: string[] = [];
  const unsaved: string[] = [];
  for (const area of AREAS) {
    const current = readable(s, area) ? await readArea(s, area, rev) : undefined;
    if (!current) {
      skipped.push(area.id);
      continue;
    }
    // A page never saved reads as defaults its own schema may refuse (a list that needs an entry): no file to apply.
    const invalid = validatorOf(area).safeParse(current.doc);
    if (!invalid.success) {
      unsaved.push(`${area.id} (${issuePath(invalid.error.issues[0]!.path)}: ${invalid.error.issues[0]!.message})`);
      continue;
    }
    writeFileSync(join(dir, area.file), toYaml(area, current.doc));
    written++;
  }
  if (unsaved.length) io.err(`Not exported, as the portal holds no valid document for them yet (save them in the portal first): ${unsaved.join(', ')}.`);
  const pending = await unpublished(s, revision);
  if (pending.length) io.err(`Not exported: unpublished changes in the portal's working revision (${pending.join(', ')}).`);
  io.out(`Exported ${written} areas to ${dir} (published revision ${revision.rev_id}).${skipped.length ? ` ${skipped.length} not available to this account or tenant.` : ''}`);
  return EXIT.ok;
}

async function drift(io: Io, s: Session, loaded: readonly LoadedArea[]): Promise<number> {
  const published = await makePlan(s, loaded, 'published', 'drift');
  const drifted = new Set<string>();
  for (const a of published.areas) {
    if (!a.changes.length) continue;
    drifted.add(a.loaded.area.id);
    io.out(`Drift in ${a.loaded.area.id} (${a.loaded.area.title}): the published policy differs from ${a.loaded.file} (file → portal):`);
    for (const line of [...a.changes, ...a.notes]) io.out(`  ${line}`);
  }
  if (published.pending.length) {
    const working = await makePlan(s, loaded.filter((l) => published.pending.includes(l.area.id)), 'working', 'drift');
    for (const a of working.areas.filter((x) => x.changes.length)) {
      drifted.add(a.loaded.area.id);
      io.out(`Drift in ${a.loaded.area.id} (${a.loaded.area.title}): saved in the portal but not yet published, differs from ${a.loaded.file} (file → portal):`);
      for (const line of [...a.changes, ...a.notes]) io.out(`  ${line}`);
    }
  }
  const n = drifted.size;
  io.out(n ? `Drift: ${n} ${n === 1 ? 'area differs' : 'areas differ'} from the files.` : `No drift: ${matching(published.areas.length)} the files.`);
  return n ? EXIT.changes : EXIT.ok;
}

/** Runs one command line; answers the exit code. */
export async function main(argv: readonly string[], io: Io = defaultIo()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        user: { type: 'string' },
        reason: { type: 'string' },
        out: { type: 'string' },
        plan: { type: 'string' },
        tenant: { type: 'string', multiple: true },
        provider: { type: 'boolean', default: false },
        'token-stdin': { type: 'boolean', default: false },
        'password-stdin': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (e) {
    io.err(`${(e as Error).message}\n${USAGE}`);
    return EXIT.error;
  }
  const v = parsed.values;
  const flags: Flags = {
    url: v.url,
    user: v.user,
    reason: v.reason,
    out: v.out,
    plan: v.plan,
    provider: v.provider ?? false,
    tokenStdin: v['token-stdin'] ?? false,
    passwordStdin: v['password-stdin'] ?? false,
    tenant: (v.tenant ?? []).flatMap((t) => t.split(',')).map((t) => t.trim()).filter(Boolean),
  };
  const [command, dir] = parsed.positionals;
  if (v.help || !command) {
    io.out(USAGE);
    return v.help ? EXIT.ok : EXIT.error;
  }
  try {
    if (command === 'login') return await login(io, flags);
    if (!['export', 'plan', 'apply', 'drift'].includes(command)) throw new CliError(`Unknown command "${command}".\n${USAGE}`);
    if (!dir) throw new CliError(`portal ${command} needs the folder of the area files.\n${USAGE}`);
    if (command === 'export') {
      if (flags.tenant.length) throw new CliError('portal export reads the signed-in tenant; --tenant is for plan, apply and drift.');
      const session = await open(io, flags);
      if (session.kind === 'provider') throw new CliError('Signed in as a service provider: export a tenant signed in as one of its administrators.');
      return await exportAll(io, session, dir);
    }
    // Every file is checked before anything is sent.
    const loaded = loadFolder(dir);
    const planFile = flags.plan ? (JSON.parse(readFileSync(flags.plan, 'utf8')) as PlanFile) : undefined;
    const s = await open(io, flags);
    if (flags.tenant.length) return await forTenants(io, s, command as 'plan' | 'apply' | 'drift', loaded, flags.tenant, flags.reason);
    if (s.kind === 'provider') throw new CliError('Signed in as a service provider: name the tenants with --tenant.');
    if (command === 'drift') return await drift(io, s, loaded);
    if (command === 'apply') return await apply(io, s, loaded, flags.reason, planFile);
    const plan = await makePlan(s, loaded, 'working');
    const code = printPlan(io, plan, 'Plan');
    if (flags.out) {
      const file: PlanFile = {
        url: s.url,
        areas: Object.fromEntries(plan.areas.map((a) => [a.loaded.area.id, { stamp: a.current.stamp, changes: a.changes }])),
      };
      writeFileSync(flags.out, JSON.stringify(file, null, 2) + '\n');
    }
    return code;
  } catch (e) {
    if (e instanceof CliError) io.err(e.message);
    else if (e instanceof PortalError) io.err(`The portal answered ${e.status}: ${e.message}${e.errors.map((f) => `\n  ${f.path}: ${f.message}`).join('')}`);
    else io.err(e instanceof Error ? (e.stack ?? e.message) : String(e));
    return EXIT.error;
  }
}

function defaultIo(): Io {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    fetch,
    prompt: (question) =>
      new Promise((done) => {
        const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
        // Keep the typed password off the screen.
        (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
          if (s.startsWith(question)) process.stderr.write(question);
        };
        rl.question(question, (answer) => {
          rl.close();
          process.stderr.write('\n');
          done(answer);
        });
      }),
  };
}
