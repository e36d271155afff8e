/**
 * Chat helpers for workers-pool tests: a streamed reply read as its events.
 */
import { newChatSessionId } from "~/lib/chat-session";
import { call } from "./auth";

export type StreamEvent = { event: string; data: Record<string, unknown> };

/** Parses a server-sent event stream's text into its events (comments skipped). */
export function parseSse(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (data.length) events.push({ event, data: JSON.parse(data.join("\n")) });
  }
  return events;
}

/** POST /api/chats/stream and read the whole stream. */
export async function streamReply(
  token: string,
  body: { sessionId?: string; text: string; function?: string; clientKey?: string },
) {
  const response = await call("/api/chats/stream", {
    token,
    body: { sessionId: body.sessionId ?? newChatSessionId(), ...body },
  });
  const text = await response.text();
  const isStream = response.headers.get("Content-Type")?.startsWith("text/event-stream");
  return {
    status: response.status,
    response,
    events: isStream ? parseSse(text) : [],
    json: isStream ? null : (JSON.parse(text) as Record<string, unknown>),
  };
}
