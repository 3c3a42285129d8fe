/**
 * Stamps: every change to a stored object names the version it was based on, its `updated_at` as read; anything else
 * (an older stamp, a made-up newer one, none) is stale and gets 409 with the stored object, so no change is lost.
 */

/** Whether `stamp` (as the caller sent it) is not the stored object's updated_at. */
export function isStale(stamp: unknown, storedAt: Date | string): boolean {
  return typeof stamp !== 'string' || Date.parse(stamp) !== new Date(storedAt).getTime();
}
