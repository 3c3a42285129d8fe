/**
 * Each user's own dashboard (reports.dashboard.get / save): the charts on it in order, stored with the settings
 * documents' stamp. A save names the updated_at it read (none before the first save); any other stamp gets 409 with
 * the stored layout, decided by the write itself so two saves of one read never both land.
 */
import { MESSAGES } from '../../schemas/constants';
import type { DashboardLayout } from '../../schemas/reports';
import { HttpError, type Db } from '../types';

export type LayoutEnvelope = DashboardLayout & { updated_at?: string; updated_by?: string };

interface LayoutRow {
  body: DashboardLayout;
  updated_at: Date | string;
}

const envelope = (row: LayoutRow, user: string): LayoutEnvelope => ({
  widgets: row.body.widgets,
  updated_at: new Date(row.updated_at).toISOString(),
  updated_by: user,
});

async function stored(db: Db, tenantId: string, userId: string): Promise<LayoutRow | undefined> {
  const { rows } = await db.query<LayoutRow>('SELECT body, updated_at FROM dashboard_layouts WHERE tenant_id = $1 AND user_id = $2', [
    tenantId,
    userId,
  ]);
  return rows[0];
}

/** The user's layout, or `defaults` (without a stamp) when they never saved one. */
export async function readLayout(db: Db, tenantId: string, userId: string, user: string, defaults: readonly string[]): Promise<LayoutEnvelope> {
  const row = await stored(db, tenantId, userId);
  return row ? envelope(row, user) : ({ widgets: [...defaults] } as LayoutEnvelope);
}

export async function saveLayout(
  db: Db,
  tenantId: string,
  userId: string,
  user: string,
  body: LayoutEnvelope,
  defaults: readonly string[],
  now: number,
): Promise<LayoutEnvelope> {
  const doc: DashboardLayout = { widgets: body.widgets };
  const at = new Date(now).toISOString();
  // The first save inserts only while there is no row; a later one updates only the row it read.
  const { rows } =
    body.updated_at === undefined
      ? await db.query<{ updated_at: Date }>(
          `INSERT INTO dashboard_layouts (tenant_id, user_id, body, updated_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (tenant_id, user_id) DO NOTHING RETURNING updated_at`,
          [tenantId, userId, JSON.stringify(doc), at],
        )
      : await db.query<{ updated_at: Date }>(
          `UPDATE dashboard_layouts SET body = $3, updated_at = greatest($4::timestamptz, updated_at + interval '1 millisecond')
            WHERE tenant_id = $1 AND user_id = $2 AND updated_at = $5::timestamptz RETURNING updated_at`,
          [tenantId, userId, JSON.stringify(doc), at, body.updated_at],
        );
  if (!rows[0]) {
    // A stamp of a layout never saved is stale too: the current one is the default.
    throw new HttpError(409, MESSAGES.staleSave, { current: await readLayout(db, tenantId, userId, user, defaults) });
  }
  return { ...doc, updated_at: new Date(rows[0].updated_at).toISOString(), updated_by: user };
}
