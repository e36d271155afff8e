/**
 * A fake of Gemini's REST API (https://ai.google.dev/api) for what MedMentor
 * uses, speaking its wire format: the key in the x-goog-api-key header,
 * GenerateContentResponse bodies, errors as { error: { code, message, status } }.
 *
 *   POST /v1beta/models/{model}:generateContent                  JSON reply
 *   POST /v1beta/models/{model}:streamGenerateContent?alt=sse    `data: {...}` events
 *
 * A test scripts the reply by putting a directive in the last user message:
 *
 *   [[fake id=abc chunks=4 delay=20 fail=429x2 hang=after text=Hello%20there]]
 *
 *   id=…        names the scenario: call counts and the request log are kept per id
 *   chunks=N    stream the reply in N events (default 3)
 *   delay=MS    pause between events (default 0); first=MS pauses before the first
 *   fail=S[xN]  answer HTTP status S to the first N calls of this id (all calls without xN)
 *   hang=before|after   never send a first event / never finish after the first one
 *   midstream=S[xN] send an error event with status S after the first event (the first N calls
 *               of this id only, with xN)
 *   empty       a candidate without text; nocandidates: no candidates at all
 *   blocked     the prompt is blocked (promptFeedback.blockReason SAFETY)
 *   text=…      the reply text, URL-encoded (default: "Fake Gemini reply to: <message>")
 *   items=quiz|simulation   reply with valid quiz questions or patient scenarios as JSON
 *               ({ items: [...] }), as many as the prompt's "Write N …" asks for; the
 *               correct option of each reads "Right answer" and the others "Wrong answer …"
 *   peritem=MS  with items: wait N × MS before replying (a provider writing one item at a time)
 *
 * A reply the server writes its own prompt for (mentor feedback) cannot carry a directive:
 * a test scripts it by the model id instead, which then answers every call without one:
 *
 *   POST /_fake/script { model, directive: { id, text, fail, … } }
 *
 * Beside them, an endpoint Gemini does not have:
 *
 *   GET /_fake/requests?id=abc   [{ id, model, stream, apiKey, state, body }], state being
 *                                "open", "done" or "cancelled" (the caller went away; seen
 *                                when served over real HTTP, while miniflare's outboundService
 *                                does not pass a worker's abort on to the fake)
 *
 * One module serves the workers-pool tests (miniflare's outboundService, in the
 * test runner's process, so its state is shared by every test file of a run;
 * ids keep tests apart) and the browser tests and benchmarks over real HTTP
 * (gemini-server.mjs).
 */

export const FAKE_GEMINI = {
  origin: "https://gemini.fake.test",
  apiKey: "fake-gemini-key-for-tests",
};

/** @typedef {{ id: string, model: string, stream: boolean, apiKey: string | null, state: "open" | "done" | "cancelled", body: unknown }} LoggedRequest */

/** @type {Map<string, number>} */
const calls = new Map();
/** @type {LoggedRequest[]} */
const log = [];
/** Directives scripted by model id (POST /_fake/script). @type {Map<string, Record<string, string>>} */
const scripted = new Map();

/** `[[fake key=value flag]]` from a message, as a map (flags map to ""). */
/** @param {string} text @returns {Record<string, string> | null} */
export function parseDirective(text) {
  const matches = [...text.matchAll(/\[\[fake([^\]]*)\]\]/g)];
  const last = matches.at(-1);
  if (!last) return null;
  /** @type {Record<string, string>} */
  const directive = {};
  for (const token of (last[1] ?? "").trim().split(/\s+/).filter(Boolean)) {
    const [key = "", ...rest] = token.split("=");
    directive[key] = rest.length ? decodeURIComponent(rest.join("=")) : "";
  }
  return directive;
}

/** Builds the directive text a test puts into its message. */
/** @param {Record<string, string | number | true>} options @returns {string} */
export function fakeDirective(options) {
  const tokens = Object.entries(options).map(([key, value]) =>
    value === true ? key : `${key}=${encodeURIComponent(String(value))}`,
  );
  return `[[fake ${tokens.join(" ")}]]`;
}

