/** API token resolution: header parsing, and that an unknown or expired token is refused while its use is audited. */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearerToken, hashApiToken, newApiTokenSecret, resolveApiToken } from './apiTokens';
import type { Db } from './types';

describe('bearerToken', () => {
  it('reads the Bearer scheme only', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    expect(bearerToken('Bearer')).toBe('');
    expect(bearerToken('Bearer a b')).toBe('');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

function stubDb(row: Record<string, unknown> | undefined) {
  const calls: { text: string; params: readonly unknown[] }[] = [];
  const db = {
    query: async (text: string, params: readonly unknown[] = []) => {
      calls.push({ text, params });
      return { rows: text.includes('FROM api_tokens k') && row ? [row] : [] };
    },
  } as unknown as Db;
  return { db, calls };
}

const request = { method: 'GET', url: '/api/policy/v1/rules?x=1', ip: '198.51.100.7' } as FastifyRequest;
const NOW = Date.parse('2026-06-01T12:00:00Z');
const row = (expires: string) => ({
  id: 't1',
  name: 'nightly export',
  tenant_id: 'tenant',
  expires_at: new Date(expires),
  grants: { read: ['*'], write: [], deny: [] },
  tenant_name: 'Demo Corp',
  capabilities: { rbac: true },
  settings: {},
});

describe('resolveApiToken', () => {
  it('looks the token up by its SHA-256 and gives the scope role’s permissions', async () => {
    const secret = newApiTokenSecret();
    const { db, calls } = stubDb(row('2026-06-02T00:00:00Z'));
    const s = await resolveApiToken(db, secret, request, 'cloud', NOW);
    expect(calls[0]!.params).toEqual([hashApiToken(secret)]);
    expect(s?.caller.user.username).toBe('token:nightly export');
    expect(s?.caller.grants.allow).toEqual(['*:read']);
    const audit = calls.find((c) => c.text.includes('log_events'))!;
    expect(JSON.parse(audit.params[2] as string)).toMatchObject({ action: 'api_token_use', result: 'success', details: 'GET /api/policy/v1/rules' });
  });

  it('refuses an expired token and audits the attempt as a failure', async () => {
    const { db, calls } = stubDb(row('2026-06-01T11:59:59Z'));
    expect(await resolveApiToken(db, 'mpt_x', request, 'cloud', NOW)).toBeUndefined();
    const audit = calls.find((c) => c.text.includes('log_events'))!;
    expect(JSON.parse(audit.params[2] as string)).toMatchObject({ result: 'failure' });
    expect(calls.some((c) => c.text.includes('last_used_at'))).toBe(false);
  });

  it('refuses an unknown or empty token', async () => {
    expect(await resolveApiToken(stubDb(undefined).db, 'mpt_unknown', request, 'cloud', NOW)).toBeUndefined();
    expect(await resolveApiToken(stubDb(row('2030-01-01T00:00:00Z')).db, '', request, 'cloud', NOW)).toBeUndefined();
  });
});
