/**
 * Every outbound fetch the workers make during tests lands here (miniflare's
 * outboundService), so no test reaches the network. Each fake speaks its
 * provider's real wire format.
 */
import { fakeResend } from "./resend";

export async function handleOutbound(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname === "resend.fake.test") return fakeResend(request);
  return new Response(`No fake for ${request.method} ${url.href}`, { status: 599 });
}
