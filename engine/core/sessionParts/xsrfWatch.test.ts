import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realClock, type Clock } from './ports';
import { createXsrfWatch, initialXsrfWatch, XSRF_WATCH_MS, xsrfWatchTransition, type XsrfWatchState } from './xsrfWatch';

const watching = (known: string | undefined, ownChanges = 0): XsrfWatchState => ({ phase: 'watching', known, ownChanges });
const tick = (cookie: string | undefined, userCookie = true) => ({ type: 'tick', cookie, userCookie }) as const;

describe('xsrf watch transitions', () => {
  it('starts off; start watches the cookie there is now, keeping the own changes under way', () => {
    expect(initialXsrfWatch).toEqual({ phase: 'off', ownChanges: 0 });
    expect(xsrfWatchTransition(initialXsrfWatch, { type: 'start', cookie: 'a' })).toEqual({ state: watching('a'), effects: ['watch'] });
    expect(xsrfWatchTransition({ phase: 'off', ownChanges: 1 }, { type: 'start', cookie: undefined })).toEqual({ state: watching(undefined, 1), effects: ['watch'] });
    // A second start (init again) restarts the one interval.
    expect(xsrfWatchTransition(watching('a'), { type: 'start', cookie: 'b' })).toEqual({ state: watching('b'), effects: ['watch'] });
  });

  it('the same cookie changes nothing; a changed or removed one is followed: the watch stops and the page reloads', () => {
    const s = watching('a');
    expect(xsrfWatchTransition(s, tick('a'))).toEqual({ state: s, effects: [] });
    expect(xsrfWatchTransition(s, tick('b'))).toEqual({ state: { phase: 'followed', ownChanges: 0 }, effects: ['unwatch', 'reload'] });
    expect(xsrfWatchTransition(s, tick(undefined, false))).toEqual({ state: { phase: 'followed', ownChanges: 0 }, effects: ['unwatch', 'reload'] });
  });

  it('a signed-out page adopts a cookie that appears without a user cookie, and follows one that appears with it', () => {
    const s = watching(undefined);
    expect(xsrfWatchTransition(s, tick(undefined, false))).toEqual({ state: s, effects: [] });
    expect(xsrfWatchTransition(s, tick('a', false))).toEqual({ state: watching('a'), effects: [] });
    expect(xsrfWatchTransition(s, tick('a', true))).toEqual({ state: { phase: 'followed', ownChanges: 0 }, effects: ['unwatch', 'reload'] });
  });

  it("ignores ticks while the page's own sign-ins or sign-out run; the end of the last adopts the cookie", () => {
    let s = xsrfWatchTransition(watching('a'), { type: 'ownChangeBegan' }).state;
    s = xsrfWatchTransition(s, { type: 'ownChangeBegan' }).state;
    expect(s).toEqual(watching('a', 2));
    expect(xsrfWatchTransition(s, tick('b'))).toEqual({ state: s, effects: [] });
    s = xsrfWatchTransition(s, { type: 'ownChangeEnded', cookie: 'b' }).state;
    expect(s).toEqual(watching('b', 1));
    expect(xsrfWatchTransition(s, tick('c')).effects).toEqual([]);
    s = xsrfWatchTransition(s, { type: 'ownChangeEnded', cookie: 'c' }).state;
    expect(s).toEqual(watching('c'));
    expect(xsrfWatchTransition(s, tick('c')).effects).toEqual([]);
    expect(xsrfWatchTransition(s, tick('d')).effects).toEqual(['unwatch', 'reload']);
  });

  it('counts own changes while off or followed too (a sign-in before init), without a cookie to keep', () => {
    expect(xsrfWatchTransition(initialXsrfWatch, { type: 'ownChangeBegan' }).state).toEqual({ phase: 'off', ownChanges: 1 });
    expect(xsrfWatchTransition({ phase: 'off', ownChanges: 1 }, { type: 'ownChangeEnded', cookie: 'a' }).state).toEqual(initialXsrfWatch);
    expect(xsrfWatchTransition({ phase: 'followed', ownChanges: 1 }, { type: 'ownChangeEnded', cookie: 'a' }).state).toEqual({ phase: 'followed', ownChanges: 0 });
  });

  it('ticks reach no watch that is off or followed', () => {
    for (const s of [initialXsrfWatch, { phase: 'followed', ownChanges: 0 } as const]) expect(xsrfWatchTransition(s, tick('z'))).toEqual({ state: s, effects: [] });
  });

  it('stop: off; only a watching machine has an interval to stop', () => {
    expect(xsrfWatchTransition(watching('a', 1), { type: 'stop' })).toEqual({ state: { phase: 'off', ownChanges: 1 }, effects: ['unwatch'] });
    expect(xsrfWatchTransition({ phase: 'followed', ownChanges: 0 }, { type: 'stop' })).toEqual({ state: initialXsrfWatch, effects: [] });
  });
});

describe('createXsrfWatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(cookies: { xsrf?: string; user?: boolean } = { xsrf: 'a', user: true }) {
    const intervals = new Set<unknown>();
    const clock: Clock = {
      ...realClock,
      setInterval(fn, ms) {
        const handle = realClock.setInterval(fn, ms);
        intervals.add(handle);
        return handle;
      },
      clearInterval(handle) {
        intervals.delete(handle);
        realClock.clearInterval(handle);
      },
    };
    const reload = vi.fn();
    const watch = createXsrfWatch({ clock, xsrf: () => cookies.xsrf, userCookie: () => cookies.user === true, reload });
    return { watch, cookies, reload, intervals };
  }

  it('compares once per XSRF_WATCH_MS and reloads once on a change', async () => {
    const { watch, cookies, reload } = setup();
    watch.start();
    cookies.xsrf = 'b';
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    cookies.xsrf = 'c';
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS * 3);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(watch.getState().phase).toBe('followed');
  });

  it('keeps one interval when started again, and none once stopped', async () => {
    const { watch, cookies, reload, intervals } = setup();
    watch.start();
    watch.start();
    expect(intervals.size).toBe(1);
    watch.stop();
    expect(intervals.size).toBe(0);
    cookies.xsrf = 'b';
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS * 3);
    expect(reload).not.toHaveBeenCalled();
  });

  it('adopts the cookie an own change leaves, and passes its answer and its failure through', async () => {
    const { watch, cookies, reload } = setup();
    watch.start();
    await expect(
      watch.own(async () => {
        cookies.xsrf = 'b';
        await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS * 3);
        return 'params';
      }),
    ).resolves.toBe('params');
    await expect(
      watch.own(async () => {
        cookies.xsrf = 'c';
        throw new Error('sign-in failed');
      }),
    ).rejects.toThrow('sign-in failed');
    expect(watch.getState()).toEqual({ phase: 'watching', known: 'c', ownChanges: 0 });
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS * 3);
    expect(reload).not.toHaveBeenCalled();
  });
});
