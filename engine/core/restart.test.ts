import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announcedRestart, waitUntilAnswering } from './restart';

describe('announcedRestart', () => {
  it('reads a restart from an answer or a 503 body, and nothing else', () => {
    expect(announcedRestart({ restarting: true, action: 'reboot', back_in_seconds: 4 })).toBe(4);
    expect(announcedRestart({ msg: 'down', restarting: true, retry_after_seconds: 3 })).toBe(3);
    expect(announcedRestart({ restarting: false, back_in_seconds: 4 })).toBeUndefined();
    expect(announcedRestart({ version: '4.4.0' })).toBeUndefined();
    expect(announcedRestart('text')).toBeUndefined();
  });
});

describe('waitUntilAnswering', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is back only once the server answers after being down, or after the announced time', async () => {
    const answers = [true, false, false, true];
    const probe = vi.fn(() => (answers.shift() ? Promise.resolve('ok') : Promise.reject(new Error('503'))));
    const onBack = vi.fn();
    waitUntilAnswering(probe, onBack, { intervalMs: 1000, backInMs: 60_000, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(1000);
    // Answered before the restart began: not back yet.
    expect(onBack).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(probe).toHaveBeenCalledTimes(4);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('counts a server that always answered as back after the announced time, and stops when aborted', async () => {
    const onBack = vi.fn();
    waitUntilAnswering(() => Promise.resolve(), onBack, { intervalMs: 1000, backInMs: 2500, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(2000);
    expect(onBack).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onBack).toHaveBeenCalledTimes(1);

    const stop = new AbortController();
    const never = vi.fn();
    const probe = vi.fn(() => Promise.reject(new Error('503')));
    waitUntilAnswering(probe, never, { intervalMs: 1000, backInMs: 0, signal: stop.signal });
    await vi.advanceTimersByTimeAsync(1000);
    stop.abort();
    await vi.advanceTimersByTimeAsync(5000);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(never).not.toHaveBeenCalled();
  });
});
