import { defineCoreScreen } from '../define';
import { MANAGED_SYSTEMS_VIEW, managerEnv, managerRead, managerWrite } from './common';

export const managedSystems = defineCoreScreen({
  id: 'appliance.managed-systems',
  title: 'Managed Appliances',
  description:
    'The appliances this management station manages, with their group, version, status and last contact. Update an ' +
    'appliance (optionally in maintenance mode, which stops it serving users until the update has installed), ' +
    'restart it now or in an hour (it is offline for a few seconds), or put it into maintenance mode.',
  route: '/settings/managed-appliances',
  nav: { group: 'Appliance manager', order: 10 },
  read: managerRead,
  write: managerWrite,
  env: managerEnv,
  view: MANAGED_SYSTEMS_VIEW,
});
