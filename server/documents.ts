/**
 * The generic document handler behind every derived `<screen>.get` / `<screen>.save` operation. Policy areas live in
 * policy_documents, one row per revision they were saved in; settings pages in settings_documents, one row each.
 * Saves are optimistic: a stale updated_at (or, for policy, a revision other than the working one) gets 409 with
 * the stored document and changes nothing. Write-only fields are masked in every answer and kept on save when
 * sent back as the placeholder (server/secrets.ts).
 */
import { z } from 'zod';
import { isDocumentScreen, type DocumentScreen, type DocumentScreenDef, type OperationDef } from '../definitions/define';
import type { Registry } from '../definitions/registry';
import { MESSAGES } from '../schemas/constants';
import { recordAudit } from './audit';
import { maskSecrets, mergeSecrets } from './secrets';
import { markStaged, revisionById, workingRevision, type RevisionRow } from './revisions';
import type { RevParam } from '../schemas/policy';
import { HttpError, requireCaller, type Caller, type Db, type OperationContext, type OperationHandler } from './types';
import { isStale } from './stamps';

type Doc = Record<string, unknown>;
/** A derived document operation as derive.ts builds it: `{rev}` parameters (policy areas) and an envelope body. */
type DocumentOperation = OperationDef & { readonly params: typeof RevParam; readonly body: z.ZodObject };
type Handler = (ctx: OperationContext<DocumentOperation>) => Promise<Doc>;
interface Stored {
  readonly body: Doc;
  readonly updated_at: Date;
  readonly updated_by: string;
}

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
function documentOf(screen: DocumentScreen, envelope: Doc): Doc {
  return Object.fromEntries(Object.keys(screen.schema.shape).filter((k) => k in envelope).map((k) => [k, envelope[k]]));
}

/** A stored body as answers show it: seen through the current schema (a field added later reads with its default), secrets masked. */
export function current(screen: DocumentScreen, stored: Stored | undefined): Doc {
  if (!stored) return emptyDocument(screen.schema);
  const r = screen.schema.safeParse(stored.body);
  return maskSecrets(screen.schema, r.success ? (r.data as Doc) : stored.body);
}

/** The document to store from a save: the body's document part, with secrets sent back as the placeholder kept. */
function documentToStore(screen: DocumentScreen, envelope: Doc, stored: Stored | undefined): Doc {
  const { document, unresolved } = mergeSecrets(screen.schema, documentOf(screen, envelope), stored?.body);
  if (unresolved.length) {
    throw new HttpError(400, MESSAGES.validationFailed, {
      errors: unresolved.map((path) => ({ path, key: 'required', message: 'Type the secret: none is stored for this entry yet.' })),
    });
  }
  return document;
}

const tooOld = (stamp: unknown, stored: Stored) => isStale(stamp, stored.updated_at);

// ---- policy areas -------------------------------------------------------------------------------------------------

async function storedPolicy(db: Db, tenantId: string, screenId: string, revId: number): Promise<Stored | undefined> {
  const { rows } = await db.query<Stored>(
    `SELECT body, updated_at, updated_by FROM policy_documents
      WHERE tenant_id = $1 AND screen_id = $2 AND rev_id <= $3 ORDER BY rev_id DESC LIMIT 1`,
    [tenantId, screenId, revId],
  );
  return rows[0];
}

function policyEnvelope(screen: DocumentScreen, stored: Stored | undefined, rev: RevisionRow) {
  // A never-saved area carries its revision's time, so the first save of two concurrent editors still conflicts.
  return { ...current(screen, stored), rev_id: rev.rev_id, state: rev.state, updated_at: (stored?.updated_at ?? rev.updated_at).toISOString() };
}

const readPolicy = (screen: DocumentScreen): Handler => async (ctx) => {
  const { tenantId } = requireCaller(ctx);
  const rev = await revisionById(ctx.db, tenantId, ctx.params.rev);
  if (!rev) throw new HttpError(404, `Policy revision ${ctx.params.rev} does not exist.`);
  return policyEnvelope(screen, await storedPolicy(ctx.db, tenantId, screen.id, rev.rev_id), rev);
};

