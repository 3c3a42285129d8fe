/**
 * On-premises calls that are not a settings document: the dashboard v1 service (appliance manager version, user
 * info v2), time zones, CA certificates (spec 002 §7 Appliance), licences and jobs (spec 001 §4, §7 Appliance
 * manager).
 */
import { z } from 'zod';
import {
  CaCertList,
  CaCertParams,
  CaCertUpload,
  CleanJobsAnswer,
  DecodeCertRequest,
  DecodedCert,
  Job,
  JobCreated,
  JobList,
  JobParams,
  LicenseRequest,
  ManagerVersion,
  TimeZones,
} from '../../schemas/areas/appliance';
import {
  MaintenanceRequest,
  ManagedGroups,
  ManagedSystem,
  ManagedSystemList,
  RestartRequest,
  SystemParams,
  UpdateCheck,
  UpdateRequest,
} from '../../schemas/areas/applianceManager';
import { SessionUser } from '../../schemas/auth';
import { defineOperation } from '../define';
import { applianceEnv, managerEnv, managerRead, managerWrite } from '../appliance/common';

const read = { any: ['settings:read'] } as const;
const write = { any: ['settings:write'] } as const;
const env = applianceEnv;

export const setManagerVersion = defineOperation({
  id: 'dashboard.setApplianceManagerVersion',
  method: 'PUT',
  path: '/api/v1/dashboard/appliance_manager_version',
  summary: 'Choose the new or the classic appliance manager for the signed-in administrator',
  body: ManagerVersion,
  response: ManagerVersion,
  access: 'session',
  env,
  tag: 'auth',
});

export const userInfoV2 = defineOperation({
  id: 'dashboard.userInfoV2',
  method: 'GET',
  path: '/api/userinfo/v2',
  summary: 'The signed-in user, with the appliance manager version the user chose',
  response: SessionUser,
  access: 'session',
  env,
  tag: 'auth',
});

export const timeZones = defineOperation({
  id: 'appliance.timeZones',
  method: 'GET',
  path: '/api/dash/v1/timezones',
  summary: 'Time zone names the appliance accepts',
  response: TimeZones,
  access: read,
  env,
  tag: 'appliance settings',
});

export const listCaCerts = defineOperation({
  id: 'appliance.listCaCerts',
  method: 'GET',
  path: '/api/v1/ca_cert',
  summary: 'CA certificates the appliance trusts in addition to the public ones',
  response: CaCertList,
  access: read,
  env,
  tag: 'certificates',
});

export const uploadCaCert = defineOperation({
  id: 'appliance.uploadCaCert',
  method: 'POST',
  path: '/api/v1/ca_cert/{name}',
  summary: 'Add a trusted CA certificate under a name',
  description:
    'The body holds one PEM certificate. A PEM holding a private key, a certificate that has expired or is not yet ' +
    'valid, text that is not a certificate and a name already in use are refused with 400 and a message saying which.',
  params: CaCertParams,
  body: CaCertUpload,
  response: CaCertList,
  access: write,
  env,
  tag: 'certificates',
});

export const deleteCaCert = defineOperation({
  id: 'appliance.deleteCaCert',
  method: 'DELETE',
  path: '/api/v1/ca_cert/{name}',
  summary: 'Remove a trusted CA certificate (404 when there is none of that name)',
  params: CaCertParams,
  response: CaCertList,
  access: write,
  env,
  tag: 'certificates',
});

export const decodeCert = defineOperation({
  id: 'appliance.decodeCert',
  method: 'POST',
  path: '/api/v1/decodeCert',
  summary: 'Read subject, issuer, validity and fingerprint of a PEM certificate without saving it',
  body: DecodeCertRequest,
  response: DecodedCert,
  access: read,
  env,
  tag: 'certificates',
});

export const setLicense = defineOperation({
  id: 'appliance.setLicense',
  method: 'PUT',
  path: '/api/v1/license',
  summary: 'Install a licence string; answers the job that checks it',
  description:
    'The check runs as a job (GET /api/mgr/v1/jobs/{id}); the licence is installed only when the job finishes, and ' +
    'a licence string that does not check out fails the job with the reason.',
  body: LicenseRequest,
  response: JobCreated,
  access: write,
  env,
  tag: 'jobs',
});

