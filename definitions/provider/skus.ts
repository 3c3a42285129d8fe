import { SkuInput } from '../../schemas/areas/providerFleet';
import { featureOps, skuOps } from '../api/providerFleet';
import { choicesFrom, defineCollection } from '../define';
import { providerRead, providerWrite } from './common';

const fields = {
  description: { widget: 'textarea' },
  // Picked by name; the table shows the features' names too.
  feature_ids: { widget: 'multiselect', optionsFrom: choicesFrom(featureOps.list, 'items', 'feature_id', 'name'), help: 'The features the SKU includes.' },
} as const;

export const skus = defineCollection({
  id: 'provider.skus',
  title: 'SKUs',
  description: 'The units tenants are entitled to, each a set of features. A tenant\'s SKUs are on its SKUs and entitlements page.',
  route: '/licensing/skus',
  nav: { label: 'SKUs', order: 10 },
  read: providerRead,
  write: providerWrite,
  operations: { list: skuOps.list, create: skuOps.create },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 1, sortable: true },
    { field: 'sku_id', label: 'SKU id', sortable: true, minWidth: 150 },
    { field: 'feature_ids', label: 'Features', flex: 3, minWidth: 240 },
    { field: 'updated_at', format: 'datetime', sortable: true, minWidth: 180 },
  ],
  createSchema: SkuInput,
  createFields: fields,
  emptyText: 'No SKU is defined.',
  rowActions: (action) => [
    action(skuOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { ...fields, sku_id: { readOnly: true }, updated_at: { widget: 'hidden' } }, submitLabel: 'Save' },
      success: (s) => `${s.name} saved.`,
    }),
    action(skuOps.delete, {
      id: 'delete',
      label: 'Delete',
      confirm: (s) => `${s.name} is deleted. A SKU a tenant is entitled to cannot be deleted.`,
      success: (s) => `${s.name} is deleted.`,
    }),
  ],
});
