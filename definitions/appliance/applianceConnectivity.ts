import { connectivityOps } from '../api/appliance';
import { actionForm, defineCollection } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceWrite } from './common';

export const applianceConnectivity = defineCollection({
  id: 'appliance.connectivity',
  title: 'Connectivity',
  description:
    'Checks that this appliance reaches the servers its settings name: the default gateway, DNS and NTP servers, the ' +
    'SMTP relay, enabled syslog servers and the update server, each tried on its port. "Check from this browser" ' +
    'instead tries, from your computer, the isolation services users’ browsers must reach. The table shows the newest ' +
    'check with the time each server took to answer.',
  route: '/settings/connectivity',
  nav: applianceNav(95),
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  operations: { list: connectivityOps.connectivityResults },
  items: 'results',
  itemKey: 'id',
  columns: [
    { field: 'purpose', label: 'Used for', minWidth: 210, sortable: true },
    { field: 'host', label: 'Server', flex: 2, minWidth: 230, sortable: true },
    { field: 'port', maxWidth: 90 },
    { field: 'status', label: 'Result', format: 'enumLabel', colors: { ok: 'teal', failed: 'red' }, minWidth: 150, sortable: true },
    { field: 'time_ms', label: 'Time (ms)', maxWidth: 120, sortable: true },
    { field: 'error', flex: 2, minWidth: 220, truncate: false },
    { field: 'checked_at', label: 'Checked', format: 'datetime', secondary: true },
  ],
  emptyText: 'No check has run yet. Run one to see which servers this appliance reaches.',
  browserCheck: {
    label: 'Check from this browser',
    signIn: connectivityOps.isolationSignIn,
    sites: connectivityOps.connectivitySites,
    results: connectivityOps.connectivityPostResults,
    done: (answered, total) => (answered === total ? `All ${total} services answered this browser.` : `${answered} of ${total} services answered this browser.`),
  },
  form: actionForm(connectivityOps.connectivityCheck, {
    title: 'Check connectivity',
    submitLabel: 'Run check',
    job: true,
    success: () => 'Every server answered.',
    refused: 'Some servers did not answer',
  }),
});
