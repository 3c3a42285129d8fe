import { DeploymentInput } from '../../schemas/areas/providerFleet';
import { deploymentOps, providerFleetOps } from '../api/providerFleet';
import { actionForm, choicesFrom, defineCollection, initialFrom } from '../define';
import { providerRead, providerWrite } from './common';

export const deployments = defineCollection({
  id: 'provider.deployments',
  title: 'Deployments',
  description:
    'Where tenants run. A tenant never moved runs in the default deployment; a deployment that holds tenants or pods, ' +
    'or is the default, cannot be deleted.',
  route: '/fleet/deployments',
  nav: { label: 'Deployments', order: 10 },
  read: providerRead,
  write: providerWrite,
  operations: { list: deploymentOps.list, create: deploymentOps.create },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'deployment_id', label: 'Deployment id', sortable: true, minWidth: 150 },
    { field: 'name', flex: 2, sortable: true },
    { field: 'region', sortable: true },
    { field: 'tenants', sortable: true, maxWidth: 110 },
    { field: 'default', format: 'boolean', maxWidth: 110 },
  ],
  createSchema: DeploymentInput,
  createFields: { note: { widget: 'textarea' } },
  emptyText: 'No deployment is defined.',
  form: actionForm(providerFleetOps.setDefaultDeployment, {
    choices: { default_deployment: choicesFrom(deploymentOps.list, 'items', 'id', 'name') },
    initial: initialFrom(providerFleetOps.getDefaultDeployment, { values: ({ default_deployment }) => ({ default_deployment }) }),
    submitLabel: 'Make default',
    success: ({ default_deployment }) => `${default_deployment} is the default deployment.`,
    refused: 'Not changed',
  }),
  rowActions: (action) => [
    action(deploymentOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { deployment_id: { readOnly: true }, note: { widget: 'textarea' }, updated_at: { widget: 'hidden' } }, submitLabel: 'Save' },
      success: (d) => `${d.name} saved.`,
    }),
    action(deploymentOps.delete, {
      id: 'delete',
      label: 'Delete',
      confirm: (d) => `${d.name} is deleted.`,
      success: (d) => `${d.name} is deleted.`,
    }),
  ],
});
