import { providerOps } from '../api/provider';
import { actionForm, defineFormScreen, initialFrom } from '../define';
import { providerRead, providerWrite, TENANT_OVERVIEW_ROUTE, tenantPageNav, tenantScope } from './common';

export const tenantOverview = defineFormScreen({
  id: 'provider.tenant-overview',
  title: 'Tenant overview',
  description: 'A tenant\'s state, users and capabilities at a glance; change its name and how long its users stay signed in without activity.',
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
      session_logout_days: { label: 'Inactivity time-out (days)', help: 'Users are signed out after this many days without activity: 0.042 is about one hour, 1 a day (0.042 to 365).' },
    },
    initial: initialFrom(providerOps.getTenant, {
      values: ({ tenant }) => ({ group_id: tenant.tid, name: tenant.name, session_logout_days: tenant.session_logout_days }),
      intro: ({ tenant }) => {
        const on = Object.values(tenant.capabilities).filter((v) => v === true).length;
        return `${tenant.disabled ? 'Disabled' : 'Enabled'} · ${tenant.users} ${tenant.users === 1 ? 'user' : 'users'} · ${on} capabilities on`;
      },
    }),
    submitLabel: 'Save',
    success: ({ name }) => `${name ?? 'The tenant'} saved.`,
    refused: 'Not saved',
  }),
});
