/** The audit trail: sign-ins, sign-outs, saves and publishes, written to the shared event log as log_type 'audit'. */
import type { AuditAction } from '../schemas/logEnums';
import type { Db } from './types';

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
}

/** Appends one audit event for the tenant, stamped now. */
export async function recordAudit(db: Db, tenantId: string, event: AuditEvent, now = Date.now()): Promise<void> {
  await db.query(`INSERT INTO log_events (tenant_id, log_type, ts, event) VALUES ($1, 'audit', $2, $3)`, [
    tenantId,
    now,
    JSON.stringify(event),
  ]);
}
