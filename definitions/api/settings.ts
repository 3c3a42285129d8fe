/**
 * Hand-written settings calls of spec 002 §7 (Storage, Forensics, PAC) that are not a plain document read or save;
 * the document calls are derived from the settings pages.
 */
import { BfStatus } from '../../schemas/areas/forensics';
import { PacDefaults, PacTemplate, PacTemplateAnswer, ProxyIps } from '../../schemas/areas/pac';
import { CapabilityAnswer, CapabilityParam, StorageProfile, StorageValidation } from '../../schemas/areas/storageProfiles';
import { defineOperation } from '../define';

const read = { any: ['settings:read'] } as const;
const write = { any: ['settings:write'] } as const;

export const validateStorage = defineOperation({
  id: 'storage.validate',
  method: 'POST',
  path: '/api/settings/v1/storage/validate',
  summary: 'Check one storage profile before saving it',
  description:
    'Checks the profile fields against the naming rules of Amazon S3 or Azure Storage. The reference server does not ' +
    'connect to AWS or Azure, and its message says so. A key sent as ******** is taken from the saved profile of the ' +
    'same uuid.',
  body: StorageProfile,
  response: StorageValidation,
  access: write,
  tag: 'storage',
});

export const storageCapability = defineOperation({
  id: 'storage.capability',
  method: 'GET',
  path: '/api/settings/v1/storage/capabilities/{capability}',
  summary: 'Whether the tenant has a capability, as the storage pages ask it',
  params: CapabilityParam,
  response: CapabilityAnswer,
  access: read,
  tag: 'storage',
});

export const forensicsCapability = defineOperation({
  id: 'bf.capability',
  method: 'GET',
  path: '/api/settings/v1/bf/capabilities/{capability}',
  summary: 'Whether the tenant has a capability, as the forensics pages ask it',
  params: CapabilityParam,
  response: CapabilityAnswer,
  access: read,
  tag: 'forensics',
});

export const forensicsStatus = defineOperation({
  id: 'bf.status',
  method: 'GET',
  path: '/api/settings/v1/bf/status',
  summary: 'Whether browser forensics can record for the tenant, and what is missing',
  response: BfStatus,
  access: read,
  tag: 'forensics',
});

export const pacProxyIps = defineOperation({
  id: 'pac.proxyIps',
  method: 'GET',
  path: '/api/settings/v1/pac/proxy_ips',
  summary: 'Addresses of the service proxies a PAC file points to',
  response: ProxyIps,
  access: read,
  feature: 'pac',
  tag: 'pac',
});

export const pacDefaults = defineOperation({
  id: 'pac.defaults',
  method: 'GET',
  path: '/api/settings/v1/pac/defaults',
  summary: 'The PAC settings a tenant starts with',
  response: PacDefaults,
  access: read,
  feature: 'pac',
  tag: 'pac',
});

export const pacTemplate = defineOperation({
  id: 'pac.template',
  method: 'GET',
  path: '/api/settings/v1/pac/template',
  summary: 'The PAC file the service serves: the uploaded template (PAC file version 2), else the file generated from the settings',
  description:
    'Under PAC file version 1 (`/api/settings/v2/pac/version`) the file is always generated from the settings; an uploaded ' +
    'template is kept and served once the version is 2. `source` says which file this is.',
  response: PacTemplateAnswer,
  access: read,
  feature: 'pac',
  tag: 'pac',
});

export const uploadPacTemplate = defineOperation({
  id: 'pac.uploadTemplate',
  method: 'POST',
  path: '/api/settings/v1/pac/template',
  summary: 'Upload a PAC template (pac: the file text, filename: its name)',
  description: 'The file name ends in .pac or .txt; the text is at most 256 KB and defines FindProxyForURL.',
  body: PacTemplate,
  response: PacTemplateAnswer,
  access: write,
  feature: 'pac',
  tag: 'pac',
});

/** The group server/modules/settings.ts implements. */
export const settingsOps = {
  validateStorage,
  storageCapability,
  forensicsCapability,
  forensicsStatus,
  pacProxyIps,
  pacDefaults,
  pacTemplate,
  uploadPacTemplate,
} as const;
