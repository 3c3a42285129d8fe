import { DEFAULT_LOG_INTERVAL, LOG_INTERVALS, type LogIntervalName } from '../../schemas/logEnums';
import { groupsReport } from '../api/reportLookups';
import { collectionSummary, defineCollection } from '../define';

/** "in the last 7 days", or the period's name where it is not a "last ..." one. */
const periodPhrase = (interval: string | undefined) => {
  const label = LOG_INTERVALS[(interval ?? DEFAULT_LOG_INTERVAL) as LogIntervalName]?.label ?? interval ?? '';
  return label.startsWith('Last ') ? `in the ${label.toLowerCase()}` : `(${label.toLowerCase()})`;
};

// Design note: the spec names the call (groups, result_type=count for the total) among the reporting calls editing
// screens use, but no screen of its own. Rules name directory groups (private access rules, web and DLP rules); this
// read-only screen shows which groups actually had traffic, so an administrator sees whether a group a rule names is
// in use and how widely.
export const directoryGroups = defineCollection({
  id: 'dashboard.directory-groups',
  title: 'Directory Groups',
  description:
    'The directory groups whose users browsed through the service in the last 7 days (or the period chosen), most active first, with their ' +
    'requests and how many of their users were active. A group no user of it was active in is not listed.',
  route: '/dashboard/groups',
  nav: { label: 'Directory Groups', order: 45 },
  read: { any: ['dashboard:read', 'reports:read'] },
  env: groupsReport.env,
  operations: { list: groupsReport },
  items: 'groups',
  itemKey: 'name',
  columns: [
    { field: 'name', label: 'Group', flex: 1, sortable: true },
    { field: 'requests', format: 'count', sortable: true },
    { field: 'users', label: 'Active users', format: 'count', sortable: true },
  ],
  filters: ['interval'],
  // The table lists the most active groups; the count covers every group with traffic in the period.
  summary: collectionSummary(groupsReport, {
    query: { result_type: 'count' },
    label: 'number of groups',
    line: ({ total }, { interval }) =>
      `${total.toLocaleString('en-US')} directory ${total === 1 ? 'group' : 'groups'} with web traffic ${periodPhrase(interval)}`,
  }),
  emptyText: 'No directory group had web traffic in this period.',
});
