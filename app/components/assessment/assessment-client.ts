/**
 * The browser side of the quiz and simulation API (docs/api.md, "Quizzes and
 * simulations"): the generation stream (POST /api/{kinds}/generate, read as
 * server-sent events: `attempt`, `item`s and `progress`, then `done` or
 * `error`) and the JSON steps (answers, finish, retake, retest).
 */
import { ASSESSMENT_PATH } from "~/lib/assessment-attempts";
import type { AssessmentItemView, AssessmentKind } from "~/lib/assessments";
import { readSseEvents } from "~/lib/sse-client";
import type { ResultItem } from "~/lib/assessment-attempts";

export type StreamCallbacks = {
  onAttempt?: (attempt: { id: string; requestedCount: number }) => void;
  onItem?: (index: number, item: AssessmentItemView) => void;
  onProgress?: (generated: number, requested: number) => void;
};

export type GenerationOutcome =
  | {
      kind: "done";
      attemptId: string;
      generated: number;
      requested: number;
      shortfall: string | null;
      title: string;
      message: string;
    }
  /** The server's failure (nothing could be generated). */
  | { kind: "failed"; title: string; message: string }
  /** 403 before anything was generated: no plan or trial (`none`), or the allowance is spent (`limit`). */
  | { kind: "refused"; reason: "none" | "limit"; title: string; message: string }
  /** 400: the spec's validation text. */
  | { kind: "invalid"; message: string }
  | { kind: "signed-out" }
  /** The connection broke (or never reached the server); what arrived stays. */
  | { kind: "network" }
  | { kind: "stopped" };

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);

/** The API path of a kind: /api/quizzes or /api/simulations. */
const apiBase = (kind: AssessmentKind) => `/api/${ASSESSMENT_PATH[kind]}`;

/**
 * Starts (or resumes, with `attemptId`) a generation and reads its stream,
 * handing on each item as it arrives.
 */
export async function streamGeneration(
  kind: AssessmentKind,
  request: { start: { topic: string; count: number; idempotencyKey: string } } | { resume: string },
  signal: AbortSignal,
  callbacks: StreamCallbacks,
  failedText: string,
): Promise<GenerationOutcome> {
  const url =
    "start" in request
      ? `${apiBase(kind)}/generate`
      : `${apiBase(kind)}/attempts/${encodeURIComponent(request.resume)}/generate`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: "start" in request ? JSON.stringify(request.start) : "{}",
      signal,
    });
  } catch {
    return signal.aborted ? { kind: "stopped" } : { kind: "network" };
  }
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.ok || !type.startsWith("text/event-stream") || !response.body) {
    const body = parseJson(await response.text().catch(() => ""));
    const message = text(body?.message, failedText);
    if (response.status === 401) return { kind: "signed-out" };
    if (response.status === 400) return { kind: "invalid", message };
    if (response.status === 403) {
      return {
        kind: "refused",
        reason: body?.reason === "limit" ? "limit" : "none",
        title: text(body?.title, "Access Denied"),
        message,
      };
    }
    return { kind: "failed", title: "Error", message: failedText };
  }

  try {
    for await (const { event, data } of readSseEvents(response.body)) {
      const payload = parseJson(data);
      if (!payload) continue;
      if (event === "attempt") {
        callbacks.onAttempt?.({
          id: text(payload.id, ""),
          requestedCount: Number(payload.requestedCount) || 0,
        });
      } else if (event === "item") {
        callbacks.onItem?.(Number(payload.index), payload.item as AssessmentItemView);
      } else if (event === "progress") {
        callbacks.onProgress?.(Number(payload.generated), Number(payload.requested));
      } else if (event === "done") {
        return {
          kind: "done",
          attemptId: text(payload.attemptId, ""),
          generated: Number(payload.generated) || 0,
          requested: Number(payload.requested) || 0,
          shortfall: typeof payload.shortfall === "string" ? payload.shortfall : null,
          title: text(payload.title, ""),
          message: text(payload.message, ""),
        };
      } else if (event === "error") {
        return {
          kind: "failed",
          title: text(payload.title, "Error"),
          message: text(payload.message, failedText),
        };
      }
    }
  } catch {
    return signal.aborted ? { kind: "stopped" } : { kind: "network" };
  }
  return signal.aborted ? { kind: "stopped" } : { kind: "network" };
}

/** A finished attempt as POST …/finish answers it. */
export type FinishedAttempt = {
  id: string;
  topic: string;
  score: number;
  percentage: number;
  itemCount: number;
  requestedCount: number;
  shortfall: string | null;
  items: ResultItem[];
};

/** A new attempt (retake, retest) as its route answers it: every item is there. */
export type CopiedAttempt = {
  id: string;
  topic: string;
  itemCount: number;
  requestedCount: number;
  items: (AssessmentItemView & { index: number; choice: number | null })[];
};

export type StepResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      message: string | null;
      reason?: "none" | "limit";
      title?: string;
    };

/** POST a JSON step of an attempt. */
export async function postStep<T>(
  kind: AssessmentKind,
  attemptId: string,
  step: "answers" | "finish" | "retake" | "retest",
  body: unknown = {},
): Promise<StepResult<T>> {
  try {
    const response = await fetch(
      `${apiBase(kind)}/attempts/${encodeURIComponent(attemptId)}/${step}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      },
    );
    const json = parseJson(await response.text().catch(() => ""));
    if (response.ok && json?.success === true) return { ok: true, data: json.data as T };
    return {
      ok: false,
      status: response.status,
      message: typeof json?.message === "string" ? json.message : null,
      reason: json?.reason === "limit" ? "limit" : json?.reason === "none" ? "none" : undefined,
      title: typeof json?.title === "string" ? json.title : undefined,
    };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}