/** @param {{ contents?: { role?: string, parts?: { text?: string }[] }[] }} body */
function lastUserText(body) {
  const user = [...(body.contents ?? [])].reverse().find((content) => content.role !== "model");
  return (user?.parts ?? []).map((part) => part.text ?? "").join("");
}

/** @param {number} code @param {string} message */
function geminiError(code, message) {
  const status =
    code === 429
      ? "RESOURCE_EXHAUSTED"
      : code === 503
        ? "UNAVAILABLE"
        : code >= 500
          ? "INTERNAL"
          : code === 403
            ? "PERMISSION_DENIED"
            : "INVALID_ARGUMENT";
  return Response.json({ error: { code, message, status } }, { status: code });
}

/** @param {string | null} text @param {string} [finishReason] */
function candidateResponse(text, finishReason) {
  return {
    candidates: [
      {
        content: { role: "model", parts: text === null ? [] : [{ text }] },
        ...(finishReason ? { finishReason } : {}),
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: "fake-gemini",
  };
}

/** @param {string} text @param {number} count */
function splitInto(text, count) {
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, count)));
  const pieces = [];
  for (let index = 0; index < text.length; index += size)
    pieces.push(text.slice(index, index + size));
  return pieces;
}

let itemSeq = 0;

/**
 * `count` valid quiz questions or patient scenarios in the shape the question
 * writer asks for; each has a question text not used before in this process.
 * @param {"quiz" | "simulation"} kind @param {number} count
 */
export function fakeAssessmentItems(kind, count) {
  return Array.from({ length: count }, () => {
    itemSeq += 1;
    const correctIndex = itemSeq % 4;
    const options = [0, 1, 2, 3].map((index) =>
      index === correctIndex ? "Right answer" : `Wrong answer ${index + 1}`,
    );
    return {
      question: `Fake ${kind === "quiz" ? "question" : "scenario question"} ${itemSeq}: which option is right?`,
      options,
      correctIndex,
      explanations: options.map((option) =>
        option === "Right answer" ? "This one is right." : "This one is wrong.",
      ),
      takeaway: `Remember fake item ${itemSeq}.`,
      ...(kind === "simulation"
        ? {
            case: {
              history: `A 45-year-old man, fake patient ${itemSeq}, with chest pain for two hours.`,
              examination: "Pulse 104/min, BP 100/60 mmHg, chest clear.",
              results: "ECG: ST elevation in leads II, III and aVF.",
            },
          }
        : {}),
    };
  });
}

