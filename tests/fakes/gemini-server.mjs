/**
 * The fake Gemini API (gemini.mjs) as a local HTTP server, for the browser
 * tests and the benchmarks: `node tests/fakes/gemini-server.mjs` listens on
 * 127.0.0.1:$FAKE_GEMINI_PORT. Replies stream to the socket as they are made,
 * and a caller that hangs up mid-reply is seen as a cancelled request
 * (GET /_fake/requests?id=… answers state "cancelled").
 */
import { createServer } from "node:http";
import { fakeGemini } from "./gemini.mjs";

const port = Number(process.env.FAKE_GEMINI_PORT ?? 0);
const origin = () => `http://127.0.0.1:${server.address().port}`;

const server = createServer(async (req, res) => {
  try {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const request = new Request(new URL(req.url ?? "/", origin()), {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        value === undefined
          ? []
          : (Array.isArray(value) ? value : [value]).map((item) => [name, item]),
      ),
      body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
    });
    const response = await fakeGemini(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return res.end();
    const reader = response.body.getReader();
    let finished = false;
    res.on("close", () => {
      if (!finished) reader.cancel().catch(() => undefined);
    });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    finished = true;
    res.end();
  } catch (error) {
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
    res.end(String(error));
  }
});

server.listen(port, "127.0.0.1", () => {
  console.log(`fake Gemini API on ${origin()}`);
});
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => server.close(() => process.exit(0)));
