import { providerTenantOps } from '../api/providerTenant';
import { actionForm, defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantPolicy = defineCollection({
  id: 'provider.tenant-policy',
  title: 'Policy and revisions',
  description:
    'The tenant\'s published policy revisions, newest first: who published, when, why and which areas changed. A ' +
    'template staged here replaces the tenant\'s unpublished policy; its administrators review and publish it in their portal.',
  route: '/tenants/policy',
  nav: { ...tenantPageNav(40, 'settings'), label: 'Policy and revisions' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: providerTenantOps.policyRevisions },
  items: 'revisions',
  itemKey: 'rev_id',
  columns: [
    { field: 'rev_id', label: 'Revision', sortable: true, maxWidth: 120 },
    { field: 'published_at', label: 'Published', format: 'datetime', sortable: true, minWidth: 180 },
    { field: 'published_by', label: 'By', sortable: true },
    { field: 'reason', label: 'Reason', flex: 2 },
    { field: 'area_titles', label: 'Areas changed', flex: 2, secondary: true },
  ],
  emptyText: 'The tenant has published no policy yet.',
  form: actionForm(providerTenantOps.postPolicyTemplate, {
    title: 'Stage a policy template',
    fields: {
      tid: { widget: 'hidden' },
      policytemplate: { label: 'Template', help: 'Every area the template changes is staged; nothing is live until the tenant publishes.' },
    },
    submitLabel: 'Stage template',
    success: ({ policytemplate }) => `The ${policytemplate} template is staged; the tenant publishes it in its portal.`,
    refused: 'The template was not staged',
  }),
});
