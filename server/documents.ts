/**
 * The generic document handler behind every derived `<screen>.get` / `<screen>.save` operation. Policy areas live in
 * policy_documents, one row per revision they were saved in; settings pages in settings_documents, one row each.
 * Saves are optimistic: a stale updated_at (or, for policy, a revision other than the working one) gets 409 with
 * the stored document and changes nothing. Write-only fields are masked in every answer and kept on save when
 * sent back as the placeholder (server/secrets.ts).
 */
import { z } from 'zod';
import { documentStorage, isDocumentScreen, type DocumentScreen, type DocumentScreenDef, type OperationDef } from '../definitions/define';
import { documentEnvelope } from '../definitions/derive';
import type { Registry } from '../definitions/registry';
import { rbacEnforced } from '../schemas/access';
import { MESSAGES } from '../schemas/constants';
import { fieldErrors } from '../schemas/http';
import { refusedChanges } from '../schemas/fieldGates';
import { checkAccessSave } from './adminAccess';
import { recordAudit, saveChanges, type AuditEvent } from './audit';
import { maskSecrets, mergeSecrets } from './secrets';
import { markStaged, revisionById, workingRevision, type RevisionRow } from './revisions';
import type { RevParam } from '../schemas/policy';
import { HttpError, requireCaller, type Caller, type Db, type OperationContext, type OperationHandler } from './types';
import { isStale } from './stamps';

type Doc = Record<string, unknown>;
/** A derived document operation as derive.ts builds it: `{rev}` parameters (policy areas) and an envelope body. */
type DocumentOperation = OperationDef & { readonly params: typeof RevParam; readonly body: z.ZodObject };
type Handler = (ctx: OperationContext<DocumentOperation>) => Promise<Doc>;
/** A stored body and the schema version it was written at. */
export interface StoredBody {
  readonly body: Doc;
  readonly schema_version: number;
}
interface Stored extends StoredBody {
  readonly updated_at: Date;
  readonly updated_by: string;
}
/** What reading and writing a document needs of its screen. */
type Storable<S extends z.ZodObject = z.ZodObject> = Pick<DocumentScreenDef<S>, 'id' | 'title' | 'schema' | 'storage'>;

/** What a never-saved document reads as: the schema's defaults, with empty lists where no default is given. */
export function emptyDocument(schema: z.ZodObject): Doc {
  const whole = schema.safeParse({});
  if (whole.success) return whole.data as Doc;
  const out: Doc = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const own = (field as z.ZodType).safeParse(undefined);
    if (own.success) {
      if (own.data !== undefined) out[key] = own.data;
    } else if (field instanceof z.ZodArray) out[key] = [];
    else if (field instanceof z.ZodObject) out[key] = emptyDocument(field);
  }
  const filled = schema.safeParse(out);
  return filled.success ? (filled.data as Doc) : out;
}

/** The document part of a validated envelope (its stamp fields dropped). */
function documentOf(screen: Storable, envelope: Doc): Doc {
  return Object.fromEntries(Object.keys(screen.schema.shape).filter((k) => k in envelope).map((k) => [k, envelope[k]]));
}

/** The error of a stored document that cannot be brought to the current version: nothing is answered in its place. */
function unreadable(screen: Storable, version: number, reason: string): HttpError {
  return new HttpError(
    500,
    `The stored ${screen.title} document (version ${version}) cannot be read: ${reason}. It was left unchanged.`,
    { key: 'documentUnreadable' },
  );
}

/**
 * A stored body at the screen's current version: its migrations applied in order from the version it was written at,
 * then parsed by the current schema (a field added later reads with its default). Throws a 500 `documentUnreadable`
 * for a body from a newer version, a migration that fails, or a result the schema refuses; never answers it raw.
 */
