import { BF_DEFAULTS, BfProfilesDocument, type BfProfile } from '../../schemas/areas/forensics';
import { settingsOps } from '../api/settings';
import { defineSettingsPage, optionsFrom, screenFacts, type Path, type ShowIf } from '../define';
import { storageProfiles } from './storageProfiles';

const on = (field: Path<BfProfile>): ShowIf<Path<BfProfile>> => ({ field, equals: [true] });

export const forensicProfiles = defineSettingsPage({
  id: 'settings.forensics',
  title: 'Forensic Profiles',
  description:
    'What browser forensics records of an isolated session (screenshots, typed input, files, network requests) and ' +
    'where the recording is stored: the service storage or one of the storage profiles. Archive passwords of ' +
    'captured infected and DLP files are write-only. Which policy rules use a profile is set in the browsing ' +
    'forensics rules of the web policy.',
  route: '/settings/forensics',
  capabilityNotice: {
    operation: settingsOps.forensicsCapability,
    capability: 'browsing_forensics',
    when: false,
    text: 'Browser forensics is off for this tenant: these profiles record sessions once your service provider turns it on.',
  },
  facts: screenFacts(settingsOps.forensicsStatus, {
    label: 'Forensics status',
    facts: (a) => [
      { label: 'Status', value: a.message },
      { label: 'Profiles', value: String(a.profiles) },
      { label: 'Storage profiles', value: String(a.storage_profiles) },
      { label: 'Viewer', value: a.viewer === 'enabled' ? 'On' : 'Off' },
    ],
  }),
  nav: { group: 'Storage & Forensics', order: 20 },
  endpoint: { path: '/api/settings/v1/bf/profiles', revision: 'none', save: 'POST' },
  schema: BfProfilesDocument,
  layout: {
    kind: 'table',
    rows: 'bf_profiles',
    rowKey: 'uuid',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'description', flex: 3 },
      { field: 'storage_default', label: 'Service storage', format: 'boolean', center: true },
    ],
    rowFields: {
      uuid: { widget: 'hidden' },
      name: { group: 'General' },
      description: { widget: 'textarea', group: 'General' },
      'capture_params.retain_bf_file': { group: 'Capture', widget: 'segmented' },
      'capture_params.screenshot.enabled': { group: 'Capture' },
      'capture_params.screenshot.frequency': { group: 'Capture', showIf: on('capture_params.screenshot.enabled') },
      'capture_params.user_input': { group: 'Capture', widget: 'checkboxGroup' },
      'capture_indicator.enabled': { group: 'Capture' },
      'capture_params.files.capture_files': { group: 'Files' },
      'capture_params.files.default_settings': { group: 'Files', showIf: on('capture_params.files.capture_files') },
      'capture_params.files.capture_settings.infected': { group: 'Files', showIf: on('capture_params.files.capture_files') },
      'capture_params.files.capture_settings.failed_open': { group: 'Files', showIf: on('capture_params.files.capture_files') },
      'capture_params.files.capture_settings.dlp_violation': { group: 'Files', showIf: on('capture_params.files.capture_files') },
      'capture_params.files.capture_settings.limit_size.enabled': { group: 'Files', showIf: on('capture_params.files.capture_files') },
      'capture_params.files.capture_settings.limit_size.max_size': {
        group: 'Files',
        showIf: on('capture_params.files.capture_settings.limit_size.enabled'),
      },
      'capture_params.files.capture_settings.limit_size.unit': {
        group: 'Files',
        widget: 'segmented',
        showIf: on('capture_params.files.capture_settings.limit_size.enabled'),
      },
      'capture_params.files.infected_file_password': {
        group: 'Files',
        widget: 'secret',
        writeOnly: true,
        showIf: on('capture_params.files.capture_files'),
      },
      'capture_params.files.dlp_file_password': {
        group: 'Files',
        widget: 'secret',
        writeOnly: true,
        showIf: on('capture_params.files.capture_files'),
      },
      'capture_params.network.capture_requests': { group: 'Network' },
      'capture_params.network.default_setting': { group: 'Network', showIf: on('capture_params.network.capture_requests') },
      'capture_params.network.capture_settings.xhr': { group: 'Network', showIf: on('capture_params.network.capture_requests') },
      'capture_params.network.capture_settings.server_response': { group: 'Network', showIf: on('capture_params.network.capture_requests') },
      'capture_params.network.capture_settings.max_payload_size': { group: 'Network', showIf: on('capture_params.network.capture_requests') },
      'capture_params.network.capture_settings.payload_units': {
        group: 'Network',
        widget: 'segmented',
        showIf: on('capture_params.network.capture_requests'),
      },
      'capture_params.network.capture_settings.max_post_size': { group: 'Network', showIf: on('capture_params.network.capture_requests') },
      'capture_params.network.capture_settings.post_units': {
        group: 'Network',
        widget: 'segmented',
        showIf: on('capture_params.network.capture_requests'),
      },
      storage_default: { group: 'Storage' },
      storage_profile_id: {
        group: 'Storage',
        widget: 'select',
        showIf: { field: 'storage_default', equals: [false] },
        optionsFrom: optionsFrom(storageProfiles, 'list', 'uuid', 'name'),
        help: 'A profile of the Storage Profiles page',
      },
    },
    newRow: {
      capture_params: {
        retain_bf_file: 'always',
        screenshot: { enabled: true, frequency: BF_DEFAULTS.screenshotFrequency },
        user_input: { enabled: false, capture_password: false, capture_username: false },
        files: {
          capture_files: false,
          default_settings: true,
          capture_settings: {
            infected: true,
            failed_open: false,
            dlp_violation: true,
            limit_size: { enabled: true, max_size: BF_DEFAULTS.fileSizeLimitMb, unit: 'MB' },
          },
        },
        network: {
          capture_requests: false,
          default_setting: true,
          capture_settings: {
            xhr: true,
            server_response: false,
            max_payload_size: BF_DEFAULTS.maxPayloadKb,
            payload_units: 'KB',
            max_post_size: BF_DEFAULTS.maxPostKb,
            post_units: 'KB',
          },
        },
      },
      capture_indicator: { enabled: true },
      storage_default: true,
    },
  },
  effects: { all: { service: 'Applied by the isolation service: what it records of isolated sessions and where it stores them.' } },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  feature: 'browsing_forensics',
  tag: 'forensics',
});
