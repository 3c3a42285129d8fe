/**
 * The data of a collection screen, as `useDocumentController` is for a document screen: the list (read again every
 * few seconds while something is under way), an item with the JSON Schema of its settings, and the calls that change
 * them (create, save an item's settings, delete several, row actions and the screen's form, which may start a job
 * followed with the core poller). Every call goes through the operations the definition names; the view only
 * renders what this answers.
 */
import { recordOf } from '../../core/call';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { CollectionDef, JobFollow, OperationDef, RowCondition } from '../../../definitions/define';
import { bodyObjectOf } from '../../../definitions/schemaPaths';
import { JOB_POLL_MS } from '../../../schemas/constants';
import { RevisionStamp } from '../../../schemas/policy';
import { isApiError, type CallInput } from '../../core/http';
import { announceJobStarted, pollJob } from '../../core/jobs';
import { useApi, useCall, useEngine } from '../shell/EngineContext';
import type { RowKey } from '../widgets/table/selection';

export type CollectionItem = Readonly<Record<string, unknown>>;

/** How long a started job is followed when the definition does not say (jobs end within seconds). */
export const JOB_FOLLOW_MS = 120_000;

/** Whether a row meets a condition of the definition. */
export function meets(row: CollectionItem, condition: RowCondition): boolean {
  const value = row[condition.field];
  if ('equals' in condition) return condition.equals.some((v) => v === value);
  return (value !== undefined && value !== null && value !== '') === condition.present;
}

/** The text that says why a call or its job did not succeed: the first field error when the server named one. */
export function reasonOf(e: unknown): string {
  if (isApiError(e) && e.fieldErrors[0]) return e.fieldErrors[0].message;
  return e instanceof Error ? e.message : String(e);
}

/** The item parameter of a collection's item operations (`{ id }` unless the definition names another). */
/** The path parameter naming an item: the action's own `param`, else the screen's `itemParam`, else `id`. */
export const itemParams = (screen: CollectionDef, key: unknown, param?: string): Record<string, string> => ({ [param ?? screen.itemParam ?? 'id']: String(key) });

/** A form's values split into the operation's path parameters and its body. */
export function callInputOf(op: OperationDef, values: Readonly<Record<string, unknown>>): CallInput {
  const paramNames = new Set(Object.keys(op.params?.shape ?? {}));
  const params = Object.fromEntries(Object.entries(values).filter(([k]) => paramNames.has(k))) as Record<string, string>;
  const body = Object.fromEntries(Object.entries(values).filter(([k]) => !paramNames.has(k)));
  return { ...(paramNames.size > 0 && { params }), ...(op.body && { body }) };
}

/**
 * Calls an action's operation; when the action follows a job, waits for the job with the core poller (the header's
 * jobs indicator is told at once) and answers the finished job, or rejects with the job's reason. `following` counts
 * the jobs being followed. A job is followed to its end even when the screen is left, so its notice still comes.
 */
export function useActionRunner(onStarted?: () => void) {
  const call = useCall();
  const api = useApi();
  const [following, setFollowing] = useState(0);
  const run = useCallback(
    async (op: OperationDef, input: CallInput, job: JobFollow | undefined): Promise<unknown> => {
      if (!job) return call(op, input);
      setFollowing((n) => n + 1);
      try {
        const { job_id } = recordOf(await call(op, input));
        if (typeof job_id !== 'string') throw new Error('The job could not be followed: no job id was answered.');
        announceJobStarted(job_id);
        onStarted?.();
        const { kind, timeoutMs = JOB_FOLLOW_MS } = job === true ? {} : job;
        // The polls are the page's own, not the administrator's activity (they must not keep an idle session alive).
        return await pollJob(() => api.jobsGet({ params: { id: job_id } }, { background: true }), { timeoutMs, kind });
      } finally {
        setFollowing((n) => n - 1);
      }
    },
    [call, api, onStarted],
  );
  return { run, following: following > 0 };
}

/**
 * What a collection's calls are made with besides an item: the path parameter of its scope (the tenant whose users
 * are listed) and the list's filters, both from the route's query.
 */
export interface CollectionContext {
  readonly scope: Readonly<Record<string, string>>;
  readonly filters: Readonly<Record<string, string>>;
}
const NO_CONTEXT: CollectionContext = { scope: {}, filters: {} };

