import { HttpError } from '../../../server/types';

/**
 * A call made again after the wait a 429 or 503 asks for (the store's ingest queue full, or still moving the events
 * acknowledged before a read), as a sender or a reader does.
 */
export async function retried<T>(call: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await call();
    } catch (e) {
      if (!(e instanceof HttpError && (e.status === 429 || e.status === 503))) throw e;
      await new Promise((r) => setTimeout(r, Number(e.extra['retry_after'] ?? 1) * 1000));
    }
  }
}
