/**
 * Security headers for every response the app worker sends.
 * Scripts are allowed only from our origin or with the per-response nonce that
 * Remix's inline scripts carry; no 'unsafe-inline' for scripts.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Tailwind ships as a stylesheet; the toast library injects a <style> tag at runtime.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function applySecurityHeaders(
  headers: Headers,
  options: { nonce: string; production: boolean },
): Headers {
  headers.set("Content-Security-Policy", contentSecurityPolicy(options.nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
  if (options.production) {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  }
  return headers;
}

/** Returns the response with the security headers applied (copying it if its headers are immutable). */
export function withSecurityHeaders(
  response: Response,
  options: { nonce: string; production: boolean },
): Response {
  const secured = new Response(response.body, response);
  applySecurityHeaders(secured.headers, options);
  return secured;
}
