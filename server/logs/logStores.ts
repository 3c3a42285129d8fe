/**
 * Which log store a server uses: the one LOG_STORE chooses (`openLogStore`), bound to the server's SQL store
 * (`attachLogStore`) and found from it by every module that reads or writes events (`logStoreOf`). Kept apart from
 * the interface (`logStore.ts`), which both implementations import.
 */
import type { Db } from '../types';
import { ClickHouseLogStore } from './clickhouse/store';
import { clickHouseConfig } from './clickhouse/client';
import type { LogStore } from './logStore';
import { sqlLogStore } from './sqlStore';

const stores = new WeakMap<Db, LogStore>();

/** Binds a log store to the SQL store it serves with (startServer does, from LOG_STORE). */
export function attachLogStore(db: Db, store: LogStore): void {
  stores.set(db, store);
}

/** The log store of a server's SQL store: the one attached, else SQL. */
export function logStoreOf(db: Db): LogStore {
  return stores.get(db) ?? sqlLogStore;
}

/** The log store a server's variables choose: LOG_STORE=clickhouse (with CLICKHOUSE_URL), else SQL. */
export function openLogStore(vars: Readonly<Record<string, string | undefined>>): LogStore {
  const kind = vars.LOG_STORE ?? 'sql';
  if (kind === 'sql') return sqlLogStore;
  if (kind === 'clickhouse') return new ClickHouseLogStore(clickHouseConfig(vars));
  throw new Error(`LOG_STORE must be sql or clickhouse, not ${JSON.stringify(kind)}.`);
}
