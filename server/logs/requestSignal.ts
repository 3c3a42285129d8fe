/** Cancelling the queries of a request whose caller went away (closed the tab, changed the interval). */
import type { FastifyReply } from 'fastify';
import { QueryAbortedError } from '../db/queue';
import { HttpError } from '../types';

/** A signal that aborts when the connection closes before the answer was sent. */
export function requestSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Runs `work` with the request's signal; work dropped because the caller left ends as 499 (nobody reads it), not as a
 * logged server error.
 */
export async function whileWanted<T>(reply: FastifyReply, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    return await work(requestSignal(reply));
  } catch (err) {
    if (err instanceof QueryAbortedError) throw new HttpError(499, 'The request was cancelled.');
    throw err;
  }
}
