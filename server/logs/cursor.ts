/** The paging position of a log query, opaque to clients: base64url of the last event's (ts, seq). */

export interface Cursor {
  /** Epoch ms of the last event returned. */
  readonly ts: number;
  /** Its sequence number, which orders events of the same millisecond. */
  readonly seq: number;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify({ ts: c.ts, seq: c.seq })).toString('base64url');
}

/** The cursor in a pagingIdentifiers value, or null when it is not one this server issued. */
export function decodeCursor(value: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { ts, seq } = parsed as Record<string, unknown>;
    if (!Number.isSafeInteger(ts) || !Number.isSafeInteger(seq)) return null;
    return { ts: ts as number, seq: seq as number };
  } catch {
    return null;
  }
}
