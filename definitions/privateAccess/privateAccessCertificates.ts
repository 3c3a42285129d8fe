import { MpaCertificatesDocument } from '../../schemas/areas/privateAccess';
import { decodeCert } from '../api/tenantUtils';
import { defineSettingsPage } from '../define';

export const privateAccessCertificates = defineSettingsPage({
  id: 'private-access.certificates',
  title: 'Certificates',
  // Design note: The spec names the call (mpa_certificates) only; the fields are this build's design (schema comment).
  description:
    'Certificate authorities private access trusts: a device certificate authority lets client connectors prove a ' +
    'device is managed (it presents a certificate the authority signed); an application server authority is the ' +
    'internal CA connectors trust when they reach HTTPS applications with private certificates. Only public ' +
    'certificates are kept, never private keys; a certificate is decoded (subject, issuer, validity) when it is chosen.',
  route: '/secure-application-access/certificates',
  nav: { order: 45 },
  endpoint: { path: '/api/settings/v1/tenants/mpa_certificates', revision: 'none', save: 'PUT' },
  schema: MpaCertificatesDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'purpose', format: 'enumLabel', sortable: true, flex: 1 },
      { field: 'description', flex: 2, secondary: true },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      purpose: { widget: 'segmented' },
      certificate: {
        widget: 'textarea',
        accept: ['.pem', '.crt', '.cer'],
        placeholder: '-----BEGIN CERTIFICATE-----',
        preview: { operation: decodeCert, field: 'cert' },
      },
      description: { widget: 'textarea' },
    },
    newRow: { name: '', purpose: 'device_ca', certificate: '', enabled: true, description: '' },
  },
  effects: { all: { service: 'Applied by the isolation service: the authorities private access trusts.' } },
  read: { any: ['private_access:read'] },
  write: { any: ['private_access:write'] },
  feature: 'private_access',
  tag: 'private access',
});
