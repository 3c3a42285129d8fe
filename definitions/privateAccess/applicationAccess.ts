import { privateAccessOps } from '../api/privateAccess';
import { choicesFrom, defineCollection, optionsFrom } from '../define';
import { connectorClusters } from './connectorClusters';

const names = (rules: readonly { name: string }[]) => (rules.length === 0 ? 'no access rule' : rules.map((r) => r.name).join(', '));

/**
 * Design note: the spec names the two cross-document updates (`update_access_policy_application`,
 * `update_catalog_clusters`) and the application list only. An administrator of a ZTNA product expects to start from
 * the application ("who may reach the ERP?", "move these three to the new data-centre cluster") rather than from each
 * rule: this screen lists the catalogue with each application's cluster and the rules that name it, and makes both
 * updates from there, staged like any policy change and stamped with the documents as the list read them.
 */
export const applicationAccess = defineCollection({
  id: 'private-access.application-access',
  title: 'Application Access',
  description:
    'Each private application with the app connector cluster that reaches it and the access rules that name it, in ' +
    'the policy being edited. Put an application in exactly the access rules it belongs to, or move applications to ' +
    'another cluster; both changes are staged until you publish. An access rule keeps at least one application.',
  route: '/secure-application-access/application-access',
  nav: { order: 25 },
  operations: { list: privateAccessOps.applicationList },
  items: 'applications',
  itemKey: 'id',
  itemName: 'application',
  columns: [
    { field: 'name', label: 'Application', flex: 2, minWidth: 170, sortable: true },
    { field: 'kind', label: 'Type', format: 'enumLabel', sortable: true },
    { field: 'address', label: 'Address', flex: 2, minWidth: 160, secondary: true },
    { field: 'cluster_name', label: 'Cluster', flex: 1, minWidth: 170, sortable: true, whenEmpty: 'Not in this policy' },
    { field: 'access_rules', label: 'Access rules', format: 'count' },
  ],
  emptyText: 'No private applications yet: add them on the Applications page.',
  rowActions: (action) => [
    action(privateAccessOps.updateAccessPolicyApplication, {
      id: 'access-rules',
      label: 'Choose access rules…',
      form: {
        intro: (row) => `Now named by ${names(row.access_rules)}. The application is taken out of the rules you leave unchosen.`,
        start: (row) => ({ application_id: row.id, updated_at: row.access_rules_updated_at, access_rules: row.access_rules.map((r) => r.id) }),
        fields: {
          application_id: { widget: 'hidden' },
          updated_at: { widget: 'hidden' },
          access_rules: { label: 'Access rules', help: 'The rules that name this application; the others no longer do' },
        },
        choices: { access_rules: choicesFrom(privateAccessOps.applicationList, 'rules', 'id', 'name', { labelOnly: true }) },
        submitLabel: 'Save access rules',
      },
      success: (row, body) => `${row.name} is now in ${body.access_rules.length === 1 ? '1 access rule' : `${body.access_rules.length} access rules`} (staged).`,
    }),
  ],
  selectionActions: (action) => [
    action(privateAccessOps.updateCatalogClusters, {
      id: 'move',
      label: 'Move to cluster…',
      list: 'applications',
      value: 'id',
      body: (rows) => ({ updated_at: rows[0]?.catalog_updated_at }),
      form: {
        fields: { cluster_id: { label: 'Cluster', widget: 'select', optionsFrom: optionsFrom(connectorClusters, 'list', 'id', 'name'), help: 'Its connectors reach the applications from now on' } },
        submitLabel: 'Move',
      },
      success: (rows) => `${rows.length === 1 ? rows[0]!.name : `${rows.length} applications`} moved to the chosen cluster (staged).`,
    }),
  ],
  read: { any: ['private_access:read'] },
  write: { any: ['private_access:write'] },
  feature: 'private_access',
});
