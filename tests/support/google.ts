/** Google sign-in in the workers pool, against the fake identity provider (tests/fakes/google-idp.mjs). */
import { expect } from "vitest";

/** Plays the browser at the fake Google: opens the chooser, then approves (or cancels). */
export async function consentAtGoogle(
  authorizeUrl: string,
  answer: { email?: string; given_name?: string; decision?: "allow" | "deny" },
) {
  const chooser = await fetch(authorizeUrl);
  expect(chooser.status).toBe(200);
  expect(await chooser.text()).toContain("Choose an account");
  const params = new URL(authorizeUrl).searchParams;
  const form = new URLSearchParams({
    client_id: params.get("client_id")!,
    redirect_uri: params.get("redirect_uri")!,
    state: params.get("state")!,
    code_challenge: params.get("code_challenge")!,
    code_challenge_method: params.get("code_challenge_method")!,
    email: answer.email ?? "",
    given_name: answer.given_name ?? "",
    email_verified: "true",
    decision: answer.decision ?? "allow",
  });
  const approved = await fetch("https://google.fake.test/o/oauth2/v2/auth/approve", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  expect(approved.status).toBe(302);
  return new URL(approved.headers.get("Location")!);
}
