import { providerOps } from '../api/provider';
import { providerTenantOps } from '../api/providerTenant';
import { actionForm, defineFormScreen, initialFrom } from '../define';
import { providerRead, providerWrite, TENANT_OVERVIEW_ROUTE, tenantPageNav, tenantScope } from './common';

export const tenantOverview = defineFormScreen({
  id: 'provider.tenant-overview',
  title: 'Tenant overview',
  description:
    'A tenant\'s configuration at a glance: its state, users, deployment, policy revision, features and limits. Change its ' +
    'name and how long its users stay signed in without activity here; the rest on the tenant\'s other pages.',
  route: TENANT_OVERVIEW_ROUTE,
  nav: { ...tenantPageNav(10), label: 'Overview' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  form: actionForm(providerOps.editTenant, {
    fields: {
      tid: { widget: 'hidden' },
      group_id: { widget: 'hidden' },
      name: { label: 'Tenant name' },
      session_logout_days: {
        label: 'Inactivity time-out (minutes)',
        help: 'Users are signed out after this many minutes without activity: 1,440 is a day; from 60.48 (about an hour) to 525,600 (a year).',
        unitFactor: 1440,
      },
    },
    // The tenant's configuration as its portal runs with it (the config call), above what an operator edits here.
    initial: initialFrom(providerTenantOps.tenantConfig, {
      values: ({ config }) => ({ group_id: config.tid, name: config.name, session_logout_days: config.session_logout_days }),
      intro: ({ config }) => {
        const limits = Object.entries(config.limits).map(([k, v]) => `${k} ${v}`);
        return [
          config.disabled ? 'Disabled' : 'Enabled',
          `${config.users} ${config.users === 1 ? 'user' : 'users'}`,
          `runs in ${config.deployment_name}`,
          `policy revision ${config.policy.rev_id} (${config.policy.state === 'published' ? 'published' : 'unpublished changes'})`,
          `${config.features.length} features on`,
          ...(limits.length ? [`limits: ${limits.join(', ')}`] : []),
        ].join(' · ');
      },
    }),
    submitLabel: 'Save',
    success: ({ name }) => `${name ?? 'The tenant'} saved.`,
    refused: 'Not saved',
  }),
});
