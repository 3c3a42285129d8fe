import { AppCatalogDocument } from '../../schemas/areas/privateAccess';
import { privateAccessOps } from '../api/privateAccess';
import { definePolicyArea, optionsFrom, screenFacts } from '../define';
import { connectorClusters } from './connectorClusters';

export const appCatalog = definePolicyArea({
  id: 'private-access.applications',
  title: 'Applications',
  // Design note: The spec names the call (app_catalogs) only; the fields are this build's design.
  description:
    'The catalogue of private applications: web, TCP or UDP, the internal address and ports, the app connector ' +
    'cluster that reaches it, and for web applications the start page shown on the user portal.',
  route: '/secure-application-access/applications',
  facts: screenFacts(privateAccessOps.userPortalUrl, { label: 'User portal', facts: (a) => [{ label: 'User portal address', value: a.url }] }),
  nav: { order: 20 },
  endpoint: { path: '/api/policy/v1/rules/mpa/app_catalogs/{rev}' },
  schema: AppCatalogDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'kind', format: 'enumLabel', sortable: true },
      { field: 'address', flex: 2 },
      { field: 'cluster_id', label: 'Cluster' },
      { field: 'portal_visible', label: 'On portal', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      kind: { widget: 'segmented' },
      address: { placeholder: 'erp.corp.example.com or 10.50.8.20' },
      ports: { widget: 'tags', placeholder: '443 or 3200-3299' },
      portal_url: { showIf: { field: 'kind', equals: ['web'] }, placeholder: 'https://erp.corp.example.com/' },
      cluster_id: {
        widget: 'select',
        optionsFrom: optionsFrom(connectorClusters, 'list', 'id', 'name'),
        help: 'A cluster of the App Connector Clusters page',
      },
      tags: { widget: 'tags' },
      description: { widget: 'textarea' },
    },
    newRow: { name: '', kind: 'web', address: '', ports: ['443'], portal_url: '', portal_visible: true, tags: [], description: '' },
    exportable: true,
  },
  read: { any: ['private_access:read'] },
  write: { any: ['private_access:write'] },
  feature: 'private_access',
  tag: 'private access',
});
