/**
 * The request gate through the real worker: malformed, oversized and
 * cross-site requests get a 4xx with a clear message (a page's error screen,
 * or the API's JSON envelope), never a 5xx; the app's own requests pass.
 */
import { describe, expect, it, vi } from "vitest";
import {
  apiLogin,
  call,
  cookiesFrom,
  makeUser,
  postForm,
  STRONG_PASSWORD,
} from "../../tests/support/auth";
import { REQUEST_MESSAGES } from "./api.server";
import { BODY_LIMITS, DEFAULT_BODY_LIMIT } from "./request-gate.server";

vi.setConfig({ testTimeout: 30_000 });

const SITE = "http://localhost";
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

async function signedIn() {
  const user = await makeUser();
  const login = await postForm("/login", { email: user.email, password: STRONG_PASSWORD });
  expect(login.status).toBe(302);
  return { user, cookie: cookiesFrom(login) };
}

function chunked(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode("a".repeat(8 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("page form posts", () => {
  it("answers a body that is not a web form with 415 and the error screen", async () => {
    for (const [type, body] of [
      ["application/json", JSON.stringify({ email: "a@example.com", password: "x" })],
      ["text/plain", "email=a@example.com"],
    ] as const) {
      const response = await call("/login", {
        method: "POST",
        rawBody: body,
        headers: { "Content-Type": type },
      });
      expect(response.status, type).toBe(415);
      const html = await response.text();
      expect(html).toContain(escaped(REQUEST_MESSAGES.formRequired));
      expect(html).toContain("Return to Home");
    }
  });

  it("answers a broken multipart body with 400", async () => {
    const response = await call("/register", {
      method: "POST",
      rawBody: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nnever closed',
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(escaped(REQUEST_MESSAGES.malformedForm));
  });

  it("refuses NUL bytes in a form's text with 400", async () => {
    const response = await postForm("/login", { email: "a\u0000@example.com", password: "x" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(escaped(REQUEST_MESSAGES.forbiddenCharacters));
  });

  it("answers a cross-site form post with 403 and does not act on it", async () => {
    const user = await makeUser();
    const attempts: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of attempts) {
      const response = await call("/login", {
        method: "POST",
        rawBody: new URLSearchParams({ email: user.email, password: STRONG_PASSWORD }).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.getSetCookie().join()).not.toContain("mm_session=");
      expect(await response.text()).toContain(escaped(REQUEST_MESSAGES.crossSite));
    }
  });

  it("refuses a cross-site post to a page's data request (JavaScript on) as well", async () => {
    const response = await call("/login.data", {
      method: "POST",
      rawBody: "email=a%40example.com&password=x",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
      },
    });
    expect(response.status).toBe(403);
  });

  it("lets the site's own form posts through, with Origin and Sec-Fetch-Site", async () => {
    const user = await makeUser();
    const response = await call("/login", {
      method: "POST",
      rawBody: new URLSearchParams({ email: user.email, password: STRONG_PASSWORD }).toString(),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: SITE,
        "Sec-Fetch-Site": "same-origin",
      },
    });
    expect(response.status).toBe(302);
    expect(cookiesFrom(response)).toContain("mm_session=");
  });

  it("answers a body over 64 KB with 413, by its length or while reading it", async () => {
    const big = `email=a%40example.com&password=${"a".repeat(DEFAULT_BODY_LIMIT)}`;
    const declared = await call("/contact", {
      method: "POST",
      rawBody: big,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain("at most 64 KB");

    const streamed = await call("/contact", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      stream: chunked(DEFAULT_BODY_LIMIT + 8 * 1024),
    });
    expect(streamed.status).toBe(413);
  });

  it("takes the flashcard import's larger files", async () => {
    const limit = BODY_LIMITS["/flashcards"]!;
    expect(limit).toBeGreaterThan(1_000_000);
    const { cookie } = await signedIn();
    const form = new FormData();
    form.set("intent", "import");
    form.set("file", new File(["x".repeat(200_000)], "cards.csv", { type: "text/csv" }));
    const response = await call("/flashcards", {
      method: "POST",
      formData: form,
      headers: { Cookie: cookie, Origin: SITE },
    });
    expect(response.status).toBeLessThan(500);
    expect(response.status).not.toBe(413);
  });
});

describe("the JSON API", () => {
  it("answers an unknown /api path with the JSON 404 envelope, for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await call("/api/no/such/endpoint", { method });
      expect(response.status, method).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      expect(await response.json()).toEqual({
        success: false,
        message: REQUEST_MESSAGES.apiNotFound,
      });
    }
  });

  it("answers a body over its limit with 413 in the envelope", async () => {
    const token = await apiLogin((await makeUser()).email, STRONG_PASSWORD);
    const response = await call("/api/flashcards", {
      token,
      rawBody: JSON.stringify({ question: "q".repeat(DEFAULT_BODY_LIMIT), answer: "answer" }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      message: REQUEST_MESSAGES.tooLarge(DEFAULT_BODY_LIMIT),
    });
  });

  it("refuses NUL bytes and lone surrogates in JSON text with 400", async () => {
    const token = await apiLogin((await makeUser()).email, STRONG_PASSWORD);
    for (const rawBody of [
      '{"question":"What is \\u0000 here?","answer":"Something long"}',
      '{"question":"What is \\ud800 here?","answer":"Something long"}',
      '{"question":"What is here?","answer":"Something \\udc00 long"}',
    ]) {
      const response = await call("/api/flashcards", { token, rawBody });
      expect(response.status, rawBody).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        REQUEST_MESSAGES.forbiddenCharacters,
      );
    }
  });

  it("refuses cookie-authenticated writes from another site; Bearer and same-origin pass", async () => {
    const { cookie, user } = await signedIn();
    const body = { firstName: "Asha", lastName: "Rao", medicalSchool: "AIIMS", year: "2nd Year" };
    const put = (headers: Record<string, string>, token?: string) =>
      call("/api/auth/profile", { method: "PUT", body, token, headers });

    const attempts: Record<string, string>[] = [
      { Cookie: cookie, Origin: "https://evil.example" },
      { Cookie: cookie, "Sec-Fetch-Site": "same-site" },
      { Cookie: cookie },
    ];
    for (const headers of attempts) {
      const response = await put(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({
        success: false,
        message: REQUEST_MESSAGES.crossSite,
      });
    }

    const token = await apiLogin(user.email, STRONG_PASSWORD);
    expect((await put({ Origin: "https://evil.example" }, token)).status).toBe(200);
    expect((await put({ Cookie: cookie, Origin: SITE })).status).toBe(200);
    expect((await put({ Cookie: cookie, "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    // Reading is not a write.
    const me = await call("/api/auth/me", { headers: { Cookie: cookie, Origin: "https://x.y" } });
    expect(me.status).toBe(200);
  });
});
