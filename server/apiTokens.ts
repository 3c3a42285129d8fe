/**
 * API tokens (spec 002 tenant settings): `Authorization: Bearer <token>` authenticates a call without cookies or
 * XSRF. The token is looked up by its SHA-256; the caller gets exactly the permissions its scope role has at the
 * time of the call. Every use is written to the audit log; an unknown, deleted or expired token is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { grantsFromRoles, type Capabilities, type Deployment, type Roles } from '../schemas/access';
import { addressPermitted, addressRefusedText, readAdminAccess } from './adminAccess';
import { recordAudit } from './audit';
import { sessionUser, type ResolvedSession, type UserRow } from './session';
import { HttpError, type Db } from './types';

export const API_TOKEN_PREFIX = 'mpt_';
export const hashApiToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newApiTokenSecret = (): string => API_TOKEN_PREFIX + randomBytes(32).toString('base64url');

/** The token of an `Authorization: Bearer <token>` header, or undefined when the header is absent or another scheme. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : header.toLowerCase().startsWith('bearer') ? '' : undefined;
}

/** The caller a token stands for, or undefined (refused) for an unknown or expired token. Audits the use. */
export async function resolveApiToken(db: Db, token: string, request: FastifyRequest, deployment: Deployment, now = Date.now()): Promise<ResolvedSession | undefined> {
  if (!token) return undefined;
  const { rows } = await db.query<{
    id: string;
    name: string;
    tenant_id: string;
    expires_at: Date;
    grants: Roles;
    tenant_name: string;
    capabilities: Capabilities;
    settings: UserRow['settings'];
  }>(
    `SELECT k.id, k.name, k.tenant_id, k.expires_at, r.grants, t.name AS tenant_name, t.capabilities, t.settings
       FROM api_tokens k JOIN roles r ON r.tenant_id = k.tenant_id AND r.name = k.role_name JOIN tenants t ON t.id = k.tenant_id
      WHERE k.token_hash = $1`,
    [hashApiToken(token)],
  );
  const row = rows[0];
  if (!row) return undefined;
  const expired = row.expires_at.getTime() <= now;
  // The tenant's administrator address allow-list holds for tokens too.
  const rules = await readAdminAccess(db, row.tenant_id, deployment);
  const refusedAddress = !addressPermitted(rules, request.ip);
  const path = request.url.split('?')[0];
  await recordAudit(db, row.tenant_id, {
    action: 'api_token_use',
    user: `token:${row.name}`,
    tenant: row.tenant_name,
    area: 'api-tokens',
    details: `${request.method} ${path}${expired ? ' (token expired)' : refusedAddress ? ' (address not allowed)' : ''}`,
    result: expired || refusedAddress ? 'failure' : 'success',
    ip: request.ip,
  });
  if (expired) return undefined;
  if (refusedAddress) throw new HttpError(401, addressRefusedText(rules, request.ip));
  await db.query('UPDATE api_tokens SET last_used_at = $2 WHERE id = $1', [row.id, new Date(now).toISOString()]);
  const roles: Roles = { read: row.grants.read ?? [], write: row.grants.write ?? [], deny: row.grants.deny ?? [] };
  const user = sessionUser({
    user_id: row.id,
    tenant_id: row.tenant_id,
    username: `token:${row.name}`,
    first_name: 'API token',
    last_name: row.name,
    roles,
    tenant_name: row.tenant_name,
    capabilities: row.capabilities,
    settings: row.settings,
  });
  return { caller: { sessionId: `token:${row.id}`, tenantId: row.tenant_id, user, grants: grantsFromRoles(roles) }, xsrfToken: '' };
}
