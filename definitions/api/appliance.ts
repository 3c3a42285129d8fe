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
  ConnectivityCheckRequest,
  ConnectivityResults,
  ConnectivityResultsPost,
  ConnectivityResultsStored,
  ConnectivitySites,
  DecodeCertRequest,
  DecodedCert,
  ExportFile,
  ExportQuery,
  IsolationSignIn,
  IsolationSignInRequest,
  ProbeParams,
  ProbeQuery,
  Job,
  JobCreated,
  JobList,
  JobParams,
  LicenseRequest,
  ManagerVersion,
  TimeZones,
} from '../../schemas/areas/appliance';
import {
  ApplyTemplateRequest,
  ApprovalRequest,
  MaintenanceRequest,
  RegistrationList,
  RegistrationParams,
  RegistrationRequest,
  RemoteCertificate,
  RemoteCertificates,
  RollbackRequest,
  RollbackSlots,
  StationRegistration,
  StationRegistrationRequest,
  TemplateList,
  TemplateParams,
  TemplateRequest,
  ManagedGroups,
  ManagedSystem,
  ManagedSystemList,
  RestartRequest,
  SystemParams,
  UpdateCheck,
  UpdateRequest,
} from '../../schemas/areas/applianceManager';
import { SessionUser } from '../../schemas/auth';
import { STATION_PORT } from '../../schemas/areas/applianceManager';
import { SAFEVIEW_SERVICE_PORT } from '../../schemas/constants';
import { StationStatus } from '../../schemas/areas/applianceSystem';
import { defineOperation } from '../define';
import { applianceEnv, managedApplianceEnv, managerEnv, managerRead, managerWrite } from '../appliance/common';

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

