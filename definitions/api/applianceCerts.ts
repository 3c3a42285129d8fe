/**
 * The appliance's own certificates: its inspection CA and its service certificate (the design is in
 * schemas/areas/applianceCerts.ts). Each write replaces one certificate whole and answers it as it is now.
 */
import {
  ApplianceCertificate,
  ApplianceCertificateList,
  CaReinitializeRequest,
  ManagerServiceCertInstall,
  ServiceCertInstall,
  ServiceCsrRequest,
} from '../../schemas/areas/applianceCerts';
import { applianceEnv, applianceRead, applianceWrite, managerEnv, managerWrite } from '../appliance/common';
import { defineOperation } from '../define';

const common = { env: applianceEnv, tag: 'appliance certificates' } as const;

export const listApplianceCertificates = defineOperation({
  id: 'applianceCerts.list',
  method: 'GET',
  path: '/api/dash/v1/certs',
  summary: 'The inspection CA and the service certificate of this appliance, with any signing request waiting for its certificate',
  description: 'Not in the specification: the screen lists both certificates with one call.',
  response: ApplianceCertificateList,
  access: applianceRead,
  ...common,
});

export const getInspectionCa = defineOperation({
  id: 'applianceCerts.caCert',
  method: 'GET',
  path: '/api/dash/v1/certs/ca/cert',
  summary: 'The inspection CA certificate (PEM and details), for browsers to trust',
  response: ApplianceCertificate,
  access: applianceRead,
  ...common,
});

export const reinitializeInspectionCa = defineOperation({
  id: 'applianceCerts.caReinitialize',
  method: 'PUT',
  path: '/api/dash/v1/certs/ca/reinitialize',
  summary: 'Make a new inspection CA: a new key and a new self-signed CA certificate; browsers must be given it again',
  body: CaReinitializeRequest,
  response: ApplianceCertificate,
  access: applianceWrite,
  ...common,
});

export const createServiceCsr = defineOperation({
  id: 'applianceCerts.serviceCsr',
  method: 'PUT',
  path: '/api/dash/v1/certs/service/csr',
  summary: 'Make a new key and a certificate signing request for the service certificate (replaces a pending one)',
  body: ServiceCsrRequest,
  response: ApplianceCertificate,
  access: applianceWrite,
  ...common,
});

export const installServiceCert = defineOperation({
  id: 'applianceCerts.serviceCert',
  method: 'PUT',
  path: '/api/dash/v1/certs/service/cert',
  summary: 'Install the certificate a certificate authority signed for the pending signing request',
  body: ServiceCertInstall,
  response: ApplianceCertificate,
  access: applianceWrite,
  ...common,
});

export const installManagerServiceCert = defineOperation({
  id: 'applianceCerts.managerServiceCert',
  method: 'PUT',
  path: '/api/mgr/v2/certs/self/service',
  summary: 'Install the management station’s own service certificate with its private key',
  body: ManagerServiceCertInstall,
  response: ApplianceCertificate,
  access: managerWrite,
  env: managerEnv,
  tag: 'appliance certificates',
});

export const applianceCertOps = {
  listApplianceCertificates,
  getInspectionCa,
  reinitializeInspectionCa,
  createServiceCsr,
  installServiceCert,
  installManagerServiceCert,
};
