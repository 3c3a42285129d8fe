import { systemOps } from '../api/applianceSystem';
import { FACTORY_RESET_WORD } from '../../schemas/areas/applianceSystem';
import { collectionSummary, dateTimeText, defineCollection } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceWrite } from './common';

/** The row that stands for the appliance itself: restart, shutdown, reset and its log act on it. */
const APPLIANCE_ROW = 'Appliance software';
const onAppliance = { field: 'name', equals: [APPLIANCE_ROW] } as const;

/** "3 days 4 hours", "5 minutes": how long the appliance has run. */
export function uptimeText(seconds: number): string {
  const parts: [number, string][] = [
    [Math.floor(seconds / 86_400), 'day'],
    [Math.floor((seconds % 86_400) / 3600), 'hour'],
    [Math.floor((seconds % 3600) / 60), 'minute'],
  ];
  const shown = parts.filter(([n]) => n > 0).slice(0, 2);
  if (shown.length === 0) return 'less than a minute';
  return shown.map(([n, unit]) => `${n} ${unit}${n === 1 ? '' : 's'}`).join(' ');
}

export const applianceAbout = defineCollection({
  id: 'appliance.about',
  title: 'About',
  description:
    'What this appliance runs: its host name, serial number, licence, how long it has run and the version of each part. ' +
    'From the appliance’s row: download its local log, restart it or shut it down (it stops serving users until it is ' +
    'back, and everyone signs in again), or reset every setting to its factory value.',
  route: '/settings/about',
  nav: applianceNav(96),
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  operations: { list: systemOps.about },
  items: 'components',
  itemKey: 'name',
  columns: [
    { field: 'name', flex: 2 },
    { field: 'version', flex: 1 },
  ],
  summary: collectionSummary(systemOps.about, {
    label: 'appliance details',
    line: (a) =>
      `${a.hostname}, serial number ${a.serial}. Version ${a.version}, running for ${uptimeText(a.uptime_seconds)} ` +
      `(since ${dateTimeText(a.started_at)}). Licence: ${a.license.state === 'valid' ? `valid, ending in ${a.license.ends_with}` : 'none installed'}.`,
  }),
  rowActions: (action) => [
    action(systemOps.logs, {
      id: 'logs',
      label: 'Download the local log',
      singleton: true,
      when: onAppliance,
      download: { file: true, fileName: () => 'appliance-log.txt' },
    }),
    action(systemOps.reboot, {
      id: 'reboot',
      label: 'Restart',
      singleton: true,
      when: onAppliance,
      confirm: () => 'Restart the appliance? It stops serving users for a few seconds, and everyone signs in again.',
      success: () => 'The appliance is restarting.',
    }),
    action(systemOps.shutdown, {
      id: 'shutdown',
      label: 'Shut down',
      singleton: true,
      when: onAppliance,
      confirm: () => 'Shut the appliance down? It stops serving users until it is powered on again.',
      success: () => 'The appliance is shutting down.',
    }),
    action(systemOps.factoryReset, {
      id: 'reset',
      label: 'Reset to factory settings…',
      singleton: true,
      when: onAppliance,
      form: {
        intro: () =>
          'Every appliance setting, CA certificate and job returns to its factory state, and the appliance restarts. ' +
          'Accounts and the licence stay. This cannot be undone.',
        fields: { confirm: { placeholder: FACTORY_RESET_WORD } },
        submitLabel: 'Reset and restart',
      },
      success: () => 'The settings are reset; the appliance is restarting.',
    }),
  ],
});