export function upgradeDocument<S extends z.ZodObject>(screen: Storable<S>, stored: StoredBody): z.output<S> {
  const { version, migrations } = documentStorage(screen);
  if (stored.schema_version > version) {
    throw unreadable(screen, stored.schema_version, `this server reads versions up to ${version}`);
  }
  let body = stored.body;
  for (let v = stored.schema_version; v < version; v++) {
    try {
      body = migrations[v - 1]!(body);
    } catch (err) {
      throw unreadable(screen, stored.schema_version, `the step from version ${v} to ${v + 1} failed (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  const parsed = screen.schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw unreadable(screen, stored.schema_version, `${issue.path.join('.') || 'the document'}: ${issue.message}`);
  }
  return parsed.data;
}

/** A stored body as answers show it: at the current version, secrets masked. */
export function current(screen: Storable, stored: StoredBody | undefined): Doc {
  if (!stored) return emptyDocument(screen.schema);
  return maskSecrets(screen.schema, upgradeDocument(screen, stored) as Doc);
}

/**
 * The stored document a save starts from, brought to the current version once: as stored (undefined when never
 * saved), and as the save compares with (the defaults when never saved) for its field gates and its audit event.
 */
export interface SaveBase {
  readonly stored: Doc | undefined;
  readonly before: Doc;
}
export function saveBase(screen: Storable, stored: StoredBody | undefined): SaveBase {
  const doc = stored && (upgradeDocument(screen, stored) as Doc);
  return { stored: doc, before: doc ?? emptyDocument(screen.schema) };
}

/** The document to store from a save: the body's document part, with secrets sent back as the placeholder kept. */
export function documentToStore(screen: Storable, envelope: Doc, base: SaveBase): Doc {
  const { document, unresolved } = mergeSecrets(screen.schema, documentOf(screen, envelope), base.stored);
  if (unresolved.length) {
    throw new HttpError(400, MESSAGES.validationFailed, {
      errors: unresolved.map((path) => ({ path, key: 'required', message: 'Type the secret: none is stored for this entry yet.' })),
    });
  }
  return document;
}

const tooOld = (stamp: unknown, stored: Stored) => isStale(stamp, stored.updated_at);

/**
 * What a save changes, field by field, for the audit trail, and the saved document as answers show it: secrets show as
 * their placeholder on both sides.
 */
function savedChanges(screen: Storable, base: SaveBase, doc: Doc) {
  const shown = maskSecrets(screen.schema, doc);
  return { shown, changes: saveChanges(maskSecrets(screen.schema, base.before), shown) };
}

/**
 * 403 naming each gated field (schemas/fieldGates.ts) the save changes and the caller's role may not change; nothing
 * is stored. Enforced where the operation's own access rule is (rbac on).
 */
function assertFieldGates(screen: DocumentScreen, ctx: OperationContext<DocumentOperation>, caller: Caller, before: Doc, doc: Doc): void {
  if (!screen.fieldGates || !rbacEnforced(ctx.env, caller.user.capabilities)) return;
  const refused = refusedChanges(screen.fieldGates, caller.grants, before, doc);
  if (refused.length) {
    throw new HttpError(403, MESSAGES.forbidden, {
      errors: refused.map(({ path, gate }) => ({
        path,
        key: 'subPermission',
        message: `Your role may not change this field (it needs ${(gate.write.any ?? gate.write.all ?? []).join(' or ')}).`,
      })),
    });
  }
}

// ---- policy areas -------------------------------------------------------------------------------------------------

export async function storedPolicy(db: Db, tenantId: string, screen: Storable, revId: number): Promise<Stored | undefined> {
  const { rows } = await db.query<Stored>(
    `SELECT body, schema_version, updated_at, updated_by FROM policy_documents
      WHERE tenant_id = $1 AND screen_id = $2 AND rev_id <= $3 ORDER BY rev_id DESC LIMIT 1`,
    [tenantId, documentStorage(screen).key, revId],
  );
  return rows[0];
}

/** Reads every policy area's document of the working revision, as the reads of the screens do (the start-up warm-up). */
export async function readWorkingPolicyDocuments(db: Db, tenantId: string, registry: Registry): Promise<void> {
  const working = await workingRevision(db, tenantId);
  for (const screen of registry.screens) {
    if (isDocumentScreen(screen) && screen.endpoint.revision === 'staged') {
      policyEnvelope(screen, await storedPolicy(db, tenantId, screen, working.rev_id), working);
    }
  }
}

/** Stores a policy area's document in the working revision at the screen's current version. */
export async function writePolicyDocument(tx: Db, tenantId: string, screen: Storable, revId: number, doc: Doc, at: string, by: string): Promise<void> {
  const { key, version } = documentStorage(screen);
  await tx.query(
    `INSERT INTO policy_documents (tenant_id, screen_id, rev_id, body, schema_version, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (tenant_id, screen_id, rev_id) DO UPDATE SET body = $4, schema_version = $5, updated_at = $6, updated_by = $7`,
    [tenantId, key, revId, JSON.stringify(doc), version, at, by],
  );
}

function policyEnvelope(screen: DocumentScreen, stored: Stored | undefined, rev: RevisionRow) {
  // A never-saved area carries its revision's time, so the first save of two concurrent editors still conflicts.
  return { ...current(screen, stored), rev_id: rev.rev_id, state: rev.state, updated_at: (stored?.updated_at ?? rev.updated_at).toISOString() };
}

const readPolicy = (screen: DocumentScreen): Handler => async (ctx) => {
  const { tenantId } = requireCaller(ctx);
  const rev = await revisionById(ctx.db, tenantId, ctx.params.rev);
  if (!rev) throw new HttpError(404, `Policy revision ${ctx.params.rev} does not exist.`);
  return policyEnvelope(screen, await storedPolicy(ctx.db, tenantId, screen, rev.rev_id), rev);
};

/**
 * Who a save is made by: the tenant whose document it is and the names its audit log shows. A tenant user's `Caller`
 * is one; the provider console saves a tenant's document as the operator, "<operator> (service provider)".
 */
export interface Actor {
  readonly tenantId: string;
  readonly user: { readonly username: string; readonly tenant_name: string };
}

interface SaveOptions {
  /** The client address the audit event records. */
  readonly ip: string;
  /** A policy save's `{rev}` path parameter: it must be the working revision too. */
  readonly rev?: number;
  /** Refuses (throws) a change the saver may not make (the field gates of the tenant's roles). */
  readonly gates?: (before: Doc, doc: Doc) => void;
}

async function savePolicyDocument(db: Db, actor: Actor, screen: DocumentScreen, envelope: Doc, opts: SaveOptions): Promise<Doc> {
  const { tenantId } = actor;
  return db.transaction(async (tx) => {
    const working = await workingRevision(tx, tenantId, true);
    const stored = await storedPolicy(tx, tenantId, screen, working.rev_id);
    const staleRevision = (opts.rev !== undefined && opts.rev !== working.rev_id) || envelope.rev_id !== working.rev_id;
    if (staleRevision || (stored && tooOld(envelope.updated_at, stored))) {
      throw new HttpError(409, MESSAGES.staleSave, { current: policyEnvelope(screen, stored, working) });
    }
    const base = saveBase(screen, stored);
    const doc = documentToStore(screen, envelope, base);
    opts.gates?.(base.before, doc);
    const now = new Date().toISOString();
    const shown = await stagePolicyArea(tx, actor, screen, working.rev_id, base, doc, { at: now, ip: opts.ip });
    await markStaged(tx, tenantId, working.rev_id, now);
    // The answer stamps the revision as well as the document: the staged revision, its state and the time of the save.
    return { ...shown, rev_id: working.rev_id, state: 'staged', updated_at: now };
  });
}

/**
 * Stores a policy area's document in working revision `revId` and records the save, with what it changed against
 * `base`, in the tenant's audit log; inside the caller's transaction, which holds the tenant's policy lock and marks
 * the revision staged. Answers the document as answers show it (secrets masked).
 */
export async function stagePolicyArea(
  tx: Db,
  actor: Actor,
  screen: Storable,
  revId: number,
  base: SaveBase,
  doc: Doc,
  how: { readonly at: string; readonly ip: string; readonly details?: string },
): Promise<Doc> {
  const { shown, changes } = savedChanges(screen, base, doc);
  await writePolicyDocument(tx, actor.tenantId, screen, revId, doc, how.at, actor.user.username);
  await recordAudit(tx, actor.tenantId, {
    action: 'save',
    user: actor.user.username,
    tenant: actor.user.tenant_name,
    area: screen.id,
    rev_id: revId,
    ...(how.details === undefined ? {} : { details: how.details }),
    result: 'success',
    ip: how.ip,
    ...changes,
  });
  return shown;
}

const savePolicy = (screen: DocumentScreen): Handler => async (ctx) => {
  const caller = requireCaller(ctx);
  return savePolicyDocument(ctx.db, caller, screen, ctx.body, {
    ip: ctx.request.ip,
    rev: ctx.params.rev,
    gates: (before, doc) => assertFieldGates(screen, ctx, caller, before, doc),
  });
};

// ---- settings pages -----------------------------------------------------------------------------------------------

async function storedSettings(db: Db, tenantId: string, screen: Storable): Promise<Stored | undefined> {
  const { rows } = await db.query<Stored>(
    'SELECT body, schema_version, updated_at, updated_by FROM settings_documents WHERE tenant_id = $1 AND screen_id = $2',
    [tenantId, documentStorage(screen).key],
  );
  return rows[0];
}

function settingsEnvelope(screen: DocumentScreen, stored: Stored | undefined) {
  const doc = current(screen, stored);
  return stored ? { ...doc, updated_at: stored.updated_at.toISOString(), updated_by: stored.updated_by } : doc;
}

/** A tenant's settings document as stored: parsed by the screen's schema (a never-saved one reads as its defaults). */
export interface SettingsDocument<T> {
  readonly doc: T;
  readonly updated_at?: string;
  readonly updated_by?: string;
}

/**
 * The settings document of a screen, for server code that reads one (e.g. the PAC calls read the PAC settings), at
 * the current version; a never-saved one reads as its defaults, an unreadable one throws as the screen's own read does.
 */
export async function readSettingsDocument<S extends z.ZodObject>(db: Db, tenantId: string, screen: Storable<S>): Promise<SettingsDocument<z.output<S>>> {
  const stored = await storedSettings(db, tenantId, screen);
  if (!stored) return { doc: emptyDocument(screen.schema) as z.output<S> };
  return { doc: upgradeDocument(screen, stored), updated_at: stored.updated_at.toISOString(), updated_by: stored.updated_by };
}

/**
 * Stores a settings document and records the save in the audit log: the one write path of settings_documents, inside
 * the caller's transaction (which holds the tenant lock). Answers the stamp written.
 */
export async function writeSettingsDocument(
  tx: Db,
  caller: Actor,
  screen: Storable,
  doc: Doc,
  ip: string,
  changes?: Pick<AuditEvent, 'diff' | 'changes'>,
): Promise<{ updated_at: string; updated_by: string }> {
  const now = new Date().toISOString();
  const { key, version } = documentStorage(screen);
  await tx.query(
    `INSERT INTO settings_documents (tenant_id, screen_id, body, schema_version, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (tenant_id, screen_id) DO UPDATE SET body = $3, schema_version = $4, updated_at = $5, updated_by = $6`,
    [caller.tenantId, key, JSON.stringify(doc), version, now, caller.user.username],
  );
  await recordAudit(tx, caller.tenantId, {
    action: 'save',
    user: caller.user.username,
    tenant: caller.user.tenant_name,
    area: screen.id,
    result: 'success',
    ip,
    ...changes,
  });
  return { updated_at: now, updated_by: caller.user.username };
}

/** Takes the tenant's settings lock: one settings save per tenant at a time, so two first saves cannot both pass. */
export const lockTenantSettings = (tx: Db, tenantId: string) => tx.query('SELECT id FROM tenants WHERE id = $1 FOR UPDATE', [tenantId]);

const readSettings = (screen: DocumentScreen): Handler => async (ctx) =>
  settingsEnvelope(screen, await storedSettings(ctx.db, requireCaller(ctx).tenantId, screen));

async function saveSettingsDocument(db: Db, actor: Actor, screen: DocumentScreen, envelope: Doc, opts: SaveOptions): Promise<Doc> {
  return db.transaction(async (tx) => {
    await lockTenantSettings(tx, actor.tenantId);
    const stored = await storedSettings(tx, actor.tenantId, screen);
    if (stored && tooOld(envelope.updated_at, stored)) {
      throw new HttpError(409, MESSAGES.staleSave, { current: settingsEnvelope(screen, stored) });
    }
    const base = saveBase(screen, stored);
    const doc = documentToStore(screen, envelope, base);
    opts.gates?.(base.before, doc);
    const { shown, changes } = savedChanges(screen, base, doc);
    return { ...shown, ...(await writeSettingsDocument(tx, actor, screen, doc, opts.ip, changes)) };
  });
}

const saveSettings = (screen: DocumentScreen): Handler => async (ctx) => {
  const caller = requireCaller(ctx);
  // A save of an access page that would shut out the caller is refused before anything is stored.
  await checkAccessSave(ctx.db, caller, ctx.request.ip, ctx.env.deployment, documentStorage(screen).key, ctx.body);
  return saveSettingsDocument(ctx.db, caller, screen, ctx.body, { ip: ctx.request.ip, gates: (stored, doc) => assertFieldGates(screen, ctx, caller, stored, doc) });
};

/**
 * A tenant's document as its screen's read answers it: a policy area at the working revision (with rev_id, state and
 * updated_at), a settings page with its stamp. The provider console reads a tenant's documents by this.
 */
export async function readTenantDocument(db: Db, tenantId: string, screen: DocumentScreen): Promise<Doc> {
  if (screen.endpoint.revision !== 'staged') return settingsEnvelope(screen, await storedSettings(db, tenantId, screen));
  const working = await workingRevision(db, tenantId);
  return policyEnvelope(screen, await storedPolicy(db, tenantId, screen, working.rev_id), working);
}

/**
 * Saves a tenant's document as the screen's own save does (validated envelope in: the document with its stamp; the
 * stale-save 409, secrets kept when sent as the placeholder, a policy area staged in the working revision, audited in
 * the tenant's log as `actor`). The one write path of document saves, the tenant portal's and the provider console's.
 */
export async function saveTenantDocument(db: Db, actor: Actor, screen: DocumentScreen, envelope: Doc, opts: SaveOptions): Promise<Doc> {
  return screen.endpoint.revision === 'staged' ? savePolicyDocument(db, actor, screen, envelope, opts) : saveSettingsDocument(db, actor, screen, envelope, opts);
}

/** The generic handler of a derived document operation. */
export function documentHandler(registry: Registry, op: OperationDef): OperationHandler<OperationDef> {
  const screen = op.document && registry.screen(op.document.screenId);
  if (!screen || !isDocumentScreen(screen)) throw new Error(`Operation ${op.id} names no document screen`);
  const policy = screen.endpoint.revision === 'staged';
  const read = op.document!.role === 'read';
  const handler = read ? (policy ? readPolicy(screen) : readSettings(screen)) : policy ? savePolicy(screen) : saveSettings(screen);
  // The mount parsed the input with the operation's own schemas, which derive.ts made a DocumentOperation's.
  return (screen.endpoint.queryFields?.length ? withQueryFields(screen, read, handler) : handler) as OperationHandler<OperationDef>;
}

/**
 * A screen's `queryFields` given as query parameters: a read answers the document with them, a save stores them over
 * the body's values, the whole document validated again (400 with field paths, nothing stored).
 */
function withQueryFields(screen: DocumentScreen, read: boolean, handler: Handler): Handler {
  return async (ctx) => {
    const given = Object.fromEntries(Object.entries(ctx.query ?? {}).filter(([, v]) => v !== undefined));
    if (!Object.keys(given).length) return handler(ctx);
    if (read) return { ...((await handler(ctx)) as Doc), ...given };
    const parsed = documentEnvelope(screen).safeParse({ ...(ctx.request.body as Doc), ...given });
    if (!parsed.success) throw new HttpError(400, MESSAGES.validationFailed, { errors: fieldErrors(parsed.error) });
    return handler({ ...ctx, body: parsed.data as Doc });
  };
}
