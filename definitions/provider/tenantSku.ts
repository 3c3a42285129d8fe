import { providerFleetOps, skuOps } from '../api/providerFleet';
import { actionForm, choicesFrom, defineFormScreen, initialFrom } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantSku = defineFormScreen({
  id: 'provider.tenant-sku',
  title: 'Tenant SKU',
  description:
    'The plan the tenant is on. Choosing a SKU here replaces all of the tenant\'s entitlements with one to that SKU (an ' +
    'upgrade or downgrade in one step); its overrides stay, and its capabilities follow at once. To give a tenant ' +
    'several SKUs, use SKUs and entitlements.',
  route: '/tenants/sku',
  nav: { ...tenantPageNav(22, 'licensing'), label: 'SKU' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  form: actionForm(providerFleetOps.saveTenantSku, {
    fields: {
      tid: { widget: 'hidden' },
      updated_at: { widget: 'hidden' },
      expires_at: { help: 'The date and time it ends, in UTC; leave empty for no end date.' },
      note: { widget: 'textarea' },
    },
    choices: { sku_id: choicesFrom(skuOps.list, 'items', 'sku_id', 'name', { labelOnly: true }) },
    initial: initialFrom(providerFleetOps.tenantSku, {
      values: ({ sku, updated_at }) => ({ ...(sku && { sku_id: sku.sku_id, ...(sku.expires_at && { expires_at: sku.expires_at }) }), updated_at }),
      intro: ({ sku, others }) =>
        (sku ? `The tenant is on ${sku.name} (${sku.feature_ids.length} features${sku.expires_at ? `, until ${sku.expires_at}` : ''}).` : 'The tenant is on no SKU.') +
        (others > 0 ? ` It has ${others} more ${others === 1 ? 'entitlement' : 'entitlements'}, which a change here replaces.` : ''),
    }),
    submitLabel: 'Put the tenant on this SKU',
    success: ({ sku_id }) => `The tenant is on ${sku_id} now.`,
    refused: 'The SKU was not changed',
  }),
});
