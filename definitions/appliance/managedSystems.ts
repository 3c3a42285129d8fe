import { managerOps } from '../api/appliance';
import { choicesFrom, collectionSummary, dateTimeText, defineCollection } from '../define';
import { managerEnv, managerRead, managerWrite } from './common';

/** A restart "in an hour", in seconds. */
const HOUR_S = 3600;

export const managedSystems = defineCollection({
  id: 'appliance.managed-systems',
  title: 'Managed Appliances',
  description:
    'The appliances this management station manages, with their group, version, status and last contact. Update an ' +
    'appliance (optionally in maintenance mode, which stops it serving users until the update has installed), ' +
    'roll it back to the version it ran before its last update, restart it now or in an hour (it is offline for a ' +
    'few seconds), or put it into maintenance mode.',
  route: '/settings/managed-appliances',
  nav: { group: 'Appliance manager', order: 10 },
  read: managerRead,
  write: managerWrite,
  env: managerEnv,
  operations: { list: managerOps.listSystems },
  items: 'systems',
  itemKey: 'id',
  summary: collectionSummary(managerOps.stationStatus, {
    label: 'management station status',
    line: (s) =>
      `This station: ${s.hostname}, version ${s.version}, running since ${dateTimeText(s.started_at)}. ${s.appliances} appliances: ` +
      `${s.online} online, ${s.offline} offline or unreachable, ${s.updating} updating; ${s.pending_registrations} registration requests waiting.`,
  }),
  emptyText: 'No appliance is managed yet. An appliance appears here once its registration request is approved.',
  columns: [
    // Wide enough for the longest seeded name with its address: names differ only at their end (hq-isolation-01, -02).
    { field: 'name', label: 'Appliance', flex: 2, minWidth: 230, sortable: true, detail: { field: 'address' } },
    { field: 'group', maxWidth: 180, sortable: true },
    { field: 'version', maxWidth: 150, detail: { field: 'pending_version', label: '→' } },
    {
      field: 'status',
      format: 'enumLabel',
      colors: { online: 'teal', offline: 'orange', maintenance: 'blue', unreachable: 'red' },
      detail: { field: 'restart_at', label: 'restart at', format: 'time' },
      minWidth: 200,
      sortable: true,
    },
    { field: 'template', label: 'Template', maxWidth: 200, whenEmpty: 'None', secondary: true },
    { field: 'last_contact', label: 'Last contact', format: 'datetime', sortable: true },
  ],
  // Restarts and updates change the status on their own: the list is read again until they are over.
  refreshWhile: [
    { field: 'status', equals: ['offline'] },
    { field: 'pending_version', present: true },
  ],
  rowActions: (action) => [
    action(managerOps.installUpdate, {
      id: 'update',
      label: 'Update…',
      form: {
        intro: (s) => `Installed version: ${s.version}`,
        choices: { version: choicesFrom(managerOps.checkUpdate, 'available', 'version', 'description') },
        fields: {
          version: { label: 'Version to install' },
          enter_maintenance_mode: { label: 'Enter maintenance mode while the update installs', widget: 'checkbox' },
        },
        submitLabel: 'Install',
      },
      job: true,
      success: (s, { version }) => `${s.name} now runs ${version}.`,
    }),
    action(managerOps.rollback, {
      id: 'rollback',
      label: 'Roll back…',
      form: {
        intro: (s) => `Installed version: ${s.version}`,
        choices: { slot_id: choicesFrom(managerOps.rollbackSlots, 'slots', 'slot_id', 'description') },
        fields: {
          slot_id: { label: 'Version to go back to' },
          enter_maintenance_mode: { label: 'Enter maintenance mode while it rolls back', widget: 'checkbox' },
        },
        submitLabel: 'Roll back',
      },
      when: { field: 'previous_version', present: true },
      job: true,
      success: (s) => `${s.name} now runs ${s.previous_version}.`,
    }),
    action(managerOps.restartSystem, {
      id: 'restart-now',
      label: 'Restart now',
      body: { delay_seconds: 0 },
      // It stops serving at once: asked first, as a deletion is.
      confirm: (s) => `${s.name} restarts now and is offline for a few seconds; users it serves lose their connections meanwhile.`,
      job: true,
      success: (s) => `${s.name} has restarted.`,
    }),
    action(managerOps.restartSystem, { id: 'restart-later', label: 'Restart in an hour', body: { delay_seconds: HOUR_S }, job: true, success: (s) => `${s.name} has restarted.` }),
    action(managerOps.setMaintenance, {
      id: 'maintenance-on',
      label: 'Enter maintenance mode',
      body: { enable: true },
      when: { field: 'maintenance', equals: [false] },
      success: (s) => `${s.name} is in maintenance mode.`,
    }),
    action(managerOps.setMaintenance, {
      id: 'maintenance-off',
      label: 'End maintenance mode',
      body: { enable: false },
      when: { field: 'maintenance', equals: [true] },
      success: (s) => `${s.name} is out of maintenance mode.`,
    }),
  ],
});
