import { providerFleetOps } from '../api/providerFleet';
import { defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantFeatures = defineCollection({
  id: 'provider.tenant-features',
  title: 'Tenant features',
  description: 'The features the tenant has now, from its SKUs (those not expired) and its overrides, and the capabilities each turns on.',
  route: '/tenants/features',
  nav: { ...tenantPageNav(26, 'licensing'), label: 'Features' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: providerFleetOps.tenantSkus },
  items: 'features',
  itemKey: 'feature_id',
  columns: [
    { field: 'name', label: 'Feature', flex: 2, sortable: true, detail: { field: 'feature_id' } },
    { field: 'enabled', format: 'boolean', maxWidth: 120, sortable: true },
    { field: 'source', format: 'enumLabel', colors: { sku: 'blue', 'override-on': 'teal', 'override-off': 'orange' }, minWidth: 150 },
    { field: 'capabilities', flex: 2 },
  ],
  emptyText: 'The tenant has no feature: no SKU and no override.',
});
