import { VersionInput } from '../../schemas/areas/providerFleet';
import { versionOps } from '../api/providerFleet';
import { defineCollection } from '../define';
import { providerRead, providerWrite } from './common';

export const versions = defineCollection({
  id: 'provider.versions',
  title: 'Appliance versions',
  description:
    'Versions of the on-premises appliance: which are still supported and which are generally available (the others are ' +
    'early access). Licence keys that include supported GA versions activate every version marked both.',
  route: '/fleet/versions',
  nav: { label: 'Appliance versions', order: 30 },
  read: providerRead,
  write: providerWrite,
  operations: { list: versionOps.list, create: versionOps.create },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'version_string', label: 'Version', sortable: true, minWidth: 120 },
    { field: 'supported_version', label: 'Supported', format: 'boolean', sortable: true },
    { field: 'ga_version', label: 'Generally available', format: 'boolean', sortable: true, minWidth: 170 },
    { field: 'note', flex: 3 },
  ],
  createSchema: VersionInput,
  createFields: { note: { widget: 'textarea' } },
  emptyText: 'No appliance version is listed.',
  rowActions: (action) => [
    action(versionOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { version_string: { readOnly: true }, note: { widget: 'textarea' }, updated_at: { widget: 'hidden' } }, submitLabel: 'Save' },
      success: (v) => `${v.version_string} saved.`,
    }),
    action(versionOps.delete, {
      id: 'delete',
      label: 'Delete',
      confirm: (v) => `${v.version_string} is removed from the list. A version a planned or started rollout brings cannot be removed.`,
      success: (v) => `${v.version_string} is deleted.`,
    }),
  ],
});
