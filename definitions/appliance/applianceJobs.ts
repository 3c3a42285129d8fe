import { defineCoreScreen } from '../define';
import { JOBS_ROUTE, JOBS_VIEW, applianceEnv, applianceNav, applianceRead, applianceWrite } from './common';

export const applianceJobs = defineCoreScreen({
  id: 'appliance.jobs',
  title: 'Jobs',
  description:
    'Long actions of this appliance (licence checks, updates, restarts) with their progress. A queued or running ' +
    'job can be cancelled; ended jobs older than a day can be removed from the list.',
  route: JOBS_ROUTE,
  nav: applianceNav(100),
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  view: JOBS_VIEW,
});
