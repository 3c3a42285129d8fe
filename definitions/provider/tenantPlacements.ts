import { deploymentOps, providerFleetOps } from '../api/providerFleet';
import { actionForm, choicesFrom, defineCollection } from '../define';
import { providerRead, providerWrite, TENANT_OVERVIEW_ROUTE } from './common';

export const tenantPlacements = defineCollection({
  id: 'provider.tenant-placements',
  title: 'Tenants by deployment',
  description: 'The deployment each tenant runs in. Move several tenants at once: all of them move, or none when one cannot.',
  route: '/fleet/tenants',
  nav: { label: 'Tenants by deployment', order: 20 },
  read: providerRead,
  write: providerWrite,
  operations: { list: providerFleetOps.tenantDeployments },
  items: 'items',
  itemKey: 'tid',
  columns: [
    { field: 'name', flex: 2, sortable: true, link: { route: TENANT_OVERVIEW_ROUTE, param: 'tid' } },
    { field: 'deployment_name', label: 'Deployment', flex: 1, sortable: true },
  ],
  emptyText: 'No tenant.',
  form: actionForm(providerFleetOps.moveTenants, {
    fields: { tids: { label: 'Tenants to move', help: 'One or more tenants; all of them move, or none when one cannot.' } },
    choices: { tids: choicesFrom(providerFleetOps.tenantDeployments, 'items', 'tid', 'name', { labelOnly: true }), deployment: choicesFrom(deploymentOps.list, 'items', 'id', 'name', { labelOnly: true }) },
    submitLabel: 'Move',
    success: ({ tids, deployment }) => `${tids.length} ${tids.length === 1 ? 'tenant' : 'tenants'} moved to ${deployment}.`,
    refused: 'Not moved',
  }),
});
