import { applianceOps } from '../api/appliance';
import { actionForm, defineCollection } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceWrite } from './common';

export const applianceCaCertificates = defineCollection({
  id: 'appliance.ca-certificates',
  title: 'CA Certificates',
  description:
    'Certificate authorities this appliance trusts besides the public ones, for example the CA of an internal ' +
    'proxy or of internal web sites. Upload one PEM certificate under a name; a file holding a private key, an ' +
    'expired or not yet valid certificate and text that is not a certificate are refused.',
  route: '/settings/certificates',
  nav: applianceNav(85),
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  operations: { list: applianceOps.listCaCerts },
  items: 'certificates',
  itemKey: 'name',
  itemParam: 'name',
  columns: [
    { field: 'name', sortable: true },
    { field: 'subject', flex: 3, minWidth: 180, truncate: false },
    { field: 'valid_from', label: 'Valid from', format: 'datetime', sortable: true, secondary: true },
    { field: 'valid_to', label: 'Valid to', format: 'datetime', sortable: true },
    // Whole, wrapped: it is compared character by character with the CA's published fingerprint.
    { field: 'fingerprint_sha256', label: 'SHA-256 fingerprint', flex: 2, minWidth: 200, truncate: false },
  ],
  emptyText: 'No CA certificates added yet.',
  rowActions: (action) => [action(applianceOps.deleteCaCert, { id: 'delete', label: 'Delete', success: (c) => `Certificate ${c.name} removed.` })],
  form: actionForm(applianceOps.uploadCaCert, {
    title: 'Add a CA certificate',
    fields: {
      name: { help: '1 to 64 letters, digits, ., _ or -', placeholder: 'internal-root' },
      pem: {
        widget: 'textarea',
        help: 'Paste the certificate, or choose a .pem or .crt file below',
        placeholder: '-----BEGIN CERTIFICATE-----',
        accept: ['.pem', '.crt', '.cer'],
        preview: { operation: applianceOps.decodeCert, field: 'pem' },
      },
    },
    submitLabel: 'Add certificate',
    success: ({ name }) => `Certificate ${name} added.`,
    refused: 'The certificate was not added',
  }),
});
