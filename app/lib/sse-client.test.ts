/**
 * Server-sent events as the browser reads them: complete events only, comments
 * skipped, an event split across chunks put back together, and the body
 * released when the reader stops early.
 */
import { describe, expect, it } from "vitest";
import { parseSseChunk, readSseEvents, type SseMessage } from "./sse-client";

function bodyOf(chunks: string[], onCancel?: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
    cancel() {
      onCancel?.();
    },
  });
}

async function collect(events: AsyncIterable<SseMessage>): Promise<SseMessage[]> {
  const all: SseMessage[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe("parseSseChunk", () => {
  it("splits server-sent events, skipping comments and keeping an unfinished event for later", () => {
    const { events, rest } = parseSseChunk(
      ': mentor reply\n\nevent: delta\ndata: {"text":"Hi"}\n\n: still working\n\nevent: done\ndata: {"mes',
    );
    expect(events).toEqual([{ event: "delta", data: '{"text":"Hi"}' }]);
    expect(rest).toBe('event: done\ndata: {"mes');
  });

  it("names an event without an event line 'message' and joins its data lines", () => {
    const { events, rest } = parseSseChunk("data: one\r\ndata:two\r\n\r\n");
    expect(events).toEqual([{ event: "message", data: "one\ntwo" }]);
    expect(rest).toBe("");
  });
});

describe("readSseEvents", () => {
  it("hands on each event once it is whole, however the body is cut", async () => {
    let chunks = 0;
    const events = await collect(
      readSseEvents(
        bodyOf([
          ": mentor reply\n\nevent: ready\ndata: {}\n",
          '\nevent: delta\ndata: {"te',
          'xt":"Hi"}\n\nevent: done\ndata: {}\n\n',
        ]),
        () => chunks++,
      ),
    );
    expect(events).toEqual([
      { event: "ready", data: "{}" },
      { event: "delta", data: '{"text":"Hi"}' },
      { event: "done", data: "{}" },
    ]);
    expect(chunks).toBe(3);
  });

  it("cancels the body when the reader stops before its end", async () => {
    let cancelled = false;
    const body = bodyOf(
      ["event: attempt\ndata: {}\n\n", "event: item\ndata: {}\n\n"],
      () => (cancelled = true),
    );
    for await (const { event } of readSseEvents(body)) {
      expect(event).toBe("attempt");
      break;
    }
    expect(cancelled).toBe(true);
  });

  it("passes a failed read on to the reader", async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0)
          controller.enqueue(new TextEncoder().encode("event: delta\ndata: {}\n\n"));
        else controller.error(new Error("connection reset"));
      },
    });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const { event } of readSseEvents(body)) seen.push(event);
      })(),
    ).rejects.toThrow("connection reset");
    expect(seen).toEqual(["delta"]);
  });
});
