/** What every appliance settings page shares: where it is served, who may read and change it. */
import type { EnvRule } from '../../schemas/access';

/** Appliance settings exist on an on-premises appliance or management station (and in a development build). */
export const applianceEnv = { deployments: ['on_prem', 'dev'] } as const satisfies EnvRule;
export const applianceRead = { any: ['settings:read'] } as const;
export const applianceWrite = { any: ['settings:write'] } as const;
export const applianceTag = 'appliance settings';
export const applianceNav = (order: number) => ({ group: 'Appliance', order }) as const;
/** The appliance's sign-in pages: directory, single sign-on, and who signs in how. */
export const applianceAuthNav = (order: number) => ({ group: 'Appliance sign-in', order }) as const;

/** Route and engine view of the jobs screen; the header's jobs indicator shows while this route is in the navigation. */
export const JOBS_ROUTE = '/settings/jobs';
export const JOBS_VIEW = 'jobs';
/** The appliance manager exists on a management station (and in a development build). */
export const managerEnv = [{ deployments: ['on_prem'], appModes: ['management_station'] }, { deployments: ['dev'] }] as const satisfies EnvRule;
export const managerRead = { any: ['settings:read', 'settings_cmr:read'] } as const;
export const managerWrite = { any: ['settings:write', 'settings_cmr:write'] } as const;
/** An appliance registers itself with a management station: on an appliance that is not one (and in a development build). */
export const managedApplianceEnv = [
  { deployments: ['on_prem'], appModes: ['safeview', 'safeview_proxy', 'safeview_isolation', 'safemail', 'safemail_worker'] },
  { deployments: ['dev'] },
] as const satisfies EnvRule;
