import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../types';
import { MIGRATIONS_DIR, migrate, migrationFiles } from './migrate';
import { openPglite } from './pglite';

let db: Db | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

const columns = async (table: string) =>
  (
    await db!.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
      [table],
    )
  ).rows.map((r) => `${r.column_name} ${r.data_type}`);

// Each test opens its own PGlite (a WebAssembly Postgres), which takes a few seconds on a busy machine.
describe('migrate', () => {
  it('applies every migration once, in order, and records it', async () => {
    db = await openPglite();
    const files = migrationFiles();
    expect(files[0]).toBe('001_initial.sql');
    expect(await migrate(db)).toEqual(files);
    expect((await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name)).toEqual(files);
    expect(await migrate(db)).toEqual([]);
  });

  it('001 creates the shared log table exactly as agreed with the logs module', async () => {
    db = await openPglite();
    await migrate(db);
    expect(await columns('log_events')).toEqual([
      'tenant_id text',
      'log_type text',
      'ts bigint',
      'seq bigint',
      'event jsonb',
    ]);
    const pk = await db.query<{ cols: string }>(
      `SELECT string_agg(a.attname, ',' ORDER BY k.ord) AS cols
         FROM pg_index i CROSS JOIN unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
        WHERE i.indrelid = 'log_events'::regclass AND i.indisprimary`,
    );
    expect(pk.rows[0]!.cols).toBe('tenant_id,log_type,ts,seq');
  });

  it('001 creates the tenant-scoped tables, and a revision row is needed before a document of it', async () => {
    db = await openPglite();
    await migrate(db);
    for (const table of ['tenants', 'users', 'sessions', 'login_throttle', 'policy_revisions', 'policy_documents', 'settings_documents']) {
      expect((await columns(table)).length).toBeGreaterThan(0);
    }
    await db.query(`INSERT INTO tenants (id, name) VALUES ('t1', 'T1')`);
    await expect(
      db.query(`INSERT INTO policy_documents VALUES ('t1', 'web.ssl-bypass', 7, '{}', now(), 'x')`),
    ).rejects.toThrow(/foreign key/);
  });

  it('010 keeps one row per account and address that signed in, for the throttle', async () => {
    db = await openPglite();
    await migrate(db);
    expect(await columns('login_known')).toEqual(['key text', 'last_success_at timestamp with time zone']);
    await db.query(`INSERT INTO login_known VALUES ('user:a|ip:1', now())`);
    await expect(db.query(`INSERT INTO login_known VALUES ('user:a|ip:1', now())`)).rejects.toThrow(/duplicate key/);
  });

  it('020 stores a publish reason, repairs a published revision left staged, and refuses documents of a published revision', async () => {
    const before = mkdtempSync(join(tmpdir(), 'migrations-'));
    for (const name of migrationFiles().filter((n) => n < '020')) copyFileSync(join(MIGRATIONS_DIR, name), join(before, name));
    db = await openPglite();
    await migrate(db, before);
    await db.exec(`INSERT INTO tenants (id, name) VALUES ('t1', 'T1');
      INSERT INTO policy_revisions (tenant_id, rev_id, state, updated_at, published_at) VALUES ('t1', 1, 'staged', now(), now()), ('t1', 2, 'staged', now(), NULL)`);
    expect(await migrate(db)).toContain('020_publish_review.sql');

    const states = await db.query<{ rev_id: number; state: string }>(`SELECT rev_id, state FROM policy_revisions ORDER BY rev_id`);
    expect(states.rows).toEqual([
      { rev_id: 1, state: 'published' },
      { rev_id: 2, state: 'staged' },
    ]);
    const doc = (rev: number) => db!.query(`INSERT INTO policy_documents VALUES ('t1', 'web.ssl-bypass', $1, '{}', now(), 'x')`, [rev]);
    await expect(doc(1)).rejects.toThrow(/revision 1 is published/);
    await doc(2);
    await db.query(`UPDATE policy_revisions SET state = 'published', published_at = now(), publish_reason = 'Reviewed' WHERE rev_id = 2`);
    await expect(db.query(`UPDATE policy_documents SET body = '{"list":[]}' WHERE rev_id = 2`)).rejects.toThrow(/revision 2 is published/);
    await expect(db.query(`UPDATE policy_revisions SET state = 'staged' WHERE rev_id = 2`)).rejects.toThrow(/policy_revisions_published_state/);
    expect((await db.query(`SELECT publish_reason FROM policy_revisions WHERE rev_id = 2`)).rows).toEqual([{ publish_reason: 'Reviewed' }]);
  });

  it('040 gives users a second factor and a lock-out with safe defaults, and keeps challenges only while their user exists', async () => {
    db = await openPglite();
    await migrate(db);
    await db.query(`INSERT INTO tenants (id, name) VALUES ('t1', 'T1')`);
    await db.query(`INSERT INTO users (id, tenant_id, username, password_hash) VALUES ('u1', 't1', 'a', 'x')`);
    const { rows } = await db.query('SELECT tfa_secret, tfa_last_step, tfa_recovery, failed_logins, locked_until FROM users');
    expect(rows).toEqual([{ tfa_secret: null, tfa_last_step: 0, tfa_recovery: [], failed_logins: 0, locked_until: null }]);
    await db.query(`INSERT INTO tfa_challenges (id_hash, tenant_id, user_id, created_at) VALUES ('c1', 't1', 'u1', now())`);
    await expect(db.query(`INSERT INTO tfa_challenges (id_hash, tenant_id, user_id, created_at) VALUES ('c2', 't1', 'nobody', now())`)).rejects.toThrow(/foreign key/);
    await db.query(`DELETE FROM users WHERE id = 'u1'`);
    expect((await db.query('SELECT id_hash FROM tfa_challenges')).rows).toEqual([]);
  });

  it('102 creates the report rollups, read by tenant, rollup, grain and time, and gone with their tenant', async () => {
    db = await openPglite();
    await migrate(db);
    expect(await columns('log_rollups')).toEqual([
      'tenant_id text',
      'rollup text',
      'grain text',
      'bucket bigint',
      'key text',
      'sub text',
      'events bigint',
      'first_events bigint',
      'bytes bigint',
      'first_bytes bigint',
      'label text',
      // 104: the day bits of a distinct-user block row
      'days bigint',
    ]);
    await db.query(`INSERT INTO tenants (id, name) VALUES ('t1', 'T1')`);
    await expect(db.query(`INSERT INTO log_rollups VALUES ('t1', 'r', 'w', 0, NULL, NULL, 1, 1, 0, 0, NULL, NULL)`)).rejects.toThrow(/check/);
    await db.query(`INSERT INTO log_rollups VALUES ('t1', 'r', 'h', 0, 'k', NULL, 1, 1, 0, 0, NULL, NULL)`);
    await db.query(`DELETE FROM tenants WHERE id = 't1'`);
    expect((await db.query('SELECT * FROM log_rollups')).rows).toEqual([]);
  });

  it('104 splits a day into head and tail rows with the tail summed per day, and keeps blocks of days; all gone with their tenant', async () => {
    db = await openPglite();
    await migrate(db);
    await db.query(`INSERT INTO tenants (id, name) VALUES ('t1', 'T1')`);
    await db.query(`INSERT INTO log_rollups VALUES ('t1', 'r', 't', 0, 'k', NULL, 1, 1, 0, 0, NULL, NULL), ('t1', 'r', 'b', 0, 'k', 'u', 1, 1, 0, 0, NULL, 5)`);
    await db.query(`INSERT INTO log_rollup_tails VALUES ('t1', 'r', 0, 1, 1, 1, 1, 0, 0)`);
    await expect(db.query(`INSERT INTO log_rollup_tails VALUES ('t1', 'r', 0, 2, 2, 2, 2, 0, 0)`)).rejects.toThrow(/duplicate|unique/);
    await db.query(`DELETE FROM tenants WHERE id = 't1'`);
    expect((await db.query('SELECT * FROM log_rollups')).rows).toEqual([]);
    expect((await db.query('SELECT * FROM log_rollup_tails')).rows).toEqual([]);
  });

  it('303 keeps the appliance accounts: one user name per tenant, a known role, gone with their tenant', async () => {
    db = await openPglite();
    await migrate(db);
    await db.query(`INSERT INTO tenants (id, name) VALUES ('t1', 'T1')`);
    await db.query(`INSERT INTO appliance_users (tenant_id, id, username, role, password_hash) VALUES ('t1', 'u-1', 'admin', 'administrator', 'x')`);
    await expect(db.query(`INSERT INTO appliance_users (tenant_id, id, username, role, password_hash) VALUES ('t1', 'u-2', 'admin', 'auditor', 'x')`)).rejects.toThrow(/duplicate|unique/);
    await expect(db.query(`INSERT INTO appliance_users (tenant_id, id, username, role, password_hash) VALUES ('t1', 'u-3', 'root', 'superuser', 'x')`)).rejects.toThrow(/check/);
    const row = (await db.query<{ enabled: boolean; locked: boolean; ssh_enabled: boolean }>('SELECT enabled, locked, ssh_enabled FROM appliance_users')).rows[0];
    expect(row).toEqual({ enabled: true, locked: false, ssh_enabled: false });
    await db.query(`DELETE FROM tenants WHERE id = 't1'`);
    expect((await db.query('SELECT * FROM appliance_users')).rows).toEqual([]);
  });

  it('304 keeps one certificate of each kind per tenant, a signing request only with its key, gone with their tenant', async () => {
    db = await openPglite();
    await migrate(db);
    await db.query(`INSERT INTO tenants (id, name) VALUES ('t1', 'T1')`);
    await db.query(`INSERT INTO appliance_certificates (tenant_id, kind, cert_pem, key_pem) VALUES ('t1', 'service', 'c', 'k')`);
    await expect(db.query(`INSERT INTO appliance_certificates (tenant_id, kind, cert_pem, key_pem) VALUES ('t1', 'service', 'c2', 'k2')`)).rejects.toThrow(/duplicate|unique/);
    await expect(db.query(`INSERT INTO appliance_certificates (tenant_id, kind, cert_pem, key_pem) VALUES ('t1', 'client', 'c', 'k')`)).rejects.toThrow(/check/);
    await expect(db.query(`UPDATE appliance_certificates SET csr_pem = 'r' WHERE tenant_id = 't1'`)).rejects.toThrow(/check/);
    await db.query(`DELETE FROM tenants WHERE id = 't1'`);
    expect((await db.query('SELECT * FROM appliance_certificates')).rows).toEqual([]);
  });

  it('rolls back a failing migration entirely', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, '001_ok.sql'), 'CREATE TABLE a (x int);');
    writeFileSync(join(dir, '002_broken.sql'), 'CREATE TABLE b (y int); SELECT no_such_function();');
    db = await openPglite();
    await expect(migrate(db, dir)).rejects.toThrow();
    const tables = await db.query(`SELECT table_name FROM information_schema.tables WHERE table_name IN ('a', 'b', 'schema_migrations')`);
    expect(tables.rows).toEqual([]);
  });

  it('refuses misnamed files and repeated numbers', () => {
    const bad = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(bad, '1_short.sql'), '');
    expect(() => migrationFiles(bad)).toThrow(/NNN_name\.sql/);
    const twice = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(twice, '003_a.sql'), '');
    writeFileSync(join(twice, '003_b.sql'), '');
    expect(() => migrationFiles(twice)).toThrow(/share a number/);
  });
});
