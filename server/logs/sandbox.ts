/**
 * The sandbox report of a file (001 §7 GET /api/rep/v1/fileserver/report/{sha256}/SophosSandboxPlugin/{file_id}):
 * what the tenant's logs know of the file, with the sandbox's analysis. The analysis is derived from the hash, so a
 * file always gets the same report.
 */
import type { Db } from '../types';
import { toNumber } from './sql';

export const SANDBOX_ENGINE = 'SophosSandboxPlugin';

const ACTIVITIES = [
  'Creates a scheduled task for persistence',
  'Injects code into another process',
  'Contacts an address on a command-and-control list',
  'Encrypts files in user folders',
  'Adds a registry run key',
  'Tries to disable security tools',
  'Drops an executable file in a temporary folder',
  'Runs a macro on open',
  'Reads browser credential stores',
  'Queries the system language and time zone',
];

export interface SandboxReport {
  readonly engine: string;
  readonly sha256: string;
  readonly file_id: string;
  readonly file_name: string;
  readonly file_type: string;
  readonly file_size: number;
  readonly verdict: string;
  readonly score: number;
  readonly first_seen: string;
  readonly last_seen: string;
  readonly sightings: number;
  readonly activities: readonly string[];
}

/** The report, or undefined when no event of the tenant (since `sinceMs`) sent this file to the sandbox. */
export async function sandboxReport(db: Db, tenantId: string, sha256: string, fileId: string, sinceMs = 0): Promise<SandboxReport | undefined> {
  // `event ? 'sha256'` matches the partial index on the hash.
  const { rows } = await db.query<{ first: unknown; last: unknown; n: number; event: Record<string, unknown> | null }>(
    `SELECT min(ts) AS first, max(ts) AS last, count(*)::int AS n, (array_agg(event ORDER BY ts DESC))[1] AS event
       FROM log_events
      WHERE tenant_id = $1 AND event ? 'sha256' AND (event ->> 'sha256') = $2 AND (event ->> 'file_id') = $3
        AND log_type IN ('web', 'email') AND ts >= $4`,
    [tenantId, sha256, fileId, sinceMs],
  );
  const row = rows[0];
  return row ? sandboxOf(sha256, fileId, { firstMs: toNumber(row.first), lastMs: toNumber(row.last), sightings: row.n, event: row.event }) : undefined;
}

/** The report from what the logs know of the file (undefined when its newest event did not go to the sandbox). */
export function sandboxOf(
  sha256: string,
  fileId: string,
  row: { firstMs: number; lastMs: number; sightings: number; event: Record<string, unknown> | null },
): SandboxReport | undefined {
  if (!row.event || row.event.sandbox !== true) return undefined;
  const e = row.event;
  const verdict = String(e.av_scan_result);
  const seed = parseInt(sha256.slice(0, 8), 16);
  const count = verdict === 'malicious' ? 4 : 2;
  const activities = Array.from({ length: count }, (_, i) => ACTIVITIES[(seed >>> (i * 4)) % ACTIVITIES.length]!).filter(
    (a, i, all) => all.indexOf(a) === i,
  );
  return {
    engine: SANDBOX_ENGINE,
    sha256,
    file_id: fileId,
    file_name: String(e.file_name),
    file_type: String(e.file_type),
    file_size: Number(e.file_size),
    verdict,
    score: verdict === 'malicious' ? 90 + (seed % 10) : 45 + (seed % 30),
    first_seen: new Date(row.firstMs).toISOString(),
    last_seen: new Date(row.lastMs).toISOString(),
    sightings: row.sightings,
    activities,
  };
}
