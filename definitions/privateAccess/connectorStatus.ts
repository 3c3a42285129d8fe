import { privateAccessOps } from '../api/privateAccess';
import { actionForm, choicesFrom, defineCollection } from '../define';

/**
 * Design note: the spec names the cluster list and the provisioning-key call only; an administrator of a ZTNA
 * product expects each cluster's connectors and whether they are connected, the masked key they register with, and
 * a way to issue a new key that is shown once (as Zscaler Private Access provisioning keys and Cloudflare tunnel
 * tokens are).
 */
export const connectorStatus = defineCollection({
  id: 'private-access.connectors',
  title: 'Connectors',
  description:
    'The app connectors of each cluster of the policy being edited: how many there are, whether they are connected, ' +
    'the applications reached through the cluster and the provisioning key they register with (only its last four ' +
    'characters). A new key is shown once, to copy into the connector installation; the cluster’s previous key stops ' +
    'working at once. Connectors wait for a key until one is issued.',
  route: '/secure-application-access/connectors',
  nav: { order: 35 },
  operations: { list: privateAccessOps.clusterList },
  items: 'clusters',
  itemKey: 'id',
  columns: [
    { field: 'name', label: 'Cluster', flex: 2, minWidth: 200, sortable: true },
    { field: 'region_label', label: 'Region', flex: 1, minWidth: 170, sortable: true },
    { field: 'connectors', label: 'Connectors', format: 'count' },
    { field: 'state', format: 'enumLabel', colors: { connected: 'green', awaiting_key: 'orange' }, minWidth: 170 },
    { field: 'applications', label: 'Applications' },
    { field: 'key_hint', label: 'Key ends in', secondary: true },
    { field: 'key_issued_at', label: 'Key issued', format: 'datetime', minWidth: 190 },
    { field: 'key_issued_by', label: 'Issued by', secondary: true },
  ],
  emptyText: 'No app connector clusters yet: add one on the App Connector Clusters page.',
  form: actionForm(privateAccessOps.setProvisioningKeyLookup, {
    title: 'Issue a provisioning key',
    fields: { cluster_id: { label: 'Cluster', help: 'The connectors of this cluster register with the new key' } },
    choices: { cluster_id: choicesFrom(privateAccessOps.clusterList, 'clusters', 'id', 'name', { labelOnly: true }) },
    submitLabel: 'Issue key',
    success: () => 'Provisioning key issued.',
    refused: 'The key was not issued',
    reveal: {
      field: 'key',
      title: 'The new provisioning key',
      warning: 'Copy the key now into the connector installation: you will not see it again. The previous key of the cluster no longer works.',
    },
  }),
  read: { any: ['private_access:read'] },
  write: { any: ['private_access:write'] },
  feature: 'private_access',
});
