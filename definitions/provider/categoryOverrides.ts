import { CategoryOverrideInput } from '../../schemas/areas/provider';
import { providerOps } from '../api/provider';
import { choicesFrom, defineCollection } from '../define';
import { providerRead, providerWrite, tenantScope } from './common';

// Categories and tenants are chosen, and listed, by name; the rows keep their ids.
const overrideFields = {
  category_ids: {
    label: 'Categories',
    widget: 'multiselect',
    optionsFrom: choicesFrom(providerOps.listCategories, 'categories', 'value', 'label'),
    help: 'Between 1 and 20 categories the URL is given instead of its rating.',
  },
  tenants: {
    label: 'Tenants',
    widget: 'multiselect',
    optionsFrom: tenantScope.choices,
    placeholder: 'All tenants',
    help: 'The tenants it applies to; leave empty for every tenant.',
  },
} as const;

export const categoryOverrides = defineCollection({
  id: 'provider.category-overrides',
  title: 'Category overrides',
  description:
    'URLs given other categories than their rating, for every tenant or only some; web policies then treat them as ' +
    'these categories. An inactive override is kept but not applied.',
  route: '/service/category-overrides',
  nav: { label: 'Category overrides', order: 20 },
  read: providerRead,
  write: providerWrite,
  operations: { list: providerOps.listCategoryOverrides, create: providerOps.createCategoryOverride },
  items: 'overrides',
  itemKey: 'id',
  columns: [
    { field: 'url', label: 'URL', flex: 3, minWidth: 200, sortable: true },
    { field: 'category_ids', label: 'Categories', flex: 2 },
    // No tenant listed: the override applies to every tenant.
    { field: 'tenants', label: 'Tenants', whenEmpty: 'All tenants' },
    { field: 'submission_reference', label: 'Reference', minWidth: 120 },
    { field: 'active', label: 'Active', format: 'boolean', sortable: true },
    { field: 'updated_at', label: 'Updated', format: 'datetime', sortable: true, minWidth: 190 },
  ],
  createSchema: CategoryOverrideInput,
  createFields: overrideFields,
  emptyText: 'No category override.',
  rowActions: (action) => [
    action(providerOps.updateCategoryOverride, {
      id: 'edit',
      label: 'Edit…',
      // The stamp read goes back unseen: a key changed meanwhile answers 409 and the editor reloads.
      form: { fields: { ...overrideFields, updated_at: { widget: 'hidden' } }, submitLabel: 'Save' },
      success: (o) => `${o.url} saved.`,
    }),
    action(providerOps.deleteCategoryOverride, {
      id: 'delete',
      label: 'Delete',
      confirm: (o) => `${o.url} is rated by its own categories again.`,
      success: (o) => `The override of ${o.url} is deleted.`,
    }),
  ],
});
