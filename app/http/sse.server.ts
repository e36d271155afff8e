/**
 * A server-sent event response fed by an async generator: the mentor's
 * streamed reply and quiz or simulation generation. Writing stops when the
 * client goes away and `controller` aborts, which stops the producer's
 * provider calls; `waitUntil` keeps the worker alive while the producer
 * finishes (saving what arrived, letting go of a lease).
 */
export type SseEvent = { name: string; data: unknown };

export type SseOptions<T> = {
  events: AsyncGenerator<T>;
  toEvent: (event: T) => SseEvent;
  /** The event sent when the producer throws. */
  onError: (error: unknown) => SseEvent;
  controller: AbortController;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The comment that opens the stream, so proxies and the browser start it at once. */
  comment: string;
  /**
   * Keep reading the producer after the client left, so it can finish its
   * own work (the chat saves what arrived); otherwise it is stopped at once.
   */
  drainAfterClose?: boolean;
  /** A comment this often while the producer is silent: the client's absence is noticed. */
  heartbeatMs?: number;
};

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  "X-Accel-Buffering": "no",
} as const;

export function serverSentEvents<T>(options: SseOptions<T>): Response {
  const { events, controller } = options;
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  let open = true;
  const close = () => {
    open = false;
    controller.abort();
  };
  const write = async (chunk: string) => {
    if (!open) return;
    try {
      await writer.write(encoder.encode(chunk));
    } catch {
      close();
    }
  };
  const send = ({ name, data }: SseEvent) =>
    write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  writer.closed.catch(close);

  const pump = (async () => {
    await write(`: ${options.comment}\n\n`);
    const heartbeat = options.heartbeatMs
      ? setInterval(() => void write(": still working\n\n"), options.heartbeatMs)
      : null;
    try {
      for await (const event of events) {
        if (!open && !options.drainAfterClose) break;
        await send(options.toEvent(event));
      }
    } catch (error) {
      await send(options.onError(error));
    } finally {
      if (heartbeat) clearInterval(heartbeat);
      // Stops the producer if the loop ended early.
      await events.return(undefined as never).catch(() => undefined);
      if (open) await writer.close().catch(() => undefined);
    }
  })();
  options.waitUntil(pump);
  return new Response(readable, { headers: SSE_HEADERS });
}
