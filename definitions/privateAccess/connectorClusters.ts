import { ConnectorClustersDocument } from '../../schemas/areas/privateAccess';
import { privateAccessOps } from '../api/privateAccess';
import { choicesFrom, definePolicyArea } from '../define';

export const connectorClusters = definePolicyArea({
  id: 'private-access.connector-clusters',
  title: 'App Connector Clusters',
  // Design note: The spec names the call (app_connector_clusters) only; the fields are this build's design.
  description:
    'Groups of app connectors installed in the company network that carry private-access traffic: the AWS region ' +
    'they register with, how many connector instances (1 to 10) and the internal networks they reach.',
  route: '/secure-application-access/connector-clusters',
  nav: { order: 30 },
  endpoint: { path: '/api/policy/v1/rules/mpa/app_connector_clusters/{rev}' },
  schema: ConnectorClustersDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'region', format: 'enumLabel', sortable: true, flex: 2 },
      { field: 'connectors' },
      { field: 'internal_networks', label: 'Networks', format: 'count' },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      region: {
        widget: 'select',
        optionsFrom: choicesFrom(privateAccessOps.connectorRegions, 'regions', 'value', 'label', {
          detail: (r) => (r.clusters === 1 ? '1 cluster' : `${r.clusters} clusters`),
          labelOnly: true,
        }),
      },
      internal_networks: { widget: 'tags', placeholder: '10.50.0.0/16' },
      description: { widget: 'textarea' },
    },
    newRow: { name: '', region: 'eu-central-1', connectors: 2, internal_networks: [], description: '' },
    exportable: true,
  },
  read: { any: ['private_access:read'] },
  write: { any: ['private_access:write'] },
  feature: 'private_access',
  tag: 'private access',
});
