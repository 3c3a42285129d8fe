import { describe, expect, it, vi } from 'vitest';
import { createServerErrorStore } from './serverErrors';

const error = (message: string) => ({ type: 'server', message }) as const;

describe('the store of server errors', () => {
  it('sets a response’s errors in one update that only the fields named hear of, once each', () => {
    const store = createServerErrorStore();
    const heard = { a: vi.fn(), b: vi.fn(), c: vi.fn() };
    for (const [name, listener] of Object.entries(heard)) store.subscribe(name, listener);
    store.set(new Map([['a', error('Taken.')], ['b', error('Too long.')]]));
    expect([heard.a.mock.calls.length, heard.b.mock.calls.length, heard.c.mock.calls.length]).toEqual([1, 1, 0]);
    expect(store.get('a')).toEqual(error('Taken.'));
    expect(store.get('c')).toBeUndefined();
  });

  it('keeps the other fields’ errors, and tells no one of an error set again unchanged', () => {
    const store = createServerErrorStore();
    store.set(new Map([['a', error('Taken.')]]));
    const a = vi.fn();
    store.subscribe('a', a);
    store.set(new Map([['a', error('Taken.')], ['b', error('Too long.')]]));
    expect(a).not.toHaveBeenCalled();
    expect(store.get('b')).toEqual(error('Too long.'));
    store.set(new Map([['a', error('Reserved.')]]));
    expect(a).toHaveBeenCalledTimes(1);
    expect(store.get('b')).toEqual(error('Too long.'));
  });

  it('forgets one field’s error or all of them, telling the fields that held one', () => {
    const store = createServerErrorStore();
    store.set(new Map([['a', error('Taken.')], ['b', error('Too long.')]]));
    const heard = { a: vi.fn(), b: vi.fn(), c: vi.fn() };
    for (const [name, listener] of Object.entries(heard)) store.subscribe(name, listener);
    store.clear('a');
    store.clear('c');
    expect([heard.a.mock.calls.length, heard.b.mock.calls.length, heard.c.mock.calls.length]).toEqual([1, 0, 0]);
    store.clear();
    expect([heard.a.mock.calls.length, heard.b.mock.calls.length, heard.c.mock.calls.length]).toEqual([1, 1, 0]);
    expect([store.get('a'), store.get('b')]).toEqual([undefined, undefined]);
  });

  it('stops telling a listener that unsubscribed', () => {
    const store = createServerErrorStore();
    const a = vi.fn();
    const other = vi.fn();
    const unsubscribe = store.subscribe('a', a);
    store.subscribe('a', other);
    unsubscribe();
    store.set(new Map([['a', error('Taken.')]]));
    expect(a).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
  });
});
