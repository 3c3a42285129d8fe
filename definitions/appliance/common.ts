/** What every appliance settings page shares: where it is served, who may read and change it. */
import type { EnvRule } from '../../schemas/access';

/** Appliance settings exist on an on-premises appliance or management station (and in a development build). */
export const applianceEnv = { deployments: ['on_prem', 'dev'] } as const satisfies EnvRule;
export const applianceRead = { any: ['settings:read'] } as const;
export const applianceWrite = { any: ['settings:write'] } as const;
export const applianceTag = 'appliance settings';
export const applianceNav = (order: number) => ({ group: 'Appliance', order }) as const;
