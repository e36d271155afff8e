/**
 * Every outbound fetch the workers make during tests lands here (miniflare's
 * outboundService), so no test reaches the network. Each fake speaks its
 * provider's real wire format.
 */
import { FAKE_GEMINI, fakeGemini } from "./gemini.mjs";
import { createFakeGoogle } from "./google-idp.mjs";
import { FAKE_RAZORPAY, fakeRazorpay } from "./razorpay";
import { fakeResend } from "./resend";

/** Google's OAuth and OpenID endpoints, as tests/fakes/google-idp.mjs fakes them. */
export const FAKE_GOOGLE_ORIGIN = "https://google.fake.test";
const fakeGoogle = createFakeGoogle({ issuer: FAKE_GOOGLE_ORIGIN });

export async function handleOutbound(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname === "resend.fake.test") return fakeResend(request);
  if (url.origin === FAKE_GOOGLE_ORIGIN) return fakeGoogle.handle(request);
  if (url.origin === FAKE_GEMINI.origin) return fakeGemini(request);
  // The razorpay package has no base-URL option: its calls to Razorpay's own host land here.
  if (url.protocol === "https:" && url.hostname === FAKE_RAZORPAY.host)
    return fakeRazorpay(request);
  return new Response(`No fake for ${request.method} ${url.href}`, { status: 599 });
}
