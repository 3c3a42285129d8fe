import { ScpExportDocument, exportFileName } from '../../schemas/areas/appliance';
import { exportConfig } from '../api/appliance';
import { defineSettingsPage, screenDownload } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceExports = defineSettingsPage({
  id: 'appliance.exports',
  title: 'Exports',
  // Design note: the spec names /api/v1/settings/scp_fileexport and exported_config but not their fields.
  description:
    'Copies the configuration (passwords left out) or a diagnostics report of this appliance to a server over SCP, ' +
    'every day or every Sunday at the hour chosen. The buttons save either one to this computer now.',
  route: '/settings/exports',
  nav: applianceNav(92),
  endpoint: { path: '/api/v1/settings/scp_fileexport', revision: 'none', save: 'PUT' },
  schema: ScpExportDocument,
  downloads: [
    screenDownload(exportConfig, {
      id: 'configuration',
      label: 'Download configuration',
      query: { kind: 'configuration' },
      download: { fileName: exportFileName, contentType: 'application/json' },
    }),
    screenDownload(exportConfig, {
      id: 'diagnostics',
      label: 'Download diagnostics',
      query: { kind: 'diagnostics' },
      download: { fileName: exportFileName, contentType: 'application/json' },
    }),
  ],
  layout: {
    kind: 'form',
    fields: {
      enabled: {},
      kind: { widget: 'segmented', showIf: { field: 'enabled', equals: [true] } },
      host: { placeholder: 'backup.example.com', showIf: { field: 'enabled', equals: [true] } },
      port: { showIf: { field: 'enabled', equals: [true] } },
      username: { showIf: { field: 'enabled', equals: [true] } },
      password: { showIf: { field: 'enabled', equals: [true] } },
      remote_path: { placeholder: '/backups/appliance', showIf: { field: 'enabled', equals: [true] } },
      schedule: { widget: 'segmented', showIf: { field: 'enabled', equals: [true] } },
      hour: { showIf: { field: 'enabled', equals: [true] } },
    },
  },
  effects: { all: { service: 'Applied by the appliance: it copies the file to the SCP server on the schedule; the buttons save one from this portal now.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
