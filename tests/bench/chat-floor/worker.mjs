/**
 * The floor under MedMentor's time to first token on local workerd: a Worker
 * that makes the same round trips a mentor reply needs before the provider's
 * first chunk can reach the learner — the session from KV, then one D1 batch
 * of six reads (the session's user, the plan and trial, the conversation, its
 * recent turns, the send's key), then the provider call — and
 * nothing else (no Remix, no checks, no prompt). Its first `delta` event is
 * the provider's first chunk, passed on. Used by tests/bench/chat.mjs only.
 */
export default {
  async fetch(request, env) {
    if (request.method !== "POST") return new Response("ready");
    const { text } = await request.json();
    await env.KV.get("session:bench", "json");
    const read = (value) => env.DB.prepare("SELECT ?1 AS value").bind(value);
    await env.DB.batch([0, 1, 2, 3, 4, 5].map(read));
    const upstream = await fetch(
      `${env.GEMINI_BASE_URL}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-goog-api-key": env.GEMINI_API_KEY },
        body: JSON.stringify({ contents: [{ role: "user", parts: [{ text }] }] }),
      },
    );
    const { readable, writable } = new TransformStream();
    const writer = writable.getWriter();
    const encoder = new TextEncoder();
    (async () => {
      const reader = upstream.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await writer.write(encoder.encode(`event: delta\ndata: ${value.byteLength}\n\n`));
      }
      await writer.close();
    })();
    return new Response(readable, { headers: { "Content-Type": "text/event-stream" } });
  },
};
