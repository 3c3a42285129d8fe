import { AppLinksDocument } from '../../../schemas/areas/webRules';
import { definePolicyArea } from '../../define';

export const appLinks = definePolicyArea({
  id: 'web.app-links',
  title: 'App Links',
  // Design note: The spec shows no fields for this call; this is the build's design.
  description:
    'Links with a custom URL scheme (zoommtg:, msteams:, slack:, ...) that an isolated page may hand to an ' +
    'application on the user\'s device: open it, ask the user first, or block it, optionally only from some sites. ' +
    'Web schemes (http, https, ftp, file, javascript, data) cannot be app links.',
  route: '/policy/web/app-links',
  nav: { group: 'Web', order: 80 },
  endpoint: { path: '/api/policy/v3/profiles/app_links/{rev}' },
  schema: AppLinksDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'scheme', sortable: true },
      { field: 'action', format: 'enumLabel' },
      { field: 'domains', label: 'Sites', format: 'count' },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      scheme: { placeholder: 'zoommtg' },
      domains: { widget: 'tags', placeholder: 'example.com or *.example.com' },
      action: { widget: 'segmented' },
      comment: { widget: 'textarea' },
    },
    newRow: { name: '', enabled: true, scheme: '', domains: [], action: 'prompt', comment: '' },
    exportable: true,
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  tag: 'web policy',
});
