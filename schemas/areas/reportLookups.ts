/**
 * Reporting calls used by editing screens (spec 002 §7): what the file server knows of files by hash
 * (`POST /api/rep/v1/fileserver/restapi`), requests per discovered SaaS application
 * (`casb_request_count_by_application_discovery`) and the directory groups seen in traffic (`groups`, with
 * `result_type=count` for the total alone). The spec names the calls only; the shapes are this build's design.
 */
import { z } from 'zod';
import { AvScanResult } from '../logEnums';
import { REPORT_INTERVALS, ReportInterval, type ReportIntervalName } from '../reports';
import { labelledEnum } from '../enums';
import { LOG_INTERVALS } from '../logEnums';
import { CasbProfileTypeChoice } from './casb';
import { Sha256 } from './ruleConditions';

/** Hashes asked about at once (an inspection exception's list is edited a few at a time). */
export const FILE_LOOKUP_MAX = 50;

export const FileLookupBody = z
  .strictObject({
    sha256: z
      .array(Sha256)
      .min(1, { message: 'Give at least one SHA-256 hash.' })
      .max(FILE_LOOKUP_MAX, { message: `Ask about at most ${FILE_LOOKUP_MAX} hashes at a time.` })
      .meta({ title: 'File hashes (SHA-256)' }),
  })
  .meta({ title: 'File lookup' });

export const KnownFile = z.object({
  sha256: z.string().meta({ title: 'SHA-256' }),
  file_name: z.string().meta({ title: 'File name', description: 'As last seen' }),
  file_type: z.string().meta({ title: 'Type' }),
  file_size: z.number().int().meta({ title: 'Size (bytes)' }),
  verdict: AvScanResult.meta({ title: 'Verdict', description: 'The scan result of its last sighting' }),
  sightings: z.number().int().meta({ title: 'Seen', description: 'Transfers of the file in the last 30 days' }),
  last_seen: z.iso.datetime().meta({ title: 'Last seen' }),
});

export const FileLookupAnswer = z
  .object({
    files: z.array(KnownFile).meta({ title: 'Known files' }),
    not_seen: z.array(z.string()).meta({ title: 'Not seen', description: 'Hashes of files no transfer of the last 30 days carried' }),
  })
  .meta({ title: 'Files by hash' });

export const AppRequestCountQuery = z.strictObject({
  interval: ReportInterval.default('30d').meta({ title: 'Interval', description: 'The requests counted end now' }),
  limit: z.coerce.number().int().min(1).max(500).default(100).meta({ description: 'At most this many applications, most requested first' }),
});

export const AppRequestCount = z.object({
  id: z.string().meta({ title: 'Id', description: 'The application\'s id for app_rep_insights' }),
  name: z.string().meta({ title: 'Application' }),
  category: z.string().meta({ title: 'Category' }),
  profile_type: CasbProfileTypeChoice,
  requests: z.number().int().meta({ title: 'Requests' }),
  users: z.number().int().meta({ title: 'Users' }),
});

export const AppRequestCounts = z
  .object({
    applications: z.array(AppRequestCount),
    total: z.number().int().meta({ title: 'Requests to SaaS applications', description: 'Over every discovered application, not only those listed' }),
    interval: ReportInterval,
  })
  .meta({ title: 'Requests by discovered application' });

/** The report intervals by the names the log screens give them (Last 7 days, ...). */
const GroupsPeriod = labelledEnum(
  Object.keys(REPORT_INTERVALS) as [ReportIntervalName, ...ReportIntervalName[]],
  Object.fromEntries(Object.keys(REPORT_INTERVALS).map((k) => [k, LOG_INTERVALS[k as ReportIntervalName].label])) as Record<ReportIntervalName, string>,
  { title: 'Period', description: 'The period the traffic is counted over; the last 7 days unless another is chosen' },
);

export const GroupsQuery = z.strictObject({
  interval: GroupsPeriod.default('7d'),
  result_type: z.enum(['list', 'count']).default('list').meta({ description: '`count` answers the number of groups alone (`total`), without the list' }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const GroupsAnswer = z
  .object({
    total: z.number().int().meta({ title: 'Groups', description: 'Directory groups with traffic in the interval' }),
    groups: z
      .array(z.object({ name: z.string().meta({ title: 'Group' }), requests: z.number().int().meta({ title: 'Requests' }), users: z.number().int().meta({ title: 'Users' }) }))
      .optional()
      .meta({ description: 'Absent when result_type is count' }),
  })
  .meta({ title: 'Groups in traffic' });
