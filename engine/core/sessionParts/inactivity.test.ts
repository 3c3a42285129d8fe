import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_THROTTLE_MS, DAY_MS } from '../../../schemas/constants';
import {
  ACTIVITY_EVENTS,
  createInactivity,
  inactivityTransition,
  initialInactivity,
  isAway,
  type InactivityState,
} from './inactivity';
import { realClock, type WindowHooks } from './ports';

const LIMIT = 3_600_000;
const MAX_TIMER_MS = 2_147_483_647;
const active = (at: number, limit = LIMIT): InactivityState => ({ phase: 'active', lastInput: at, lastActivity: at, deadline: at + limit });

describe('inactivity transitions', () => {
  it('starts stopped with no input seen', () => {
    expect(initialInactivity).toEqual({ phase: 'stopped', lastInput: 0 });
  });

  it('start: active with the deadline one limit ahead, the timer armed and the input events listened to', () => {
    expect(inactivityTransition(initialInactivity, { type: 'start', now: 1_000, limitMs: LIMIT })).toEqual({
      state: active(1_000),
      effects: [{ type: 'arm', ms: LIMIT }, { type: 'listen' }],
    });
  });

  it('input within the throttle only records the input; from the throttle on it moves the deadline and refreshes the cookie', () => {
    const s = active(0);
    expect(inactivityTransition(s, { type: 'input', now: ACTIVITY_THROTTLE_MS - 1, limitMs: LIMIT })).toEqual({
      state: { ...s, lastInput: ACTIVITY_THROTTLE_MS - 1 },
      effects: [],
    });
    expect(inactivityTransition(s, { type: 'input', now: ACTIVITY_THROTTLE_MS, limitMs: LIMIT })).toEqual({
      state: active(ACTIVITY_THROTTLE_MS),
      effects: [{ type: 'arm', ms: LIMIT }, { type: 'refreshCookie' }],
    });
  });

  it('input takes the limit it is given (the user read again may have changed it)', () => {
    const step = inactivityTransition(active(0), { type: 'input', now: ACTIVITY_THROTTLE_MS, limitMs: 2 * LIMIT });
    expect(step.state).toEqual(active(ACTIVITY_THROTTLE_MS, 2 * LIMIT));
  });

  it('the timer at the deadline expires: timer and listeners off, then onInactive', () => {
    expect(inactivityTransition(active(0), { type: 'timer', now: LIMIT })).toEqual({
      state: { phase: 'expired', lastInput: 0 },
      effects: [{ type: 'disarm' }, { type: 'unlisten' }, { type: 'expired' }],
    });
  });

  it('the timer before the deadline (an input moved it meanwhile) re-arms for the rest', () => {
    const s = active(ACTIVITY_THROTTLE_MS);
    expect(inactivityTransition(s, { type: 'timer', now: LIMIT })).toEqual({ state: s, effects: [{ type: 'arm', ms: ACTIVITY_THROTTLE_MS }] });
  });

  it('a limit longer than a timer can hold arms the longest timer and re-arms until the deadline', () => {
    const start = inactivityTransition(initialInactivity, { type: 'start', now: 0, limitMs: 30 * DAY_MS });
    expect(start.effects[0]).toEqual({ type: 'arm', ms: MAX_TIMER_MS });
    const again = inactivityTransition(start.state, { type: 'timer', now: MAX_TIMER_MS });
    expect(again).toEqual({ state: start.state, effects: [{ type: 'arm', ms: 30 * DAY_MS - MAX_TIMER_MS }] });
    expect(inactivityTransition(again.state, { type: 'timer', now: 30 * DAY_MS }).state.phase).toBe('expired');
  });

  it('a late timer arms no negative wait', () => {
    const s: InactivityState = { phase: 'active', lastInput: 0, lastActivity: 0, deadline: 10 };
    expect(inactivityTransition(s, { type: 'timer', now: 5 }).effects).toEqual([{ type: 'arm', ms: 5 }]);
  });

  it('stop: stopped, keeping the last input; only an active machine has a timer and listeners to stop', () => {
    expect(inactivityTransition(active(7), { type: 'stop' })).toEqual({
      state: { phase: 'stopped', lastInput: 7 },
      effects: [{ type: 'disarm' }, { type: 'unlisten' }],
    });
    expect(inactivityTransition({ phase: 'expired', lastInput: 7 }, { type: 'stop' })).toEqual({ state: { phase: 'stopped', lastInput: 7 }, effects: [] });
    expect(inactivityTransition(initialInactivity, { type: 'stop' })).toEqual({ state: initialInactivity, effects: [] });
  });

  it('input and timers reach no stopped or expired machine', () => {
    for (const s of [initialInactivity, { phase: 'expired', lastInput: 3 } as const]) {
      expect(inactivityTransition(s, { type: 'input', now: DAY_MS, limitMs: LIMIT })).toEqual({ state: s, effects: [] });
      expect(inactivityTransition(s, { type: 'timer', now: DAY_MS })).toEqual({ state: s, effects: [] });
    }
  });

  it('is away after more than ACTIVITY_THROTTLE_MS without input, in every state', () => {
    expect(isAway(active(0), ACTIVITY_THROTTLE_MS)).toBe(false);
    expect(isAway(active(0), ACTIVITY_THROTTLE_MS + 1)).toBe(true);
    expect(isAway({ phase: 'expired', lastInput: 0 }, ACTIVITY_THROTTLE_MS + 1)).toBe(true);
    expect(isAway({ phase: 'stopped', lastInput: 10 }, 10 + ACTIVITY_THROTTLE_MS)).toBe(false);
  });
});

