/**
 * The request fuzz's route list, request variants and sender, shared by the
 * visitor's pass (tests/integration/request-fuzz.test.ts) and the signed-in
 * learner's (request-fuzz-signed-in.test.ts): two files, so each runs in its
 * own worker and storage, side by side.
 */
import { exports } from "cloudflare:workers";
import { bodyLimitFor } from "~/http/request-gate.server";
import { routeTable } from "../../remix.config";
import { uniqueIp } from "./auth";

/** The route table's paths with every `:param` filled in, and `*` as an unknown path. */
export const paths = [
  ...new Set(
    routeTable.map(([path]) =>
      path.replace(/:[A-Za-z]+/g, "dummy").replace(/\*$/, "no-such-path/at-all"),
    ),
  ),
];

/** A request variant; `limit` is the route's body limit, which "huge" bodies pass by 1 KB. */
type Variant = { name: string; headers: Record<string, string>; body: (limit: number) => BodyInit };

const variants: Variant[] = [
  {
    name: "JSON body",
    headers: { "Content-Type": "application/json" },
    body: () => JSON.stringify({ email: "x@example.com", count: true, text: "hi" }),
  },
  { name: "text/plain body", headers: { "Content-Type": "text/plain" }, body: () => "intent=x" },
  {
    name: "broken multipart body",
    headers: { "Content-Type": "multipart/form-data; boundary=----fuzz" },
    body: () => '------fuzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nimport',
  },
  {
    name: "huge body",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: (limit) => `intent=x&text=${"a".repeat(limit + 1024)}`,
  },
  {
    name: "huge chunked body",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: (limit) => {
      const chunk = new TextEncoder().encode("a".repeat(16 * 1024));
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > limit) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
    },
  },
  {
    name: "cross-site form post",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    },
    body: () => "intent=delete",
  },
];

type Outcome = { label: string; status: number };

const BATCH = 20;

async function send(path: string, method: string, variant: Variant, cookie?: string) {
  const headers = new Headers(variant.headers);
  headers.set("CF-Connecting-IP", uniqueIp());
  if (cookie) headers.set("Cookie", cookie);
  const body = method === "GET" ? undefined : variant.body(bodyLimitFor(path));
  const response = await exports.default.fetch(
    new Request(`http://localhost${path}`, { method, headers, body, redirect: "manual" }),
  );
  // Read the whole answer: an error while streaming a page counts as much as its status.
  await response.arrayBuffer();
  return { label: `${method} ${path} (${variant.name})`, status: response.status };
}

/** A GET carries no body: only a wrong content type and another site's Origin are sent by GET. */
const getVariants = variants.filter((variant) =>
  ["JSON body", "cross-site form post"].includes(variant.name),
);

/**
 * Anonymous visitors get every variant by GET and POST. A signed-in learner's
 * pass sends the bodies (POST) only: the signed-in pages' GETs render in full
 * and are covered by each page's own tests, and the bodies are what the gate
 * and the actions must survive.
 */
export async function fuzz(cookie?: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  if (cookie) {
    // One learner's requests one after another: sent all at once they queue behind each other
    // in that learner's session and meter, which is a test of concurrency, not of malformed bodies.
    for (const path of paths) {
      for (const variant of variants) outcomes.push(await send(path, "POST", variant, cookie));
    }
    return outcomes;
  }
  // A visitor's requests come from a different address each: routes a batch at a time.
  for (let start = 0; start < paths.length; start += BATCH) {
    const batch = paths
      .slice(start, start + BATCH)
      .flatMap((path) => [
        ...getVariants.map((variant) => send(path, "GET", variant)),
        ...variants.map((variant) => send(path, "POST", variant)),
      ]);
    outcomes.push(...(await Promise.all(batch)));
  }
  return outcomes;
}
