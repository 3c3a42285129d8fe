import { ConfigPolicyUploadForm, type ExportFormat } from '../../schemas/areas/browserPosture';
import { postureOps } from '../api/posture';
import { defineCollection } from '../define';

/** The extension of each export format's file. */
const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = { microsoftIntune: '.json', registry: '.reg', registryXmlGpo: '.xml' };

/** The formats a policy of this platform exports to: the registry ones are for Windows policies. */
const exportFormats = (platform: string): readonly ExportFormat[] =>
  platform === 'windows' ? ['microsoftIntune', 'registry', 'registryXmlGpo'] : ['microsoftIntune'];

/** A policy's export file: its name in letters, digits, dots, dashes and underscores, with the format's extension. */
const exportFileName = (name: string, format: string) =>
  `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'browser-policy'}${EXPORT_EXTENSIONS[format as ExportFormat] ?? '.txt'}`;

/**
 * Stored policies, each saved on its own; a policy's settings are edited with a form generated from the JSON Schema
 * of its platform, browser and version (the catalogue the server answers at run time).
 */
export const browserConfigPolicies = defineCollection({
  id: 'browser-management.policies',
  title: 'Browser Configuration Policies',
  description:
    'Managed-browser configuration policies for Chrome and Edge on Windows, macOS and Linux. Each policy sets ' +
    'browser settings (password manager, Safe Browsing or SmartScreen, downloads, extensions, DNS over HTTPS, ' +
    'proxy and more) from the catalogue of its platform, browser and version; a setting left empty stays ' +
    'unconfigured. Select policies to delete several at once.',
  route: '/browser-management/policies',
  nav: { order: 10 },
  operations: {
    list: postureOps.listConfigPolicies,
    get: postureOps.getConfigPolicy,
    create: postureOps.createConfigPolicy,
    update: postureOps.updateConfigPolicy,
    delete: postureOps.deleteConfigPolicy,
    batchDelete: postureOps.batchDeleteConfigPolicies,
  },
  items: 'list',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 2, sortable: true },
    { field: 'platform', format: 'enumLabel', sortable: true },
    // "Google Chrome" whole beside its sort marker.
    { field: 'browser', format: 'enumLabel', sortable: true, minWidth: 140 },
    { field: 'version', minWidth: 84, maxWidth: 96 },
    { field: 'status', format: 'enumLabel' },
    // Below about 1,400 px the row's action needs the room; the column chooser shows it again.
    { field: 'updated_at', label: 'Updated', format: 'datetime', sortable: true, secondary: true },
  ],
  // The new policy is uploaded as a file (its platform, browser, version and description) named after the current
  // time; its settings are then edited in the policy's form.
  createSchema: ConfigPolicyUploadForm,
  createFields: {
    'uploadFile.description': { widget: 'textarea' },
    'uploadFile.platform': { widget: 'segmented' },
    'uploadFile.browser': { widget: 'segmented' },
  },
  schemaField: 'settings',
  stampField: 'updated_at',
  itemSchemaFrom: { operation: postureOps.configSettingDefinitions, query: { platform: 'platform', browser: 'browser', version: 'version' } },
  rowActions: (action) => [
    action(postureOps.exportConfigPolicy, {
      id: 'export',
      label: 'Export…',
      // The registry formats are for Windows; Intune takes Windows and macOS policies; Linux policies have no format.
      when: { field: 'platform', equals: ['windows', 'macos'] },
      form: {
        query: ['format'],
        offer: (p) => ({ format: exportFormats(p.platform) }),
        intro: (p) =>
          p.platform === 'windows'
            ? 'A file to deploy the policy with: a Microsoft Intune configuration, a registry file to import on a device, or registry preferences for a Group Policy object.'
            : 'A Microsoft Intune configuration to deploy the policy with (the registry formats are for Windows policies).',
        fields: { format: { widget: 'select' } },
        submitLabel: 'Download',
      },
      download: { file: true, fileName: (p, query) => exportFileName(p.name, query.format ?? '') },
    }),
    action(postureOps.inputConfigPolicy, {
      id: 'input',
      label: 'Download as entered',
      download: { fileName: (_a, p) => `${p.name}-input.json`, contentType: 'application/json' },
    }),
    action(postureOps.assessAll, {
      id: 'assess-all',
      label: 'Assess against every benchmark',
      success: (p) => `${p.name} assessed against every benchmark of its browser; see Assessments.`,
    }),
  ],
  read: { any: ['browser_posture_management:read'] },
  write: { any: ['browser_posture_management:write'] },
});
