import { managerOps } from '../api/appliance';
import { applianceCertOps } from '../api/applianceCerts';
import { actionForm, defineCollection } from '../define';
import { managerEnv, managerRead, managerWrite } from './common';

export const managedCertificates = defineCollection({
  id: 'appliance.remote-certificates',
  title: 'Appliance Certificates',
  description:
    'The service certificate each managed appliance presents, fetched from it: subject, end of validity and ' +
    'SHA-256 fingerprint, to compare with what browsers and mail servers see, and the certificate itself to download. ' +
    'An appliance that does not answer is listed with the reason. Below, install the management station’s own ' +
    'service certificate, the one administrators’ browsers and the managed appliances see when they connect to it.',
  route: '/settings/appliance-certificates',
  nav: { group: 'Appliance manager', order: 40 },
  read: managerRead,
  write: managerWrite,
  env: managerEnv,
  operations: { list: managerOps.remoteCertificates },
  items: 'certificates',
  itemKey: 'system_id',
  emptyText: 'No appliance is managed yet, so there is no certificate to show.',
  columns: [
    { field: 'name', label: 'Appliance', sortable: true },
    { field: 'subject', flex: 1, minWidth: 150 },
    { field: 'valid_to', label: 'Valid to', format: 'datetime', sortable: true },
    // Whole, wrapped: it is compared character by character with what a browser shows.
    { field: 'fingerprint_sha256', label: 'SHA-256 fingerprint', flex: 2, minWidth: 200, truncate: false },
    { field: 'error', label: 'Problem', minWidth: 150, truncate: false },
  ],
  form: actionForm(applianceCertOps.installManagerServiceCert, {
    title: 'Install this management station’s service certificate',
    fields: {
      certificate: { widget: 'textarea', accept: ['.pem', '.crt', '.cer'], placeholder: '-----BEGIN CERTIFICATE-----', help: 'PEM, the server certificate first, then its intermediates' },
      private_key: { widget: 'textarea', accept: ['.pem', '.key'], writeOnly: true, placeholder: '-----BEGIN PRIVATE KEY-----', help: 'The key of the certificate, unencrypted PEM; it is never shown again' },
    },
    submitLabel: 'Install certificate',
    success: () => 'The certificate is installed: connections to the management station present it from now on.',
    refused: 'The certificate was not installed',
  }),
  rowActions: (action) => [
    action(managerOps.remoteCertificate, {
      id: 'download',
      label: 'Download',
      when: { field: 'pem', present: true },
      download: { fileName: (cert) => `${cert.name}.pem`, contentType: 'application/x-pem-file', content: (cert) => cert.pem ?? '' },
    }),
  ],
});
