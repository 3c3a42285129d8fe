import { LogLevel } from '../../schemas/areas/applianceManager';
import { labelOf } from '../../schemas/enums';
import { managerOps } from '../api/appliance';
import { actionForm, choicesFrom, defineCollection } from '../define';
import { managerEnv, managerRead, managerWrite } from './common';

export const managedTemplates = defineCollection({
  id: 'appliance.templates',
  title: 'Settings Templates',
  description:
    'Settings to give a group of managed appliances at once: time zone, NTP server, log level and whether SSH is ' +
    'allowed. Applying a template sets them on every appliance of the group that answers and names those that did not.',
  route: '/settings/appliance-templates',
  nav: { group: 'Appliance manager', order: 30 },
  read: managerRead,
  write: managerWrite,
  env: managerEnv,
  operations: { list: managerOps.listTemplates },
  items: 'templates',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 2, minWidth: 220, truncate: false, sortable: true },
    { field: 'timezone', label: 'Time zone', sortable: true },
    { field: 'ntp_server', label: 'NTP server', minWidth: 180 },
    { field: 'log_level', label: 'Log level', format: 'enumLabel' },
    { field: 'ssh_enabled', label: 'SSH', format: 'boolean' },
    { field: 'applied_to', label: 'Applied to', maxWidth: 120 },
  ],
  emptyText: 'No templates yet.',
  rowActions: (action) => [
    action(managerOps.applyTemplate, {
      id: 'apply',
      label: 'Apply to a group…',
      form: {
        intro: (t) => `${t.name}: ${t.timezone}, NTP ${t.ntp_server}, log level ${labelOf(LogLevel, t.log_level).toLowerCase()}, SSH ${t.ssh_enabled ? 'allowed' : 'not allowed'}.`,
        choices: { group_id: choicesFrom(managerOps.listGroups, 'groups', 'id', 'name') },
        fields: { group_id: { label: 'Group' } },
        submitLabel: 'Apply',
      },
      job: true,
      success: (t) => `${t.name} applied.`,
    }),
    action(managerOps.deleteTemplate, { id: 'delete', label: 'Delete', success: (t) => `Template ${t.name} deleted.` }),
  ],
  form: actionForm(managerOps.createTemplate, {
    title: 'Create a template',
    fields: {
      name: { placeholder: 'Branch office defaults' },
      timezone: { placeholder: 'Europe/Paris' },
      ntp_server: { placeholder: 'ntp.example.com' },
    },
    submitLabel: 'Create template',
    success: ({ name }) => `Template ${name} created.`,
    refused: 'The template was not created',
  }),
});
