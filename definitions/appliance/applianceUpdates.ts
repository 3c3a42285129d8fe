import { systemOps } from '../api/applianceSystem';
import { actionForm, collectionSummary, dateTimeText, defineCollection } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceWrite } from './common';

export const applianceUpdates = defineCollection({
  id: 'appliance.updates',
  title: 'Software Updates',
  description:
    'The versions of the appliance software the update server offers. Check for updates, then install a newer version: ' +
    'both run as jobs you can follow from the header. Once a version has installed the appliance restarts, stops ' +
    'serving users for a few seconds, and everyone signs in again.',
  route: '/settings/updates',
  nav: applianceNav(97),
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  operations: { list: systemOps.updates },
  items: 'updates',
  itemKey: 'version',
  columns: [
    { field: 'version', sortable: true, minWidth: 110 },
    { field: 'state', format: 'enumLabel', colors: { installed: 'teal', available: 'blue', older: 'gray' }, minWidth: 120 },
    { field: 'released_at', label: 'Released', minWidth: 120 },
    { field: 'notes', flex: 3 },
  ],
  emptyText: 'No check for updates yet: check for updates to see the versions offered.',
  summary: collectionSummary(systemOps.updates, {
    label: 'installed version',
    line: (a) => `Version ${a.current_version} is installed. ${a.checked_at ? `Last checked ${dateTimeText(a.checked_at)}.` : 'Never checked for updates.'}`,
  }),
  rowActions: (action) => [
    action(systemOps.installUpdate, {
      id: 'install',
      label: 'Install',
      body: (u) => ({ version: u.version }),
      when: { field: 'state', equals: ['available'] },
      confirm: (u) => `Install version ${u.version}? The appliance restarts once it has installed, and everyone signs in again.`,
      job: true,
      success: (u) => `Version ${u.version} is installed; the appliance is restarting.`,
    }),
  ],
  form: actionForm(systemOps.checkUpdate, {
    title: 'Check for updates',
    submitLabel: 'Check for updates',
    job: true,
    success: () => 'A newer version is available: install it from its row.',
    refused: 'No update',
  }),
});
