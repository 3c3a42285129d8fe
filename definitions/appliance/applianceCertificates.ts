import { applianceCertOps } from '../api/applianceCerts';
import { actionForm, defineCollection } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceWrite } from './common';

/** `Appliance Inspection CA` → `appliance-inspection-ca.pem`: the certificate's common name as a file name. */
const pemFileName = (cert: { subject: string }) =>
  `${(/CN=([^,]+)/.exec(cert.subject)?.[1] ?? 'certificate').toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '')}.pem`;

export const applianceCertificates = defineCollection({
  id: 'appliance.certificates',
  title: 'Appliance Certificates',
  description:
    'The two certificates of this appliance. The inspection CA signs the certificates browsers see while HTTPS is ' +
    'inspected: browsers must trust it (download its certificate from its row to install it there), so reinitializing it makes inspected sites show warnings until they are ' +
    'given the new one. The service certificate is what the appliance’s own pages present; to replace the ' +
    'self-signed one, create a signing request below, have your certificate authority sign it and install the answer.',
  route: '/settings/appliance-own-certificates',
  nav: applianceNav(82),
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  operations: { list: applianceCertOps.listApplianceCertificates },
  items: 'certificates',
  itemKey: 'kind',
  itemName: 'certificate',
  columns: [
    { field: 'name', label: 'Certificate' },
    { field: 'subject', flex: 2, minWidth: 180 },
    { field: 'valid_to', label: 'Valid to', format: 'datetime' },
    { field: 'self_signed', label: 'Self-signed', format: 'enumLabel', labels: { true: 'Yes', false: 'No' }, colors: { true: 'gray', false: 'teal' } },
    { field: 'csr_pending', label: 'Signing request', format: 'enumLabel', labels: { true: 'Pending', false: 'None' }, colors: { true: 'orange', false: 'gray' } },
  ],
  rowActions: (action) => [
    action(applianceCertOps.getInspectionCa, {
      id: 'download',
      label: 'Download certificate',
      when: { field: 'kind', equals: ['inspection_ca'] },
      singleton: true,
      download: { fileName: pemFileName, contentType: 'application/x-pem-file', content: (cert) => cert.pem },
    }),
    action(applianceCertOps.reinitializeInspectionCa, {
      id: 'reinitialize',
      label: 'Reinitialize…',
      when: { field: 'kind', equals: ['inspection_ca'] },
      singleton: true,
      form: { fields: { valid_days: { widget: 'number' } }, submitLabel: 'Reinitialize' },
      confirm: () => 'Make a new inspection CA? Inspected sites show certificate warnings until browsers are given the new CA certificate.',
      success: () => 'A new inspection CA is in use. Give its certificate to the browsers whose traffic is inspected.',
    }),
    action(applianceCertOps.installServiceCert, {
      id: 'install',
      label: 'Install signed certificate…',
      when: { field: 'kind', equals: ['service'] },
      singleton: true,
      form: {
        intro: (c) => (c.csr_pending ? 'The certificate your certificate authority signed for the pending request.' : 'No signing request is pending: create one below first.'),
        fields: { certificate: { widget: 'textarea', placeholder: '-----BEGIN CERTIFICATE-----', accept: ['.pem', '.crt', '.cer'] } },
        submitLabel: 'Install',
      },
      success: () => 'The signed service certificate is installed.',
    }),
  ],
  form: actionForm(applianceCertOps.createServiceCsr, {
    title: 'Create a signing request for the service certificate',
    fields: {
      common_name: { placeholder: 'appliance.example.com' },
      alt_names: { widget: 'tags', placeholder: 'isolation.example.com' },
      organization: { placeholder: 'Example Corp' },
      country: { placeholder: 'US' },
    },
    submitLabel: 'Create signing request',
    reveal: {
      field: 'csr_pem',
      title: 'Signing request',
      warning: 'Send this request to your certificate authority, then use "Install signed certificate…" on the service certificate’s row. A new request replaces this one.',
    },
    success: ({ common_name }) => `A signing request for ${String(common_name)} is waiting for its certificate.`,
    refused: 'The signing request was not created',
  }),
});
