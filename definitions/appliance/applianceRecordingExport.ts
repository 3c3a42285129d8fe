import { RecordingExportDocument } from '../../schemas/areas/applianceAuth';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

const on = { field: 'enabled', equals: [true] } as const;

export const applianceRecordingExport = defineSettingsPage({
  id: 'appliance.recording-export',
  title: 'Recordings Copy',
  // Design note: the spec names /api/v1/settings/scp_fileexport_recorder but not its fields (schemas/areas/applianceAuth.ts).
  description:
    'Copies browsing forensics recordings from this appliance to a server over SCP, every hour or every day, and optionally deletes them from the appliance once copied.',
  route: '/settings/recordings-copy',
  nav: applianceNav(93),
  endpoint: { path: '/api/v1/settings/scp_fileexport_recorder', revision: 'none', save: 'PUT' },
  schema: RecordingExportDocument,
  layout: {
    kind: 'form',
    fields: {
      enabled: {},
      host: { placeholder: 'recordings.example.com', showIf: on },
      port: { showIf: on },
      username: { showIf: on },
      password: { widget: 'password', writeOnly: true, showIf: on },
      remote_path: { placeholder: '/recordings/appliance', showIf: on },
      schedule: { widget: 'segmented', showIf: on },
      delete_after_copy: { showIf: on },
    },
  },
  effects: { all: { service: 'Applied by the appliance: it copies its recordings to the SCP server on the schedule.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