/** The list of a collection and its calls; each refreshes the list when it succeeds. */
export function useCollectionController(screen: CollectionDef, context: CollectionContext = NO_CONTEXT) {
  const { revision } = useEngine();
  const call = useCall();
  const queryClient = useQueryClient();
  const { scope, filters } = context;
  const scoped = screen.scope === undefined || scope[screen.scope.param] !== undefined;
  const listKey = useMemo(() => ['collection', screen.id, scope, filters], [screen.id, scope, filters]);
  const { list: listOp, create, batchDelete } = screen.operations;
  // Every list of the screen (other scopes and filters too): an action may change what they show.
  // The choices of its forms too: a change may change what they offer (an imported user whose password is then set).
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['collection', screen.id] });
    void queryClient.invalidateQueries({ queryKey: ['collection-choices'] });
  }, [queryClient, screen.id]);
  const { run, following } = useActionRunner(refresh);
  const list = useQuery<Record<string, unknown>>({
    queryKey: listKey,
    enabled: listOp !== undefined && scoped,
    // A new search keeps the rows it narrows on screen until its answer arrives.
    placeholderData: (previous: Record<string, unknown> | undefined) => previous,
    queryFn: async ({ signal }) => {
      // A list read at a revision (`{rev}` in its path, e.g. a list derived from policy documents) reads the staged one.
      const staged = listOp!.path.includes('{rev}');
      if (staged) await revision.ensure();
      const params = { ...(screen.scope && scope), ...(staged && revision.bindRevision()) };
      const input = { ...(Object.keys(params).length > 0 && { params }), ...(Object.keys(filters).length > 0 && { query: filters }) };
      if (!screen.absentAsEmpty) return recordOf(await call(listOp!, input, { signal }));
      try {
        return recordOf(await call(listOp!, input, { signal, skip403Snackbar: true }));
      } catch (e) {
        if (isApiError(e) && (e.status === 404 || e.status === 403)) return {};
        throw e;
      }
    },
    refetchInterval: (query) => {
      const rows = (query.state.data?.[screen.items ?? ''] ?? []) as CollectionItem[];
      const busy = following || rows.some((row) => (screen.refreshWhile ?? []).some((c) => meets(row, c)));
      return busy ? JOB_POLL_MS : false;
    },
  });
  return {
    list,
    items: (list.data?.[screen.items ?? ''] ?? []) as CollectionItem[],
    refresh,
    /**
     * Runs an operation (following its job when asked), then refreshes the list whether it succeeded or not. A call at
     * a revision (`{rev}` in its path) is made at the staged one, and a change it stages is the header's too.
     */
    run: useCallback(
      async (op: OperationDef, input: CallInput, job: JobFollow | undefined) => {
        try {
          if (!op.path.includes('{rev}')) return await run(op, input, job);
          await revision.ensure();
          const answer = await run(op, { ...input, params: revision.bindRevision(input.params) }, job);
          const stamp = RevisionStamp.safeParse(answer);
          if (op.revision === 'staged' && stamp.success) revision.afterSave(stamp.data);
          return answer;
        } finally {
          if (listOp) refresh();
        }
      },
      [run, refresh, listOp, revision],
    ),
    /** Creates an item from the create form's values, with empty settings. */
    create: create
      ? async (values: Record<string, unknown>) => {
          // A create call that takes the settings field gets it empty; one that does not (a script's call) gets none.
          const settings = screen.schemaField && bodyObjectOf(create)?.shape[screen.schemaField] ? { [screen.schemaField]: {} } : {};
          await call(create, { ...(screen.scope && { params: scope }), body: { ...values, ...settings } });
          refresh();
        }
      : undefined,
    /** Deletes the items with these keys in one call. */
    remove: batchDelete
      ? async (ids: readonly RowKey[]) => {
          await call(batchDelete, { ...(screen.scope && { params: scope }), body: { ids } });
          refresh();
        }
      : undefined,
  };
}

/** The item-settings editing of a collection, when it has one. */
export type EditableCollection = CollectionDef & Required<Pick<CollectionDef, 'schemaField' | 'itemSchemaFrom'>> & {
  readonly operations: Required<Pick<CollectionDef['operations'], 'get' | 'update'>>;
};
export const isEditable = (screen: CollectionDef): screen is EditableCollection =>
  !!(screen.operations.get && screen.operations.update && screen.schemaField && screen.itemSchemaFrom);

/** One item and the JSON Schema of its settings (asked with the item's own fields), and its save. */
export function useCollectionItem(screen: EditableCollection, id: string) {
  const call = useCall();
  const item = useQuery({
    queryKey: ['collection-item', screen.id, id],
    queryFn: ({ signal }) => call(screen.operations.get, { params: itemParams(screen, id) }, { signal }).then(recordOf),
  });
  const query = useMemo(
    () => (item.data ? Object.fromEntries(Object.entries(screen.itemSchemaFrom.query).map(([param, field]) => [param, String(item.data[field] ?? '')])) : undefined),
    [item.data, screen.itemSchemaFrom.query],
  );
  const schema = useQuery({
    queryKey: ['collection-schema', screen.itemSchemaFrom.operation.id, query],
    enabled: query !== undefined,
    queryFn: ({ signal }) => call(screen.itemSchemaFrom.operation, { query }, { signal }),
  });
  /** Saves the settings field, with the stamp the item was read with when the collection has one. */
  const save = async (settings: Record<string, unknown>) => {
    const stamp = screen.stampField ? { [screen.stampField]: item.data?.[screen.stampField] } : {};
    await call(screen.operations.update, { params: itemParams(screen, id), body: { [screen.schemaField]: settings, ...stamp } });
  };
  return { item, schema, save };
}
