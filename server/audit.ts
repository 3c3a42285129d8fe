/**
 * The audit trail: sign-ins, sign-outs, saves, publishes, role, user and token changes, written to the shared event
 * log as log_type 'audit'. Each event carries its kind (schemas/logEnums.ts `auditKind`) for the log's Kind filter,
 * and a save carries what changed as the document's changed fields before and after (`documentDiff`), which the
 * log view words with the area's schema; a role or user change carries its changes as words (`changes`).
 */
import { auditKind, type AuditAction } from '../schemas/logEnums';
import type { Db } from './types';

/** One changed field: where, and its value before and after as text ('' for none). */
export interface AuditChange {
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

export interface AuditEvent {
  /** One of the audit log's actions (schemas/logEnums.ts), each with its label in the log view. */
  readonly action: AuditAction;
  /** User name of whoever acted (or tried to). */
  readonly user: string;
  /** Tenant name. */
  readonly tenant: string;
  /** Screen id of the document saved. */
  readonly area?: string;
  readonly rev_id?: number;
  /** A line for the reader: a publish's change reason, the revision a rollback staged. */
  readonly details?: string;
  readonly result: 'success' | 'failure';
  /** Client address. */
  readonly ip: string;
  /** What changed, field by field, as words; left out when nothing is known or nothing changed. */
  readonly changes?: readonly AuditChange[];
  /** A document save: the top-level fields that changed, before and after (`documentDiff`). */
  readonly diff?: DocumentDiff;
}

/** The fields of a document that a save changed, with their values before and after (secrets masked). */
export interface DocumentDiff {
  readonly before: Readonly<Record<string, unknown>>;
  readonly after: Readonly<Record<string, unknown>>;
}

/** Appends one audit event for the tenant, stamped now, with its kind. */
export async function recordAudit(db: Db, tenantId: string, event: AuditEvent, now = Date.now()): Promise<void> {
  const { changes, diff, ...rest } = event;
  const stored = { ...rest, kind: auditKind(event.action, event.result), ...(changes?.length ? { changes } : {}), ...(diff ? { diff } : {}) };
  await db.query(`INSERT INTO log_events (tenant_id, log_type, ts, event) VALUES ($1, 'audit', $2, $3)`, [tenantId, now, JSON.stringify(stored)]);
}

/** A diff longer than this (as JSON) is kept as `documentChanges` lines instead, so one save cannot bloat the log. */
export const MAX_DIFF_CHARS = 200_000;

/**
 * What a save changed, for its audit event: the top-level fields that differ, with their whole values before and
 * after, so the log can word them with the area's schema (rows by name, moves, enumeration labels); undefined when
 * nothing changed. A diff over MAX_DIFF_CHARS comes back as `changes` lines. Pass documents with their secrets masked.
 */
export function saveChanges(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): Pick<AuditEvent, 'diff' | 'changes'> {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  if (keys.length === 0) return {};
  const pick = (doc: Readonly<Record<string, unknown>>) => Object.fromEntries(keys.filter((k) => doc[k] !== undefined).map((k) => [k, doc[k]]));
  const diff = { before: pick(before), after: pick(after) };
  return JSON.stringify(diff).length > MAX_DIFF_CHARS ? { changes: documentChanges(before, after) } : { diff };
}

/** At most this many changes are kept per event; a last line says how many more there were. */
export const MAX_CHANGES = 100;
const MAX_VALUE = 300;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A value as the reader sees it: text as it is, lists joined, records as JSON, cut at MAX_VALUE characters. */
function valueText(v: unknown): string {
  if (isEmpty(v)) return '';
  const text =
    typeof v === 'string' ? v : Array.isArray(v) && v.every((x) => !isObject(x) && !Array.isArray(x)) ? v.map(String).join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** Rows of a list are matched by their id; a row is named by its name when it has one, else by its id. */
const rowId = (row: unknown): string | undefined => (isObject(row) && typeof row.id === 'string' ? row.id : undefined);
const rowName = (row: unknown, id: string): string => (isObject(row) && typeof row.name === 'string' && row.name ? row.name : id);

/**
 * What differs between two versions of a document, field by field: `list[Block games].action` for a field of the row
 * named "Block games" (rows are matched by id, so moving a row changes none of its fields), a row added or removed as
 * one change with the whole row on one side, a reordered list as one change listing the order before and after, a
 * list of plain values as one change. Pass documents with their secrets masked.
 */
export function documentChanges(before: unknown, after: unknown): AuditChange[] {
  const out: AuditChange[] = [];
  const push = (field: string, a: unknown, b: unknown) => out.push({ field: field || '(document)', before: valueText(a), after: valueText(b) });
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (Array.isArray(a) || Array.isArray(b)) {
      const xs = Array.isArray(a) ? a : [];
      const ys = Array.isArray(b) ? b : [];
      const keyed = [...xs, ...ys].length > 0 && [...xs, ...ys].every((r) => rowId(r) !== undefined);
      if (!keyed) {
        if (JSON.stringify(xs) !== JSON.stringify(ys)) push(path, a, b);
        return;
      }
      const was = new Map(xs.map((r) => [rowId(r)!, r]));
      const now = new Map(ys.map((r) => [rowId(r)!, r]));
      for (const [id, row] of now) {
        const at = `${path}[${rowName(row, id)}]`;
        if (!was.has(id)) push(`${at} (added)`, undefined, row);
        else walk(was.get(id), row, at);
      }
      for (const [id, row] of was) if (!now.has(id)) push(`${path}[${rowName(row, id)}] (removed)`, row, undefined);
      const kept = (rows: unknown[], other: Map<string, unknown>) => rows.filter((r) => other.has(rowId(r)!)).map((r) => rowName(r, rowId(r)!));
      const order = [kept(xs, now), kept(ys, was)];
      if (order[0]!.join('\u0000') !== order[1]!.join('\u0000')) push(`${path} (order)`, order[0], order[1]);
      return;
    }
    if (isObject(a) || isObject(b)) {
      const x = isObject(a) ? a : {};
      const y = isObject(b) ? b : {};
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) walk(x[k], y[k], path ? `${path}.${k}` : k);
      return;
    }
    if (!(isEmpty(a) && isEmpty(b)) && a !== b) push(path, a, b);
  };
  walk(before, after, '');
  if (out.length <= MAX_CHANGES) return out;
  return [...out.slice(0, MAX_CHANGES - 1), { field: `${out.length - MAX_CHANGES + 1} more changes`, before: '', after: '' }];
}
