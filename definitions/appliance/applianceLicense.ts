import { defineCoreScreen } from '../define';
import { LICENSE_VIEW, applianceEnv, applianceNav, applianceRead, applianceWrite } from './common';

export const applianceLicense = defineCoreScreen({
  id: 'appliance.license',
  title: 'Licence',
  description:
    'Install the licence string you received. The licence server checks it in a job that takes a few seconds; the ' +
    'licence is installed only when the check reports it valid, otherwise the reason is shown. The check gives up ' +
    'after 60 seconds.',
  route: '/settings/license',
  nav: applianceNav(90),
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  view: LICENSE_VIEW,
});
