import { EntitlementInput } from '../../schemas/areas/providerFleet';
import { entitlementOps, skuOps } from '../api/providerFleet';
import { choicesFrom, defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

const fields = {
  expires_at: { help: 'The date and time it ends, in UTC; leave empty for no end date.' },
  note: { widget: 'textarea' },
} as const;

export const tenantEntitlements = defineCollection({
  id: 'provider.tenant-entitlements',
  title: 'SKUs and entitlements',
  description:
    'The SKUs the tenant is entitled to, until when. Its capabilities follow at once: what the features of its SKUs and ' +
    'its overrides turn on is on, what they do not is off; its administrators see the change on their next page load.',
  route: '/tenants/skus',
  nav: { ...tenantPageNav(25, 'licensing'), label: 'SKUs and entitlements' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: entitlementOps.list, create: entitlementOps.create },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'sku_name', label: 'SKU', sortable: true, flex: 1 },
    { field: 'expires_at', label: 'Expires', format: 'datetime', whenEmpty: 'Never', sortable: true, minWidth: 180 },
    { field: 'expired', format: 'boolean', maxWidth: 110 },
    { field: 'note', flex: 2 },
    { field: 'updated_at', format: 'datetime', sortable: true, minWidth: 180 },
  ],
  createSchema: EntitlementInput,
  createFields: { ...fields, sku_id: { widget: 'select', optionsFrom: choicesFrom(skuOps.list, 'items', 'sku_id', 'name') } },
  emptyText: 'The tenant is entitled to no SKU.',
  rowActions: (action) => [
    action(entitlementOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { ...fields, sku_id: { widget: 'hidden' }, updated_at: { widget: 'hidden' } }, intro: (e) => `The tenant's entitlement to ${e.sku_name}.`, submitLabel: 'Save' },
      success: (e) => `The entitlement to ${e.sku_name} is saved.`,
    }),
    action(entitlementOps.delete, {
      id: 'delete',
      label: 'Remove',
      confirm: (e) => `The tenant loses ${e.sku_name}: capabilities only its features turned on are turned off.`,
      success: (e) => `${e.sku_name} is removed.`,
    }),
  ],
});
