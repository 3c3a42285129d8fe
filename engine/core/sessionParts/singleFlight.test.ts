import { describe, expect, it, vi } from 'vitest';
import { singleFlight } from './singleFlight';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('singleFlight', () => {
  it('runs once for concurrent callers, and anew after the run', async () => {
    let d = deferred<string>();
    const start = vi.fn(() => d.promise);
    const flight = singleFlight(start);
    expect(flight.running()).toBeUndefined();
    const a = flight.run();
    const b = flight.run();
    expect(start).toHaveBeenCalledTimes(1);
    expect(flight.running()).toBe(a);
    d.resolve('done');
    await expect(Promise.all([a, b])).resolves.toEqual(['done', 'done']);
    expect(flight.running()).toBeUndefined();
    d = deferred<string>();
    void flight.run();
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('is idle again after a failed run, which its callers see', async () => {
    const d = deferred<string>();
    const flight = singleFlight(() => d.promise);
    const a = flight.run();
    d.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    expect(flight.running()).toBeUndefined();
  });
});
