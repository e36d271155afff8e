/**
 * Cache headers of the signed-in and accounts pages: never stored by the
 * browser or a proxy (so Back after logout cannot show them), and a 429 from
 * a loader or action keeps its Retry-After.
 */
import type { HeadersFunction } from "@remix-run/cloudflare";

export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

/** The private pages' `headers` export. */
export const authPageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(PRIVATE_PAGE_HEADERS);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
