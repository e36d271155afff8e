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

/** A page's own statements waiting to go with the chrome's batch (askToRide). */
type Rider = {
  statements: (userId: string) => D1PreparedStatement[];
  settle: (ridden: { userId: string; results: D1Result[] } | null) => void;
  taken: boolean;
};

/** Per request: the riders still waiting, or "closed" once the chrome's batch has gone. */
const riders = new WeakMap<RequestReads, Rider[] | "closed">();

/** The D1 client a page reads its statements on when they do not ride (its own batch). */
type BatchClient = { batch(statements: D1PreparedStatement[]): Promise<D1Result[]> };

type OwnRead = {
  readonly client: BatchClient;
  readonly statements: (userId: string) => D1PreparedStatement[];
};

export type Ride = OwnRead & {
  readonly rider: Rider | null;
  readonly ridden: Promise<{ userId: string; results: D1Result[] } | null>;
};

/**
 * Asks for a page's statements to go with the chrome's D1 batch
 * (readSignedIn in models/viewer.server.ts) instead of a round trip of their
 * own. Call it as the loader starts, before its first await: the chrome's
 * batch leaves once the session's KV read is back, and takes every rider
 * waiting by then. The statements are built for the session's user; the
 * loader takes their results with rideResults once its guards have passed.
 */
export function askToRide(
  reads: RequestReads | null | undefined,
  client: BatchClient,
  statements: (userId: string) => D1PreparedStatement[],
): Ride {
  const waiting = reads ? riders.get(reads) : "closed";
  if (!reads || waiting === "closed") {
    return { client, statements, rider: null, ridden: Promise.resolve(null) };
  }
  let settle: Rider["settle"] = () => undefined;
  const ridden = new Promise<{ userId: string; results: D1Result[] } | null>((resolve) => {
    settle = resolve;
  });
  const rider: Rider = { statements, settle, taken: false };
  if (waiting) waiting.push(rider);
  else riders.set(reads, [rider]);
  return { client, statements, rider, ridden };
}

/**
 * The riders waiting for the chrome's batch, taken (later riders read for
 * themselves). The taker settles each one: its results, or null.
 */
export function takeRiders(reads: RequestReads | null | undefined): Rider[] {
  if (!reads) return [];
  const waiting = riders.get(reads);
  riders.set(reads, "closed");
  if (!waiting || waiting === "closed") return [];
  // A rider whose loader stopped waiting (rideResults) reads for itself.
  const taken = waiting.filter((rider) => !rider.taken);
  for (const rider of taken) rider.taken = true;
  return taken;
}

/**
 * The statements of a ride's riders for `userId`, for the taker to append to
 * its batch, and how to hand each rider its share of the batch's results
 * (from `offset`, where the riders' statements begin).
 */
export function riderStatements(taken: readonly Rider[], userId: string) {
  const riding: { rider: Rider; statements: D1PreparedStatement[] }[] = [];
  for (const rider of taken) {
    try {
      riding.push({ rider, statements: rider.statements(userId) });
    } catch (error) {
      // A rider that cannot build its statements reads for itself (and meets the error there).
      console.error("[reads] a page's statements could not ride", error);
      rider.settle(null);
    }
  }
  return {
    statements: riding.flatMap((entry) => entry.statements),
    settle(results: readonly D1Result[] | null, offset: number) {
      let at = offset;
      for (const { rider, statements } of riding) {
        rider.settle(
          results ? { userId, results: results.slice(at, at + statements.length) } : null,
        );
        at += statements.length;
      }
    },
  };
}

/**
 * A ride's results for `userId`, or the same statements read in a batch of
 * their own when they did not ride: no chrome batch in this request (a
 * fetcher's call of one loader, a POST), or it left before they were asked,
 * or it failed, or it was for someone else.
 */
export async function rideResults(ride: Ride, userId: string): Promise<D1Result[]> {
  const read = () => ride.client.batch(ride.statements(userId));
  const { rider } = ride;
  if (!rider) return read();
  if (!rider.taken) {
    // The guards have their answer, so a chrome batch still to come will not carry these.
    leaveRide(ride);
    return read();
  }
  const ridden = await ride.ridden;
  return ridden && ridden.userId === userId ? ridden.results : read();
}

/** A ride the loader no longer needs (the page shows something else): nothing waits for it. */
export function leaveRide(ride: Ride): void {
  const { rider } = ride;
  if (rider && !rider.taken) {
    rider.taken = true;
    rider.settle(null);
  }
}
