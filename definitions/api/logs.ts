/**
 * Log calls (spec 000 §7 logs, 001 §7 logs and policy access): one GET and one paging POST per log kind, the category
 * lists that label log values, and the sandbox report of a file.
 *
 * Access: the log kinds are the sub-areas of `logs` (spec 000 §6), written as the permission's item segment:
 * reading kind k needs `logs:read:k`. The role area `logs` grants `logs:read`, which matches every kind; a role
 * limited to some kinds denies the others with `logs:read:<kind>` (deny beats allow), and an explicit grant of
 * `logs:read:<kind>` opens that kind alone.
 */
import { z } from 'zod';
import {
  CATEGORY_LIST_LABELS,
  CategoryList,
  type CategoryListName,
  LOG_EVENT_SCHEMAS,
  LOG_TYPES,
  LOG_TYPE_LABELS,
  LogPagingBody,
  SandboxReportParams,
  logQuerySchema,
  logResultSchema,
  type LogType,
} from '../../schemas/logs';
import { defineOperation, idSegment, type OperationDef } from '../operation';

const tag = 'logs';

/** The permission that reads one log kind. */
export const logReadPermission = <const T extends LogType>(type: T) => `logs:read:${type}` as const;

const PAGING =
  'Events newest first. The answer’s paginate.pagingIdentifiers, POSTed to the same path with the same query, gives ' +
  'the next page; last_iteration is true on the last one. Send start and end to page a fixed range. Filter rules ' +
  '(spec 000 §5): empty values are dropped, "all" means no filter, values joined by + or , (or repeated parameters) ' +
  'match any of them. Exclusions, this product’s extension (not in the specification): each filter parameter p also ' +
  'has not_p, with the same values and rules, which leaves out the events whose field is any of its values (a list ' +
  'field such as cats: holds any of them); events without the field are kept; with p and not_p both given, an event ' +
  'must match p and not not_p. Reports take no exclusion.';

/** The two operations of one log kind: its first page (`query`) and the next pages (`next`). */
function logKindOperations(type: LogType) {
  const label = LOG_TYPE_LABELS[type];
  const common = {
    path: `/api/rep/v1/query/${type}`,
    query: logQuerySchema(type),
    response: logResultSchema(LOG_EVENT_SCHEMAS[type]),
    access: { any: [logReadPermission(type)] },
    tag,
  } as const;
  return {
    query: defineOperation({ ...common, id: `logs.${idSegment(type)}.query`, method: 'GET', summary: `${label} log events: first page`, description: PAGING }),
    next: defineOperation({
      ...common,
      id: `logs.${idSegment(type)}.next`,
      method: 'POST',
      summary: `${label} log events: next page`,
      description: PAGING,
      body: LogPagingBody,
    }),
  } as const;
}
/** The operations of a log kind, typed alike for every kind. */
export type LogKindOps = ReturnType<typeof logKindOperations>;

/** The operations of each log kind, by kind: what the log views call and server/modules/logs.ts implements. */
export const logKindOps = Object.fromEntries(LOG_TYPES.map((type) => [type, logKindOperations(type)])) as Readonly<Record<LogType, LogKindOps>>;

/**
 * One operation per category list, at its own path (`GET /api/policy/v1/cats`, `cats_v2`, `webroot_cats`,
 * `country_codes`): a name the documents do not list is not a route and answers 404.
 */
function categoryListOperation<const N extends CategoryListName>(name: N) {
  return defineOperation({
    id: `logs.categories.${idSegment(name)}`,
    method: 'GET',
    path: `/api/policy/v1/${name}`,
    summary: `${CATEGORY_LIST_LABELS[name]}: a list that labels log values; Private Access is left out`,
    response: CategoryList,
    access: { any: ['logs:read', 'dashboard:read', 'reports:read', 'web_policy:read', 'casb_policy:read', 'content_inspection:read', 'private_access:read'] },
    tag,
  });
}

/** The category-list operations, by list name: what log views call and server/modules/logs.ts implements. */
export const categoryListOps = {
  cats: {
    ...categoryListOperation('cats'),
    apiOnly: { reason: 'integration', why: 'The first category list, for integrations; the portal labels categories with cats_v2, which holds the same categories.' },
  },
  cats_v2: categoryListOperation('cats_v2'),
  webroot_cats: categoryListOperation('webroot_cats'),
  country_codes: categoryListOperation('country_codes'),
} as const satisfies Readonly<Record<CategoryListName, OperationDef>>;

export const sandboxReport = defineOperation({
  id: 'logs.sandboxReport',
  method: 'GET',
  path: '/api/rep/v1/fileserver/report/{sha256}/SophosSandboxPlugin/{file_id}',
  summary: 'Download the sandbox report of a file seen in the web or email logs (JSON file)',
  params: SandboxReportParams,
  response: z.string(),
  responseKind: 'binary',
  access: { any: [logReadPermission('web'), logReadPermission('email')] },
  tag,
});

/** The group server/modules/logs.ts implements besides the log kinds. */
export const logOps = { sandboxReport } as const;

export const logOperations: readonly OperationDef[] = [...LOG_TYPES.flatMap((t) => Object.values(logKindOps[t])), ...Object.values(categoryListOps), ...Object.values(logOps)];
