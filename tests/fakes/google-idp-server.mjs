/**
 * The fake Google identity provider (google-idp.mjs) as a small local HTTP
 * server for the browser tests: `node tests/fakes/google-idp-server.mjs`
 * listens on 127.0.0.1:$FAKE_GOOGLE_PORT. Its key pair is generated at start-up.
 */
import { createServer } from "node:http";
import { createFakeGoogle } from "./google-idp.mjs";

const port = Number(process.env.FAKE_GOOGLE_PORT ?? 0);
const origin = () => `http://127.0.0.1:${server.address().port}`;
let fake = null;

const server = createServer(async (req, res) => {
  try {
    fake ??= createFakeGoogle({ issuer: origin() });
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const request = new Request(new URL(req.url ?? "/", origin()), {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        value === undefined
          ? []
          : (Array.isArray(value) ? value : [value]).map((item) => [name, item]),
      ),
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
    const response = await fake.handle(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    res.writeHead(500, { "Content-Type": "text/plain" });
    res.end(String(error));
  }
});

server.listen(port, "127.0.0.1", () => {
  console.log(`fake Google identity provider on ${origin()}`);
});
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => server.close(() => process.exit(0)));
