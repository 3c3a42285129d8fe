import { EntitlementOverrideInput } from '../../schemas/areas/providerFleet';
import { entitlementOverrideOps, featureOps } from '../api/providerFleet';
import { choicesFrom, defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantOverrides = defineCollection({
  id: 'provider.tenant-overrides',
  title: 'Entitlement overrides',
  description:
    'Single features given to the tenant without a SKU, or taken away although a SKU includes them; one override per ' +
    'feature. The tenant\'s capabilities follow at once.',
  route: '/tenants/overrides',
  nav: { ...tenantPageNav(27, 'licensing'), label: 'Entitlement overrides' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: entitlementOverrideOps.list, create: entitlementOverrideOps.create },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'feature_id', label: 'Feature', sortable: true, flex: 1 },
    { field: 'enabled', label: 'Enabled', format: 'boolean', maxWidth: 120 },
    { field: 'note', flex: 2 },
    { field: 'updated_at', format: 'datetime', sortable: true, minWidth: 180 },
  ],
  createSchema: EntitlementOverrideInput,
  createFields: { feature_id: { widget: 'select', optionsFrom: choicesFrom(featureOps.list, 'items', 'feature_id', 'name') }, note: { widget: 'textarea' } },
  emptyText: 'The tenant has no override: its SKUs decide.',
  rowActions: (action) => [
    action(entitlementOverrideOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { feature_id: { readOnly: true }, note: { widget: 'textarea' }, updated_at: { widget: 'hidden' } }, submitLabel: 'Save' },
      success: (o) => `The override of ${o.feature_id} is saved.`,
    }),
    action(entitlementOverrideOps.delete, {
      id: 'delete',
      label: 'Remove',
      confirm: (o) => `${o.feature_id} is decided by the tenant's SKUs again.`,
      success: (o) => `The override of ${o.feature_id} is removed.`,
    }),
  ],
});
