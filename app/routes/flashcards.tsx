import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import {
  Link,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
} from "@remix-run/react";
import { FeatureScreen } from "~/components/access/feature-screen";
import { FlashcardsScreen, HeroActions } from "~/components/flashcards/flashcards-screen";
import { buttonClasses } from "~/components/ui/button";
import type { ScreenActionData } from "~/lib/flashcard-screen";
import { deckWindowStart, parseFlashcardView } from "~/lib/flashcard-view";
import { SITE } from "~/lib/site";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { flashcardScreenAction, loadFlashcardScreen } from "~/routes/flashcards.server";

export const meta: MetaFunction = () => [{ title: `Flashcards · ${SITE.name}` }];

/** Someone's cards: never kept by the browser or a proxy. */
export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

/**
 * Visitors get their own sign-in screen here rather than the
 * redirect to /login; signed-in users without plan or trial get the Choose
 * Your Plan card (app/routes/flashcards.server.ts).
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadFlashcardScreen(request, context);
}

/** Every change, as a form post (JavaScript on or off). */
export function action({ request, context }: ActionFunctionArgs) {
  return flashcardScreenAction(request, context);
}

/**
 * Moving the study card (or flipping it) inside the loaded window of the
 * deck needs no request: only other changes of the address reload the page's data.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("card");
    params.delete("side");
    params.sort();
    return params.toString();
  };
  if (rest(currentUrl) !== rest(nextUrl)) return defaultShouldRevalidate;
  const from = parseFlashcardView(currentUrl.searchParams);
  const to = parseFlashcardView(nextUrl.searchParams);
  if (from.mode === "review") return defaultShouldRevalidate;
  return deckWindowStart(from.card) !== deckWindowStart(to.card);
};

export default function Flashcards() {
  const { access, screen } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ScreenActionData | undefined;
  if (!access) return <FlashcardsSignIn />;
  return (
    <FeatureScreen
      feature="flashcards"
      featureName="Flashcards"
      title="Flashcards"
      description="Make cards for what you must remember, study them by category and review them when they are due."
      access={access}
      actions={screen ? <HeroActions screen={screen} /> : null}
    >
      {screen ? <FlashcardsScreen screen={screen} actionData={actionData ?? null} /> : null}
    </FeatureScreen>
  );
}

/** Visitors see what flashcards are and how to get in. */
function FlashcardsSignIn() {
  return (
    <section
      className="mx-auto w-full max-w-lg px-4 py-16 sm:py-24"
      aria-labelledby="flashcards-access"
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 id="flashcards-access" className="text-2xl font-bold text-slate-900">
          Access Flashcards
        </h1>
        <p className="mt-3 text-slate-600">
          Please log in to access your personalized flashcard collection and study materials.
        </p>
        <Link
          to="/login?redirectTo=%2Fflashcards"
          className={buttonClasses("primary", "lg", "mt-8 w-full")}
        >
          Log In
        </Link>
        <p className="mt-4 text-sm text-slate-600">
          New to MedMentor?{" "}
          <Link to="/register" className="font-semibold text-brand-800 underline">
            Sign up
          </Link>
        </p>
      </div>
    </section>
  );
}