/** A hung reply gives up after this, so a forgotten one cannot keep a test run alive. */
const HANG_LIMIT_MS = 10_000;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {Request} request @returns {Promise<Response>} */
export async function fakeGemini(request) {
  const url = new URL(request.url);
  if (request.method === "GET" && url.pathname === "/_fake/requests") {
    const id = url.searchParams.get("id");
    return Response.json(id ? log.filter((entry) => entry.id === id) : log);
  }
  if (request.method === "POST" && url.pathname === "/_fake/script") {
    const { model, directive } =
      /** @type {{ model: string, directive: Record<string, string> }} */ (await request.json());
    scripted.set(model, directive);
    return Response.json({ ok: true });
  }
  const match = /^\/v1(?:beta)?\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(
    url.pathname,
  );
  if (!match || request.method !== "POST") {
    return geminiError(404, `Method not found: ${request.method} ${url.pathname}`);
  }
  const [, model = "", method] = match;
  const stream = method === "streamGenerateContent";
  const apiKey = request.headers.get("x-goog-api-key");
  if (apiKey !== FAKE_GEMINI.apiKey) {
    return geminiError(400, "API key not valid. Please pass a valid API key.");
  }
  if (stream && url.searchParams.get("alt") !== "sse") {
    return geminiError(400, "This fake only streams server-sent events (alt=sse).");
  }
  let body;
  try {
    body = await request.json();
  } catch {
    return geminiError(400, "Invalid JSON payload received.");
  }
  const message = lastUserText(body);
  const directive = parseDirective(message) ?? scripted.get(model) ?? {};
  const id = directive.id ?? "";
  const call = (calls.get(id) ?? 0) + 1;
  calls.set(id, call);
  /** @type {LoggedRequest} */
  const entry = { id, model, stream, apiKey, state: "open", body };
  log.push(entry);

  if (directive.fail) {
    const [status = "500", times] = directive.fail.split("x");
    if (times === undefined || call <= Number(times)) {
      entry.state = "done";
      const code = Number(status);
      return geminiError(
        code,
        code === 429 ? "Resource has been exhausted (e.g. check quota)." : "Internal error.",
      );
    }
  }

  const text =
    directive.text ?? `Fake Gemini reply to: ${message.replace(/\[\[fake[^\]]*\]\]/g, "").trim()}`;
  const delay = Number(directive.delay ?? 0);
  const first = Number(directive.first ?? 0);

  if (!stream && (directive.items === "quiz" || directive.items === "simulation")) {
    const count = Number(/Write (\d+) /.exec(message)?.[1] ?? 1);
    await sleep(count * Number(directive.peritem ?? 0));
    entry.state = "done";
    const items = fakeAssessmentItems(directive.items, count);
    return Response.json(candidateResponse(JSON.stringify({ items }), "STOP"));
  }

  if (!stream) {
    if (first) await sleep(first);
    entry.state = "done";
    if ("blocked" in directive) {
      return Response.json({ promptFeedback: { blockReason: "SAFETY" } });
    }
    if ("nocandidates" in directive) return Response.json({ candidates: [] });
    if ("empty" in directive) return Response.json(candidateResponse(null, "STOP"));
    return Response.json(candidateResponse(text, "STOP"));
  }

  const events = [];
  if ("blocked" in directive) events.push({ promptFeedback: { blockReason: "SAFETY" } });
  else if ("nocandidates" in directive) events.push({ candidates: [] });
  else if ("empty" in directive) events.push(candidateResponse(null, "STOP"));
  else {
    const pieces = splitInto(text, Number(directive.chunks ?? 3));
    pieces.forEach((piece, index) =>
      events.push(candidateResponse(piece, index === pieces.length - 1 ? "STOP" : undefined)),
    );
  }
  const [midstream, midstreamTimes] = (directive.midstream ?? "").split("x");
  if (midstream && (midstreamTimes === undefined || call <= Number(midstreamTimes))) {
    const code = Number(midstream);
    events.splice(1, events.length - 1, {
      error: { code, message: "Internal error mid-stream.", status: "INTERNAL" },
    });
  }

  const encoder = new TextEncoder();
  let cancelled = false;
  const body$ = new ReadableStream({
    async start(controller) {
      const send = (/** @type {unknown} */ event) =>
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\r\n\r\n`));
      // A hung reply keeps the connection alive with SSE comments (ignored by
      // clients), so a caller that goes away is noticed as a cancelled stream.
      const hang = async () => {
        const until = Date.now() + HANG_LIMIT_MS;
        while (!cancelled && Date.now() < until) {
          try {
            controller.enqueue(encoder.encode(": keepalive\r\n\r\n"));
          } catch {
            break;
          }
          await sleep(50);
        }
        if (cancelled) entry.state = "cancelled";
        else controller.close();
      };
      if (first) await sleep(first);
      if (directive.hang === "before") return hang();
      for (const [index, event] of events.entries()) {
        if (cancelled) return;
        if (index > 0 && delay) await sleep(delay);
        if (cancelled) return;
        send(event);
        if (index === 0 && directive.hang === "after") return hang();
      }
      entry.state = "done";
      controller.close();
    },
    cancel() {
      cancelled = true;
      entry.state = "cancelled";
    },
  });
  request.signal.addEventListener("abort", () => {
    if (entry.state === "open") entry.state = "cancelled";
  });
  return new Response(body$, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" },
  });
}
