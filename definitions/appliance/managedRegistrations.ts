import { SAFEVIEW_APPROVAL_TIMEOUT_MS, SAFEVIEW_SERVICE_PORT } from '../../schemas/constants';
import { managerOps } from '../api/appliance';
import { actionForm, choicesFrom, defineCollection } from '../define';
import { managerEnv, managerRead, managerWrite } from './common';

export const managedRegistrations = defineCollection({
  id: 'appliance.registrations',
  title: 'Registration Requests',
  description:
    'Appliances that asked to be managed by this station, newest first. Approving one contacts it on its service port ' +
    `${SAFEVIEW_SERVICE_PORT}; when it answers it joins the group you choose, otherwise the reason is shown and you ` +
    'can approve it again. Turning a request down removes it.',
  route: '/settings/appliance-registrations',
  nav: { group: 'Appliance manager', order: 20 },
  read: managerRead,
  write: managerWrite,
  env: managerEnv,
  operations: { list: managerOps.listRegistrations },
  items: 'registrations',
  itemKey: 'id',
  columns: [
    { field: 'name', label: 'Appliance', minWidth: 240, sortable: true, detail: { field: 'address' } },
    { field: 'app_mode', label: 'Type', format: 'enumLabel', maxWidth: 170, sortable: true },
    { field: 'status', format: 'enumLabel', colors: { pending: 'blue', approving: 'violet', refused: 'red' }, minWidth: 190, maxWidth: 200, sortable: true },
    { field: 'reason', label: 'Reason', flex: 3, minWidth: 220, truncate: false },
  ],
  refreshWhile: [{ field: 'status', equals: ['approving'] }],
  emptyText: 'No appliance is waiting for approval.',
  rowActions: (action) => [
    action(managerOps.approve, {
      id: 'approve',
      label: 'Approve…',
      form: {
        intro: (r) => `${r.name} at ${r.address} is contacted on port ${SAFEVIEW_SERVICE_PORT}.`,
        choices: { group_id: choicesFrom(managerOps.listGroups, 'groups', 'id', 'name') },
        fields: { group_id: { label: 'Group it joins' } },
        submitLabel: 'Approve',
      },
      when: { field: 'status', equals: ['pending', 'refused'] },
      job: { timeoutMs: SAFEVIEW_APPROVAL_TIMEOUT_MS },
      success: (r) => `${r.name} is now a managed appliance.`,
    }),
    action(managerOps.rejectRegistration, {
      id: 'reject',
      label: 'Turn down',
      when: { field: 'status', equals: ['pending', 'refused'] },
      success: (r) => `The request of ${r.name} was turned down.`,
    }),
  ],
  form: actionForm(managerOps.register, {
    title: 'Register an appliance',
    fields: {
      name: { placeholder: 'branch-nantes' },
      address: { placeholder: '198.51.100.14' },
    },
    submitLabel: 'Register',
    success: ({ name }) => `${name} is waiting for approval.`,
    refused: 'The appliance was not registered',
  }),
});
