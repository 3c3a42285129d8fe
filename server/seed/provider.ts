/**
 * The provider tenant and its demo operators (README "Demo accounts"): `operator` changes tenants, `support` reads
 * everything and changes nothing. Operator roles name only the `provider` area, so they hold no tenant permission.
 * Added once, on any start that finds the provider tenant missing.
 */
import { randomUUID } from 'node:crypto';
import type { Roles } from '../../schemas/access';
import { hashPassword } from '../passwords';
import type { Db } from '../types';
import { seedProviderFleet } from './providerFleet';

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

/** Demo licence keys of appliances (OVA keys): a customer's, a proof of concept's that has expired, an internal one. */
const DEMO_OVA_KEYS = [
  {
    key_id: 'OVA-DEMO-CORP-0001',
    body: { expires_at: '2027-12-31T23:59:59Z', tenant_name: 'Demo Corp', license_type: 'customer', does_not_expire: false, include_ga_supported: true, versions: ['4.2', '4.3'], note: 'Two appliances in the Frankfurt data centre.', features: [{ feature_name: 'ssl_inspection', expires_at: '2027-12-31T23:59:59Z', does_not_expire: false }, { feature_name: 'dlp', does_not_expire: true }] },
  },
  {
    key_id: 'OVA-OTHER-POC-0002',
    body: { expires_at: '2025-03-31T23:59:59Z', tenant_name: 'Other Corp', license_type: 'poc', does_not_expire: false, include_ga_supported: false, versions: ['4.3'], note: '30-day trial.', features: [] },
  },
  {
    key_id: 'OVA-LAB-INTERNAL-0003',
    body: { tenant_name: 'Service Provider lab', license_type: 'internal', does_not_expire: true, include_ga_supported: true, versions: [], note: '', features: [{ feature_name: 'private_access', does_not_expire: true }] },
  },
] as const;
const DEMO_CATEGORY_OVERRIDES = [
  { url: 'https://intranet.demo-corp.example/', category_ids: [24], tenants: [], submission_reference: '', active: true },
  { url: 'https://files.example.net/share/', category_ids: [61, 65], tenants: [], submission_reference: 'RC-2026-0412', active: false },
] as const;

/** Demo users with a second factor enrolled (Demo Corp's web administrator and auditor, Other Corp's administrator). */
const MFA_ENROLLED = ['webadmin', 'auditor', 'other-admin'];
/**
 * The TOTP secret of those demo users (README: add it to an authenticator app to sign in as them when two-factor
 * authentication is turned on). A test secret, public like the demo passwords.
 */
export const DEMO_TFA_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

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
    const now = new Date().toISOString();
    for (const k of DEMO_OVA_KEYS) {
      await tx.query('INSERT INTO ova_keys (key_id, body, updated_at, updated_by) VALUES ($1, $2, $3, $4)', [k.key_id, JSON.stringify(k.body), now, 'operator']);
    }
    // Some demo users have enrolled a second factor, so an operator can see and disable one (the tenant users page).
    await tx.query('UPDATE users SET mfa_enrolled = true, tfa_secret = $2 WHERE username = ANY($1::text[])', [MFA_ENROLLED, DEMO_TFA_SECRET]);
    for (const o of DEMO_CATEGORY_OVERRIDES) {
      await tx.query('INSERT INTO category_overrides (id, body, created_at, updated_at, updated_by) VALUES ($1, $2, $3, $3, $4)', [randomUUID(), JSON.stringify(o), now, 'operator']);
    }
  });
  await seedProviderFleet(db);
}
