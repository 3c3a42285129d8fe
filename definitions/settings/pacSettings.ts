import { PAC_FILE_TYPES, PacSettingsDocument } from '../../schemas/areas/pac';
import { settingsOps } from '../api/settings';
import { defineSettingsPage, screenDownload, screenFacts } from '../define';

export const pacSettings = defineSettingsPage({
  id: 'settings.pac',
  title: 'PAC File',
  // Design note: The spec names the calls but not the fields; these are the settings such a service offers.
  description:
    'The proxy auto-configuration (PAC) file browsers download to send web traffic through the service. It is ' +
    'generated from the service proxy addresses and the destinations sent direct (plain host names and private ' +
    'networks optional), or it is an uploaded template (.pac or .txt, up to 256 KB, defining FindProxyForURL), which ' +
    'browsers get once the PAC File Version is 2.',
  route: '/settings/pac',
  nav: { group: 'Network', order: 10 },
  endpoint: { path: '/api/settings/v1/pac', revision: 'none', save: 'PATCH' },
  schema: PacSettingsDocument,
  layout: {
    kind: 'form',
    groups: ['General', 'Direct destinations', 'Template'],
    fields: {
      enabled: { group: 'General' },
      mode: { group: 'General', widget: 'segmented' },
      proxy_port: { group: 'General', showIf: { field: 'mode', equals: ['generated'] } },
      fallback_direct: { group: 'General' },
      bypass_private_networks: { group: 'Direct destinations' },
      bypass_domains: { group: 'Direct destinations', widget: 'tags', placeholder: 'intranet.example.com' },
      bypass_ips: { group: 'Direct destinations', widget: 'tags', placeholder: '10.0.0.0/8' },
      template: {
        group: 'Template',
        widget: 'upload',
        accept: PAC_FILE_TYPES,
        upload: { operation: settingsOps.uploadPacTemplate, contentField: 'pac', nameField: 'filename' },
        showIf: { field: 'mode', equals: ['uploaded'] },
        help: 'A PAC file of up to 256 KB that defines function FindProxyForURL(url, host)',
      },
    },
  },
  effects: { all: { portal: 'This portal builds the PAC file from these fields (or serves the uploaded template); the isolation service hands it to browsers.' } },
  facts: screenFacts(settingsOps.pacProxyIps, {
    label: 'Service proxy addresses',
    facts: (a) => a.proxy_ips.map((p) => ({ label: `Proxy (${p.region})`, value: `${p.ip}:${p.port}` })),
  }),
  downloads: [
    screenDownload(settingsOps.pacTemplate, {
      id: 'pac-file',
      label: 'Download the PAC file browsers get',
      download: { fileName: (a) => a.filename, contentType: 'application/x-ns-proxy-autoconfig', content: (a) => a.pac },
    }),
    screenDownload(settingsOps.pacDefaults, {
      id: 'pac-defaults',
      label: 'Download the default settings',
      download: { fileName: () => 'pac-defaults.json', contentType: 'application/json' },
    }),
  ],
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  feature: 'pac',
  tag: 'pac',
});
