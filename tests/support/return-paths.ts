/**
 * Return addresses that a naive "starts with one slash" check lets through to
 * another host once a browser has read them: protocol-relative and scheme
 * forms, backslashes, percent-encoded and double-encoded slashes, dot segments
 * that climb into "//", tabs and newlines browsers drop, look-alike slashes.
 */
export const KNOWN_BYPASSES = [
  "//x",
  "/\\x",
  "/%2F%2Fx",
  "/%2f/x",
  "/%5Cx",
  "/%5c%5cx",
  "/%2F..%2F%2Fx",
  "/%252F%252Fx",
  "/\t/x",
  "/\n/x",
  "/\r\n/x",
  "\t//x",
  "/..//x",
  "/./..//x",
  "/a/../..//x",
  "/%2e%2e//x",
  "/.%2E//x",
  "///x",
  "http://x",
  "https:x",
  "https:/x",
  "HTTPS://x",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,x",
  "\\\\x",
  "/%09/x",
  "/%0a/x",
  "／／x",
  "/／x",
  "/%EF%BC%8F/x",
  "/﹨x",
  "/\u3000/x",
];
