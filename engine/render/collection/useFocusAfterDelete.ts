/** Where the keyboard focus goes after a collection's confirmed delete (see `useFocusAfterDelete`). */
import { useEffect, useRef, type RefObject } from 'react';
import type { RowKey } from '../widgets/table/selection';
import type { CollectionItem } from './useCollectionController';

/**
 * Keeps the keyboard focus in the list after a confirmed delete (the button that had it goes with the selection):
 * once the list is read again without the deleted items, it goes to the row now where the first deleted one was
 * (the last row when it was at the end), or to Add when no row is left.
 */
export function useFocusAfterDelete(box: RefObject<HTMLDivElement | null>, items: readonly CollectionItem[], itemKey: string) {
  const pending = useRef<{ deleted: ReadonlySet<string>; at: number } | null>(null);
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted || !box.current || items.some((i) => wanted.deleted.has(String(i[itemKey])))) return;
    pending.current = null;
    const key = items.length > 0 ? String(items[Math.min(wanted.at, items.length - 1)]![itemKey]) : undefined;
    const row = [...box.current.querySelectorAll<HTMLElement>('tr[data-row-key]')].find((tr) => tr.dataset.rowKey === key);
    (row ?? box.current.querySelector<HTMLElement>('[data-list-add]'))?.focus();
  }, [box, items, itemKey]);
  return (deleted: readonly RowKey[], at: number) => {
    pending.current = { deleted: new Set(deleted.map(String)), at: Math.max(0, at) };
  };
}
