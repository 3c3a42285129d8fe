import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeSites } from './probe';

afterEach(() => vi.useRealTimers());

describe('probeSites', () => {
  it('fetches each site no-cors with the test id; an answer is ok with its time, none within the time-out is not', async () => {
    vi.useFakeTimers();
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchFn = vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (url.includes('/down')) {
        return new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      if (url.includes('/refused')) return Promise.reject(new TypeError('Failed to fetch'));
      return new Promise<Response>((resolve) => setTimeout(() => resolve(new Response(null, { status: 200 })), 40));
    }) as unknown as typeof fetch;
    const running = probeSites(
      [
        { id: 'a', url: '/probe/up' },
        { id: 'b', url: 'https://other.example/down?x=1' },
        { id: 'c', url: '/probe/refused' },
      ],
      'test-1',
      { timeoutMs: 3000, base: 'https://portal.example/#/settings', fetchFn, now: () => Date.now() },
    );
    await vi.advanceTimersByTimeAsync(3000);
    const results = await running;
    expect(calls.map((c) => c.url)).toEqual([
      'https://portal.example/probe/up?testId=test-1',
      'https://other.example/down?x=1&testId=test-1',
      'https://portal.example/probe/refused?testId=test-1',
    ]);
    expect(calls.every((c) => c.init.mode === 'no-cors' && c.init.cache === 'no-store')).toBe(true);
    expect(results).toEqual([
      { site_id: 'a', ok: true, time_ms: 40 },
      { site_id: 'b', ok: false, time_ms: 3000, error: 'No answer within 3 seconds' },
      { site_id: 'c', ok: false, time_ms: 0, error: 'The connection failed' },
    ]);
  });
});
