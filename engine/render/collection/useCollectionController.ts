/**
 * The data of a collection screen, as `useDocumentController` is for a document screen: the list, an item with the
 * JSON Schema of its settings, and the calls that change them (create, save an item's settings, delete several).
 * Every call goes through the operations the definition names; the view only renders what this answers.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { CollectionDef } from '../../../definitions/define';
import { useEngine } from '../shell/EngineContext';
import type { RowKey } from '../widgets/table/selection';

export type CollectionItem = Readonly<Record<string, unknown>>;

/** The list of a collection and its create and delete calls; both refresh the list when they succeed. */
export function useCollectionController(screen: CollectionDef) {
  const { call } = useEngine();
  const queryClient = useQueryClient();
  const listKey = useMemo(() => ['collection', screen.id], [screen.id]);
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => call<Record<string, unknown>>(screen.operations.list.id, {}, { signal }),
  });
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: listKey }), [queryClient, listKey]);
  const { create, batchDelete } = screen.operations;
  return {
    list,
    items: (list.data?.[screen.items] ?? []) as CollectionItem[],
    refresh,
    /** Creates an item from the create form's values, with empty settings. */
    create: create
      ? async (values: Record<string, unknown>) => {
          await call(create.id, { body: { ...values, [screen.schemaField]: {} } });
          refresh();
        }
      : undefined,
    /** Deletes the items with these keys in one call. */
    remove: batchDelete
      ? async (ids: readonly RowKey[]) => {
          await call(batchDelete.id, { body: { ids } });
          refresh();
        }
      : undefined,
  };
}

/** One item and the JSON Schema of its settings field (asked with the item's own fields), and its save. */
export function useCollectionItem(screen: CollectionDef, id: string) {
  const { call } = useEngine();
  const item = useQuery({
    queryKey: ['collection-item', screen.id, id],
    queryFn: ({ signal }) => call<CollectionItem>(screen.operations.get.id, { params: { id } }, { signal }),
  });
  const query = useMemo(
    () => (item.data ? Object.fromEntries(Object.entries(screen.itemSchemaFrom.query).map(([param, field]) => [param, String(item.data[field] ?? '')])) : undefined),
    [item.data, screen.itemSchemaFrom.query],
  );
  const schema = useQuery({
    queryKey: ['collection-schema', screen.itemSchemaFrom.operation.id, query],
    enabled: query !== undefined,
    queryFn: ({ signal }) => call<RJSFSchema>(screen.itemSchemaFrom.operation.id, { query }, { signal }),
  });
  /** Saves the settings field, with the stamp the item was read with when the collection has one. */
  const save = async (settings: Record<string, unknown>) => {
    const stamp = screen.stampField ? { [screen.stampField]: item.data?.[screen.stampField] } : {};
    await call(screen.operations.update.id, { params: { id }, body: { [screen.schemaField]: settings, ...stamp } });
  };
  return { item, schema, save };
}
