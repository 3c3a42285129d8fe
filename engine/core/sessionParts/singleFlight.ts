/**
 * One run at a time (idle → running → idle): a call while a run is under way joins it. The session signs out so
 * (several 401s at once sign out once) and reads the user again so (access stamps).
 */
export interface SingleFlight<T> {
  /** Starts a run, or joins the one under way. */
  run(): Promise<T>;
  /** The run under way, if any. */
  running(): Promise<T> | undefined;
}

export function singleFlight<T>(start: () => Promise<T>): SingleFlight<T> {
  let running: Promise<T> | undefined;
  return {
    run: () =>
      (running ??= start().finally(() => {
        running = undefined;
      })),
    running: () => running,
  };
}
