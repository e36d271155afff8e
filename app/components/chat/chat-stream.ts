/**
 * The browser side of POST /api/chats/stream: sends one learner message and
 * reads the mentor's reply as server-sent events (`ready`, `delta`s, then
 * `done` or `error`), handing each piece on as it arrives.
 */
import type { ChatFunction } from "~/lib/chat-functions";
import { readSseEvents } from "~/lib/sse-client";

const CHAT_STREAM_PATH = "/api/chats/stream";

export type StreamRequest = {
  sessionId: string;
  text: string;
  function: ChatFunction;
  clientKey: string;
};

export type StreamCallbacks = {
  /** The server took the message (the conversation exists from now on). */
  onReady?: () => void;
  onDelta?: (text: string) => void;
};

export type StreamOutcome =
  /** The whole reply, as saved. */
  | { kind: "done"; text: string }
  /** The server could not make the reply (nothing was saved for it): its text for the learner. */
  | { kind: "failed"; text: string }
  /** The learner pressed Stop. */
  | { kind: "stopped" }
  /** Signed out (401) or without a plan (403): the page to go to. */
  | { kind: "redirect"; to: string }
  /** The send's use was refused (the allowance is spent): the limit banner's message. Nothing was saved. */
  | { kind: "limit"; message: string }
  /** No answer from the server, or the stream broke off; `reached` once it had taken the message. */
  | { kind: "network"; reached: boolean }
  /** Any other answer than a stream. */
  | { kind: "http"; status: number; message: string | null };

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The server says something at least every few seconds while a reply is being
 * made (a heartbeat); this long without a byte means the connection died.
 */
const STALL_MS = 30_000;

export async function streamMentorReply(
  request: StreamRequest,
  signal: AbortSignal,
  callbacks: StreamCallbacks = {},
): Promise<StreamOutcome> {
  // The learner's Stop, or a connection gone silent, ends the request.
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal.addEventListener("abort", stop, { once: true });
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      controller.abort();
    }, STALL_MS);
  };
  let reached = false;
  const interrupted = (): StreamOutcome =>
    stalled ? { kind: "network", reached } : { kind: "stopped" };

  try {
    watch();
    let response: Response;
    try {
      response = await fetch(CHAT_STREAM_PATH, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify(request),
        signal: controller.signal,
      });
    } catch {
      return controller.signal.aborted ? interrupted() : { kind: "network", reached: false };
    }

    const type = response.headers.get("Content-Type") ?? "";
    if (!response.ok || !type.startsWith("text/event-stream") || !response.body) {
      const body = parseJson(await response.text().catch(() => ""));
      const message = typeof body?.message === "string" ? body.message : null;
      if (response.status === 401) {
        const here = `${window.location.pathname}${window.location.search}`;
        return { kind: "redirect", to: `/login?${new URLSearchParams({ redirectTo: here })}` };
      }
      if (response.status === 403 && body?.limitReached === true && message) {
        return { kind: "limit", message };
      }
      if (response.status === 403) {
        const to = typeof body?.redirectTo === "string" ? body.redirectTo : "/plans";
        return { kind: "redirect", to: to.startsWith("/") && !to.startsWith("//") ? to : "/plans" };
      }
      return { kind: "http", status: response.status, message };
    }

    try {
      for await (const { event, data } of readSseEvents(response.body, watch)) {
        const payload = parseJson(data);
        if (event === "ready") {
          reached = true;
          callbacks.onReady?.();
        } else if (event === "delta" && typeof payload?.text === "string") {
          callbacks.onDelta?.(payload.text);
        } else if (event === "done") {
          const message = payload?.message as { text?: unknown } | undefined;
          return { kind: "done", text: typeof message?.text === "string" ? message.text : "" };
        } else if (event === "error") {
          return { kind: "failed", text: typeof payload?.text === "string" ? payload.text : "" };
        }
      }
    } catch {
      return controller.signal.aborted ? interrupted() : { kind: "network", reached };
    }
    // The stream ended without its last event: Stop, or the connection broke.
    return controller.signal.aborted ? interrupted() : { kind: "network", reached };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", stop);
  }
}
