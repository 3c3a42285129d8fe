/**
 * What the session's parts need of the world, injected so that each part runs in Node tests: the clock (time and
 * timers) and the window (input listeners, reload). `engine/core/session.ts` re-exports both.
 */

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** What the session needs of the window. */
export interface WindowHooks {
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void): void;
  reload(): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/** The browser window as the session uses it. */
export function browserWindowHooks(win: Window = window): WindowHooks {
  return {
    addEventListener: (t, l, o) => win.addEventListener(t, l, o),
    removeEventListener: (t, l) => win.removeEventListener(t, l),
    reload: () => win.location.reload(),
  };
}
