/**
 * Log retention per tenant (General settings, "Keep logs for (days)", 7 to 365): reads start at the tenant's
 * retention, so an event past it never appears in a log page, report, export or lookup, and `applyRetention` deletes
 * such events from the log store (at start and hourly, see startServer), after which `vacuumGrownLogTables` does on
 * PGlite what autovacuum does on PostgreSQL.
 */
import { globalSettings } from '../../definitions/settings/tenant/globalSettings';
import { DAY_MS } from '../../schemas/constants';
import { readSettingsDocument } from '../documents';
import type { Db } from '../types';
import type { LogStore } from './logStore';

/** How many days of a tenant's logs are kept. */
export async function retentionDays(db: Db, tenantId: string): Promise<number> {
  const { doc } = await readSettingsDocument(db, tenantId, globalSettings);
  return doc.log_retention_days;
}

/** The first instant (epoch ms) of a tenant's kept logs at `now`. */
export async function retentionSince(db: Db, tenantId: string, now: number): Promise<number> {
  return now - (await retentionDays(db, tenantId)) * DAY_MS;
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

/** The SQL store's log tables: the events (the audit log's on any log store) and the rollups. */
const LOG_TABLES = ['log_events', 'log_rollups', 'log_rollup_tails'];

/**
 * On PGlite, which has no autovacuum, vacuums and analyses each log table that has grown by a tenth since it was last
 * analysed (the seed analyses what it loads); returns the tables it did. Without it the planner keeps the statistics of
 * the seed, or none, however many events arrive through ingestion, and the rollups keep the dead rows of their
 * refreshes and of retention: a report that takes milliseconds on an analysed store can take minutes
 * (docs/scale-out.md, "How far one PostgreSQL goes"). PostgreSQL's own autovacuum does this there.
 */
export async function vacuumGrownLogTables(db: Db): Promise<string[]> {
  if (db.autovacuum) return [];
  const { rows } = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class
      WHERE relname = ANY($1::text[]) AND relkind = 'r' AND pg_relation_size(oid) / current_setting('block_size')::int > relpages * 1.1
      ORDER BY relname`,
    [LOG_TABLES],
  );
  // The names come from LOG_TABLES alone.
  for (const { name } of rows) await db.exec(`VACUUM ANALYZE ${name}`);
  return rows.map((r) => r.name);
}
