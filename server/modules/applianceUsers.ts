/**
 * The appliance's own accounts (definitions/api/applianceUsers.ts): kept in the database, seeded per tenant on the
 * first start, each change audited. A password is stored only as its scrypt hash.
 */
import { randomUUID } from 'node:crypto';
import { applianceUserOps } from '../../definitions/api/applianceUsers';
import type { ApplianceUser } from '../../schemas/areas/applianceAuth';
import { recordAudit } from '../audit';
import { hashPassword } from '../passwords';
import { HttpError, implementAll, requireCaller, type CallContext, type Db, type ServerModule } from '../types';

interface UserRow {
  id: string;
  username: string;
  role: ApplianceUser['role'];
  enabled: boolean;
  locked: boolean;
  ssh_enabled: boolean;
  password_changed_at: Date;
}

const COLUMNS = 'id, username, role, enabled, locked, ssh_enabled, password_changed_at';
const toUser = (r: UserRow): ApplianceUser => ({ ...r, password_changed_at: r.password_changed_at.toISOString() });

/** The demo accounts: an administrator, an auditor, a support account (off, with SSH) and a locked operator. */
const DEMO_USERS = [
  { id: 'u-1', username: 'admin', role: 'administrator', enabled: true, locked: false, ssh: false, daysAgo: 12 },
  { id: 'u-2', username: 'secops', role: 'administrator', enabled: true, locked: true, ssh: false, daysAgo: 95 },
  { id: 'u-3', username: 'auditor', role: 'auditor', enabled: true, locked: false, ssh: false, daysAgo: 40 },
  { id: 'u-4', username: 'support', role: 'support', enabled: false, locked: false, ssh: true, daysAgo: 200 },
] as const;

async function readUser(db: Db, tenantId: string, id: string): Promise<UserRow> {
  const row = (await db.query<UserRow>(`SELECT ${COLUMNS} FROM appliance_users WHERE tenant_id = $1 AND id = $2`, [tenantId, id])).rows[0];
  if (!row) throw new HttpError(404, 'No such account');
  return row;
}

/** Applies `set` to the account, audits `what` and answers the account as it is now. */
async function change(ctx: CallContext, id: string, set: string, values: readonly unknown[], what: (u: UserRow) => string): Promise<ApplianceUser> {
  const caller = requireCaller(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await readUser(tx, caller.tenantId, id);
    await tx.query(`UPDATE appliance_users SET ${set} WHERE tenant_id = $1 AND id = $2`, [caller.tenantId, id, ...values]);
    await recordAudit(tx, caller.tenantId, {
      action: 'user_update',
      user: caller.user.username,
      tenant: caller.user.tenant_name,
      area: 'appliance.users',
      details: `Appliance account ${before.username}: ${what(before)}`,
      result: 'success',
      ip: ctx.request.ip,
    });
    return toUser(await readUser(tx, caller.tenantId, id));
  });
}

export const applianceUsersModule: ServerModule = {
  name: 'applianceUsers',
  implementations: implementAll(applianceUserOps, {
    listApplianceUsers: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const rows = await ctx.db.query<UserRow>(`SELECT ${COLUMNS} FROM appliance_users WHERE tenant_id = $1 ORDER BY username`, [tenantId]);
      return { users: rows.rows.map(toUser) };
    },
    setApplianceUserPassword: async (ctx) =>
      change(ctx, ctx.params.id, 'password_hash = $3, password_changed_at = now(), locked = false', [await hashPassword(ctx.body.password)], () => 'password set'),
    setApplianceUserStatus: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      if (!ctx.body.enabled) {
        const target = await readUser(ctx.db, tenantId, ctx.params.id);
        const others = await ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM appliance_users WHERE tenant_id = $1 AND id <> $2 AND role = 'administrator' AND enabled`,
          [tenantId, target.id],
        );
        if (target.role === 'administrator' && target.enabled && others.rows[0]!.n === 0) {
          const message = 'This is the last enabled administrator account; enable another one first.';
          throw new HttpError(409, message, { errors: [{ path: 'enabled', key: 'lastAdministrator', message }] });
        }
      }
      return change(ctx, ctx.params.id, 'enabled = $3', [ctx.body.enabled], (u) => `${u.enabled ? 'enabled' : 'disabled'} → ${ctx.body.enabled ? 'enabled' : 'disabled'}`);
    },
    unlockApplianceUser: async (ctx) => change(ctx, ctx.params.id, 'locked = false', [], () => 'unlocked'),
    setApplianceUserSsh: async (ctx) =>
      change(ctx, ctx.params.id, 'ssh_enabled = $3', [ctx.body.enabled], (u) => `SSH ${u.ssh_enabled ? 'allowed' : 'off'} → ${ctx.body.enabled ? 'allowed' : 'off'}`),
  }),
  onStart: async (db) => {
    const tenants = await db.query<{ id: string }>('SELECT t.id FROM tenants t WHERE NOT EXISTS (SELECT 1 FROM appliance_users u WHERE u.tenant_id = t.id)');
    if (tenants.rows.length === 0) return;
    // One hash for every demo account: they cannot sign in until an administrator sets a password here.
    const unusable = await hashPassword(randomUUID());
    for (const { id } of tenants.rows) {
      for (const u of DEMO_USERS) {
        await db.query(
          `INSERT INTO appliance_users (tenant_id, id, username, role, enabled, locked, ssh_enabled, password_hash, password_changed_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() - make_interval(days => $9)) ON CONFLICT DO NOTHING`,
          [id, u.id, u.username, u.role, u.enabled, u.locked, u.ssh, unusable, u.daysAgo],
        );
      }
    }
  },
};
