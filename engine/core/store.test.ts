import { describe, expect, it } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('notifies subscribers of changes only, with updater functions, until they unsubscribe', () => {
    const store = createStore({ n: 1 });
    const seen: number[] = [];
    const stop = store.subscribe((s) => seen.push(s.n));
    store.setState((s) => ({ n: s.n + 1 }));
    const same = store.getState();
    store.setState(same);
    stop();
    store.setState({ n: 9 });
    expect(seen).toEqual([2]);
    expect(store.getState()).toEqual({ n: 9 });
  });
});
