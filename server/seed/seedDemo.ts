/** Seeds the demo tenants, accounts, policy revisions and seed documents into an empty database. */
import { randomUUID } from 'node:crypto';
import { documentStorage } from '../../definitions/define';
import type { Registry } from '../../definitions/registry';
import { hashPassword } from '../passwords';
import type { Db } from '../types';
import { DEMO_TENANTS, type DemoTenant } from './demo';
import { loadSeedDocuments, type SeedDocument } from './documents';

// Held while seeding, so two processes starting on one empty PostgreSQL database do not both seed.
const SEED_LOCK = 727_002;

async function seedTenant(tx: Db, tenant: DemoTenant, documents: readonly SeedDocument[], now: string): Promise<void> {
  await tx.query('INSERT INTO tenants (id, name, capabilities, settings) VALUES ($1, $2, $3, $4)', [
    tenant.id,
    tenant.name,
    JSON.stringify(tenant.capabilities),
    JSON.stringify(tenant.settings),
  ]);
  for (const u of tenant.users) {
    await tx.query(
      `INSERT INTO users (id, tenant_id, username, password_hash, first_name, last_name, email, roles) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [randomUUID(), tenant.id, u.username, await hashPassword(u.password), u.first_name, u.last_name, u.email, JSON.stringify(u.roles)],
    );
  }
  // Revision 1 is published with the seed documents (after they are written: the store refuses documents for a
  // published revision); revision 2 is the working revision, with nothing to publish yet.
  await tx.query(
    `INSERT INTO policy_revisions (tenant_id, rev_id, state, updated_at) VALUES ($1, 1, 'published', $2), ($1, 2, 'published', $2)`,
    [tenant.id, now],
  );
  for (const d of documents) {
    const doc = d.forTenant(tenant.name);
    if (!d.screen || !doc) continue;
    const body = JSON.stringify(doc);
    const { key, version } = documentStorage(d.screen);
    if (d.screen.endpoint.revision === 'staged') {
      await tx.query(
        `INSERT INTO policy_documents (tenant_id, screen_id, rev_id, body, schema_version, updated_at, updated_by) VALUES ($1, $2, 1, $3, $4, $5, 'system')`,
        [tenant.id, key, body, version, now],
      );
    } else {
      await tx.query(
        `INSERT INTO settings_documents (tenant_id, screen_id, body, schema_version, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, 'system')`,
        [tenant.id, key, body, version, now],
      );
    }
  }
  await tx.query(
    `UPDATE policy_revisions SET published_at = $2, published_by = 'system', publish_reason = 'Initial policy' WHERE tenant_id = $1 AND rev_id = 1`,
    [tenant.id, now],
  );
}

/** Seeds only when there is no tenant yet; returns whether it seeded. Seed files for unknown screens are skipped. */
export async function seedDemo(db: Db, registry: Registry): Promise<boolean> {
  const documents = loadSeedDocuments(registry);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM tenants');
    if (rows[0]!.n > 0) return false;
    const now = new Date().toISOString();
    for (const tenant of DEMO_TENANTS) await seedTenant(tx, tenant, documents, now);
    return true;
  });
}
