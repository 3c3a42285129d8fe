import { podOps, providerFleetOps } from '../api/providerFleet';
import { choicesFrom, defineCollection } from '../define';
import { providerRead, providerWrite } from './common';

export const podNodes = defineCollection({
  id: 'provider.pod-nodes',
  title: 'Pod nodes',
  description:
    'The nodes of a pod. Active nodes serve traffic; a draining node takes no new sessions; nodes in maintenance or ' +
    'offline serve nothing. Diagnostics asked for are collected by the node.',
  route: '/fleet/nodes',
  nav: { label: 'Pod nodes', order: 50 },
  read: providerRead,
  write: providerWrite,
  scope: { param: 'id', label: 'Pod', choices: choicesFrom(podOps.list, 'items', 'id', 'pod_id') },
  operations: { list: providerFleetOps.podNodes },
  items: 'items',
  itemKey: 'node_id',
  itemParam: 'node_id',
  columns: [
    { field: 'node_id', label: 'Node', sortable: true },
    { field: 'host', flex: 1, sortable: true },
    { field: 'state', format: 'enumLabel', colors: { active: 'green', draining: 'yellow', maintenance: 'orange', offline: 'red' }, sortable: true },
    { field: 'diagnostics_requested_at', format: 'datetime', minWidth: 200 },
  ],
  emptyText: 'The pod has no node.',
  rowActions: (action) => [
    action(providerFleetOps.setNodeState, {
      id: 'state',
      label: 'Set state…',
      form: { fields: { updated_at: { widget: 'hidden' } }, submitLabel: 'Set' },
      success: (n, { state }) => `${n.node_id}: state set to ${state}.`,
    }),
    action(providerFleetOps.requestDiagnostics, {
      id: 'diagnostics',
      label: 'Request diagnostics',
      confirm: (n) => `${n.node_id} (${n.host}) collects diagnostics.`,
      success: (n) => `Diagnostics of ${n.node_id} are requested.`,
    }),
  ],
});
