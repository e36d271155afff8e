/**
 * A fake of Resend's POST /emails endpoint (https://resend.com/docs/api-reference/emails/send-email).
 * - Authorization must be "Bearer re_test_ok" (anything else: 401 like Resend's missing/invalid key).
 * - A recipient ending in "@bounce.test" gets Resend's 422 validation_error.
 * - A recipient ending in "@slow-mail.test" gets its answer only after SLOW_MAIL_DELAY_MS (a
 *   provider having a slow moment), so tests can tell whether a response waited for the mail.
 * - Otherwise 200 { "id": "<uuid>" }.
 */
export const SLOW_MAIL_DELAY_MS = 2000;

export async function fakeResend(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== "POST" || url.pathname !== "/emails") {
    return Response.json(
      { statusCode: 404, name: "not_found", message: "Not found" },
      { status: 404 },
    );
  }
  if (request.headers.get("Authorization") !== "Bearer re_test_ok") {
    return Response.json(
      { statusCode: 401, name: "validation_error", message: "API key is invalid" },
      { status: 401 },
    );
  }
  const body = (await request.json()) as { from?: string; to?: string[]; subject?: string };
  if (!body.from || !Array.isArray(body.to) || !body.subject) {
    return Response.json(
      {
        statusCode: 422,
        name: "missing_required_field",
        message: "Missing `to`, `from` or `subject`",
      },
      { status: 422 },
    );
  }
  if (body.to.some((address) => address.endsWith("@bounce.test"))) {
    return Response.json(
      { statusCode: 422, name: "validation_error", message: "Invalid `to` field." },
      { status: 422 },
    );
  }
  if (body.to.some((address) => address.endsWith("@slow-mail.test"))) {
    await new Promise((resolve) => setTimeout(resolve, SLOW_MAIL_DELAY_MS));
  }
  return Response.json({ id: crypto.randomUUID() });
}