const savePolicy = (screen: DocumentScreen): Handler => async (ctx) => {
  const caller = requireCaller(ctx);
  const { tenantId } = caller;
  return ctx.db.transaction(async (tx) => {
    const working = await workingRevision(tx, tenantId, true);
    const stored = await storedPolicy(tx, tenantId, screen.id, working.rev_id);
    const staleRevision = ctx.params.rev !== working.rev_id || ctx.body.rev_id !== working.rev_id;
    if (staleRevision || (stored && tooOld(ctx.body.updated_at, stored))) {
      throw new HttpError(409, MESSAGES.staleSave, { current: policyEnvelope(screen, stored, working) });
    }
    const doc = documentToStore(screen, ctx.body, stored);
    const now = new Date().toISOString();
    await tx.query(
      `INSERT INTO policy_documents (tenant_id, screen_id, rev_id, body, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tenant_id, screen_id, rev_id) DO UPDATE SET body = $4, updated_at = $5, updated_by = $6`,
      [tenantId, screen.id, working.rev_id, JSON.stringify(doc), now, caller.user.username],
    );
    await markStaged(tx, tenantId, working.rev_id, now);
    await recordAudit(tx, tenantId, {
      action: 'save',
      user: caller.user.username,
      tenant: caller.user.tenant_name,
      area: screen.id,
      rev_id: working.rev_id,
      result: 'success',
      ip: ctx.request.ip,
    });
    return { ...maskSecrets(screen.schema, doc), rev_id: working.rev_id, state: 'staged', updated_at: now };
  });
};

// ---- settings pages -----------------------------------------------------------------------------------------------

async function storedSettings(db: Db, tenantId: string, screenId: string): Promise<Stored | undefined> {
  const { rows } = await db.query<Stored>(
    'SELECT body, updated_at, updated_by FROM settings_documents WHERE tenant_id = $1 AND screen_id = $2',
    [tenantId, screenId],
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
 * The settings document of a screen, for server code that reads one (e.g. the PAC calls read the PAC settings); a
 * stored body the schema no longer accepts reads as the defaults.
 */
export async function readSettingsDocument<S extends z.ZodObject>(
  db: Db,
  tenantId: string,
  screen: Pick<DocumentScreenDef<S>, 'id' | 'schema'>,
): Promise<SettingsDocument<z.output<S>>> {
  const stored = await storedSettings(db, tenantId, screen.id);
  const parsed = stored ? screen.schema.safeParse(stored.body) : undefined;
  if (!stored || !parsed?.success) return { doc: emptyDocument(screen.schema) as z.output<S> };
  return { doc: parsed.data, updated_at: stored.updated_at.toISOString(), updated_by: stored.updated_by };
}

/**
 * Stores a settings document and records the save in the audit log: the one write path of settings_documents, inside
 * the caller's transaction (which holds the tenant lock). Answers the stamp written.
 */
export async function writeSettingsDocument(
  tx: Db,
  caller: Caller,
  screenId: string,
  doc: Doc,
  ip: string,
): Promise<{ updated_at: string; updated_by: string }> {
  const now = new Date().toISOString();
  await tx.query(
    `INSERT INTO settings_documents (tenant_id, screen_id, body, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (tenant_id, screen_id) DO UPDATE SET body = $3, updated_at = $4, updated_by = $5`,
    [caller.tenantId, screenId, JSON.stringify(doc), now, caller.user.username],
  );
  await recordAudit(tx, caller.tenantId, {
    action: 'save',
    user: caller.user.username,
    tenant: caller.user.tenant_name,
    area: screenId,
    result: 'success',
    ip,
  });
  return { updated_at: now, updated_by: caller.user.username };
}

/** Takes the tenant's settings lock: one settings save per tenant at a time, so two first saves cannot both pass. */
export const lockTenantSettings = (tx: Db, tenantId: string) => tx.query('SELECT id FROM tenants WHERE id = $1 FOR UPDATE', [tenantId]);

const readSettings = (screen: DocumentScreen): Handler => async (ctx) =>
  settingsEnvelope(screen, await storedSettings(ctx.db, requireCaller(ctx).tenantId, screen.id));

const saveSettings = (screen: DocumentScreen): Handler => async (ctx) => {
  const caller = requireCaller(ctx);
  const { tenantId } = caller;
  return ctx.db.transaction(async (tx) => {
    await lockTenantSettings(tx, tenantId);
    const stored = await storedSettings(tx, tenantId, screen.id);
    if (stored && tooOld(ctx.body.updated_at, stored)) {
      throw new HttpError(409, MESSAGES.staleSave, { current: settingsEnvelope(screen, stored) });
    }
    const doc = documentToStore(screen, ctx.body, stored);
    return { ...maskSecrets(screen.schema, doc), ...(await writeSettingsDocument(tx, caller, screen.id, doc, ctx.request.ip)) };
  });
};

/** The generic handler of a derived document operation. */
export function documentHandler(registry: Registry, op: OperationDef): OperationHandler<OperationDef> {
  const screen = op.document && registry.screen(op.document.screenId);
  if (!screen || !isDocumentScreen(screen)) throw new Error(`Operation ${op.id} names no document screen`);
  const policy = screen.endpoint.revision === 'staged';
  const handler =
    op.document!.role === 'read' ? (policy ? readPolicy(screen) : readSettings(screen)) : policy ? savePolicy(screen) : saveSettings(screen);
  // The mount parsed the input with the operation's own schemas, which derive.ts made a DocumentOperation's.
  return handler as OperationHandler<OperationDef>;
}
