/**
 * The floor under a signed-in page (tests/bench/edge.mjs, docs/edge-cost.md):
 * the least a signed-in request can do while a revoked session is refused at
 * once. The session record is taken from the isolate's memory (as the app
 * keeps it), the revocation is read from D1 in one statement (the app reads it
 * in the chrome's batch), and the answer is either a few bytes or a stored
 * 60 KB page, as a perfect per-learner page cache would serve it. `/none`
 * answers the same few bytes with no D1 read: the yardstick of this run.
 */
const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Stored page</title></head><body>${'<p class="row">A stored copy of a learner\'s page, as large as the signed-in pages are.</p>'.repeat(720)}</body></html>`;
const HTML = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" };
const REVOCATION =
  "SELECT 1 AS live WHERE NOT EXISTS (SELECT 1 FROM revoked_sessions WHERE id = ?1)";

/** Session records kept in the isolate, as the app keeps them between KV reads. */
const sessions = new Map();

function sessionOf(request) {
  const cookie = request.headers.get("Cookie") ?? "";
  const token = /(?:^|;\s*)floor=([^;]+)/.exec(cookie)?.[1];
  if (!token) return null;
  let record = sessions.get(token);
  if (!record) {
    record = { id: token, userId: `user-${token}` };
    sessions.set(token, record);
  }
  return record;
}

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === "/none") return new Response("<p>ok</p>", { headers: HTML });
    const session = sessionOf(request);
    if (!session) return new Response("Sign in", { status: 401 });
    const live = await env.DB.prepare(REVOCATION).bind(session.id).first();
    if (!live) return new Response("Signed out", { status: 401 });
    if (pathname === "/revocation") return new Response("<p>ok</p>", { headers: HTML });
    if (pathname === "/revocation-page") return new Response(PAGE, { headers: HTML });
    return new Response("Not found", { status: 404 });
  },
};
