/**
 * Security headers for every response the app worker sends.
 * Scripts are allowed only from our origin, Razorpay's Checkout script, or
 * with the per-response nonce that Remix's inline scripts carry; no
 * 'unsafe-inline' for scripts.
 *
 * Razorpay Checkout (docs/decisions/018-payments.md): the plans page inserts
 * checkout.js itself. Without 'strict-dynamic' the host source below is what
 * lets that inserted script run (with 'strict-dynamic' host sources would be
 * ignored and the element would need the nonce). Checkout then opens its
 * window in frames from api.razorpay.com and checkout.razorpay.com, and
 * reports to lumberjack.razorpay.com; the no-JavaScript path posts a form to
 * Razorpay's hosted checkout on api.razorpay.com.
 */
const RAZORPAY_CSP = {
  script: ["https://checkout.razorpay.com"],
  frame: ["https://api.razorpay.com", "https://checkout.razorpay.com"],
  connect: ["https://lumberjack.razorpay.com", "https://api.razorpay.com"],
  formAction: ["https://api.razorpay.com"],
} as const;

/**
 * What lets an inline script run: the response's nonce, or — for an anonymous
 * page shared from the edge cache (app/http/edge-cache.server.ts) — the
 * SHA-256 hash of each inline script it carries.
 */
type InlineScripts = { nonce: string } | { hashes: readonly string[] };

function contentSecurityPolicy(inline: InlineScripts): string {
  const allowed = "hashes" in inline ? inline.hashes.join(" ") : `'nonce-${inline.nonce}'`;
  return [
    "default-src 'self'",
    `script-src 'self' ${allowed} ${RAZORPAY_CSP.script.join(" ")}`,
    // Tailwind ships as a stylesheet; the toast library injects a <style> tag at runtime.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    `connect-src 'self' ${RAZORPAY_CSP.connect.join(" ")}`,
    `frame-src ${RAZORPAY_CSP.frame.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${RAZORPAY_CSP.formAction.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

function applySecurityHeaders(
  headers: Headers,
  options: { nonce: string; production: boolean; scriptHashes?: readonly string[] },
): Headers {
  headers.set(
    "Content-Security-Policy",
    contentSecurityPolicy(
      options.scriptHashes ? { hashes: options.scriptHashes } : { nonce: options.nonce },
    ),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  // Checkout opens bank and UPI pages in pop-ups that report back to their opener;
  // "same-origin" would cut that link, "-allow-popups" keeps it while still
  // isolating us from any page that opens this site.
  headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
  if (options.production) {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  }
  return headers;
}

/** Returns the response with the security headers applied (copying it if its headers are immutable). */
export function withSecurityHeaders(
  response: Response,
  options: { nonce: string; production: boolean; scriptHashes?: readonly string[] },
): Response {
  const secured = new Response(response.body, response);
  applySecurityHeaders(secured.headers, options);
  return secured;
}
