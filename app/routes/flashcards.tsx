import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FeatureScreen } from "~/components/access/feature-screen";
import { buttonClasses } from "~/components/ui/button";
import { SITE } from "~/lib/site";
import { loadFeatureScreen } from "~/models/access.server";

export const meta: MetaFunction = () => [{ title: `Flashcards · ${SITE.name}` }];

/** Visitors get their own sign-in screen here (001 §2) rather than the redirect to /login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return { access: await loadFeatureScreen(request, context, "flashcards") };
}

export default function Flashcards() {
  const { access } = useLoaderData<typeof loader>();
  if (!access) return <FlashcardsSignIn />;
  return (
    <FeatureScreen
      feature="flashcards"
      featureName="Flashcards"
      title="Flashcards"
      description="Make cards for what you must remember, study them by category and review them when they are due."
      access={access}
    />
  );
}

/** Visitors see what flashcards are and how to get in (001 §2). */
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
