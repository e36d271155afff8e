/** The login page, coming back to `redirectTo` afterwards (the same shape the server guard uses). */
export function loginHref(redirectTo: string): string {
  return `/login?${new URLSearchParams({ redirectTo })}`;
}

/** Where a link to a login-only page should go: the page itself when signed in, else login first. */
export function gatedHref(path: string, signedIn: boolean): string {
  return signedIn ? path : loginHref(path);
}
