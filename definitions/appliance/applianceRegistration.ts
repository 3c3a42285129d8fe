import { STATION_PORT, type StationRegistration } from '../../schemas/areas/applianceManager';
import { stationOps } from '../api/appliance';
import { actionForm, defineFormScreen, initialFrom } from '../define';
import { applianceNav, applianceRead, applianceWrite, managedApplianceEnv } from './common';

/** Where the registration stands, in the administrator's words. */
function standing(r: StationRegistration): string {
  const when = r.requested_at ? new Date(r.requested_at).toLocaleString() : '';
  switch (r.status) {
    case 'unregistered':
      return 'This appliance is not managed by a management station.';
    case 'waiting':
      return (
        `Registered with ${r.station} as ${r.name} on ${when}: waiting for the station’s administrator to approve it.` +
        (r.reason ? ` The last approval did not succeed: ${r.reason}` : '')
      );
    case 'managed':
      return `Managed by ${r.station} as ${r.name}, in the group ${r.group}.`;
    case 'turned_down':
      return `${r.station} turned down the registration of ${r.name} made on ${when}. You can register again.`;
  }
}

export const applianceRegistration = defineFormScreen({
  id: 'appliance.registration',
  title: 'Management Station',
  description:
    'Registers this appliance with the management station that is to manage it: its updates, restarts, settings ' +
    `templates and certificates. The appliance contacts the station on port ${STATION_PORT}; the station lists it ` +
    'until its administrator approves it into a group or turns it down.',
  route: '/settings/management-station',
  nav: applianceNav(94),
  read: applianceRead,
  write: applianceWrite,
  env: managedApplianceEnv,
  form: actionForm(stationOps.registerWithStation, {
    fields: {
      station: { placeholder: 'manager.example.com' },
      name: { placeholder: 'branch-nantes' },
    },
    initial: initialFrom(stationOps.stationRegistration, {
      values: (r) => ({ station: r.station ?? '', name: r.name }),
      intro: standing,
      // A managed appliance stays with its station: there is nothing to register.
      offered: (r) => r.status !== 'managed',
    }),
    submitLabel: 'Register',
    success: ({ station }) => `Registered with ${String(station)}: waiting for its administrator’s approval.`,
    refused: 'Not registered',
  }),
});
