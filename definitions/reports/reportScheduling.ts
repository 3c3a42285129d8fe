/** Report scheduling (spec 000 §7 reports): scheduled reports, an instant run, and past reports to download. */
import { REPORT_READ, REPORT_WRITE } from '../api/reports';
import { defineCoreScreen } from '../define';

/** The engine view that renders this screen. */
export const REPORT_SCHEDULING_VIEW = 'reports.scheduling';

export const reportScheduling = defineCoreScreen({
  id: 'dashboard.reports',
  title: 'Reports',
  description:
    'Reports sent on a schedule to the recipients you name, reports run now, and every report run so far to download as CSV.',
  route: '/dashboard/reports',
  nav: { label: 'Reports', order: 20 },
  read: REPORT_READ,
  write: REPORT_WRITE,
  feature: 'reports',
  view: REPORT_SCHEDULING_VIEW,
});
