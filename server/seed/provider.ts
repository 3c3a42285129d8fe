/**
 * The provider tenant and its demo operators (README "Demo accounts"): `operator` changes tenants, `support` reads
 * everything and changes nothing. Operator roles name only the `provider` area, so they hold no tenant permission.
 * Added once, on any start that finds the provider tenant missing.
 */
import { randomUUID } from 'node:crypto';
import type { Roles } from '../../schemas/access';
import { hashPassword } from '../passwords';
import type { Db } from '../types';

export const PROVIDER_TENANT_ID = '0c0ffee0-0000-4000-8000-0000000000aa';
export const PROVIDER_TENANT_NAME = 'Service Provider';

export const OPERATOR_ROLES = {
  operator: { read: ['provider'], write: ['provider'] },
  support: { read: ['provider'], write: [] },
} as const satisfies Readonly<Record<string, Roles>>;

const OPERATORS = [
  { username: 'operator', password: 'operator-demo', first_name: 'Robin', last_name: 'Hale', roles: OPERATOR_ROLES.operator },
  { username: 'support', password: 'support-demo', first_name: 'Kim', last_name: 'Osei', roles: OPERATOR_ROLES.support },
] as const;

export async function seedProvider(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [727_014]);
    const { rows } = await tx.query('SELECT 1 FROM tenants WHERE id = $1', [PROVIDER_TENANT_ID]);
    if (rows.length > 0) return;
    await tx.query('INSERT INTO tenants (id, name, capabilities, settings) VALUES ($1, $2, $3, $4)', [
      PROVIDER_TENANT_ID,
      PROVIDER_TENANT_NAME,
      JSON.stringify({ rbac: true, portal2: true }),
      '{}',
    ]);
    for (const u of OPERATORS) {
      await tx.query(
        `INSERT INTO users (id, tenant_id, username, password_hash, first_name, last_name, roles) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [randomUUID(), PROVIDER_TENANT_ID, u.username, await hashPassword(u.password), u.first_name, u.last_name, JSON.stringify(u.roles)],
      );
    }
  });
}