export const listJobs = defineOperation({
  id: 'jobs.list',
  method: 'GET',
  path: '/api/mgr/v1/jobs',
  summary: 'Jobs of the tenant, newest first, with status and progress',
  response: JobList,
  access: read,
  env,
  tag: 'jobs',
});

export const getJob = defineOperation({
  id: 'jobs.get',
  method: 'GET',
  path: '/api/mgr/v1/jobs/{id}',
  summary: 'One job: queued, running, finished or failed (with its reason), progress 0 to 100',
  params: JobParams,
  response: Job,
  access: read,
  env,
  tag: 'jobs',
});

export const cancelJob = defineOperation({
  id: 'jobs.cancel',
  method: 'POST',
  path: '/api/mgr/v1/jobs/{id}/cancel',
  summary: 'Cancel a queued or running job (409 when it has already ended)',
  params: JobParams,
  response: Job,
  access: write,
  env,
  tag: 'jobs',
});

export const cleanJobs = defineOperation({
  id: 'jobs.clean',
  method: 'POST',
  path: '/api/mgr/v1/jobs/clean',
  summary: 'Remove ended jobs older than the given number of hours (default 24)',
  body: z.strictObject({ older_than_hours: z.number().int().min(0).max(8760).default(24).meta({ title: 'Older than (hours)' }) }),
  response: CleanJobsAnswer,
  access: write,
  env,
  tag: 'jobs',
});

/** The group server/modules/appliance.ts implements. */
export const applianceOps = {
  setManagerVersion,
  userInfoV2,
  timeZones,
  listCaCerts,
  uploadCaCert,
  deleteCaCert,
  decodeCert,
  setLicense,
} as const;

/** The group server/modules/jobs.ts implements. */
export const jobOps = { listJobs, getJob, cancelJob, cleanJobs } as const;

const managerTag = 'appliance manager';

export const listSystems = defineOperation({
  id: 'manager.listSystems',
  method: 'GET',
  path: '/api/mgr/v1/managed_systems',
  summary: 'Appliances this management station manages, with group name, version and status',
  response: ManagedSystemList,
  access: managerRead,
  env: managerEnv,
  tag: managerTag,
});

export const listGroups = defineOperation({
  id: 'manager.listGroups',
  method: 'GET',
  path: '/api/mgr/v1/groups',
  summary: 'Groups of managed appliances with the number of appliances in each',
  response: ManagedGroups,
  access: managerRead,
  env: managerEnv,
  tag: managerTag,
});

export const checkUpdate = defineOperation({
  id: 'manager.checkUpdate',
  method: 'GET',
  path: '/api/mgr/v1/managed_systems/{id}/update',
  summary: 'Versions a managed appliance can be updated to',
  params: SystemParams,
  response: UpdateCheck,
  access: managerRead,
  env: managerEnv,
  tag: managerTag,
});

export const installUpdate = defineOperation({
  id: 'manager.installUpdate',
  method: 'POST',
  path: '/api/mgr/v1/managed_systems/{id}/update',
  summary: 'Install a version on a managed appliance; answers the job',
  description:
    'With enter_maintenance_mode the appliance stops serving users until the update has installed. The job fails with ' +
    'the reason when the version is not offered for the appliance or the appliance does not answer.',
  params: SystemParams,
  body: UpdateRequest,
  response: JobCreated,
  access: managerWrite,
  env: managerEnv,
  tag: managerTag,
});

export const restartSystem = defineOperation({
  id: 'manager.restart',
  method: 'POST',
  path: '/api/mgr/v1/managed_systems/{id}/reboot',
  summary: 'Restart a managed appliance now or after a delay; answers the job',
  description: 'The appliance is offline for a few seconds while it restarts; the job finishes when it is back.',
  params: SystemParams,
  body: RestartRequest,
  response: JobCreated,
  access: managerWrite,
  env: managerEnv,
  tag: managerTag,
});

export const setMaintenance = defineOperation({
  id: 'manager.setMaintenance',
  method: 'PUT',
  path: '/api/mgr/v1/managed_systems/{id}/maintenance',
  summary: 'Put a managed appliance into maintenance mode or take it out',
  params: SystemParams,
  body: MaintenanceRequest,
  response: ManagedSystem,
  access: managerWrite,
  env: managerEnv,
  tag: managerTag,
});

/** The group server/modules/applianceManager.ts implements. */
export const managerOps = { listSystems, listGroups, checkUpdate, installUpdate, restartSystem, setMaintenance } as const;
