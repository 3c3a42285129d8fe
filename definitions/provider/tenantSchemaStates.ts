import { providerInsightOps } from '../api/providerInsights';
import { defineCollection } from '../define';
import { providerRead, tenantPageNav, tenantScope } from './common';

export const tenantSchemaStates = defineCollection({
  id: 'provider.tenant-schema-states',
  title: 'Schema states',
  description:
    'For each policy area and settings page of the tenant: the version its stored document was written at and the one ' +
    'the service reads now. An older document is brought up to date when it is read and stored so when it is saved; a ' +
    'newer one cannot be read until the service is updated.',
  route: '/tenants/schema-states',
  nav: { ...tenantPageNav(72, 'logging'), label: 'Schema states' },
  read: providerRead,
  scope: tenantScope,
  operations: { list: providerInsightOps.tenantSchemaStates },
  items: 'items',
  itemKey: 'screen_id',
  columns: [
    { field: 'title', label: 'Area', flex: 2, sortable: true },
    { field: 'kind', format: 'enumLabel', sortable: true, minWidth: 200 },
    { field: 'stored_version', label: 'Stored version', whenEmpty: 'Never saved', maxWidth: 150 },
    { field: 'current_version', label: 'Current version', maxWidth: 150 },
    { field: 'state', format: 'enumLabel', colors: { current: 'green', outdated: 'yellow', newer: 'red', unsaved: 'gray' }, sortable: true, minWidth: 180 },
  ],
  emptyText: 'The tenant has no documents.',
});