describe('createInactivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(limitMs = () => LIMIT) {
    const listeners = new Map<string, { listener: () => void; options: AddEventListenerOptions | undefined }>();
    const win: Pick<WindowHooks, 'addEventListener' | 'removeEventListener'> = {
      addEventListener: (type, listener, options) => listeners.set(type, { listener, options }),
      removeEventListener: (type, listener) => {
        if (listeners.get(type)?.listener === listener) listeners.delete(type);
      },
    };
    const refreshCookie = vi.fn();
    const onInactive = vi.fn();
    const inactivity = createInactivity({ clock: realClock, window: win, limitMs, refreshCookie, onInactive });
    const fire = (type: string) => listeners.get(type)?.listener();
    return { inactivity, listeners, refreshCookie, onInactive, fire };
  }

  it('listens to every activity event, passive and in the capture phase, while active', () => {
    const { inactivity, listeners } = setup();
    expect(listeners.size).toBe(0);
    inactivity.start();
    expect([...listeners.keys()]).toEqual([...ACTIVITY_EVENTS]);
    expect([...listeners.values()].every((l) => l.options?.passive === true && l.options.capture === true)).toBe(true);
    inactivity.stop();
    expect(listeners.size).toBe(0);
    expect(inactivity.getState().phase).toBe('stopped');
  });

  it('calls onInactive once at the limit; throttled input moves it and refreshes the cookie', async () => {
    const { inactivity, refreshCookie, onInactive, fire } = setup();
    inactivity.start();
    fire('keydown');
    expect(refreshCookie).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS);
    fire('keydown');
    fire('pointermove');
    expect(refreshCookie).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LIMIT - 1);
    expect(onInactive).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onInactive).toHaveBeenCalledTimes(1);
    expect(inactivity.getState().phase).toBe('expired');
    await vi.advanceTimersByTimeAsync(LIMIT);
    expect(onInactive).toHaveBeenCalledTimes(1);
  });

  it('reads the limit at each reset', async () => {
    let limit = LIMIT;
    const { inactivity, onInactive, fire } = setup(() => limit);
    inactivity.start();
    limit = 2 * LIMIT;
    await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS);
    fire('wheel');
    await vi.advanceTimersByTimeAsync(LIMIT);
    expect(onInactive).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LIMIT);
    expect(onInactive).toHaveBeenCalledTimes(1);
  });

  it('waits out limits longer than a timer can hold', async () => {
    const { inactivity, onInactive } = setup(() => 30 * DAY_MS);
    inactivity.start();
    await vi.advanceTimersByTimeAsync(29 * DAY_MS);
    expect(onInactive).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(onInactive).toHaveBeenCalledTimes(1);
  });

  it('a stopped machine calls nothing, and onInactive may stop it', async () => {
    const a = setup();
    a.inactivity.start();
    a.inactivity.stop();
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(a.onInactive).not.toHaveBeenCalled();
    const b = setup();
    b.onInactive.mockImplementation(() => b.inactivity.stop());
    b.inactivity.start();
    await vi.advanceTimersByTimeAsync(LIMIT);
    expect(b.onInactive).toHaveBeenCalledTimes(1);
    expect(b.inactivity.getState()).toEqual({ phase: 'stopped', lastInput: expect.any(Number) });
  });

  it('is away after a minute without input; every input counts, also those the throttle passes over', async () => {
    const { inactivity, fire } = setup();
    inactivity.start();
    expect(inactivity.away()).toBe(false);
    await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS + 1);
    expect(inactivity.away()).toBe(true);
    fire('pointerdown');
    expect(inactivity.away()).toBe(false);
    await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS - 1);
    fire('keydown');
    await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS - 1);
    expect(inactivity.away()).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(inactivity.away()).toBe(true);
  });
});
