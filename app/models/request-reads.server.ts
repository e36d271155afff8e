/**
 * Reads the loaders of one page request share (docs/decisions/046-edge-cost.md).
 *
 * Remix runs the root loader and the page's loader side by side; both want the
 * signed-in user and, often, the access record. The root loader reads them in
 * one D1 batch and leaves the promises here; the page's guards take them
 * instead of reading again. Only GET and HEAD requests share: after an action
 * (which may sign out, buy a plan or use a feature) every loader reads afresh.
 * The map lives in the request's load context and dies with it.
 */
export type RequestReads = Map<string, Promise<unknown>>;

/** A map for a GET or HEAD request; null (nothing shared) for any other method. */
export function createRequestReads(method: string): RequestReads | null {
  return method === "GET" || method === "HEAD" ? new Map() : null;
}

/** The read under `key` if one is under way or done, else `read()` (kept for the next caller). */
export function sharedRead<T>(
  reads: RequestReads | null | undefined,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  if (!reads) return read();
  const known = reads.get(key) as Promise<T> | undefined;
  if (known) return known;
  const promise = read();
  reads.set(key, promise);
  return promise;
}

/** Leaves a read another loader may take, made as part of a larger batch. */
export function offerRead<T>(
  reads: RequestReads | null | undefined,
  key: string,
  promise: Promise<T>,
): void {
  if (reads && !reads.has(key)) reads.set(key, promise);
}

export const READ_KEYS = {
  auth: "auth",
  accessRecord: (userId: string) => `access-record:${userId}`,
  accessSummary: (userId: string) => `access-summary:${userId}`,
} as const;
