/**
 * What the chat says above the message box: a visitor who is not signed in is
 * asked to log in (the box stays disabled), and a message posted without
 * JavaScript that the server refused says why.
 */
import { loginHref } from "~/components/home/links";
import { ButtonLink } from "~/components/ui/button";
import { SITE } from "~/lib/site";

export function ChatComposerNotes({
  signedIn,
  loginRedirectTo,
  formError,
}: {
  signedIn: boolean;
  /** Where logging in comes back to. */
  loginRedirectTo: string;
  formError: string | null;
}) {
  return (
    <>
      {!signedIn ? <LoginPrompt redirectTo={loginRedirectTo} /> : null}
      {formError ? (
        <p role="alert" className="mb-2 text-sm font-medium text-red-800">
          {formError}
        </p>
      ) : null}
    </>
  );
}

function LoginPrompt({ redirectTo }: { redirectTo: string }) {
  return (
    <div
      className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-slate-900"
      data-testid="chat-login-prompt"
    >
      <p className="font-medium">Log in to chat with {SITE.mentorName}.</p>
      <div className="flex gap-2">
        <ButtonLink to={loginHref(redirectTo)} size="sm">
          Log in
        </ButtonLink>
        <ButtonLink to="/register" variant="secondary" size="sm">
          Create account
        </ButtonLink>
      </div>
    </div>
  );
}
