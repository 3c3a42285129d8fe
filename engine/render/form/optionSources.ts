/**
 * The choices of `optionsFrom` hints: rows of another screen's document or of a lookup operation, loaded once per
 * source and shared by every field and table column that uses it. Kept apart from the field widgets so that a table
 * can label its referenced ids without downloading the form.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OptionSource } from '../../../definitions/define';
import { documentRead } from '../../../definitions/derive';
import { recordOf, typedCall } from '../../core/call';
import { useEngine, useOptionalEngine } from '../shell/EngineContext';
import { choiceEntries, choiceEntry } from './choiceEntry';
import { inReadingOrder, type SelectOption } from './schemaFields';

type Engine = ReturnType<typeof useEngine>;

/** The operation a source reads, the array of its answer and whether its path takes the staged revision. */
const readOf = (from: OptionSource) =>
  'screen' in from
    ? { operation: documentRead(from.screen), rows: from.rows, staged: from.screen.endpoint.revision === 'staged' }
    : { operation: from.operation, rows: from.list, staged: from.operation.path.includes('{rev}') };

/**
 * The query of a source (one per screen or operation, shared by every field that uses it); none without the engine
 * (a widget rendered on its own shows the schema's own options).
 */
const optionsQuery = (from: OptionSource | undefined, engine: Pick<Engine, 'call' | 'revision'> | null) => ({
  queryKey: ['options', from && readOf(from).operation.id],
  enabled: from !== undefined && engine !== null,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const { revision } = engine!;
    const call = typedCall(engine!.call);
    const { operation, staged } = readOf(from!);
    // A lookup's constant path parameters (`params`) are sent as they are. Choices the administrator may not read
    // (suggestions from another area) are left out quietly: the field still takes what is typed.
    const params = 'operation' in from! ? from.params : undefined;
    const options = { signal, skip403Snackbar: true };
    if (!staged) return recordOf(await call(operation, params ? { params } : {}, options));
    await revision.ensure();
    return recordOf(await call(operation, { params: revision.bindRevision(params) }, options));
  },
});

/** The rows of a loaded answer as choices. */
const choicesOf = (from: OptionSource, data: Record<string, unknown>): SelectOption[] => {
  const detail = 'operation' in from ? (from.detail as ((entry: unknown) => string) | undefined) : undefined;
  return inReadingOrder(choiceEntries(data, readOf(from).rows).map((r) => ({ ...choiceEntry(from, r), ...(detail && { description: detail(r) }) })));
};

/** The choices of an `optionsFrom` hint, loaded once per screen or operation. */
export function useOptionsFrom(from: OptionSource | undefined): readonly SelectOption[] | undefined {
  const query = useQuery(optionsQuery(from, useOptionalEngine()));
  return useMemo(() => (from && query.data ? choicesOf(from, query.data) : undefined), [from, query.data]);
}

/**
 * The choices of several fields' `optionsFrom` hints at once (field name → choices, once loaded), e.g. so that a
 * table shows the referenced row's label instead of its id.
 */
export function useOptionsFromFields(hints: Readonly<Record<string, OptionSource>>): ReadonlyMap<string, readonly SelectOption[]> {
  const engine = useOptionalEngine();
  // Without the engine (a table rendered on its own) the ids are shown as they are.
  const entries = engine ? Object.entries(hints) : [];
  const results = useQueries({ queries: entries.map(([, from]) => optionsQuery(from, engine)) });
  // A new map only when a document (re)loads, so tables built from it keep their memoised rows.
  const loadedAt = results.map((r) => r.dataUpdatedAt).join();
  return useMemo(
    () => new Map(entries.flatMap(([field, from], i) => (results[i]?.data ? [[field, choicesOf(from, results[i].data)] as const] : []))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `loadedAt` stands for the loaded documents
    [loadedAt],
  );
}
