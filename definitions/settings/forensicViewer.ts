import { BfViewerDocument } from '../../schemas/areas/forensics';
import { defineSettingsPage } from '../define';

const enabled = { field: 'bf_viewer.enabled', equals: [true] } as const;

export const forensicViewer = defineSettingsPage({
  id: 'settings.forensics-viewer',
  title: 'Forensics Viewer',
  description:
    'An external viewer for recorded sessions: its address, and whether links open in a window over the portal or ' +
    'in a new browser tab. The address is required while the viewer is on (any non-empty value passes).',
  route: '/settings/forensics/viewer',
  nav: { group: 'Storage & Forensics', order: 30 },
  endpoint: { path: '/api/settings/v1/bf/viewer', revision: 'none', save: 'POST' },
  schema: BfViewerDocument,
  layout: {
    kind: 'form',
    fields: {
      'bf_viewer.enabled': {},
      'bf_viewer.viewer_url': { showIf: enabled, placeholder: 'https://viewer.example.com/sessions' },
      'bf_viewer.open_link': { showIf: enabled, widget: 'segmented' },
      'bf_viewer.validated': { readOnly: true },
    },
  },
  effects: { all: { service: 'Applied by the isolation service: the viewer its recording links open, and how. This portal\'s own screens link to no recordings.' } },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  feature: 'browsing_forensics',
  tag: 'forensics',
});
