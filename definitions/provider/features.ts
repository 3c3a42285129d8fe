import { FeatureInput } from '../../schemas/areas/providerFleet';
import { featureCapabilities, featureOps } from '../api/providerFleet';
import { collectionSummary, defineCollection } from '../define';
import { providerRead, providerWrite } from './common';

const fields = {
  description: { widget: 'textarea' },
  capabilities: { help: 'Capability names of the tenant portal (e.g. dlp, casb) a tenant with this feature has on.' },
} as const;

export const features = defineCollection({
  id: 'provider.features',
  title: 'Features',
  description:
    'What a SKU or an override gives a tenant. Each feature turns capabilities of the tenant portal on; a tenant without ' +
    'any enabled feature naming a capability has it off.',
  route: '/licensing/features',
  nav: { label: 'Features', order: 20 },
  read: providerRead,
  write: providerWrite,
  operations: { list: featureOps.list, create: featureOps.create },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 2, sortable: true },
    { field: 'feature_id', label: 'Feature id', sortable: true, minWidth: 150 },
    { field: 'capabilities', minWidth: 200, flex: 2 },
    { field: 'updated_at', format: 'datetime', sortable: true, minWidth: 180 },
  ],
  createSchema: FeatureInput,
  createFields: fields,
  emptyText: 'No feature is defined.',
  // Which capabilities any feature turns on at all: a capability named by no feature is off for every tenant.
  summary: collectionSummary(featureCapabilities, {
    label: 'capabilities the features turn on',
    line: (a) => {
      const capabilities = [...new Set(a.items.map((i) => i.capability))].sort();
      if (capabilities.length === 0) return 'No feature turns a capability on.';
      const features = new Set(a.items.map((i) => i.feature_id)).size;
      return `${features === 1 ? '1 feature turns' : `${features} features turn`} ${capabilities.length === 1 ? 'this capability' : `these ${capabilities.length} capabilities`} on: ${capabilities.join(', ')}.`;
    },
  }),
  rowActions: (action) => [
    action(featureOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { ...fields, feature_id: { readOnly: true }, updated_at: { widget: 'hidden' } }, submitLabel: 'Save' },
      success: (f) => `${f.name} saved.`,
    }),
    action(featureOps.delete, {
      id: 'delete',
      label: 'Delete',
      confirm: (f) => `${f.name} is deleted. A feature a SKU or an override names cannot be deleted.`,
      success: (f) => `${f.name} is deleted.`,
    }),
  ],
});
