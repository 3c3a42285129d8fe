/**
 * Log retention per tenant (General settings, "Keep logs for (days)", 7 to 365): reads start at the tenant's
 * retention, so an event past it never appears in a log page, report, export or lookup, and `applyRetention` deletes
 * such events from the log store (at start and hourly, see openLogStore).
 */
import { globalSettings } from '../../definitions/settings/tenant/globalSettings';
import { DAY_MS } from '../../schemas/constants';
import { readSettingsDocument } from '../documents';
import type { Db } from '../types';
import type { LogStore } from './logStore';

/** The first instant (epoch ms) of a tenant's kept logs at `now`. */
export async function retentionSince(db: Db, tenantId: string, now: number): Promise<number> {
  const { doc } = await readSettingsDocument(db, tenantId, globalSettings);
  return now - doc.log_retention_days * DAY_MS;
}

/** Deletes every tenant's events past its retention at `now`. */
export async function applyRetention(db: Db, store: LogStore, now: number): Promise<void> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM tenants ORDER BY id');
  let oldest = now;
  for (const { id } of rows) {
    const since = await retentionSince(db, id, now);
    await store.dropBefore(db, id, since);
    oldest = Math.min(oldest, since);
  }
  await store.dropDaysBefore?.(oldest);
}