export const exportConfig = defineOperation({
  id: 'appliance.exportConfig',
  method: 'GET',
  path: '/api/v1/settings/exported_config',
  summary: 'Download the configuration or a diagnostics report of this appliance as a JSON file',
  description:
    'kind=configuration answers every appliance settings page as stored, with passwords left out, to keep or to ' +
    'compare; kind=diagnostics answers the time, the settings pages changed and by whom, the jobs of the last seven ' +
    'days and the last connectivity check, for support. Answered as an attachment named after the appliance and the date.',
  query: ExportQuery,
  response: ExportFile,
  access: read,
  env,
  tag: 'appliance settings',
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
  exportConfig,
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

export const stationStatus = defineOperation({
  id: 'manager.status',
  method: 'GET',
  path: '/api/mgr/v1/status',
  summary: 'The management station’s own state: host name, version, running since, and its appliances by state',
  response: StationStatus,
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

export const rollbackSlots = defineOperation({
  id: 'manager.rollbackSlots',
  method: 'GET',
  path: '/api/mgr/v1/managed_systems/{id}/rollback',
  summary: 'Software slots of a managed appliance that hold a version to roll back to',
  description:
    'An appliance keeps the version it ran before its last update in slot 2 (slot 1 runs the current one); the list ' +
    'is empty when the appliance has not been updated since it was registered.',
  params: SystemParams,
  response: RollbackSlots,
  access: managerRead,
  env: managerEnv,
  tag: managerTag,
});

export const rollback = defineOperation({
  id: 'manager.rollback',
  method: 'POST',
  path: '/api/mgr/v1/managed_systems/{id}/rollback',
  summary: 'Roll a managed appliance back to the version of a slot; answers the job',
  description:
    'The version of the slot and the current one change places, so a rollback can itself be rolled back. The job ' +
    'fails with the reason when the slot holds no version, an update is installing or the appliance does not answer.',
  params: SystemParams,
  body: RollbackRequest,
  response: JobCreated,
  access: managerWrite,
  env: managerEnv,
  tag: managerTag,
});

export const listRegistrations = defineOperation({
  id: 'manager.listRegistrations',
  method: 'GET',
  path: '/api/mgr/v1/reg',
  summary: 'Appliances that asked to be managed by this station, waiting for approval or refused, newest first',
  response: RegistrationList,
  access: managerRead,
  env: managerEnv,
  tag: managerTag,
});

export const register = defineOperation({
  id: 'manager.register',
  method: 'POST',
  path: '/api/mgr/v1/reg',
  summary: 'Register an appliance with this management station; it waits for approval',
  description:
    'What an appliance sends when its administrator points it at this station (and what an administrator of the ' +
    'station enters for one that cannot). A name already registered or managed is refused with 400.',
  body: RegistrationRequest,
  response: RegistrationList,
  access: managerWrite,
  env: managerEnv,
  tag: managerTag,
});

export const approve = defineOperation({
  id: 'manager.approve',
  method: 'POST',
  path: '/api/mgr/v1/reg/{id}/approve',
  summary: `Approve a registered appliance: the station contacts it on its service port ${SAFEVIEW_SERVICE_PORT}; answers the job`,
  description:
    `When the appliance answers on port ${SAFEVIEW_SERVICE_PORT} the job finishes and the appliance joins the group as a ` +
    'managed appliance; otherwise the job fails with the reason and the request stays, to be approved again. The ' +
    'portal follows the job for at most 45 seconds.',
  params: RegistrationParams,
  body: ApprovalRequest,
  response: JobCreated,
  access: managerWrite,
  env: managerEnv,
  tag: managerTag,
});

export const rejectRegistration = defineOperation({
  id: 'manager.rejectRegistration',
  method: 'DELETE',
  path: '/api/mgr/v1/reg/{id}',
  summary: 'Turn down a registration request (404 when there is none; 409 while it is being approved)',
  params: RegistrationParams,
  response: RegistrationList,
  access: managerWrite,
  env: managerEnv,
  tag: managerTag,
});

export const listTemplates = defineOperation({
  id: 'manager.listTemplates',
  method: 'GET',
  path: '/api/mgr/v1/templates',
  summary: 'Settings templates: time zone, NTP server, log level and SSH access to set on managed appliances',
  response: TemplateList,
  access: managerRead,
  env: managerEnv,
  tag: managerTag,
});

export const createTemplate = defineOperation({
  id: 'manager.createTemplate',
  method: 'POST',
  path: '/api/mgr/v1/templates',
  summary: 'Create a settings template (400 when the name is taken)',
  body: TemplateRequest,
  response: TemplateList,
  access: managerWrite,
  env: managerEnv,
  tag: managerTag,
});

export const deleteTemplate = defineOperation({
  id: 'manager.deleteTemplate',
  method: 'DELETE',
  path: '/api/mgr/v1/templates/{id}',
  summary: 'Delete a settings template; appliances keep the settings it gave them',
  params: TemplateParams,
  response: TemplateList,
  access: managerWrite,
  env: managerEnv,
  tag: managerTag,
});

export const applyTemplate = defineOperation({
  id: 'manager.applyTemplate',
  method: 'POST',
  path: '/api/mgr/v1/templates/{id}/apply',
  summary: 'Set the settings of a template on every appliance of a group; answers the job',
  description:
    'Appliances that answer take the settings at once; the job finishes naming them, or fails naming those that did ' +
    'not answer (the others keep the settings). A group without appliances is refused with 400.',
  params: TemplateParams,
  body: ApplyTemplateRequest,
  response: JobCreated,
  access: managerWrite,
  env: managerEnv,
  tag: managerTag,
});

export const remoteCertificates = defineOperation({
  id: 'manager.remoteCertificates',
  method: 'GET',
  path: '/api/mgr/v2/remote/certificates',
  summary: 'The service certificate of every managed appliance, fetched through its remote control channel',
  description: 'An appliance that sends no certificate is listed with the error "Could not fetch appliance certificate".',
  response: RemoteCertificates,
  access: managerRead,
  env: managerEnv,
  tag: managerTag,
});

export const remoteCertificate = defineOperation({
  id: 'manager.remoteCertificate',
  method: 'GET',
  path: '/api/mgr/v2/remote/{id}/certificate',
  summary: 'The service certificate of one managed appliance (502 "Could not fetch appliance certificate" when none comes back)',
  params: SystemParams,
  response: RemoteCertificate,
  access: managerRead,
  env: managerEnv,
  tag: managerTag,
});

/** The group server/modules/applianceManager.ts implements. */
export const managerOps = {
  listSystems,
  listGroups,
  stationStatus,
  checkUpdate,
  installUpdate,
  restartSystem,
  setMaintenance,
  rollbackSlots,
  rollback,
  listRegistrations,
  register,
  approve,
  rejectRegistration,
  listTemplates,
  createTemplate,
  deleteTemplate,
  applyTemplate,
  remoteCertificates,
  remoteCertificate,
} as const;

export const stationRegistration = defineOperation({
  id: 'station.registration',
  method: 'GET',
  path: '/api/mgr/v1/reg/self',
  summary: 'This appliance’s registration with its management station: not registered, waiting for approval, managed or turned down',
  description: 'Read from the station each time: managed once the station’s administrator approved it, with the group it joined.',
  response: StationRegistration,
  access: read,
  env: managedApplianceEnv,
  tag: 'appliance registration',
});

export const registerWithStation = defineOperation({
  id: 'station.register',
  method: 'PUT',
  path: '/api/mgr/v1/reg/self',
  summary: 'Register this appliance with a management station, which lists it for approval (POST /api/mgr/v1/reg on the station)',
  description:
    `The appliance contacts the station on port ${STATION_PORT}. A station that does not answer, a name the station ` +
    'already lists and a registration while one is waiting or managed are refused with 400 on the field concerned.',
  body: StationRegistrationRequest,
  response: StationRegistration,
  access: write,
  env: managedApplianceEnv,
  tag: 'appliance registration',
});

/** The appliance side of registration, implemented with the station's side in server/modules/applianceManager.ts. */
export const stationOps = { stationRegistration, registerWithStation } as const;

const connectivityTag = 'connectivity';

export const connectivitySites = defineOperation({
  id: 'connectivity.sites',
  method: 'GET',
  path: '/connectivity/manager/sites',
  summary:
    'Servers this appliance must reach, from its settings (gateway, DNS, NTP, SMTP relay, syslog, the update server), and ' +
    'the isolation services users’ browsers must reach, each with the address a browser probes (url)',
  response: ConnectivitySites,
  access: read,
  env,
  tag: connectivityTag,
});

export const connectivityPostResults = defineOperation({
  id: 'connectivity.postResults',
  method: 'POST',
  path: '/connectivity/manager/results',
  summary: 'Store the results of a connectivity test as received (one entry per site, with its time)',
  description: 'A test id already stored is replaced. Sites the appliance does not know are refused with 400.',
  body: ConnectivityResultsPost,
  response: ConnectivityResultsStored,
  access: write,
  env,
  tag: connectivityTag,
});

export const connectivityCheck = defineOperation({
  id: 'connectivity.check',
  method: 'POST',
  path: '/api/v1/connectivity/check',
  summary: 'Probe every site of the appliance from the appliance; answers the job',
  description:
    'The job tries each site on its port and finishes with the number that answered; the results, with the time each ' +
    'took, are stored under the job id as the test id. The reference server simulates the network: names ending in ' +
    '.invalid and addresses in 198.18.0.0/15 do not answer.',
  body: ConnectivityCheckRequest,
  response: JobCreated,
  access: write,
  env,
  tag: connectivityTag,
});

export const connectivityResults = defineOperation({
  id: 'connectivity.results',
  method: 'GET',
  path: '/api/v1/connectivity/results',
  summary: 'Results of the newest completed connectivity test, one row per site with its time',
  response: ConnectivityResults,
  access: read,
  env,
  tag: connectivityTag,
});

export const isolationSignIn = defineOperation({
  id: 'connectivity.isolationSignIn',
  method: 'POST',
  path: '/safeview-auth-server/login',
  summary: 'Sign the browser in to the isolation sign-in service for a connectivity test; answers the test id and the probe time-out',
  description:
    'The first step of a check from the administrator’s browser: sign in, load the sites (GET /connectivity/manager/sites), ' +
    'fetch the probe address of each site that has one (no-cors, with the test id), then post what answered and how fast ' +
    '(POST /connectivity/manager/results).',
  body: IsolationSignInRequest,
  response: IsolationSignIn,
  access: write,
  env,
  tag: connectivityTag,
});

export const connectivityProbe = defineOperation({
  id: 'connectivity.probe',
  method: 'GET',
  path: '/connectivity/probe/{site}',
  summary: 'A probe target: answers "ok" when the service of the site answers; one that does not answer leaves the probe waiting',
  description:
    'What a browser check fetches for the sites of this appliance’s own services. The reference server simulates its ' +
    'network: a site whose host ends in .invalid or lies in 198.18.0.0/15 is held without an answer until the browser ' +
    'gives up. 404 for a site without a probe address.',
  params: ProbeParams,
  query: ProbeQuery,
  response: z.string(),
  responseKind: 'text',
  access: 'session',
  env,
  tag: connectivityTag,
});

/** The group server/modules/connectivity.ts implements. */
export const connectivityOps = {
  connectivitySites,
  connectivityPostResults,
  connectivityCheck,
  connectivityResults,
  isolationSignIn,
  connectivityProbe,
} as const;
