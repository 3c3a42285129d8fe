import { dashboardAppliances } from '../api/lookups';
import { defineCollection } from '../define';

export const appliances = defineCollection({
  id: 'dashboard.appliances',
  title: 'Appliances',
  description:
    'The on-premises appliances of the tenant: their role, version and group, whether they answer, and when they last ' +
    'reported. Updates, restarts and maintenance mode are managed on the management station.',
  route: '/dashboard/appliances',
  nav: { label: 'Appliances', order: 40 },
  read: { any: ['dashboard:read'] },
  env: dashboardAppliances.env,
  operations: { list: dashboardAppliances },
  items: 'appliances',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 1, sortable: true },
    { field: 'address', sortable: true },
    { field: 'app_mode', sortable: true },
    { field: 'version', sortable: true },
    { field: 'group', sortable: true },
    { field: 'status', format: 'enumLabel', colors: { online: 'green', maintenance: 'orange', offline: 'yellow', unreachable: 'red' }, sortable: true },
    { field: 'last_contact', format: 'datetime', sortable: true },
  ],
  emptyText: 'No appliance reports to this tenant.',
});
