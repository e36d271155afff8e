/**
 * An attempt's generation as a stream of events, for the screens with
 * JavaScript and the JSON API (docs/decisions/023-quiz-and-simulation-attempts.md):
 * the items stored so far, then each new batch as it is stored, then `done`
 * (or `error` when nothing could be generated). A stream generates itself
 * whenever it can hold the lease, and otherwise follows the generator that
 * does (a retried request while the first still runs), looking for new items
 * every FOLLOW_POLL_MS and taking over when that one stops storing.
 */
import { failedMessage } from "~/lib/assessment-attempts";
import type { AssessmentItem } from "~/lib/assessments";
import type { AccessRefusal, UsageCounts } from "./assessment-access.server";
import { type Acquired, acquire, runGeneration } from "./assessment-generation-run.server";
import {
  type AssessmentDeps,
  type Attempt,
  type KindScope,
  toAttempt,
} from "./assessment-store.server";

/** How often a stream following someone else's generation looks for new items. */
const FOLLOW_POLL_MS = 1_000;
/** A stream stops following after this long (a generator stores a batch well within it). */
const FOLLOW_LIMIT_MS = 10 * 60_000;

export type AttemptStreamEvent =
  | { type: "attempt"; attempt: Attempt; usage: UsageCounts | null }
  | { type: "item"; index: number; item: AssessmentItem }
  | { type: "progress"; generated: number; requested: number }
  | { type: "done"; attempt: Attempt }
  | { type: "error"; message: string; attempt: Attempt | null };

export type OpenedStream =
  | { status: "not-found" }
  | { status: "denied"; refusal: AccessRefusal }
  | { status: "open"; attempt: Attempt; events: AsyncGenerator<AttemptStreamEvent> };

/**
 * Opens the stream of an attempt's generation: the items stored so far, then
 * each new batch as it is stored, then `done` (or `error` when nothing could
 * be generated). The stream generates itself whenever it can hold the lease,
 * and otherwise follows the generator that does (a retried request while the
 * first still runs), taking over if that one stops storing. Aborting `signal`
 * stops it; what was stored stays.
 */
export async function openGenerationStream(
  deps: AssessmentDeps,
  userId: string,
  attemptId: string,
  options: { signal?: AbortSignal; usage?: UsageCounts | null } & KindScope = {},
): Promise<OpenedStream> {
  const acquired = await acquire(deps, userId, attemptId, options.kind);
  if (acquired.kind === "not-found") return { status: "not-found" };
  if (acquired.kind === "denied") return { status: "denied", refusal: acquired.refusal };
  return {
    status: "open",
    attempt: toAttempt(acquired.row),
    events: streamEvents(deps, userId, acquired, options),
  };
}

async function* streamEvents(
  deps: AssessmentDeps,
  userId: string,
  first: Exclude<Acquired, { kind: "not-found" | "denied" }>,
  options: { signal?: AbortSignal; usage?: UsageCounts | null },
): AsyncGenerator<AttemptStreamEvent> {
  const { signal } = options;
  let state: Acquired = first;
  let attempt = toAttempt(first.row);
  yield { type: "attempt", attempt, usage: options.usage ?? null };
  let sent = 0;
  function* newItems(current: Attempt): Generator<AttemptStreamEvent> {
    if (current.itemCount <= sent) return;
    for (let index = sent; index < current.itemCount; index++) {
      yield { type: "item", index, item: current.items[index]! };
    }
    sent = current.itemCount;
    yield { type: "progress", generated: sent, requested: current.requestedCount };
  }
  if (attempt.itemCount === 0) {
    yield { type: "progress", generated: 0, requested: attempt.requestedCount };
  }
  const deadline = Date.now() + FOLLOW_LIMIT_MS;
  while (true) {
    yield* newItems(attempt);
    if (state.kind === "leased") {
      const run = runGeneration(deps, userId, state.row, { signal });
      for await (const event of run) {
        attempt = event.attempt;
        yield* newItems(attempt);
      }
      if (signal?.aborted) return;
    } else if (state.kind === "denied") {
      yield { type: "error", message: state.refusal.message, attempt };
      return;
    }
    if (attempt.status !== "generating") {
      yield attempt.status === "failed"
        ? { type: "error", message: failedMessage(attempt.kind), attempt }
        : { type: "done", attempt };
      return;
    }
    if (state.kind === "busy" || state.kind === "idle") {
      // Someone else is generating: look again in a moment.
      if (Date.now() > deadline || !(await pause(FOLLOW_POLL_MS, signal))) return;
    }
    if (signal?.aborted) return;
    state = await acquire(deps, userId, attempt.id);
    if (state.kind === "not-found") return;
    attempt = toAttempt(state.row);
  }
}

/** Waits `ms`; false when `signal` aborted first. */
function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
