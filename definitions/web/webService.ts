import { WebServiceDocument } from '../../schemas/areas/applianceServices';
import { serviceSettingsAccess } from '../serviceSettingsAccess';
import { defineSettingsPage } from '../define';

export const webService = defineSettingsPage({
  id: 'web.service',
  title: 'Web Isolation Service',
  description:
    'How users reach this appliance and what isolated browsing lets them do: the proxy port, what happens to sites ' +
    'no web policy rule decides, how many tabs a user may have isolated, printing, copying out and downloads.',
  route: '/web/service',
  nav: { label: 'Isolation service', order: 10 },
  endpoint: { path: '/api/v1/settings/web', revision: 'none', save: 'PUT' },
  schema: WebServiceDocument,
  layout: {
    kind: 'form',
    groups: ['Connections', 'Isolated browsing'],
    fields: {
      explicit_proxy: { group: 'Connections' },
      proxy_port: { group: 'Connections', showIf: { field: 'explicit_proxy', equals: [true] } },
      transparent_proxy: { group: 'Connections' },
      unmatched_action: { group: 'Isolated browsing', widget: 'segmented' },
      sessions_per_user: { group: 'Isolated browsing' },
      idle_minutes: { group: 'Isolated browsing' },
      allow_printing: { group: 'Isolated browsing' },
      allow_clipboard_out: { group: 'Isolated browsing' },
      document_viewer: { group: 'Isolated browsing' },
      max_download_mb: { group: 'Isolated browsing' },
    },
  },
  effects: { all: { service: 'Applied by the isolation service to isolated browsing on this appliance.' } },
  ...serviceSettingsAccess,
});
