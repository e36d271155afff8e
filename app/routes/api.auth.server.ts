/**
 * The /api/auth/* answers: a refused sign-in with its status, Retry-After and
 * verification hint, and the session in the shape of the login answer
 * (docs/api.md, Accounts). Routes parse with the forms' schemas and call the
 * same model functions as the pages.
 */
import { apiError } from "~/http/api.server";
import type { AuthFailure, SignedIn } from "~/models/auth-context.server";
import { toPublicUser } from "~/models/user.server";

export function apiFailure(failure: AuthFailure): Response {
  const headers = new Headers();
  if (failure.retryAfterSeconds) headers.set("Retry-After", String(failure.retryAfterSeconds));
  const extra: Record<string, unknown> = {};
  if (failure.retryAfterSeconds) extra.retryAfter = failure.retryAfterSeconds;
  if (failure.verificationRequired) {
    extra.data = {
      verificationRequired: true,
      requiresVerification: true,
      email: failure.verificationRequired.email,
    };
  }
  return apiError(failure.status, failure.message, extra, headers);
}

/** The session as the login answer gives it: data.token and data.user. */
export function sessionData(signedIn: SignedIn) {
  return {
    token: signedIn.session.token,
    tokenType: "Bearer",
    expiresAt: new Date(signedIn.session.record.expiresAt).toISOString(),
    user: toPublicUser(signedIn.user),
  };
}
