/**
 * Reading server-sent events in the browser from a fetch body: the mentor's
 * streamed reply and quiz or simulation generation. An event is the `event:`
 * line's name ("message" when there is none) and its `data:` lines joined by
 * newlines; comments and blocks without data are skipped, and an event is
 * handed on only once its closing blank line has arrived.
 */

export type SseMessage = { event: string; data: string };

/** Splits server-sent event text into complete events; returns them and the unfinished rest. */
export function parseSseChunk(buffer: string): { events: SseMessage[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? "";
  const events: SseMessage[] = [];
  for (const block of blocks) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (data.length) events.push({ event, data: data.join("\n") });
  }
  return { events, rest };
}

/**
 * The events of a response body as they arrive. `onChunk` is told of every
 * piece read (a stall watchdog counts any byte, comments included). A read
 * that fails throws to the caller; when the caller stops early, or the body
 * ends or fails, the body is cancelled.
 */
export async function* readSseEvents(
  body: ReadableStream<Uint8Array>,
  onChunk?: () => void,
): AsyncGenerator<SseMessage, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk?.();
      buffer += decoder.decode(value, { stream: true });
      const { events, rest } = parseSseChunk(buffer);
      buffer = rest;
      yield* events;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
