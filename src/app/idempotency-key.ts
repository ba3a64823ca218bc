/**
 * A new idempotency key: the time in base 36, fixed width, then a random UUID. Unique and opaque to the server as a
 * UUID is, but keys made later sort later, so the server's index of stored replies grows at its end instead of
 * touching a page per player in every group it commits.
 */
export function newIdempotencyKey(now: number = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}-${crypto.randomUUID()}`;
}
