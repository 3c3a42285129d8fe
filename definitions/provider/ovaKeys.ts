import { OvaKeyCreate } from '../../schemas/areas/provider';
import { providerOps } from '../api/provider';
import { defineCollection } from '../define';
import { providerRead, providerWrite } from './common';

const expiryHelp = 'The date and time it ends, in UTC; not needed when it does not expire.';
const keyFields = {
  expires_at: { label: 'Expires at', help: expiryHelp },
  note: { widget: 'textarea' },
  features: {
    label: 'Key features',
    help: 'Features the key turns on, each with its own expiry.',
    table: {
      columns: ['feature_name', 'expires_at', 'does_not_expire'],
      itemLabel: 'feature',
      rowFields: { expires_at: { help: expiryHelp } },
    },
  },
} as const;

export const ovaKeys = defineCollection({
  id: 'provider.ova-keys',
  title: 'Licence keys',
  description:
    'Licence keys of the on-premises appliances: which customer a key is for, until when it is valid, which versions and ' +
    'features it activates. Expire a key to stop it at once.',
  route: '/service/licence-keys',
  nav: { label: 'Licence keys', order: 10 },
  read: providerRead,
  write: providerWrite,
  operations: { list: providerOps.listOvaKeys, create: providerOps.createOvaKey },
  items: 'keys',
  itemKey: 'key_id',
  itemParam: 'key_id',
  columns: [
    { field: 'key_id', label: 'Key id', flex: 2, minWidth: 180, sortable: true },
    { field: 'tenant_name', label: 'Tenant name', flex: 2, minWidth: 140, sortable: true },
    { field: 'license_type', label: 'Licence type', format: 'enumLabel', sortable: true, maxWidth: 160 },
    { field: 'expires_at', label: 'Expires', format: 'datetime', whenEmpty: 'Never', sortable: true, minWidth: 180 },
    { field: 'does_not_expire', label: 'Permanent', format: 'boolean', maxWidth: 130 },
    { field: 'expired', label: 'Expired', format: 'boolean', sortable: true, maxWidth: 110 },
  ],
  createSchema: OvaKeyCreate,
  createFields: keyFields,
  emptyText: 'No licence key has been issued.',
  rowActions: (action) => [
    action(providerOps.updateOvaKey, {
      id: 'edit',
      label: 'Edit…',
      // The stamp read goes back unseen: a key changed meanwhile answers 409 and the editor reloads.
      form: { fields: { ...keyFields, updated_at: { widget: 'hidden' } }, submitLabel: 'Save' },
      success: (k) => `${k.key_id} saved.`,
    }),
    action(providerOps.expireOvaKey, {
      id: 'expire',
      label: 'Expire now',
      confirm: (k) => `${k.key_id} (${k.tenant_name}) stops being valid now; appliances using it lose their licence.`,
      when: { field: 'expired', equals: [false] },
      success: (k) => `${k.key_id} has expired.`,
    }),
    action(providerOps.deleteOvaKey, {
      id: 'delete',
      label: 'Delete',
      confirm: (k) => `${k.key_id} (${k.tenant_name}) is deleted; appliances using it lose their licence.`,
      success: (k) => `${k.key_id} is deleted.`,
    }),
  ],
});
