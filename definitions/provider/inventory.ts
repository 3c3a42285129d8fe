import { labelsOf, NodeType } from '../../schemas/enums';
import { providerInsightOps } from '../api/providerInsights';
import { defineCollection } from '../define';
import { providerRead } from './common';

export const inventory = defineCollection({
  id: 'provider.inventory',
  title: 'Appliance inventory',
  description:
    'Every on-premises appliance of every tenant: its address, mode and version, whether that version is still ' +
    'supported, whether it answers, and whether it is in maintenance.',
  route: '/fleet/inventory',
  nav: { label: 'Appliance inventory', order: 35 },
  read: providerRead,
  operations: { list: providerInsightOps.inventory },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'name', label: 'Appliance', flex: 1, minWidth: 170, sortable: true },
    { field: 'tenant', label: 'Tenant', flex: 1, sortable: true },
    { field: 'address', sortable: true },
    // The node type's name, as the appliance manager shows it.
    { field: 'app_mode', label: 'Mode', format: 'enumLabel', labels: labelsOf(NodeType), sortable: true },
    { field: 'version', sortable: true, maxWidth: 120 },
    // Three states: the version list marks the version supported, not supported, or does not name it.
    {
      field: 'supported',
      label: 'Support',
      format: 'enumLabel',
      labels: { true: 'Supported', false: 'Unsupported' },
      whenEmpty: 'Not listed',
      minWidth: 120,
    },
    { field: 'reachable', label: 'Reachable', format: 'boolean', sortable: true, maxWidth: 120 },
    { field: 'maintenance', label: 'Maintenance', format: 'boolean', maxWidth: 140 },
  ],
  emptyText: 'No tenant has an on-premises appliance.',
});
