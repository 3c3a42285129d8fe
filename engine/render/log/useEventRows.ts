/**
 * The rows of the log table to render: every loaded event up to `VIRTUALISE_ABOVE`, beyond that only those in view
 * (virtualised, with the room of the others above and below them); the next page loads as the rows in view or the
 * scroll position come within `LOAD_AHEAD_ROWS` of the end.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type RefObject, type UIEvent } from 'react';
import type { LogController } from './logController';

/** Rows closer than this to the end of the loaded events start loading the next page. */
export const LOAD_AHEAD_ROWS = 20;
/** Up to this many loaded events render as plain rows; more are virtualised. */
export const VIRTUALISE_ABOVE = 100;

export interface EventRowsInput {
  /** How many events are loaded. */
  readonly count: number;
  readonly rowHeight: number;
  readonly tableHeight: number;
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly controller: Pick<LogController<unknown>, 'loadMore'>;
}

/** See the module comment. */
export function useEventRows({ count, rowHeight, tableHeight, scrollRef, controller }: EventRowsInput) {
  const virtual = count > VIRTUALISE_ABOVE;
  const virtualizer = useVirtualizer({
    count: virtual ? count : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    initialRect: { width: 1000, height: tableHeight },
  });
  const items = virtual
    ? virtualizer.getVirtualItems()
    : Array.from({ length: count }, (_, index) => ({ index, key: index, start: index * rowHeight, end: (index + 1) * rowHeight }));
  const lastShown = virtual ? (items.at(-1)?.index ?? -1) : -1;

  useEffect(() => {
    // The virtualised rows came within a few rows of the end (scrolling, a resize): fetch the next page.
    if (lastShown >= 0 && lastShown >= count - LOAD_AHEAD_ROWS) controller.loadMore();
  }, [controller, count, lastShown]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - rowHeight * LOAD_AHEAD_ROWS) controller.loadMore();
  };
  return {
    items,
    /** The room of the rows not rendered above and below those that are. */
    before: virtual ? (items[0]?.start ?? 0) : 0,
    after: virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0,
    onScroll,
  };
}
