/**
 * General → "Allow vendor support to view this tenant", enforced in the provider console: while it is off, the
 * provider's read-only support staff (operators without the permission to change tenants) cannot read the tenant's
 * configuration (its policy, revisions, roles and settings pages). Each refusal is audited in the tenant's log and in
 * the provider's. Operators who manage the tenant keep their access: their changes are audited in the tenant's log.
 */
import { PROVIDER_WRITE } from '../definitions/api/provider';
import { globalSettings } from '../definitions/settings/tenant/globalSettings';
import { ruleAllows } from '../schemas/access';
import { readSettingsDocument } from './documents';
import { recordAudit } from './audit';
import { PROVIDER_TENANT_ID } from './seed/provider';
import { HttpError, type CallContext, type Caller } from './types';

export const VENDOR_SUPPORT_REFUSED =
  '$1 does not allow vendor support to view its configuration. Its administrators can allow it under Settings → General → "Allow vendor support to view this tenant".';

/** Refuses (403, audited) a support operator's read of the tenant's configuration while the tenant does not allow it. */
export async function requireVendorSupportAccess(ctx: CallContext, caller: Caller, tenant: { readonly tid: string; readonly name: string }): Promise<void> {
  if (ruleAllows(PROVIDER_WRITE, caller.grants)) return;
  const { doc } = await readSettingsDocument(ctx.db, tenant.tid, globalSettings);
  if (doc.vendor_support_access) return;
  const event = { action: 'login', area: ctx.op.id, result: 'failure', ip: ctx.request.ip } as const;
  await recordAudit(ctx.db, tenant.tid, {
    ...event,
    user: `${caller.user.username} (service provider)`,
    tenant: tenant.name,
    details: 'Refused: vendor support may not view this organization',
  });
  await recordAudit(ctx.db, PROVIDER_TENANT_ID, {
    ...event,
    user: caller.user.username,
    tenant: caller.user.tenant_name,
    details: `Refused: ${tenant.name} (${tenant.tid}) does not allow vendor support to view it`,
  });
  throw new HttpError(403, VENDOR_SUPPORT_REFUSED.replace('$1', tenant.name));
}
