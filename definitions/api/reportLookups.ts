/**
 * Reporting calls used by editing screens (spec 002 §7): what the file server knows of files by hash (shown under the
 * hashes of an inspection exception), requests per discovered SaaS application (the Discovered Applications screen)
 * and the directory groups seen in traffic. They read the tenant's events; none changes anything.
 */
import { AppRequestCountQuery, AppRequestCounts, FileLookupAnswer, FileLookupBody, GroupsAnswer, GroupsQuery } from '../../schemas/areas/reportLookups';
import { choicesFrom, defineOperation } from '../define';

const tag = 'reports';
const env = [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], appModes: ['management_station'] }] as const;

export const fileLookup = defineOperation({
  id: 'reportLookups.files',
  method: 'POST',
  path: '/api/rep/v1/fileserver/restapi',
  summary: 'What the file server knows of files by SHA-256 hash: name, type, size, verdict and sightings of the last 30 days',
  description:
    'Shown under the file hashes of an inspection exception while they are typed, so an administrator sees which file a ' +
    'hash stands for before marking it clean or infected. A POST because a list of hashes is sent; nothing is stored. ' +
    'A hash no transfer carried is listed in `not_seen`.',
  body: FileLookupBody,
  response: FileLookupAnswer,
  access: { any: ['web_policy:read', 'content_inspection:read', 'logs:read'] },
  env,
  tag,
});

export const appRequestCounts = defineOperation({
  id: 'reportLookups.appRequestCounts',
  method: 'GET',
  path: '/api/rep/v1/query/casb_request_count_by_application_discovery',
  summary: 'Requests and users per discovered SaaS application over the interval, most requested first',
  description:
    'Read from the hourly and daily report rollups (top applications and their users). `id` names the application for ' +
    '`/api/policy/v3/casb/app_rep_insights/{id}`. The Discovered Applications screen lists this answer.',
  query: AppRequestCountQuery,
  response: AppRequestCounts,
  access: { any: ['casb_policy:read', 'dashboard:read', 'reports:read'] },
  env,
  feature: 'casb',
  tag,
});

export const groupsReport = defineOperation({
  id: 'reportLookups.groups',
  method: 'GET',
  path: '/api/rep/v1/query/groups',
  summary: 'The directory groups with web traffic in the interval, with their requests and users; `result_type=count` for the total only',
  description:
    'Suggested where rules name directory groups (the groups of private access rules), most active first, with their ' +
    'traffic. Read from the hourly and daily report rollups (the reports top_groups and group_users), like every report. ' +
    '`result_type=count` answers `total` alone, for a count without the list.',
  query: GroupsQuery,
  response: GroupsAnswer,
  access: { any: ['web_policy:read', 'dlp_policy:read', 'casb_policy:read', 'private_access:read', 'dashboard:read', 'reports:read'] },
  env,
  tag,
});

/** The group server/modules/reportLookups.ts implements. */
export const reportLookupOps = { fileLookup, appRequestCounts, groupsReport } as const;

/** Suggestions of SaaS application names where rules name them: the discovered applications, with their traffic. */
export const discoveredAppChoices = choicesFrom(
  appRequestCounts,
  'applications',
  'name',
  'name',
  { detail: (a) => `${a.requests.toLocaleString('en-US')} requests by ${a.users.toLocaleString('en-US')} users in the last 30 days` },
);

/** Suggestions of directory group names where rules name groups: the groups with traffic, most active first. */
export const groupChoices = choicesFrom(
  groupsReport,
  'groups',
  'name',
  'name',
  { detail: (g) => `${g.requests.toLocaleString('en-US')} requests by ${g.users.toLocaleString('en-US')} users in the last 7 days` },
);
