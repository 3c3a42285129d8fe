import { PodInput } from '../../schemas/areas/providerFleet';
import { deploymentOps, podOps } from '../api/providerFleet';
import { choicesFrom, defineCollection } from '../define';
import { providerRead, providerWrite } from './common';

const fields = {
  // Picked by name; the table shows the deployment's name too.
  deployment_id: { widget: 'select', optionsFrom: choicesFrom(deploymentOps.list, 'items', 'deployment_id', 'name'), label: 'Deployment', help: 'The deployment the pod serves.' },
  nodes: { table: { columns: ['node_id', 'host', 'state'], itemLabel: 'node' } },
} as const;

export const pods = defineCollection({
  id: 'provider.pods',
  title: 'Pods',
  description: 'The pods of each deployment and their nodes. Change a node\'s state or ask it for diagnostics on the Pod nodes page.',
  route: '/fleet/pods',
  nav: { label: 'Pods', order: 40 },
  read: providerRead,
  write: providerWrite,
  operations: { list: podOps.list, create: podOps.create },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'pod_id', label: 'Pod', sortable: true, flex: 2, link: { route: '/fleet/nodes', param: 'id' } },
    { field: 'deployment_id', label: 'Deployment', sortable: true, flex: 1 },
    { field: 'nodes', label: 'Nodes', format: 'count', maxWidth: 100 },
    { field: 'active_nodes', label: 'Active nodes', maxWidth: 140 },
    { field: 'updated_at', format: 'datetime', sortable: true, minWidth: 180 },
  ],
  createSchema: PodInput,
  createFields: fields,
  emptyText: 'No pod.',
  rowActions: (action) => [
    action(podOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { ...fields, pod_id: { readOnly: true }, updated_at: { widget: 'hidden' } }, submitLabel: 'Save' },
      success: (p) => `${p.pod_id} saved.`,
    }),
    action(podOps.delete, {
      id: 'delete',
      label: 'Delete',
      confirm: (p) => `${p.pod_id} and its ${p.nodes.length} nodes are removed from the fleet.`,
      success: (p) => `${p.pod_id} is deleted.`,
    }),
  ],
});
