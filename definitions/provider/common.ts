/**
 * What the provider console's screens share: its application (a page of its own at /provider/, with its own
 * navigation), its section, where it is served and who may read and change (operators of the provider tenant).
 */
import type { EnvRule } from '../../schemas/access';
import { PROVIDER_READ, PROVIDER_WRITE, providerOps } from '../api/provider';
import { choicesFrom, defineSection } from '../define';

/** The application id of the console's sections: the shell of the /provider/ page shows only these. */
export const PROVIDER_APPLICATION = 'provider';
/** The management service runs beside the cloud portal (and in a development build). */
export const providerEnv = { deployments: ['cloud', 'dev'] } as const satisfies EnvRule;
export const providerRead = PROVIDER_READ;
export const providerWrite = PROVIDER_WRITE;

export const tenantsSection = defineSection({
  id: 'provider-tenants',
  title: 'Tenants',
  route: '/tenants',
  access: PROVIDER_READ,
  env: providerEnv,
  order: 10,
  application: PROVIDER_APPLICATION,
});

/** Service-wide records an operator keeps: licence keys of appliances and category overrides. */
export const serviceSection = defineSection({
  id: 'provider-service',
  title: 'Service',
  route: '/service',
  access: PROVIDER_READ,
  env: providerEnv,
  order: 20,
  application: PROVIDER_APPLICATION,
});

/**
 * The groups of a tenant's pages in the navigation, in order: what the tenant is, what it is licensed for, who may
 * use its portal, its policy and settings, its networks, and its logging and insights.
 */
export const TENANT_PAGE_GROUPS = {
  tenant: 'Tenant',
  licensing: 'Tenant licensing',
  access: 'Tenant access',
  settings: 'Tenant policy and settings',
  network: 'Tenant network',
  logging: 'Tenant logging and insights',
} as const;

/** A tenant page's navigation entry: its group and its order (the pages are about the `tid` of the route's query). */
export const tenantPageNav = (order: number, group: keyof typeof TENANT_PAGE_GROUPS = 'tenant') =>
  ({ group: TENANT_PAGE_GROUPS[group], order: 100 + order }) as const;
export const tenantScope = {
  param: 'tid',
  label: 'Tenant',
  choices: choicesFrom(providerOps.listTenants, 'tenants', 'tid', 'name'),
} as const;

/** Where a tenant's name links to. */
export const TENANT_OVERVIEW_ROUTE = '/tenants/overview';

/** Licensing: features, the SKUs made of them (a tenant's own are on its pages). */
export const licensingSection = defineSection({
  id: 'provider-licensing',
  title: 'Licensing',
  route: '/licensing',
  access: PROVIDER_READ,
  env: providerEnv,
  order: 15,
  application: PROVIDER_APPLICATION,
});

/** The fleet: deployments, their pods and nodes, appliance versions and rollouts. */
export const fleetSection = defineSection({
  id: 'provider-fleet',
  title: 'Fleet',
  route: '/fleet',
  access: PROVIDER_READ,
  env: providerEnv,
  order: 18,
  application: PROVIDER_APPLICATION,
});
